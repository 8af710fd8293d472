import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { bases, devices } from './devices';
import { users } from './users';

export const PROOF_CLIP_STATES = ['pending', 'ready', 'no_camera', 'failed', 'expired'] as const;

/**
 * Proof of the food falling (issue 28 §1): a clip cut on the server from a device's recording, from about 2 s
 * before a dispense began to about 6 s after its answer, without re-encoding. Feeds on one device within the
 * same seconds share one (feeds.proof_clip_id). `no_camera`: the camera was down; `expired`: its file was
 * deleted after the retention period (a clip published to the community is kept).
 */
export const proofClips = pgTable(
  'proof_clips',
  {
    id: uuid('id').primaryKey(),
    deviceId: text('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    state: text('state', { enum: PROOF_CLIP_STATES }).notNull().default('pending'),
    /** The MP4 under the uploads folder (`proofs/{id}.mp4`); '' until ready and after it expired. */
    path: text('path').notNull().default(''),
    /** The window the clip covers (wall clock). */
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    durationMs: integer('duration_ms').notNull().default(0),
    bytes: integer('bytes').notNull().default(0),
    /** Published to the community (kept past the retention period). */
    published: boolean('published').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('proof_clips_device_idx').on(t.deviceId, t.startsAt),
    index('proof_clips_state_idx').on(t.state, t.createdAt),
  ],
);

/**
 * Food an operator bought for a base (issue 28 §3): the amount paid (minor units of `currency`), the grams, a
 * photo of the receipt. Append-only: a wrong entry is voided (voided_at, who), never edited or deleted.
 */
export const baseFoodPurchases = pgTable(
  'base_food_purchases',
  {
    id: serial('id').primaryKey(),
    baseId: integer('base_id')
      .notNull()
      .references(() => bases.id, { onDelete: 'cascade' }),
    recordedBy: integer('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    /** Money paid, in minor units (fen, cents, yen) of `currency`. */
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    grams: integer('grams').notNull(),
    /** The receipt's photo (an upload path). */
    receiptPhoto: text('receipt_photo').notNull(),
    note: text('note').notNull().default(''),
    /** The day of the purchase (the receipt's date). */
    purchasedAt: timestamp('purchased_at', { withTimezone: true }).notNull(),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    voidedBy: integer('voided_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('base_food_purchases_base_idx').on(t.baseId, t.purchasedAt)],
);

/**
 * A base's monthly statement (issue 28 §4), frozen once generated: its bytes (JSON and CSV) and the SHA-256
 * hash chain (each hash covers the previous month's). Never rewritten.
 */
export const baseStatements = pgTable(
  'base_statements',
  {
    id: serial('id').primaryKey(),
    baseId: integer('base_id')
      .notNull()
      .references(() => bases.id, { onDelete: 'cascade' }),
    /** 'YYYY-MM' (UTC). */
    month: text('month').notNull(),
    json: text('json').notNull(),
    csv: text('csv').notNull(),
    lines: integer('lines').notNull(),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('base_statements_month_key').on(t.baseId, t.month)],
);
