import { count, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { postComments, posts, users } from '../../db/schema';
import type { Page } from './repository';

export type CommentRow = typeof postComments.$inferSelect;
export interface CommentView {
  comment: CommentRow;
  author: { id: number; nickname: string; avatar: string };
}

function rowsOf(result: unknown): unknown[] {
  return (result as { rows?: unknown[] }).rows ?? [];
}

const author = { id: users.id, nickname: users.nickname, avatar: users.avatar };

/** Comments on posts; each insert and delete moves the post's comment_count in the same statement. */
export class PostCommentRepository {
  constructor(private readonly db: Database) {}

  /** A post's comments, newest first. */
  async list(postId: number, page: Page): Promise<{ rows: CommentView[]; total: number }> {
    const where = eq(postComments.postId, postId);
    const [rows, totals] = await Promise.all([
      this.db
        .select({ comment: postComments, author })
        .from(postComments)
        .innerJoin(users, eq(users.id, postComments.userId))
        .where(where)
        .orderBy(sql`${postComments.postId}`, sql`${postComments.id} DESC NULLS LAST`)
        .limit(page.limit)
        .offset(page.offset),
      this.db.select({ n: count() }).from(postComments).where(where),
    ]);
    return { rows, total: totals[0]?.n ?? 0 };
  }

  async view(id: number): Promise<CommentView | undefined> {
    const rows = await this.db
      .select({ comment: postComments, author })
      .from(postComments)
      .innerJoin(users, eq(users.id, postComments.userId))
      .where(eq(postComments.id, id))
      .limit(1);
    return rows[0];
  }

  async byId(id: number): Promise<CommentRow | undefined> {
    const rows = await this.db.select().from(postComments).where(eq(postComments.id, id)).limit(1);
    return rows[0];
  }

  /**
   * Adds a comment to a published post (checked in the same statement: a post unpublished meanwhile gets
   * none). Answers the new comment's id, or undefined when the post is not published.
   */
  async insert(postId: number, userId: number, content: string, at: Date): Promise<number | undefined> {
    const result = await this.db.execute(sql`
      WITH added AS (
        INSERT INTO ${postComments} ("post_id", "user_id", "content", "created_at")
        SELECT p."id", ${userId}::int, ${content}::text, ${at.toISOString()}::timestamptz
        FROM ${posts} p WHERE p."id" = ${postId}::int AND p."status" = 'res'
        RETURNING "id", "post_id"
      ), counted AS (
        UPDATE ${posts} SET "comment_count" = "comment_count" + 1 WHERE "id" IN (SELECT "post_id" FROM added)
      )
      SELECT "id" FROM added`);
    const row = rowsOf(result)[0] as { id: number | string } | undefined;
    return row ? Number(row.id) : undefined;
  }

  /** Deletes the user's own comment; answers its post, or undefined when it is not theirs. */
  async delete(id: number, userId: number): Promise<number | undefined> {
    const result = await this.db.execute(sql`
      WITH removed AS (
        DELETE FROM ${postComments} WHERE "id" = ${id}::int AND "user_id" = ${userId}::int RETURNING "post_id"
      ), counted AS (
        UPDATE ${posts} SET "comment_count" = "comment_count" - 1 WHERE "id" IN (SELECT "post_id" FROM removed)
      )
      SELECT "post_id" FROM removed`);
    const row = rowsOf(result)[0] as { post_id: number | string } | undefined;
    return row ? Number(row.post_id) : undefined;
  }
}
