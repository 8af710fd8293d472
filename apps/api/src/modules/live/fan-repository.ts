import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { fanMembers, users } from '../../db/schema';
import type { FanPoints } from './fan-points';

export type FanRow = typeof fanMembers.$inferSelect;
export interface FanMemberRow {
  userId: number;
  nickname: string;
  avatar: string;
  points: number;
}

const member = (deviceId: string, userId: number) =>
  and(eq(fanMembers.deviceId, deviceId), eq(fanMembers.userId, userId));

/** The fan_members table: one row per member of a room's fan group. */
export class FanRepository {
  constructor(private readonly db: Database) {}

  async get(deviceId: string, userId: number): Promise<FanRow | undefined> {
    const rows = await this.db.select().from(fanMembers).where(member(deviceId, userId)).limit(1);
    return rows[0];
  }

  /** Joins (idempotent) and answers the membership. */
  async join(deviceId: string, userId: number, at: Date): Promise<FanRow> {
    await this.db.insert(fanMembers).values({ deviceId, userId, joinedAt: at }).onConflictDoNothing();
    const row = await this.get(deviceId, userId);
    if (!row) throw new Error('fan member not found after insert');
    return row;
  }

  async count(deviceId: string): Promise<number> {
    const rows = await this.db.select({ n: count() }).from(fanMembers).where(eq(fanMembers.deviceId, deviceId));
    return rows[0]?.n ?? 0;
  }

  /** Members by points (most first), then by who joined first. */
  async list(deviceId: string, q: { page: number; limit: number }): Promise<FanMemberRow[]> {
    return this.db
      .select({ userId: fanMembers.userId, nickname: users.nickname, avatar: users.avatar, points: fanMembers.points })
      .from(fanMembers)
      .innerJoin(users, eq(users.id, fanMembers.userId))
      .where(eq(fanMembers.deviceId, deviceId))
      .orderBy(desc(fanMembers.points), asc(fanMembers.joinedAt), asc(fanMembers.userId))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit);
  }

  /** Writes new counters only if nobody changed them since `from` was read (compare and set). */
  async setPoints(deviceId: string, userId: number, from: FanPoints, to: FanPoints): Promise<boolean> {
    const rows = await this.db
      .update(fanMembers)
      .set({ points: to.points, pointsDay: to.pointsDay, commentPointsToday: to.commentPointsToday })
      .where(
        and(
          member(deviceId, userId),
          eq(fanMembers.points, from.points),
          eq(fanMembers.pointsDay, from.pointsDay),
          eq(fanMembers.commentPointsToday, from.commentPointsToday),
        ),
      )
      .returning({ userId: fanMembers.userId });
    return rows.length > 0;
  }
}
