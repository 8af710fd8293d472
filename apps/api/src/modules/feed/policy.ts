import type { DevicePortion, FeedFailureReason } from '@petheart/contracts';

/**
 * The feed's rules that need no database (decision 011): the portion check, the charge for what fell,
 * how a command's end becomes the feed's outcome, timings and the daily window.
 */

export interface FeedTimings {
  /** A feed's command may take this long when nothing is ahead of it (PRODUCT.md §2: 10 s). */
  timeoutMs: number;
  /** Each command already waiting on the device adds this much (its expected dispense time). */
  dispenseEstimateMs: number;
  /** A command's TTL never exceeds this, however long the queue. */
  maxTimeoutMs: number;
  /** The hold expires this long after the command (time to settle the device's last-moment answer). */
  holdMarginMs: number;
  /** The sweeper ends a pending feed this long after its command expired without a recorded end. */
  graceMs: number;
  /** The sweeper runs this often (and voids the ledger's expired holds). */
  sweepIntervalMs: number;
}

export const DEFAULT_FEED_TIMINGS: FeedTimings = {
  timeoutMs: 10_000,
  dispenseEstimateMs: 3_000,
  maxTimeoutMs: 60_000,
  holdMarginMs: 15_000,
  graceMs: 5_000,
  sweepIntervalMs: 2_000,
};

/** Whether the device offers this portion (grams for coins) exactly. */
export function portionOffered(portions: readonly DevicePortion[], grams: number, coins: number): boolean {
  return portions.some((p) => p.grams === grams && p.coins === coins);
}

/** The command's TTL with `ahead` commands before it on the device: the queue counts, up to a maximum. */
export function commandTtlMs(ahead: number, t: FeedTimings): number {
  return Math.min(Math.max(t.timeoutMs, t.maxTimeoutMs), t.timeoutMs + Math.max(0, ahead) * t.dispenseEstimateMs);
}

/** Seconds until a feed with `ahead` commands before it is dispensed (rounded up; 0 at the head). */
export function expectedWaitSeconds(ahead: number, t: Pick<FeedTimings, 'dispenseEstimateMs'>): number {
  return Math.ceil((Math.max(0, ahead) * t.dispenseEstimateMs) / 1000);
}

/**
 * Coins charged for a feed: the price × grams dispensed / grams asked, rounded down, never more than the
 * price (a scale that reads over the portion does not cost more). Integers only.
 */
export function chargeFor(coins: number, grams: number, dispensed: number): number {
  if (!Number.isSafeInteger(coins) || !Number.isSafeInteger(grams) || coins <= 0 || grams <= 0)
    throw new Error(`bad portion ${String(grams)} g for ${String(coins)} coins`);
  const fell = Math.min(Math.max(0, Math.floor(dispensed)), grams);
  return Math.floor((coins * fell) / grams);
}

/** How a command ended, as the gateway tells it (live) or its row records it (after a restart). */
export type CommandEnd =
  | { status: 'acked' | 'failed' | 'expired'; outcome: string | null; grams: number; ackedAt?: Date | null }
  /** No end recorded, and the command is past its expiry (the process that issued it is gone). */
  | { status: 'lost' };

export type FeedOutcome =
  { kind: 'dispensed'; grams: number } | { kind: 'failed'; reason: FeedFailureReason; grams: number };

/**
 * The feed's outcome from its command's end. Only a dispense that measured food is charged; a jam, an
 * empty hopper, a failure, no answer or a lost device fail the feed (a timeout becomes `offline` when
 * the feeder is offline by then).
 */
export function feedOutcome(end: CommandEnd, feederOnline: boolean): FeedOutcome {
  const silent: FeedFailureReason = feederOnline ? 'timeout' : 'offline';
  if (end.status === 'lost') return { kind: 'failed', reason: silent, grams: 0 };
  const grams = Math.max(0, end.grams);
  if (end.status === 'acked')
    return grams > 0 ? { kind: 'dispensed', grams } : { kind: 'failed', reason: 'failed', grams };
  if (end.status === 'failed')
    return {
      kind: 'failed',
      reason: end.outcome === 'jammed' || end.outcome === 'empty' ? end.outcome : 'failed',
      grams,
    };
  return { kind: 'failed', reason: silent, grams };
}

/** What a pending feed's sweep finds: its command's row (if any) and its hold's state. */
export interface PendingFeedState {
  expiresAt: Date;
  commandStatus: string | null;
  commandOutcome: string | null;
  commandGrams: number | null;
  holdStatus: 'pending' | 'posted' | 'voided' | null;
}

/**
 * A device's answer recorded on a command that had expired before it came (decision 026): the device's
 * outcome (not its own "expired"), which the feed is settled with as if it had come in time.
 */
export function lateAnswer(feed: Pick<PendingFeedState, 'commandStatus' | 'commandOutcome'>): boolean {
  return feed.commandStatus === 'expired' && feed.commandOutcome !== null && feed.commandOutcome !== 'expired';
}

/**
 * The end the sweeper settles a pending feed with, or null while it may still be answered: a command
 * whose row has ended with an answer (a late one too); else, past expiry + grace (or once its hold was
 * released), a lost command. A command expired without an answer while its feed is pending was expired by a
 * process that had not heard it (a restart expires what the stopped process left open): like an open one, it
 * waits for the grace, in which the device's re-sent answer (decision 026) tells what fell.
 */
export function sweepEnd(feed: PendingFeedState, now: Date, graceMs: number): CommandEnd | null {
  const s = feed.commandStatus;
  const grams = feed.commandGrams ?? 0;
  if (lateAnswer(feed))
    return { status: feed.commandOutcome === 'dispensed' ? 'acked' : 'failed', outcome: feed.commandOutcome, grams };
  if (s === 'acked' || s === 'failed' || (s === 'expired' && feed.commandOutcome !== null))
    return { status: s, outcome: feed.commandOutcome, grams };
  if (feed.holdStatus === 'voided') return { status: 'lost' };
  if (feed.expiresAt.getTime() + graceMs <= now.getTime()) return { status: 'lost' };
  return null;
}

/** The ledger's idempotency key of a feed's hold. */
export const holdKey = (feedId: string) => `feed:${feedId}`;
