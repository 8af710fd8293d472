import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';

/** How the grams fed are grouped: one total, or per base, per device, per UTC month (YYYY-MM). */
export type FedGrouping = 'all' | 'base' | 'device' | 'month';

/** Which feeds: of one base, of some devices, made since a time (all of each when left out). */
export interface FedScope {
  baseId?: number;
  deviceIds?: readonly string[];
  since?: Date;
}

/** One group: its key (base id, device id or month; '' for 'all'), its acknowledged feeds and their grams. */
export interface FedRow {
  key: string;
  feeds: number;
  grams: number;
}

const KEYS: Record<FedGrouping, SQL> = {
  all: sql`''`,
  base: sql`f.base_id::text`,
  device: sql`f.device_id`,
  month: sql`to_char(f.created_at AT TIME ZONE 'UTC', 'YYYY-MM')`,
};

/**
 * The one definition of "grams fed" (issue 28 §3): the grams the devices measured and answered for the feeds
 * they acknowledged (feeds.status = 'succeeded', feeds.grams_dispensed), counted on the feed's UTC day and
 * at the base it was made at. Every screen that shows grams fed — a base's page, device management, the home
 * page's total food, the public accounts — reads this query and nothing else.
 *
 * Before it, a base's page summed its devices' `device_days.grams_dispensed`, which counts acknowledged
 * dispense *commands* (decision 021), while device management and the home page summed the feeds: a feed
 * without its command row (the demo's seeded days, a process that died between the feed and its command)
 * showed in one and not the other, so a base said "Total fed 0g" while its devices showed thousands.
 */
export class FedGramsRepository {
  constructor(private readonly db: Database) {}

  /** The grams fed in `scope`, grouped `by`; groups without an acknowledged feed are left out. */
  async fed(scope: FedScope, by: FedGrouping): Promise<FedRow[]> {
    if (scope.deviceIds?.length === 0) return [];
    const where: SQL[] = [sql`f.status = 'succeeded'`];
    if (scope.baseId !== undefined) where.push(sql`f.base_id = ${scope.baseId}::int`);
    if (scope.deviceIds)
      where.push(
        sql`f.device_id IN (${sql.join(
          scope.deviceIds.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      );
    if (scope.since) where.push(sql`f.created_at >= ${scope.since.toISOString()}::timestamptz`);
    const result = await this.db.execute(
      sql`SELECT ${KEYS[by]} AS key, count(*)::int AS feeds, coalesce(sum(f.grams_dispensed), 0)::float8 AS grams
            FROM feeds f WHERE ${sql.join(where, sql` AND `)}
           GROUP BY 1 ORDER BY 1`,
    );
    return rowsOf<{ key: string; feeds: number | string; grams: number | string }>(result).map((r) => ({
      key: r.key,
      feeds: Number(r.feeds),
      grams: Number(r.grams),
    }));
  }

  /** The grams fed in `scope`, in all. */
  async total(scope: FedScope = {}): Promise<number> {
    const [row] = await this.fed(scope, 'all');
    return row?.grams ?? 0;
  }

  /** The grams fed per device of `deviceIds` (since `since` when given); 0 for a device without feeds. */
  async byDevice(deviceIds: readonly string[], since?: Date): Promise<Map<string, number>> {
    const rows = await this.fed({ deviceIds, ...(since ? { since } : {}) }, 'device');
    const grams = new Map(deviceIds.map((id) => [id, 0]));
    for (const r of rows) grams.set(r.key, r.grams);
    return grams;
  }
}
