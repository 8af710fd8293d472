import { z } from 'zod';
import { PageQuerySchema, pagedList } from './envelope';
import { int32, IntSchema, StringSchema } from './fields';
import { LiveDeviceBodySchema, LiveServerEvents } from './live';

/**
 * The feed (PRODUCT.md §2): the user taps a portion, the server holds the coins and queues a dispense
 * command; the device's answer posts the hold (charging for what fell) or voids it (nothing charged).
 */

/** queued = waiting behind other feeds on the device; dispensing = sent to the device; then one of the two ends. */
export const FEED_STATUSES = ['queued', 'dispensing', 'succeeded', 'failed'] as const;
export const FeedStatusSchema = z.enum(FEED_STATUSES);
export type FeedStatus = z.infer<typeof FeedStatusSchema>;

/**
 * Why a feed failed (the user was not charged): the device's negative answers (jammed, empty, failed), no
 * answer in time (timeout), the feeder went offline while the feed waited (offline).
 */
export const FEED_FAILURE_REASONS = ['jammed', 'empty', 'failed', 'timeout', 'offline'] as const;
export const FeedFailureReasonSchema = z.enum(FEED_FAILURE_REASONS);
export type FeedFailureReason = z.infer<typeof FeedFailureReasonSchema>;

/** The message (contracts MESSAGES) that tells the user why a feed failed. */
export const feedReasonMessage = (reason: FeedFailureReason) => `feed.reason.${reason}` as const;

/** A client's idempotency key: one per tap (a retry of the same tap sends the same key). */
export const FeedIdempotencyKeySchema = z
  .string({ error: 'v.invalid' })
  .trim()
  .min(8, { error: 'v.invalid' })
  .max(100, { error: 'v.invalid' })
  .regex(/^[A-Za-z0-9_-]+$/, { error: 'v.invalid' });

// ---- POST /api/live/feed ----

export const FeedBodySchema = LiveDeviceBodySchema.extend({
  /** A portion the device offers: its grams and its price in coins, as shown. */
  grams: z.number({ error: 'v.portion' }).int({ error: 'v.portion' }).min(1, { error: 'v.portion' }).max(500, {
    error: 'v.portion',
  }),
  coins: int32('v.portion').min(1, { error: 'v.portion' }),
  idempotency_key: FeedIdempotencyKeySchema,
});
export type FeedBody = z.infer<typeof FeedBodySchema>;

/** One feed as its owner sees it (the answer of /api/live/feed and /api/feed/status). */
export const FeedSchema = z.object({
  id: StringSchema,
  device_id: StringSchema,
  status: FeedStatusSchema,
  /** Grams asked (the portion). */
  grams: IntSchema,
  /** The portion's price (held until the device answers). */
  coins: IntSchema,
  /** Grams the device measured (0 until it answers, and when nothing fell). */
  grams_dispensed: IntSchema,
  /** Coins actually charged: the price × grams dispensed / grams asked, rounded down; 0 unless succeeded. */
  coins_charged: IntSchema,
  /** Why it failed; null otherwise. */
  reason: FeedFailureReasonSchema.nullable(),
  /** Feeds ahead of this one on the device (0 when dispensing or finished). */
  queue_position: IntSchema,
  /** Seconds until this feed should be dispensed (an estimate; 0 when dispensing or finished). */
  expected_wait_s: IntSchema,
  /** Unix seconds. */
  created_at: IntSchema,
  settled_at: IntSchema.nullable(),
});
export type Feed = z.infer<typeof FeedSchema>;

/** A finished feed needs no more polling. */
export const isFeedSettled = (feed: Pick<Feed, 'status'>) => feed.status === 'succeeded' || feed.status === 'failed';

// ---- POST /api/feed/status, /api/feed/detail ----

