import { and, count, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { liveClips, posts, users } from '../../db/schema';

export type ClipRow = typeof liveClips.$inferSelect;
export type ClipWithAuthor = ClipRow & { nickname: string };

const withAuthor = { ...getTableColumns(liveClips), nickname: users.nickname };

/** Clips cut from live streams: the file's path under the uploads folder, who cut it, whether it is published. */
export class ClipRepository {
  constructor(private readonly db: Database) {}

  async insert(clip: typeof liveClips.$inferInsert): Promise<void> {
    await this.db.insert(liveClips).values(clip);
  }

  async byId(id: string): Promise<ClipWithAuthor | undefined> {
    const rows = await this.db
      .select(withAuthor)
      .from(liveClips)
      .innerJoin(users, eq(users.id, liveClips.userId))
      .where(eq(liveClips.id, id))
      .limit(1);
    return rows[0];
  }

  /** Publishes the user's own clip; false when it is not theirs (or does not exist). */
  async publish(id: string, userId: number): Promise<boolean> {
    const rows = await this.db
      .update(liveClips)
      .set({ published: true })
      .where(and(eq(liveClips.id, id), eq(liveClips.userId, userId)))
      .returning({ id: liveClips.id });
    return rows.length > 0;
  }

  /** A room's published clips, newest first. */
  async listPublished(q: {
    deviceId: string;
    page: number;
    limit: number;
  }): Promise<{ rows: ClipWithAuthor[]; total: number }> {
    const where = and(eq(liveClips.deviceId, q.deviceId), eq(liveClips.published, true));
    const [rows, totals] = await Promise.all([
      this.db
        .select(withAuthor)
        .from(liveClips)
        .innerJoin(users, eq(users.id, liveClips.userId))
        .where(where)
        .orderBy(desc(liveClips.createdAt), desc(liveClips.id))
        .limit(q.limit)
        .offset((q.page - 1) * q.limit),
      this.db.select({ n: count() }).from(liveClips).where(where),
    ]);
    return { rows, total: totals[0]?.n ?? 0 };
  }

  /**
   * Deletes up to `limit` clips made before `before` that were never published to their room nor put in a post
   * (issue 28 §1: user clips were kept forever). Answers the deleted rows' files (the caller deletes them).
   */
  async deleteUnpublished(before: Date, limit: number): Promise<string[]> {
    const result = await this.db.execute(sql`
      DELETE FROM ${liveClips} AS c WHERE c."id" IN (
        SELECT l."id" FROM ${liveClips} l
        WHERE l."published" = false AND l."created_at" < ${before.toISOString()}::timestamptz
          AND NOT EXISTS (SELECT 1 FROM ${posts} p WHERE p."clip_id" = l."id" OR p."video_path" = l."path")
        ORDER BY l."created_at" LIMIT ${limit}::int)
      RETURNING c."path" AS "path"`);
    return rowsOf<{ path: string }>(result).map((r) => r.path);
  }
}
