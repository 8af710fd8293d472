import { and, count, desc, eq, gt, inArray, lt, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { bases, deviceCommands, devices, feeds, ledgerHolds, proofClips } from '../../db/schema';
import type { DevicePortion } from '@petheart/contracts';
import type { PendingFeedState } from './policy';

export type FeedRow = typeof feeds.$inferSelect;
export type NewFeed = Omit<typeof feeds.$inferInsert, 'status' | 'reason' | 'settledAt'>;

/** A feed with what its owner is shown beside it: its command's state, its device and base names. */
export interface FeedRecord {
  feed: FeedRow;
  /** device_commands.status (queued, sent, acked…); null while the command has no row. */
  commandStatus: string | null;
  deviceName: string;
  baseName: string;
  /** Its proof clip (issue 28 §1); null while it has none. */
  proof: ProofClipFields | null;
}

/** What a receipt shows of a feed's proof clip. */
export interface ProofClipFields {
  state: (typeof proofClips.$inferSelect)['state'];
  path: string;
  durationMs: number;
}

/** The device as a new feed needs it (its feeds serialised until the transaction ends, see lockDevices). */
export interface FeedDevice {
  id: string;
  baseId: number;
  disabled: boolean;
  feederOnline: boolean;
  cameraOnline: boolean;
  dailyGramCap: number;
  revenueShareBp: number;
  operatorId: number | null;
  /** The device's own portions; null = the configured defaults. */
  portions: DevicePortion[] | null;
}

export interface SettlePatch {
  status: 'succeeded' | 'failed';
  reason: FeedRow['reason'];
  gramsDispensed: number;
  coinsCharged: number;
  settledAt: Date;
}

/** A feed refunded although its food fell (decision 026), with what its device's late answer measured. */
export interface FreeFoodRecord {
  feed: FeedRow;
  deviceName: string;
  baseName: string;
  gramsDispensed: number;
  answeredAt: Date | null;
}

/** A pending feed as the sweeper sees it. */
export interface PendingFeed extends PendingFeedState {
  id: string;
  commandId: string;
}

/** The feeds table (decision 011). Money moves in the ledger; this records what the user asked and got. */
export class FeedRepository {
  constructor(private readonly db: Database) {}

  private records() {
    return this.db
      .select({
        feed: feeds,
        commandStatus: deviceCommands.status,
        deviceName: devices.name,
        baseName: bases.name,
        proof: { state: proofClips.state, path: proofClips.path, durationMs: proofClips.durationMs },
      })
      .from(feeds)
      .innerJoin(devices, eq(devices.id, feeds.deviceId))
      .innerJoin(bases, eq(bases.id, feeds.baseId))
      .leftJoin(deviceCommands, eq(deviceCommands.id, feeds.commandId))
      .leftJoin(proofClips, eq(proofClips.id, feeds.proofClipId));
  }

  async byId(id: string): Promise<FeedRecord | undefined> {
    const rows = await this.records().where(eq(feeds.id, id)).limit(1);
    return rows[0];
  }

  async byKey(userId: number, key: string): Promise<FeedRecord | undefined> {
    const rows = await this.records()
      .where(and(eq(feeds.userId, userId), eq(feeds.idempotencyKey, key)))
      .limit(1);
    return rows[0];
  }

  /** A user's feeds, newest first. */
  async log(userId: number, page: number, limit: number): Promise<{ rows: FeedRecord[]; total: number }> {
    const [rows, totals] = await Promise.all([
      this.records()
        .where(eq(feeds.userId, userId))
        .orderBy(desc(feeds.createdAt), desc(feeds.id))
        .limit(limit)
        .offset((page - 1) * limit),
      this.db.select({ n: count() }).from(feeds).where(eq(feeds.userId, userId)),
    ]);
    return { rows, total: totals[0]?.n ?? 0 };
  }

  /**
   * Food given free (decision 026): failed feeds whose device answered that food fell (its command's outcome
   * dispensed, with grams), the answer having come after the feed had ended unpaid (a late or re-sent answer,
   * or one that came while its hold was being released); newest answers first. For the console, not a hot path.
   */
  async givenFree(q: {
    page: number;
    limit: number;
    deviceId?: string;
  }): Promise<{ rows: FreeFoodRecord[]; total: number }> {
    const free: SQL | undefined = and(
      eq(feeds.status, 'failed'),
      eq(deviceCommands.outcome, 'dispensed'),
      gt(deviceCommands.grams, 0),
      q.deviceId === undefined ? undefined : eq(feeds.deviceId, q.deviceId),
    );
    const [rows, totals] = await Promise.all([
      this.db
        .select({
          feed: feeds,
          deviceName: devices.name,
          baseName: bases.name,
          grams: deviceCommands.grams,
          answeredAt: deviceCommands.ackedAt,
        })
        .from(feeds)
        .innerJoin(deviceCommands, eq(deviceCommands.id, feeds.commandId))
        .innerJoin(devices, eq(devices.id, feeds.deviceId))
        .innerJoin(bases, eq(bases.id, feeds.baseId))
        .where(free)
        .orderBy(desc(deviceCommands.ackedAt), desc(feeds.id))
        .limit(q.limit)
        .offset((q.page - 1) * q.limit),
      this.db
        .select({ n: count() })
        .from(feeds)
        .innerJoin(deviceCommands, eq(deviceCommands.id, feeds.commandId))
        .where(free),
    ]);
    return {
      rows: rows.map((r) => ({ ...r, gramsDispensed: r.grams ?? 0 })),
      total: totals[0]?.n ?? 0,
    };
  }

  /** The feed of a command (undefined for commands that are not feeds). */
  async idByCommand(commandId: string): Promise<string | undefined> {
    const rows = await this.db.select({ id: feeds.id }).from(feeds).where(eq(feeds.commandId, commandId)).limit(1);
    return rows[0]?.id;
  }

  /**
   * Pending feeds the sweeper may be able to end: their command's row has ended, their hold is no longer
   * pending, or they expired before `overdue`. Oldest first.
   */
  async sweepable(overdue: Date, limit: number): Promise<PendingFeed[]> {
    return this.db
      .select({
        id: feeds.id,
        commandId: feeds.commandId,
        expiresAt: feeds.expiresAt,
        commandStatus: deviceCommands.status,
        commandOutcome: deviceCommands.outcome,
        commandGrams: deviceCommands.grams,
        holdStatus: ledgerHolds.status,
      })
      .from(feeds)
      .leftJoin(deviceCommands, eq(deviceCommands.id, feeds.commandId))
      .leftJoin(ledgerHolds, eq(ledgerHolds.id, feeds.holdId))
      .where(
        and(
          eq(feeds.status, 'pending'),
          or(
            lt(feeds.expiresAt, overdue),
            inArray(deviceCommands.status, ['acked', 'failed', 'expired']),
            inArray(ledgerHolds.status, ['posted', 'voided']),
          ),
        ),
      )
      .orderBy(feeds.expiresAt)
      .limit(limit);
  }

  /** Open commands of the device that were issued before this one and have not expired (the queue ahead). */
  async commandsAhead(commandId: string, now: Date): Promise<number> {
    const mine = alias(deviceCommands, 'mine');
    const rows = await this.db
      .select({ n: count() })
      .from(deviceCommands)
      .innerJoin(mine, and(eq(mine.id, commandId), eq(mine.deviceId, deviceCommands.deviceId)))
      .where(
        and(
          inArray(deviceCommands.status, ['queued', 'sent']),
          lt(deviceCommands.issuedAt, mine.issuedAt),
          gt(deviceCommands.expiresAt, now),
        ),
      );
    return rows[0]?.n ?? 0;
  }
}
