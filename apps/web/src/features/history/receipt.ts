import { feedReasonMessage, isFeedSettled, type FeedReceipt, type Locale, type MessageKey } from '@petheart/contracts';

/** How a feed looks in the log and on its receipt: fed, failed (not charged), or still on its way. */
export type FeedTone = 'fed' | 'failed' | 'open';

export function feedTone(feed: Pick<FeedReceipt, 'status'>): FeedTone {
  if (feed.status === 'succeeded') return 'fed';
  if (feed.status === 'failed') return 'failed';
  return 'open';
}

/**
 * What the feed cost: the coins charged once it succeeded (0 when only a crumb fell), nothing when it failed,
 * the portion's price on hold while it is open.
 */
export type FeedCost = { kind: 'charged'; coins: number } | { kind: 'notCharged' } | { kind: 'held'; coins: number };

export function feedCost(feed: Pick<FeedReceipt, 'status' | 'coins' | 'coins_charged'>): FeedCost {
  if (feed.status === 'succeeded') return { kind: 'charged', coins: feed.coins_charged };
  if (feed.status === 'failed') return { kind: 'notCharged' };
  return { kind: 'held', coins: feed.coins };
}

/** Why it failed, as the contracts message; null unless it failed. */
export function failureMessage(feed: Pick<FeedReceipt, 'status' | 'reason'>): MessageKey | null {
  return feed.status === 'failed' ? feedReasonMessage(feed.reason ?? 'failed') : null;
}

/** An open feed's receipt is asked again this often until it has ended. */
export const RECEIPT_REFRESH_MS = 3_000;
export const needsRefresh = (feed: Pick<FeedReceipt, 'status'> | undefined) =>
  feed !== undefined && !isFeedSettled(feed);

const formats = new Map<string, Intl.DateTimeFormat>();

/** A moment (unix seconds) as the locale writes a date with its time: "May 1, 2025, 14:05:09". */
export function formatDateTime(unixSeconds: number, locale: Locale): string {
  let f = formats.get(locale);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formats.set(locale, f);
  }
  return f.format(new Date(unixSeconds * 1000));
}
