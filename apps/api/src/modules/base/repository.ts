import { and, asc, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { bases, devices, users } from '../../db/schema';

export type BaseRow = typeof bases.$inferSelect;
export type NewBase = typeof bases.$inferInsert;
export type BasePatch = Partial<Omit<NewBase, 'id' | 'createdAt'>>;

/** Earth radius of the specification's straight-line distance, metres. */
export const EARTH_RADIUS_M = 6378136.49;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

// Correlated subqueries are written out: drizzle drops table names from columns in single-table selects.
const deviceCount = sql<number>`(SELECT count(*)::int FROM "devices" d WHERE d."base_id" = "bases"."id")`;
const hasEnabledDevice = sql`EXISTS (SELECT 1 FROM "devices" d WHERE d."base_id" = "bases"."id" AND NOT d."disabled")`;

export class BaseRepository {
  constructor(private readonly db: Database) {}

  async byId(id: number): Promise<BaseRow | undefined> {
    const rows = await this.db.select().from(bases).where(eq(bases.id, id)).limit(1);
    return rows[0];
  }

  async byName(name: string): Promise<BaseRow | undefined> {
    const rows = await this.db.select().from(bases).where(eq(bases.name, name)).orderBy(asc(bases.id)).limit(1);
    return rows[0];
  }

  async userExists(id: number): Promise<boolean> {
    const rows = await this.db.select({ id: users.id }).from(users).where(eq(users.id, id)).limit(1);
    return rows.length > 0;
  }

  /** The console's list: every base with its number of devices. */
  async list(q: {
    page: number;
    limit: number;
    keyword?: string | undefined;
  }): Promise<{ rows: (BaseRow & { deviceCount: number })[]; total: number }> {
    const where = q.keyword ? this.keywordMatch(q.keyword) : undefined;
    const [rows, totals] = await Promise.all([
      this.db
        .select({ base: bases, deviceCount })
        .from(bases)
        .where(where)
        .orderBy(asc(bases.id))
        .limit(q.limit)
        .offset((q.page - 1) * q.limit),
      this.db.select({ n: count() }).from(bases).where(where),
    ]);
    return { rows: rows.map((r) => ({ ...r.base, deviceCount: r.deviceCount })), total: totals[0]?.n ?? 0 };
  }

  /**
   * Bases that have at least one enabled device (the public lists), nearest first when a location is
   * given (great-circle distance in metres), else oldest first.
   */
  async withEnabledDevices(q: {
    page: number;
    limit: number;
    keyword?: string | undefined;
    near?: { latitude: number; longitude: number } | undefined;
  }): Promise<{ rows: (BaseRow & { distance: number | null })[]; total: number }> {
    const where = and(hasEnabledDevice, q.keyword ? this.keywordMatch(q.keyword) : undefined);
    const distance = q.near
      ? // least(1, …): rounding can put the root just above 1 for a point (nearly) opposite a base (as geo.ts).
        sql<number>`(2 * ${EARTH_RADIUS_M}::float8 * asin(least(1::float8, sqrt(
          power(sin(radians(${bases.latitude} - ${q.near.latitude}::float8) / 2), 2)
          + cos(radians(${q.near.latitude}::float8)) * cos(radians(${bases.latitude}))
            * power(sin(radians(${bases.longitude} - ${q.near.longitude}::float8) / 2), 2)))))`
      : sql<null>`NULL::float8`;
    const [rows, totals] = await Promise.all([
      this.db
        .select({ base: bases, distance })
        .from(bases)
        .where(where)
        .orderBy(...(q.near ? [asc(distance), asc(bases.id)] : [asc(bases.id)]))
        .limit(q.limit)
        .offset((q.page - 1) * q.limit),
      this.db.select({ n: count() }).from(bases).where(where),
    ]);
    return {
      rows: rows.map((r) => ({ ...r.base, distance: r.distance === null ? null : Math.round(r.distance) })),
      total: totals[0]?.n ?? 0,
    };
  }

  async insert(base: NewBase): Promise<BaseRow> {
    const rows = await this.db.insert(bases).values(base).returning();
    const row = rows[0];
    if (!row) throw new Error('insert returned no row');
    return row;
  }

  async update(id: number, patch: BasePatch): Promise<BaseRow | undefined> {
    if (Object.keys(patch).length === 0) return this.byId(id);
    const rows = await this.db.update(bases).set(patch).where(eq(bases.id, id)).returning();
    return rows[0];
  }

  async deviceCount(id: number): Promise<number> {
    const rows = await this.db.select({ n: count() }).from(devices).where(eq(devices.baseId, id));
    return rows[0]?.n ?? 0;
  }

  private keywordMatch(keyword: string): SQL | undefined {
    const like = `%${escapeLike(keyword)}%`;
    return or(ilike(bases.name, like), ilike(bases.address, like));
  }
}
