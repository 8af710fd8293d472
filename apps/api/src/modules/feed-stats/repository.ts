import { and, asc, desc, eq, gte, sql, type SQL } from 'drizzle-orm';
import type { LeaderboardPeriod } from '@petheart/contracts';
import type { Database } from '../../db/client';
import { bases, feeds, users } from '../../db/schema';
import type { Zone } from './policy';

/** Acknowledged feeds: the device said it dispensed, and something fell (decision 011). */
const acknowledged = eq(feeds.status, 'succeeded');
/** Sums as float8: exact far beyond int4, and a number (not a string) from both drivers. */
const gramsSum = sql<number>`coalesce(sum(${feeds.gramsDispensed}), 0)::float8`.mapWith(Number);
const epoch = (at: SQL) => sql<number | null>`extract(epoch from ${at})::float8`.mapWith(Number);

/** Rows of db.execute: PGlite and node-postgres both answer { rows }. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows?: T[] }).rows ?? [];
}

/** The zone as PostgreSQL's AT TIME ZONE takes it (an interval is minutes east of UTC, ISO sign). */
function zoneSql(zone: Zone): SQL {
  return 'name' in zone ? sql`${zone.name}::text` : sql`make_interval(mins => ${zone.offsetMinutes}::int)`;
}

export interface CalendarDayRow {
  date: string;
  grams: number;
  feeds: number;
}

export interface LeaderRow {
  userId: number;
  nickname: string;
  avatar: string;
  grams: number;
  rank: number;
}

export interface CertificateRow {
  /** A disabled account's certificate is not shown to others. */
  status: 'normal' | 'disabled';
  nickname: string;
  avatar: string;
  joinedAt: Date;
  feeds: number;
  grams: number;
  firstFedAt: number | null;
  bases: number;
  animals: number;
}

export interface FeedTotals {
  /** Distinct users with a posted feed (acknowledged and charged: its hold was posted). */
  feeders: number;
  /** The animal counts of the bases that received food, added up. */
  animals: number;
}

/** Read-only figures over the feeds table (decision 012), each served by an index of migration 0006. */
export class FeedStatsRepository {
  constructor(private readonly db: Database) {}

  /** A user's acknowledged feeds per local day of `month` (YYYY-MM) in `zone`, days without feeds left out. */
  async calendar(userId: number, month: string, zone: Zone): Promise<CalendarDayRow[]> {
    const z = zoneSql(zone);
    const start = sql`to_date(${month}, 'YYYY-MM')::timestamp`;
    const day = sql<string>`to_char((${feeds.createdAt} AT TIME ZONE ${z})::date, 'YYYY-MM-DD')`;
    return (
      this.db
        .select({ date: day, grams: gramsSum, feeds: sql<number>`count(*)::int` })
        .from(feeds)
        .where(
          and(
            eq(feeds.userId, userId),
            acknowledged,
            sql`${feeds.createdAt} >= (${start} AT TIME ZONE ${z})`,
            sql`${feeds.createdAt} < ((${start} + interval '1 month') AT TIME ZONE ${z})`,
          ),
        )
        // By position: the zone is a parameter, so the expression repeated would not match the select's.
        .groupBy(sql`1`)
        .orderBy(sql`1`)
    );
  }

  /** When `period` began at `now` in `zone` (local midnight; Monday for the week); null for all time. */
  async periodStart(period: LeaderboardPeriod, now: Date, zone: Zone): Promise<Date | null> {
    if (period === 'all') return null;
    const z = zoneSql(zone);
    const unit = period === 'today' ? sql.raw(`'day'`) : sql.raw(`'week'`);
    const result = await this.db.execute(
      sql`SELECT extract(epoch from (date_trunc(${unit}, ${now.toISOString()}::timestamptz AT TIME ZONE ${z})
        AT TIME ZONE ${z}))::float8 AS since`,
    );
    const since = Number(rowsOf<{ since: unknown }>(result)[0]?.since);
    return new Date(since * 1000);
  }

  /** The top `limit` feeders by grams since `since` (all time when null), enabled accounts only. */
  async leaders(since: Date | null, limit: number): Promise<LeaderRow[]> {
    const totals = this.db.$with('totals').as(
      this.db
        .select({ userId: feeds.userId, grams: gramsSum.as('grams') })
        .from(feeds)
        .where(and(acknowledged, since ? gte(feeds.createdAt, since) : undefined))
        .groupBy(feeds.userId),
    );
    return this.db
      .with(totals)
      .select({
        userId: totals.userId,
        nickname: users.nickname,
        avatar: users.avatar,
        grams: sql<number>`${totals.grams}`.mapWith(Number),
        rank: sql<number>`(rank() OVER (ORDER BY ${totals.grams} DESC))::int`,
      })
      .from(totals)
      .innerJoin(users, eq(users.id, totals.userId))
      .where(eq(users.status, 'normal'))
      .orderBy(desc(totals.grams), asc(totals.userId))
      .limit(limit);
  }

  /** A user's grams since `since` (all time when null). */
  async userGrams(userId: number, since: Date | null): Promise<number> {
    const rows = await this.db
      .select({ grams: gramsSum })
      .from(feeds)
      .where(and(eq(feeds.userId, userId), acknowledged, since ? gte(feeds.createdAt, since) : undefined));
    return rows[0]?.grams ?? 0;
  }

  /** What a user's certificate shows; undefined when the user does not exist. */
  async certificate(userId: number): Promise<CertificateRow | undefined> {
    const reached = sql`EXISTS (SELECT 1 FROM "feeds" f WHERE f."base_id" = ${bases.id}
      AND f."user_id" = ${userId} AND f."status" = 'succeeded')`;
    const [user, fed, helped] = await Promise.all([
      this.db
        .select({ status: users.status, nickname: users.nickname, avatar: users.avatar, joinedAt: users.createdAt })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1),
      this.db
        .select({
          feeds: sql<number>`count(*)::int`,
          grams: gramsSum,
          firstFedAt: epoch(sql`min(${feeds.createdAt})`),
        })
        .from(feeds)
        .where(and(eq(feeds.userId, userId), acknowledged)),
      this.db
        .select({
          bases: sql<number>`count(*)::int`,
          animals: sql<number>`coalesce(sum(${bases.animalCount}), 0)::float8`.mapWith(Number),
        })
        .from(bases)
        .where(reached),
    ]);
    const u = user[0];
    if (!u) return undefined;
    const f = fed[0];
    const h = helped[0];
    return {
      ...u,
      feeds: f?.feeds ?? 0,
      grams: f?.grams ?? 0,
      firstFedAt: f && f.feeds > 0 ? f.firstFedAt : null,
      bases: h?.bases ?? 0,
      animals: h?.animals ?? 0,
    };
  }

  /** The home page's feeding figures (PRODUCT.md §7); its total food: FedGramsRepository (issue 28 §3). */
  async totals(): Promise<FeedTotals> {
    const received = sql`EXISTS (SELECT 1 FROM "feeds" f WHERE f."base_id" = ${bases.id} AND f."status" = 'succeeded')`;
    const [fed, helped] = await Promise.all([
      this.db
        .select({
          feeders: sql<number>`count(DISTINCT ${feeds.userId}) FILTER (WHERE ${feeds.coinsCharged} > 0)::int`,
        })
        .from(feeds)
        .where(acknowledged),
      this.db
        .select({ animals: sql<number>`coalesce(sum(${bases.animalCount}), 0)::float8`.mapWith(Number) })
        .from(bases)
        .where(received),
    ]);
    return { feeders: fed[0]?.feeders ?? 0, animals: helped[0]?.animals ?? 0 };
  }
}
