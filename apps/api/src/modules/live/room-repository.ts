import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { bases, deviceDays, devices, fanMembers, liveComments, liveFollows } from '../../db/schema';
import type { TextTranslations } from '../../db/schema/columns';
import { utcDate } from '../../lib/time';
import type { DeviceRow } from '../device/repository';

/** A live room: an enabled device at its base, with its number of followers. */
export interface RoomRow {
  device: DeviceRow;
  base: {
    id: number;
    name: string;
    address: string;
    photos: string[];
    latitude: number;
    longitude: number;
    /** The exact location is public (else the lists show it coarse: base/location-policy.ts). */
    locationPublic: boolean;
    /** The name's language and its translations (issue 29 §5). */
    textLang: string;
    translations: TextTranslations;
    hasIntroduction: boolean;
  };
  followers: number;
}

// Written out: a correlated subquery over the joined devices row.
const followers = sql<number>`(SELECT count(*)::int FROM "live_follows" f WHERE f."device_id" = "devices"."id")`;
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

/** Live rooms (enabled devices with their base), follows, and what fell today. */
export class RoomRepository {
  constructor(private readonly db: Database) {}

  /** Enabled devices as rooms: all of them, one base's, or the ones a user follows (newest follow first). */
  async rooms(filter: { baseId?: number; followedBy?: number } = {}): Promise<RoomRow[]> {
    const conditions: SQL[] = [eq(devices.disabled, false)];
    if (filter.baseId !== undefined) conditions.push(eq(devices.baseId, filter.baseId));
    const query = this.db.select({ device: devices, base: baseColumns, followers }).from(devices);
    if (filter.followedBy === undefined) {
      return query
        .innerJoin(bases, eq(bases.id, devices.baseId))
        .where(and(...conditions))
        .orderBy(asc(devices.id));
    }
    return query
      .innerJoin(bases, eq(bases.id, devices.baseId))
      .innerJoin(liveFollows, and(eq(liveFollows.deviceId, devices.id), eq(liveFollows.userId, filter.followedBy)))
      .where(and(...conditions))
      .orderBy(desc(liveFollows.createdAt), asc(devices.id));
  }

  /**
   * The fan groups a user is in, as rooms with the membership (enabled devices only, as every room list):
   * most points first, then the oldest membership; one page and the total.
   */
  async fanGroups(
    userId: number,
    page: { page: number; limit: number },
  ): Promise<{ rows: (RoomRow & { points: number; joinedAt: Date })[]; total: number }> {
    const where = and(eq(devices.disabled, false), eq(fanMembers.userId, userId));
    const [rows, totals] = await Promise.all([
      this.db
        .select({
          device: devices,
          base: baseColumns,
          followers,
          points: fanMembers.points,
          joinedAt: fanMembers.joinedAt,
        })
        .from(fanMembers)
        .innerJoin(devices, eq(devices.id, fanMembers.deviceId))
        .innerJoin(bases, eq(bases.id, devices.baseId))
        .where(where)
        .orderBy(desc(fanMembers.points), asc(fanMembers.joinedAt), asc(devices.id))
        .limit(page.limit)
        .offset((page.page - 1) * page.limit),
      this.db
        .select({ n: count() })
        .from(fanMembers)
        .innerJoin(devices, eq(devices.id, fanMembers.deviceId))
        .where(where),
    ]);
    return { rows, total: totals[0]?.n ?? 0 };
  }

  /** What a socket needs to join a room: whether the device is enabled, and its newest comment. */
  async roomStatus(deviceId: string): Promise<{ enabled: boolean; latestSeq: number } | undefined> {
    const rows = await this.db
      .select({
        disabled: devices.disabled,
        latestSeq:
          sql<number>`(SELECT coalesce(max(c."id"), 0) FROM "live_comments" c WHERE c."device_id" = ${deviceId})`.mapWith(
            Number,
          ),
      })
      .from(devices)
      .where(eq(devices.id, deviceId))
      .limit(1);
    const row = rows[0];
    return row ? { enabled: !row.disabled, latestSeq: row.latestSeq } : undefined;
  }

  async latestSeq(deviceId: string): Promise<number> {
    const rows = await this.db
      .select({ seq: sql<number>`coalesce(max(${liveComments.id}), 0)`.mapWith(Number) })
      .from(liveComments)
      .where(eq(liveComments.deviceId, deviceId));
    return rows[0]?.seq ?? 0;
  }

  async followers(deviceId: string): Promise<number> {
    const rows = await this.db.select({ n: count() }).from(liveFollows).where(eq(liveFollows.deviceId, deviceId));
    return rows[0]?.n ?? 0;
  }

  async isFollowing(userId: number, deviceId: string): Promise<boolean> {
    const rows = await this.db
      .select({ userId: liveFollows.userId })
      .from(liveFollows)
      .where(and(eq(liveFollows.userId, userId), eq(liveFollows.deviceId, deviceId)))
      .limit(1);
    return rows.length > 0;
  }

  /** Idempotent. */
  async follow(userId: number, deviceId: string, at: Date): Promise<void> {
    await this.db.insert(liveFollows).values({ userId, deviceId, createdAt: at }).onConflictDoNothing();
  }

  /** Idempotent. */
  async unfollow(userId: number, deviceId: string): Promise<void> {
    await this.db.delete(liveFollows).where(and(eq(liveFollows.userId, userId), eq(liveFollows.deviceId, deviceId)));
  }

  /**
   * Grams a device dispensed (acknowledged) on the UTC day of `at`: its device_days row (decision 021), the
   * figure the settlement sends with the room's `fed` events.
   */
  async gramsDispensedOn(deviceId: string, at: Date): Promise<number> {
    const [row] = await this.db
      .select({ grams: deviceDays.gramsDispensed })
      .from(deviceDays)
      .where(and(eq(deviceDays.deviceId, deviceId), eq(deviceDays.day, utcDate(at))));
    return row?.grams ?? 0;
  }
}
