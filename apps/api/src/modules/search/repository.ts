import { and, asc, count, eq, ilike, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { bases, devices } from '../../db/schema';
import type { BaseRow } from '../base/repository';
import type { RoomRow } from '../live/room-repository';

// Written out: correlated subqueries over the joined rows.
const followers = sql<number>`(SELECT count(*)::int FROM "live_follows" f WHERE f."device_id" = "devices"."id")`;
const hasEnabledDevice = sql`EXISTS (SELECT 1 FROM "devices" d WHERE d."base_id" = "bases"."id" AND NOT d."disabled")`;
const baseColumns = {
  id: bases.id,
  name: bases.name,
  address: bases.address,
  photos: bases.photos,
  latitude: bases.latitude,
  longitude: bases.longitude,
  locationPublic: bases.locationPublic,
  textLang: bases.textLang,
  translations: bases.translations,
  hasIntroduction: sql<boolean>`(${bases.introduction} <> '')`,
};
/** A base's address matches only where it is public: else a search would confirm a street (decision 037). */
const publicAddressLike = (pattern: string) => and(eq(bases.locationPublic, true), ilike(bases.address, pattern));

/** Keyword searches over live rooms and bases (ILIKE patterns from `containsPattern`). */
export class SearchRepository {
  constructor(private readonly db: Database) {}

  /** Live rooms (enabled devices) whose device id or name, or whose base's name or public address, match. */
  async rooms(pattern: string): Promise<RoomRow[]> {
    return this.db
      .select({ device: devices, base: baseColumns, followers })
      .from(devices)
      .innerJoin(bases, eq(bases.id, devices.baseId))
      .where(
        and(
          eq(devices.disabled, false),
          or(
            ilike(devices.id, pattern),
            ilike(devices.name, pattern),
            ilike(bases.name, pattern),
            publicAddressLike(pattern),
          ),
        ),
      )
      .orderBy(asc(devices.id));
  }

  /** Bases with a live room whose name or public address match, by name. */
  async bases(pattern: string, page: { limit: number; offset: number }): Promise<{ rows: BaseRow[]; total: number }> {
    const where = and(hasEnabledDevice, or(ilike(bases.name, pattern), publicAddressLike(pattern)));
    const [rows, totals] = await Promise.all([
      this.db
        .select()
        .from(bases)
        .where(where)
        .orderBy(asc(bases.name), asc(bases.id))
        .limit(page.limit)
        .offset(page.offset),
      this.db.select({ n: count() }).from(bases).where(where),
    ]);
    return { rows, total: totals[0]?.n ?? 0 };
  }
}