export const FeedIdBodySchema = z.object({ id: z.uuid({ error: 'v.invalid' }) });
export const FeedStatusBodySchema = FeedIdBodySchema.extend({
  /**
   * Long poll: answer as soon as the feed is settled, or after this many milliseconds (0 = at once).
   * The client polls with a few seconds while the feed is open.
   */
  wait_ms: z.number({ error: 'v.invalid' }).int({ error: 'v.invalid' }).min(0).max(10_000).default(0),
});
export type FeedStatusBody = z.infer<typeof FeedStatusBodySchema>;

/**
 * A feed's proof clip (issue 28 §1): cut on the server from about 2 s before its dispense to about 6 s after its
 * answer. `pending` while it is being cut; `no_camera` when the camera was down; `failed` when it could not be
 * cut; `expired` after the retention period. `url` ('' unless ready) is the MP4's address under /uploads.
 */
export const PROOF_STATES = ['pending', 'ready', 'no_camera', 'failed', 'expired'] as const;
export const FeedProofSchema = z.object({
  state: z.enum(PROOF_STATES),
  url: StringSchema,
  duration_ms: IntSchema,
});
export type FeedProof = z.infer<typeof FeedProofSchema>;

/** A feeding log entry and the receipt: the feed with its device and base, and its proof (null unless succeeded). */
export const FeedReceiptSchema = FeedSchema.extend({
  device_name: StringSchema,
  base_id: IntSchema,
  base_name: StringSchema,
  proof: FeedProofSchema.nullable(),
});

// ---- POST /api/feed/proof (anyone): a succeeded feed's public proof, for the room's chat and shared links ----

/** What anyone may see of a succeeded feed: who (nickname), where, how much fell, when, and its clip. */
export const PublicFeedProofSchema = z.object({
  feed_id: StringSchema,
  nickname: StringSchema,
  device_id: StringSchema,
  device_name: StringSchema,
  base_id: IntSchema,
  base_name: StringSchema,
  grams_dispensed: IntSchema,
  /** Unix seconds (the device's answer). */
  fed_at: IntSchema,
  proof: FeedProofSchema,
});
export type PublicFeedProof = z.infer<typeof PublicFeedProofSchema>;
export type FeedReceipt = z.infer<typeof FeedReceiptSchema>;

// ---- POST /api/feed/log (the user's feeding log, newest first) ----

export const FeedLogBodySchema = PageQuerySchema;
export const FeedLogDataSchema = pagedList(FeedReceiptSchema);
export type FeedLogData = z.infer<typeof FeedLogDataSchema>;

/** The room's `fed` event (socket.io /live; defined with the other room events in live.ts). */
export const FedEventSchema = LiveServerEvents.fed;
export type FedEvent = z.infer<typeof FedEventSchema>;

// ---- POST /api/admin/feed/free (admins only): food given free (decision 026) ----

/**
 * A feed that was refunded although its food fell: the device's answer came after the feed had ended
 * without one (re-sent after a crash of the API, or late), so nothing was charged. Newest answers first.
 */
export const FreeFoodSchema = z.object({
  feed_id: StringSchema,
  device_id: StringSchema,
  device_name: StringSchema,
  base_name: StringSchema,
  user_id: IntSchema,
  /** Grams asked, and the portion's price (not charged). */
  grams: IntSchema,
  coins: IntSchema,
  /** Grams the device measured, by its late answer. */
  grams_dispensed: IntSchema,
  /** Why the feed ended unpaid (no answer in time, or the feeder was offline by then). */
  reason: FeedFailureReasonSchema.nullable(),
  /** Unix seconds: the feed, its refund, the late answer. */
  created_at: IntSchema,
  settled_at: IntSchema.nullable(),
  answered_at: IntSchema.nullable(),
});
export type FreeFood = z.infer<typeof FreeFoodSchema>;
export const AdminFreeFoodBodySchema = PageQuerySchema.extend({
  device_id: StringSchema.trim().max(64, { error: 'v.invalid' }).optional(),
});
export type AdminFreeFoodBody = z.infer<typeof AdminFreeFoodBodySchema>;
export const AdminFreeFoodListDataSchema = pagedList(FreeFoodSchema);
export type AdminFreeFoodListData = z.infer<typeof AdminFreeFoodListDataSchema>;
