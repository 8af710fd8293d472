import { and, asc, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { bases, devices, users } from '../../db/schema';
import { CELLS_PER_DEGREE, FIRST_ROW, LAST_ROW } from './location-policy';

export type BaseRow = typeof bases.$inferSelect;
export type NewBase = typeof bases.$inferInsert;
export type BasePatch = Partial<Omit<NewBase, 'id' | 'createdAt'>>;

/** Earth radius of the specification's straight-line distance, metres. */
export const EARTH_RADIUS_M = 6378136.49;

/**
 * A base's public point in SQL (location-policy.ts's `publicPoint`, the same float8 arithmetic in the same
 * order), so the distances and the order of the public lists come from the point those lists show.
 */
function publicPointSql(): { latitude: SQL<number>; longitude: SQL<number> } {
  const perDegree = sql`${CELLS_PER_DEGREE}::float8`;
  const row = sql`least(${LAST_ROW}::float8, greatest(${FIRST_ROW}::float8, floor(${bases.latitude} * ${perDegree})))`;
  const centre = sql`((${row} + 0.5::float8) / ${perDegree})`;
  const cells = sql`greatest(1::float8, floor(360::float8 * cos(${centre} * ${Math.PI / 180}::float8) * ${perDegree}))`;
  const width = sql`(360::float8 / ${cells})`;
  const column = sql`least(${cells} - 1::float8, greatest(0::float8, floor((${bases.longitude} + 180::float8) / ${width})))`;
  return {
    latitude: sql<number>`(CASE WHEN ${bases.locationPublic} THEN ${bases.latitude} ELSE ${centre} END)`,
    longitude: sql<number>`(CASE WHEN ${bases.locationPublic} THEN ${bases.longitude}
      ELSE -180::float8 + (${column} + 0.5::float8) * ${width} END)`,
  };
}

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
   * given (great-circle distance in metres to the base's public point), else oldest first. A keyword matches
   * the name, and the address only where it is public (else a search would confirm a street).
   */
  async withEnabledDevices(q: {
    page: number;
    limit: number;
    keyword?: string | undefined;
    near?: { latitude: number; longitude: number } | undefined;
  }): Promise<{ rows: (BaseRow & { distance: number | null })[]; total: number }> {
    const where = and(hasEnabledDevice, q.keyword ? this.keywordMatch(q.keyword, true) : undefined);
    const at = publicPointSql();
    const distance = q.near
      ? // least(1, …): rounding can put the root just above 1 for a point (nearly) opposite a base (as geo.ts).
        sql<number>`(2 * ${EARTH_RADIUS_M}::float8 * asin(least(1::float8, sqrt(
          power(sin(radians(${at.latitude} - ${q.near.latitude}::float8) / 2), 2)
          + cos(radians(${q.near.latitude}::float8)) * cos(radians(${at.latitude}))
            * power(sin(radians(${at.longitude} - ${q.near.longitude}::float8) / 2), 2)))))`
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

  /** Name or address; `publicOnly`: the address only of bases whose location is public. */
  private keywordMatch(keyword: string, publicOnly = false): SQL | undefined {
    const like = `%${escapeLike(keyword)}%`;
    const address = ilike(bases.address, like);
    return or(ilike(bases.name, like), publicOnly ? and(eq(bases.locationPublic, true), address) : address);
  }
}
