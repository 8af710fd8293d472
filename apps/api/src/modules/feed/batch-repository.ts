import { sql, type SQL } from 'drizzle-orm';
import type { StatementSender } from '../../db/batch-transaction';
import type { Database } from '../../db/client';
import { anyOf, arrayOf, fromJsonRow, type Later, type OneStatement } from '../../db/one-statement';
import { recordset } from '../../db/rows';
import { bases, deviceDays, devices, fanMembers, feeds, users } from '../../db/schema';
import { utcDate } from '../../lib/time';
import type { FeedDevice, FeedRow, NewFeed, SettlePatch } from './repository';

/** The advisory lock class of "feeds of a device" (the key is hashtext(device id)). */
const FEED_DEVICE_LOCKS = 7_311_001;

/**
 * The failed check of settleManyIn: a feed read as pending had ended meanwhile (possible where the read
 * does not lock, on PGlite: the settlement runs its batch again).
 */
export const FEED_CHANGED = 'a feed ended meanwhile';

/** `${userId}|${key}`: a feed's idempotency key is the user's own. */
export const keyOf = (userId: number, key: string) => `${String(userId)}|${key}`;

/**
 * Set-based statements for batches of feeds (decision 011, "Throughput"): a batch of taps is made, and a
 * batch of answers settled, with one statement for its reads and one for its writes (parts of a
 * OneStatement, named `feed_...`), inside a transaction the caller runs. Rows are locked in id order.
 */
export class FeedBatchRepository {
  /** With `sender`, a statement goes out with those before it (one round trip). */
  constructor(
    private readonly db: Database,
    private readonly sender?: StatementSender,
  ) {}

  /** With `commit`, the statement is its transaction's last (its COMMIT goes with it). */
  run(statement: OneStatement, options: { commit?: boolean } = {}): Promise<void> {
    return statement.run(this.sender ?? this.db, options);
  }

  /** Inside a transaction: its commit does not wait for the write-ahead log to reach the disk. */
  commitAsynchronouslyIn(q: OneStatement): void {
    q.add('feed_async_commit', sql`SELECT set_config('synchronous_commit', 'off', true) AS v`, () => undefined);
  }

  /** The (user, key) pairs among these that a feed already has. */
  usedKeysIn(q: OneStatement, pairs: { userId: number; key: string }[]): Later<Set<string>> {
    // Users and keys as two lists (the unique index takes both); pairs that were not asked are left out.
    const asked = new Set(pairs.map((p) => keyOf(p.userId, p.key)));
    return q.add(
      'feed_used_keys',
      sql`SELECT f.user_id, f.idempotency_key FROM ${feeds} f
        WHERE f.user_id = ${anyOf([...new Set(pairs.map((p) => p.userId))], 'int')}
          AND f.idempotency_key = ${anyOf([...new Set(pairs.map((p) => p.key))], 'text')}`,
      (rows) =>
        new Set(rows.map((r) => keyOf(Number(r.user_id), String(r.idempotency_key))).filter((k) => asked.has(k))),
    );
  }

  /**
   * Serialises each device's feeds until commit, for when other connections make feeds too: a transaction
   * lock per device (advisory, taken in one order), so that the daily cap counts every feed of the device;
   * the rows themselves are not locked, so state reports (food stock, online flags) never wait for a feed.
   * A statement of its own before `q`: q's reads must see what the transactions it waited for committed.
   */
  serialiseDevicesIn(q: OneStatement, ids: string[]): void {
    if (ids.length === 0) return;
    q.before(sql`
      SELECT pg_advisory_xact_lock(${FEED_DEVICE_LOCKS}::int, h) FROM (
        SELECT DISTINCT hashtext(v) AS h FROM unnest(${arrayOf(ids, 'text')}) AS v ORDER BY h
      ) AS locks`);
  }

