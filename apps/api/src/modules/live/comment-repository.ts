import { and, asc, desc, eq, gt, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { fanMembers, liveComments, users } from '../../db/schema';

/** A comment with its author and the author's fan points in the room (null when not a member). */
export interface CommentRow {
  seq: number;
  deviceId: string;
  userId: number;
  nickname: string;
  avatar: string;
  fanPoints: number | null;
  content: string;
  createdAt: Date;
}

const columns = {
  seq: liveComments.id,
  deviceId: liveComments.deviceId,
  userId: liveComments.userId,
  nickname: users.nickname,
  avatar: users.avatar,
  fanPoints: fanMembers.points,
  content: liveComments.content,
  createdAt: liveComments.createdAt,
};

/** The live_comments table; the identity id is the comment's sequence number. */
export class CommentRepository {
  constructor(private readonly db: Database) {}

  async insert(deviceId: string, userId: number, content: string, at: Date): Promise<number> {
    const rows = await this.db
      .insert(liveComments)
      .values({ deviceId, userId, content, createdAt: at })
      .returning({ seq: liveComments.id });
    const row = rows[0];
    if (!row) throw new Error('insert returned no row');
    return row.seq;
  }

  async bySeq(seq: number): Promise<CommentRow | undefined> {
    const rows = await this.select(eq(liveComments.id, seq), 'asc', 1);
    return rows[0];
  }

  /** Comments after a sequence number, oldest first; without one, the newest `limit` (still oldest first). */
  async list(deviceId: string, q: { afterSeq?: number | undefined; limit: number }): Promise<CommentRow[]> {
    if (q.afterSeq !== undefined) {
      return this.select(and(eq(liveComments.deviceId, deviceId), gt(liveComments.id, q.afterSeq)), 'asc', q.limit);
    }
    const newest = await this.select(eq(liveComments.deviceId, deviceId), 'desc', q.limit);
    return newest.reverse();
  }

  private async select(where: SQL | undefined, order: 'asc' | 'desc', limit: number): Promise<CommentRow[]> {
    return this.db
      .select(columns)
      .from(liveComments)
      .innerJoin(users, eq(users.id, liveComments.userId))
      .leftJoin(
        fanMembers,
        and(eq(fanMembers.deviceId, liveComments.deviceId), eq(fanMembers.userId, liveComments.userId)),
      )
      .where(where)
      .orderBy(order === 'asc' ? asc(liveComments.id) : desc(liveComments.id))
      .limit(limit);
  }
}
