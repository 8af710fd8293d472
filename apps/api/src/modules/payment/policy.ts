import { randomBytes } from 'node:crypto';
import type { Locale } from '@petheart/contracts';

/**
 * A new merchant order number: 'P', the UTC time to the second, 12 random hex digits (27 characters,
 * within WeChat's out_trade_no rule of 6–32 [A-Za-z0-9_-|*]); readable in a support call, unguessable.
 */
export function newOrderNo(now: Date): string {
  const stamp = now.toISOString().replace(/\D/g, '').slice(0, 14);
  return `P${stamp}${randomBytes(6).toString('hex').toUpperCase()}`;
}

/** How long a recharge order stays open unpaid by default (PAYMENT_ORDER_TTL_MINUTES). */
export const DEFAULT_ORDER_TTL_MS = 30 * 60_000;
/** The failure reason of an order closed for being left unpaid: the one closed order a payment still settles. */
export const EXPIRED_REASON = 'expired';

/** Whether an order is a recharge still unpaid `ttlMs` after it was made (it is due to be closed). */
export function isExpired(
  order: { purpose: string; status: string; createdAt: Date },
  now: Date,
  ttlMs: number,
): boolean {
  return (
    order.purpose === 'recharge' && order.status === 'created' && now.getTime() - order.createdAt.getTime() >= ttlMs
  );
}

const COINS: Record<Locale, string> = {
  en: 'PetHeart Coins',
  ja: 'PetHeart コイン',
  'zh-CN': 'PetHeart 爱心币',
  'zh-TW': 'PetHeart 愛心幣',
};

/** What the provider shows the payer for a recharge (WeChat: at most 127 bytes). */
export function rechargeDescription(coins: number, locale: Locale): string {
  return `${COINS[locale]} ×${String(coins)}`;
}

/** Money in the smallest unit as text with 2 decimals ("6.00"); integers only, no floating point. */
export function formatMinor(amount: number): string {
  const sign = amount < 0 ? '-' : '';
  const abs = Math.abs(amount);
  return `${sign}${String(Math.floor(abs / 100))}.${String(abs % 100).padStart(2, '0')}`;
}

/** Settles with `fallback` when `work` takes longer than `ms` (work goes on; its result is dropped). */
export async function withDeadline<T>(work: Promise<T>, ms: number, fallback: () => T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<T>((resolve) => {
    timer = setTimeout(() => {
      resolve(fallback());
    }, ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}