  /** The devices with their bases' operators. */
  devicesIn(q: OneStatement, ids: string[]): Later<Map<string, FeedDevice>> {
    return q.add(
      'feed_devices',
      sql`SELECT d.id, d.base_id, d.disabled, d.feeder_online, d.camera_online, d.daily_gram_cap,
          d.revenue_share_bp, b.operator_id, d.portions
        FROM ${devices} d JOIN ${bases} b ON b.id = d.base_id WHERE d.id = ${anyOf(ids, 'text')}`,
      (rows) =>
        new Map(
          rows.map((r) => {
            const d = fromJsonRow(devices, r);
            return [
              d.id,
              {
                id: d.id,
                baseId: d.baseId,
                disabled: d.disabled,
                feederOnline: d.feederOnline,
                cameraOnline: d.cameraOnline,
                dailyGramCap: d.dailyGramCap,
                revenueShareBp: d.revenueShareBp,
                operatorId: r.operator_id === null ? null : Number(r.operator_id),
                portions: d.portions,
              },
            ];
          }),
        ),
    );
  }

  /**
   * Grams each device has given or been asked for on the UTC day that starts at `day` (device_days,
   * decision 021: pending feeds at the grams asked, succeeded ones at what fell).
   */
  gramsCommittedIn(q: OneStatement, deviceIds: string[], day: Date): Later<Map<string, number>> {
    return q.add(
      'feed_grams',
      sql`SELECT dd.device_id, dd.grams_committed AS grams FROM ${deviceDays} dd
        WHERE dd.device_id = ${anyOf(deviceIds, 'text')} AND dd.day = ${utcDate(day)}::date`,
      (rows) => new Map(rows.map((r) => [String(r.device_id), Number(r.grams)])),
    );
  }

  /**
   * Inserts feeds; the rows inserted. A key another transaction took meanwhile fails the statement with
   * `refusal`.
   */
  insertManyIn(q: OneStatement, rows: NewFeed[], refusal: string): Later<FeedRow[]> {
    const values = recordset(
      rows.map((r) => ({
        id: r.id,
        u: r.userId,
        k: r.idempotencyKey,
        d: r.deviceId,
        b: r.baseId,
        o: r.operatorId ?? null,
        s: r.revenueShareBp,
        g: r.grams,
        c: r.coins,
        h: r.holdId ?? null,
        cmd: r.commandId,
        e: r.expiresAt.toISOString(),
        at: r.createdAt.toISOString(),
      })),
    );
    const inserted = q.add(
      'feed_new',
      sql`INSERT INTO ${feeds} (id, user_id, idempotency_key, device_id, base_id, operator_id, revenue_share_bp,
          grams, coins, hold_id, command_id, expires_at, created_at)
        SELECT v.id, v.u, v.k, v.d, v.b, v.o, v.s, v.g, v.c, v.h, v.cmd, v.e, v.at
        FROM jsonb_to_recordset(${values}::jsonb) AS v(id uuid, u int, k text, d text, b int, o int, s int, g int,
          c int, h uuid, cmd uuid, e timestamptz, at timestamptz)
        ON CONFLICT (user_id, idempotency_key) DO NOTHING
        RETURNING *`,
      (rows) => rows.map((r) => fromJsonRow(feeds, r)),
    );
    q.check('feed_new_all', sql`(SELECT count(*) FROM feed_new) = ${rows.length}`, refusal);
    return inserted;
  }

  /**
   * Pending feeds among these; with `lock`, row-locked in id order until commit. Pending is written
   * `settled_at IS NULL` (the same, by the check feeds_settled_at): `status = 'pending'` would let the
   * planner scan feeds_pending_idx, which keeps every feed settled since the last vacuum, instead of
   * looking the ids up (decision 018).
   */
  pendingIn(q: OneStatement, ids: string[], lock: boolean): Later<FeedRow[]> {
    return q.add(
      'feed_pending',
      sql`SELECT * FROM ${feeds} f WHERE f.id = ${anyOf(ids, 'uuid')} AND f.settled_at IS NULL
        ORDER BY f.id${lock ? sql` FOR UPDATE` : sql``}`,
      (rows) => rows.map((r) => fromJsonRow(feeds, r)),
    );
  }

