import type { ErrorId } from '@petheart/contracts';

/**
 * Support's rules that need no database (decision 016): ledger keys and references, what a number of points
 * costs, and why a gift cannot be taken.
 */

/** The ledger key of a gift paid with coins: the client's key, per user (the same tap never pays twice). */
export const giftLedgerKey = (userId: number, clientKey: string) => `support:${String(userId)}:${clientKey}`;

/** The ledger reference of a gift: the item it went to. */
export const giftReference = (itemId: number) => `support_item:${String(itemId)}`;

/** A help-pay gift's key (the payment order's; its ledger transaction has the recharge-style key payment:<no>). */
export const helpPayGiftKey = (orderNo: string) => `payment:${orderNo}`;

/** Coins of `points` points at `price` coins each (both bounded by the contracts: at most 10^9). */
export function pointsCost(price: number, points: number): number {
  const coins = price * points;
  if (!Number.isSafeInteger(coins) || coins <= 0)
    throw new Error(`bad support cost ${String(price)} × ${String(points)}`);
  return coins;
}

/** Points a help-pay order paid for: its coins over the item's price (fixed since the item was made). */
export function pointsPaid(coins: number, price: number): number {
  return Math.max(1, Math.floor(coins / price));
}

/** Why `points` more points cannot go to an item now; null when they can. */
export function giftRefusal(
  item: { completed: number; target: number },
  eventStatus: string,
  points: number,
): { id: ErrorId; params?: Record<string, number> } | null {
  if (eventStatus !== 'live') return { id: 'support_event_closed' };
  const remaining = Math.max(0, item.target - item.completed);
  if (remaining === 0) return { id: 'support_item_full' };
  if (points > remaining) return { id: 'support_points_exceed', params: { remaining } };
  return null;
}

/** Text cut to at most `max` UTF-8 bytes on a character boundary (WeChat Pay's description: 127 bytes). */
export function clipBytes(text: string, max: number): string {
  let out = '';
  let bytes = 0;
  for (const ch of text) {
    const size = Buffer.byteLength(ch, 'utf8');
    if (bytes + size > max) break;
    out += ch;
    bytes += size;
  }
  return out;
}
