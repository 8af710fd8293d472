import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';
import { bases, devices } from './devices';
import { ledgerHolds } from './ledger';
import { proofClips } from './transparency';

/**
 * Feeds (PRODUCT.md §2, decision 011): one per tap, unique per (user, idempotency key). Made in one
 * transaction with the hold on the user's wallet; the dispense command (its id chosen here) is issued
 * after the commit. The device's answer (or its absence) ends the feed once: pending → succeeded (the hold
 * posted for what fell) or failed (the hold voided). Queued / dispensing are read from the command.
 */
export const FEED_ROW_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export const feeds = pgTable(
  'feeds',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    idempotencyKey: text('idempotency_key').notNull(),
    deviceId: text('device_id')
      .notNull()
      .references(() => devices.id),
    baseId: integer('base_id')
      .notNull()
      .references(() => bases.id),
    /** Who is credited a share when it succeeds, and how much (as they were when the user fed). */
    operatorId: integer('operator_id').references(() => users.id, { onDelete: 'set null' }),
    revenueShareBp: integer('revenue_share_bp').notNull(),
    /** The portion: grams asked and its price. */
    grams: integer('grams').notNull(),
    coins: integer('coins').notNull(),
    status: text('status', { enum: FEED_ROW_STATUSES }).notNull().default('pending'),
    /** Why it failed (jammed, empty, failed, timeout, offline). */
    reason: text('reason', { enum: ['jammed', 'empty', 'failed', 'timeout', 'offline'] }),
    /** The hold on the wallet (set in the transaction that inserts the feed). */
    holdId: uuid('hold_id').references(() => ledgerHolds.id),
    /** The dispense command's id (device_commands.id once issued; no row when the process died first). */
    commandId: uuid('command_id').notNull(),
    /** When the command expires; the hold expires a margin later. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    gramsDispensed: integer('grams_dispensed').notNull().default(0),
    coinsCharged: integer('coins_charged').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /** The clip that proves its food fell (issue 28 §1); null until its clip is made, and for failed feeds. */
    proofClipId: uuid('proof_clip_id').references(() => proofClips.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('feeds_user_key').on(t.userId, t.idempotencyKey),
    uniqueIndex('feeds_command_key').on(t.commandId),
    index('feeds_user_idx').on(t.userId, t.createdAt),
    index('feeds_device_idx').on(t.deviceId, t.createdAt),
    index('feeds_proof_clip_idx').on(t.proofClipId),
    // Feed statistics (decision 012): the leaderboard's periods and a base's feeders, acknowledged feeds only.
    index('feeds_succeeded_idx')
      .on(t.createdAt, t.userId, t.gramsDispensed)
      .where(sql`${t.status} = 'succeeded'`),
    index('feeds_base_succeeded_idx')
      .on(t.baseId, t.userId)
      .where(sql`${t.status} = 'succeeded'`),
    index('feeds_pending_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'pending'`),
    check('feeds_portion_positive', sql`${t.grams} > 0 AND ${t.coins} > 0`),
    check('feeds_charged_range', sql`${t.coinsCharged} BETWEEN 0 AND ${t.coins} AND ${t.gramsDispensed} >= 0`),
    check('feeds_failed_reason', sql`(${t.status} = 'failed') = (${t.reason} IS NOT NULL)`),
    check('feeds_settled_at', sql`(${t.status} = 'pending') = (${t.settledAt} IS NULL)`),
    check('feeds_failed_uncharged', sql`${t.status} <> 'failed' OR ${t.coinsCharged} = 0`),
  ],
);

/**
 * Each device's grams by UTC day (decision 021), kept by statement triggers on feeds and device_commands
 * (migration 0016), so that a tap's daily cap and the room's grams today are one row each, not a sum over
 * the day's feeds or commands. `gramsCommitted`: the grams of the feeds made that day, pending ones at the
 * grams asked and succeeded ones at the grams that fell (what the daily cap counts). `gramsDispensed`: the
 * grams of the dispense commands acknowledged that day (the live room's figure).
 */
export const deviceDays = pgTable(
  'device_days',
  {
    deviceId: text('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    gramsCommitted: integer('grams_committed').notNull().default(0),
    gramsDispensed: integer('grams_dispensed').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.day] })],
);