  /** The holds of the feeds pendingIn locked, as a set for a later part of the same statement. */
  holdsOfPending(): SQL {
    return sql`(SELECT f.hold_id FROM feed_pending f WHERE f.hold_id IS NOT NULL)`;
  }

  /** The devices of these feeds whose feeders are online. */
  feedersOnlineIn(q: OneStatement, feedIds: string[]): Later<Set<string>> {
    return q.add(
      'feed_online',
      sql`SELECT d.id FROM ${devices} d
        WHERE d.feeder_online AND d.id IN (SELECT f.device_id FROM ${feeds} f WHERE f.id = ${anyOf(feedIds, 'uuid')})`,
      (rows) => new Set(rows.map((r) => String(r.id))),
    );
  }

  /**
   * Grams dispensed on the UTC day that starts at `day` at the devices of these feeds (the live room's figure,
   * from device_days, decision 021), as this statement sees them: the caller adds what its own write records.
   */
  gramsDispensedIn(q: OneStatement, feedIds: string[], day: Date): Later<Map<string, number>> {
    return q.add(
      'feed_room_grams',
      sql`SELECT f.device_id, coalesce(dd.grams_dispensed, 0) AS grams
        FROM (SELECT DISTINCT f.device_id FROM ${feeds} f WHERE f.id = ${anyOf(feedIds, 'uuid')}) f
        LEFT JOIN ${deviceDays} dd ON dd.device_id = f.device_id AND dd.day = ${utcDate(day)}::date`,
      (rows) => new Map(rows.map((r) => [String(r.device_id), Number(r.grams)])),
    );
  }

  /** The feeds among these whose users are members of their rooms' fan groups (they earn points). */
  fanFeedsIn(q: OneStatement, feedIds: string[]): Later<Set<string>> {
    return q.add(
      'feed_fans',
      sql`SELECT f.id FROM ${feeds} f JOIN ${fanMembers} m ON m.device_id = f.device_id AND m.user_id = f.user_id
        WHERE f.id = ${anyOf(feedIds, 'uuid')}`,
      (rows) => new Set(rows.map((r) => String(r.id))),
    );
  }

  /**
   * Nicknames of users (the room's `fed` event names who fed): these users, or the users of these feeds.
   */
  nicknamesIn(q: OneStatement, of: { users: number[] } | { feeds: string[] }): Later<Map<number, string>> {
    const ids =
      'users' in of
        ? anyOf([...new Set(of.users)], 'int')
        : sql`ANY(SELECT f.user_id FROM ${feeds} f WHERE f.id = ${anyOf(of.feeds, 'uuid')})`;
    return q.add(
      'feed_nicknames',
      sql`SELECT u.id, u.nickname FROM ${users} u WHERE u.id = ${ids}`,
      (rows) => new Map(rows.map((r) => [Number(r.id), String(r.nickname)])),
    );
  }

  /**
   * Ends pending feeds (locked by pendingIn; pending written as there): the statement fails unless every
   * one of them ended.
   */
  settleManyIn(q: OneStatement, patches: (SettlePatch & { id: string })[]): void {
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
    q.add(
      'feed_ended',
      sql`UPDATE ${feeds} AS f
        SET status = v.status, reason = v.reason, grams_dispensed = v.grams, coins_charged = v.coins, settled_at = v.at
        FROM jsonb_to_recordset(${values}::jsonb) AS v(id uuid, status text, reason text, grams int, coins int, at timestamptz)
        WHERE f.id = v.id AND f.id = ${anyOf(
          patches.map((p) => p.id),
          'uuid',
        )} AND f.settled_at IS NULL
        RETURNING f.id`,
    );
    q.check('feed_ended_all', sql`(SELECT count(*) FROM feed_ended) = ${patches.length}`, FEED_CHANGED);
  }
}
