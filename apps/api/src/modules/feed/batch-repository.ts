import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { recordset, rowsOf } from '../../db/rows';
import { bases, devices, feeds } from '../../db/schema';
import type { FeedDevice, FeedRow, NewFeed, SettlePatch } from './repository';

/** The advisory lock class of "feeds of a device" (the key is hashtext(device id)). */
const FEED_DEVICE_LOCKS = 7_311_001;

/** `${userId}|${key}`: a feed's idempotency key is the user's own. */
export const keyOf = (userId: number, key: string) => `${String(userId)}|${key}`;

/**
 * Set-based statements for batches of feeds (decision 011, "Throughput"): a batch of taps is made, and a
 * batch of answers settled, with a fixed number of statements, inside a transaction the caller runs.
 * Rows are locked in id order (devices, then feeds) so that concurrent batches never deadlock.
 */
export class FeedBatchRepository {
  constructor(private readonly db: Database) {}

  /** Inside a transaction: its commit does not wait for the write-ahead log to reach the disk. */
  async commitAsynchronously(): Promise<void> {
    await this.db.execute(sql`SET LOCAL synchronous_commit TO OFF`);
  }

  /** The (user, key) pairs among these that a feed already has. */
  async usedKeys(pairs: { userId: number; key: string }[]): Promise<Set<string>> {
    if (pairs.length === 0) return new Set();
    const values = recordset(pairs.map((p) => ({ u: p.userId, k: p.key })));
    const result = await this.db.execute(sql`
      SELECT f.user_id, f.idempotency_key FROM ${feeds} f
      JOIN jsonb_to_recordset(${values}::jsonb) AS v(u int, k text) ON f.user_id = v.u AND f.idempotency_key = v.k`);
    return new Set(
      rowsOf<{ user_id: number; idempotency_key: string }>(result).map((r) => keyOf(r.user_id, r.idempotency_key)),
    );
  }

  /**
   * The devices with their bases' operators, each device's feeds serialised until commit: a transaction
   * lock per device (advisory, taken in one order), so that the daily cap counts every feed of the device;
   * the rows themselves are not locked, so state reports (food stock, online flags) never wait for a feed.
   */
  async lockDevices(ids: string[]): Promise<Map<string, FeedDevice>> {
    if (ids.length === 0) return new Map();
    await this.db.execute(sql`
      SELECT pg_advisory_xact_lock(${FEED_DEVICE_LOCKS}::int, h) FROM (
        SELECT DISTINCT hashtext(v) AS h FROM jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb) AS v ORDER BY h
      ) AS locks`);
    const rows = await this.db
      .select({
        id: devices.id,
        baseId: devices.baseId,
        disabled: devices.disabled,
        feederOnline: devices.feederOnline,
        cameraOnline: devices.cameraOnline,
        dailyGramCap: devices.dailyGramCap,
        revenueShareBp: devices.revenueShareBp,
        operatorId: bases.operatorId,
        portions: devices.portions,
      })
      .from(devices)
      .innerJoin(bases, eq(bases.id, devices.baseId))
      .where(inArray(devices.id, ids));
    return new Map(rows.map((r) => [r.id, r]));
  }

  /** Grams each device has given or been asked for since a time (as FeedRepository.gramsCommitted). */
  async gramsCommitted(deviceIds: string[], since: Date): Promise<Map<string, number>> {
    if (deviceIds.length === 0) return new Map();
    const rows = await this.db
      .select({
        deviceId: feeds.deviceId,
        grams: sql<number>`coalesce(sum(CASE WHEN ${feeds.status} = 'pending' THEN ${feeds.grams}
          WHEN ${feeds.status} = 'succeeded' THEN ${feeds.gramsDispensed} ELSE 0 END), 0)::int`,
      })
      .from(feeds)
      .where(and(inArray(feeds.deviceId, deviceIds), gte(feeds.createdAt, since)))
      .groupBy(feeds.deviceId);
    return new Map(rows.map((r) => [r.deviceId, r.grams]));
  }

  /** Inserts feeds; the rows inserted (a key another transaction took meanwhile is left out). */
  async insertMany(rows: NewFeed[]): Promise<FeedRow[]> {
    if (rows.length === 0) return [];
    return this.db
      .insert(feeds)
      .values(rows)
      .onConflictDoNothing({ target: [feeds.userId, feeds.idempotencyKey] })
      .returning();
  }

  /** Pending feeds among these, row-locked in id order until commit. */
  async lockPending(ids: string[]): Promise<FeedRow[]> {
    if (ids.length === 0) return [];
    return this.db
      .select()
      .from(feeds)
      .where(and(inArray(feeds.id, ids), eq(feeds.status, 'pending')))
      .orderBy(asc(feeds.id))
      .for('update');
  }

  /** Which of these devices' feeders are online. */
  async feedersOnline(deviceIds: string[]): Promise<Set<string>> {
    if (deviceIds.length === 0) return new Set();
    const rows = await this.db
      .select({ id: devices.id })
      .from(devices)
      .where(and(inArray(devices.id, deviceIds), eq(devices.feederOnline, true)));
    return new Set(rows.map((r) => r.id));
  }

  /** Ends pending feeds; the number ended. */
  async settleMany(patches: (SettlePatch & { id: string })[]): Promise<number> {
    if (patches.length === 0) return 0;
    const values = recordset(
      patches.map((p) => ({
        id: p.id,
        status: p.status,
        reason: p.reason,
        grams: p.gramsDispensed,
        coins: p.coinsCharged,
        at: p.settledAt.toISOString(),
      })),
    );
    const result = await this.db.execute(sql`
      UPDATE ${feeds} AS f
      SET status = v.status, reason = v.reason, grams_dispensed = v.grams, coins_charged = v.coins, settled_at = v.at
      FROM jsonb_to_recordset(${values}::jsonb) AS v(id uuid, status text, reason text, grams int, coins int, at timestamptz)
      WHERE f.id = v.id AND f.status = 'pending'
      RETURNING f.id`);
    return rowsOf(result).length;
  }
}
