import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { bases, devices, feeds, ledgerAccounts, ledgerEntries, ledgerTransactions } from '../../db/schema';

export interface ManagedDeviceRow {
  id: string;
  name: string;
  baseId: number;
  baseName: string;
  revenueShareBp: number;
  feederOnline: boolean;
  cameraOnline: boolean;
  disabled: boolean;
  firstOnlineAt: Date | null;
}

/**
 * A device's acknowledged feeds: counts and this operator's share, since `today` and in total (their grams:
 * FedGramsRepository, the one definition of grams fed).
 */
export interface DeviceFeedStats {
  feedsToday: number;
  feedsTotal: number;
  revenueToday: number;
  revenueTotal: number;
}

/** A base its operator manages: its exact location and whether it is published. */
export interface ManagedBaseRow {
  id: number;
  name: string;
  address: string;
  latitude: number;
  longitude: number;
  locationPublic: boolean;
}
const managedBaseColumns = {
  id: bases.id,
  name: bases.name,
  address: bases.address,
  latitude: bases.latitude,
  longitude: bases.longitude,
  locationPublic: bases.locationPublic,
};

/** sum()/count() come back as bigint (PGlite) or text (pg): numbers here. */
const total = (expr: ReturnType<typeof sql>) => sql<number>`coalesce(${expr}, 0)`.mapWith(Number);

/** What base operators see of their bases and devices, and their revenue. */
export class ManageRepository {
  constructor(private readonly db: Database) {}

  /** Is the user the operator of at least one base? */
  async operatesBase(userId: number): Promise<boolean> {
    const rows = await this.db.select({ id: bases.id }).from(bases).where(eq(bases.operatorId, userId)).limit(1);
    return rows.length > 0;
  }

  /** Has the user an earnings account (they were credited a revenue share once, e.g. a former operator)? */
  async hasEarnings(userId: number): Promise<boolean> {
    const rows = await this.db
      .select({ id: ledgerAccounts.id })
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.kind, 'operator_earnings'), eq(ledgerAccounts.userId, userId)))
      .limit(1);
    return rows.length > 0;
  }

  /** The devices at the user's bases, by device id. */
  async devicesOf(userId: number, page: { page: number; limit: number }) {
    const mine = eq(bases.operatorId, userId);
    const [rows, counted] = await Promise.all([
      this.db
        .select({
          id: devices.id,
          name: devices.name,
          baseId: devices.baseId,
          baseName: bases.name,
          revenueShareBp: devices.revenueShareBp,
          feederOnline: devices.feederOnline,
          cameraOnline: devices.cameraOnline,
          disabled: devices.disabled,
          firstOnlineAt: devices.firstOnlineAt,
        })
        .from(devices)
        .innerJoin(bases, eq(bases.id, devices.baseId))
        .where(mine)
        .orderBy(asc(devices.id))
        .limit(page.limit)
        .offset((page.page - 1) * page.limit),
      this.db.select({ n: count() }).from(devices).innerJoin(bases, eq(bases.id, devices.baseId)).where(mine),
    ]);
    return { rows: rows satisfies ManagedDeviceRow[], total: counted[0]?.n ?? 0 };
  }

  /** The bases the user runs, by id (their exact locations: decision 037). */
  async basesOf(userId: number): Promise<ManagedBaseRow[]> {
    return this.db.select(managedBaseColumns).from(bases).where(eq(bases.operatorId, userId)).orderBy(asc(bases.id));
  }

  /** Publishes one of the user's bases' exact location, or not; undefined when the user does not run it. */
  async setLocationPublic(userId: number, baseId: number, value: boolean): Promise<ManagedBaseRow | undefined> {
    const rows = await this.db
      .update(bases)
      .set({ locationPublic: value })
      .where(and(eq(bases.id, baseId), eq(bases.operatorId, userId)))
      .returning(managedBaseColumns);
    return rows[0];
  }

  /** Counts of the user's bases, devices and devices online (feeder or camera). */
  async fleetOf(userId: number): Promise<{ bases: number; devices: number; online: number }> {
    const [b, d] = await Promise.all([
      this.db.select({ n: count() }).from(bases).where(eq(bases.operatorId, userId)),
      this.db
        .select({
          n: count(),
          online: total(sql`sum(case when ${devices.feederOnline} or ${devices.cameraOnline} then 1 else 0 end)`),
        })
        .from(devices)
        .innerJoin(bases, eq(bases.id, devices.baseId))
        .where(eq(bases.operatorId, userId)),
    ]);
    return { bases: b[0]?.n ?? 0, devices: d[0]?.n ?? 0, online: d[0]?.online ?? 0 };
  }

  /**
   * Per device: acknowledged (succeeded) feeds, and the share `operatorId` was credited for
   * them (feedCredits: coins charged × the snapshotted rate, rounded down, when they were the feed's operator).
   */
  async feedStats(deviceIds: string[], operatorId: number, today: Date): Promise<Map<string, DeviceFeedStats>> {
    if (deviceIds.length === 0) return new Map();
    const isToday = sql`${feeds.createdAt} >= ${today.toISOString()}::timestamptz`;
    const share = sql`case when ${feeds.operatorId} = ${operatorId}::int
      then (${feeds.coinsCharged}::bigint * ${feeds.revenueShareBp}) / 10000 else 0 end`;
    const rows = await this.db
      .select({
        deviceId: feeds.deviceId,
        feedsTotal: count(),
        feedsToday: total(sql`sum(case when ${isToday} then 1 else 0 end)`),
        revenueTotal: total(sql`sum(${share})`),
        revenueToday: total(sql`sum(case when ${isToday} then ${share} else 0 end)`),
      })
      .from(feeds)
      .where(and(inArray(feeds.deviceId, deviceIds), eq(feeds.status, 'succeeded')))
      .groupBy(feeds.deviceId);
    return new Map(rows.map(({ deviceId, ...stats }) => [deviceId, stats]));
  }

  /**
   * The revenue share credited to the user's earnings by feeds (the ledger's own entries): since `today`
   * and in total.
   */
  async revenue(userId: number, today: Date): Promise<{ today: number; total: number }> {
    const rows = await this.db
      .select({
        total: total(sql`sum(${ledgerEntries.amount})`),
        today: total(
          sql`sum(case when ${ledgerTransactions.createdAt} >= ${today.toISOString()}::timestamptz
            then ${ledgerEntries.amount} else 0 end)`,
        ),
      })
      .from(ledgerEntries)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .where(
        and(
          eq(ledgerAccounts.kind, 'operator_earnings'),
          eq(ledgerAccounts.userId, userId),
          eq(ledgerTransactions.kind, 'feed'),
        ),
      );
    return { today: rows[0]?.today ?? 0, total: rows[0]?.total ?? 0 };
  }
}
