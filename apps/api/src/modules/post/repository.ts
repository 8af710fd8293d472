import { and, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { PostStatus } from '@petheart/contracts';
import type { Database } from '../../db/client';
import { bases, devices, liveClips, postLikes, posts, uploads, users } from '../../db/schema';

export type PostRow = typeof posts.$inferSelect;
export type NewPost = Pick<
  typeof posts.$inferInsert,
  'userId' | 'deviceId' | 'content' | 'images' | 'clipId' | 'videoPath' | 'createdAt' | 'updatedAt'
>;
export type PostEdit = Pick<PostRow, 'deviceId' | 'content' | 'images' | 'clipId' | 'videoPath' | 'updatedAt'>;

/** A post with what its presentation needs: the author, the device and its base (null once removed). */
export interface PostView {
  post: PostRow;
  author: { id: number; nickname: string; avatar: string };
  device: { id: string; name: string; baseId: number; baseName: string } | null;
}
/** A post as the console sees it: who last reviewed it. */
export interface AdminPostView extends PostView {
  reviewer: { id: number; nickname: string } | null;
}

export interface Page {
  limit: number;
  offset: number;
}

/** Rows of db.execute: PGlite and node-postgres both answer { rows }. */
function rowsOf(result: unknown): unknown[] {
  return (result as { rows?: unknown[] }).rows ?? [];
}

const reviewers = alias(users, 'reviewer');
const author = { id: users.id, nickname: users.nickname, avatar: users.avatar };
// One object per left-joined table: drizzle answers null for a table's object when the join found no row.
const device = { id: devices.id, name: devices.name };
const base = { id: bases.id, name: bases.name };

interface Joined {
  post: PostRow;
  author: PostView['author'];
  device: { id: string; name: string } | null;
  base: { id: number; name: string } | null;
}
function toView(r: Joined): PostView {
  return {
    post: r.post,
    author: r.author,
    device: r.device && r.base ? { ...r.device, baseId: r.base.id, baseName: r.base.name } : null,
  };
}
function toAdminView(r: Joined & { reviewer: AdminPostView['reviewer'] }): AdminPostView {
  return { ...toView(r), reviewer: r.reviewer };
}

/** The community's order (matches the partial index posts_published_idx). */
const newestPublished = [sql`${posts.publishedAt} DESC NULLS LAST`, sql`${posts.id} DESC NULLS LAST`];
/** My posts' order (matches posts_user_idx). */
const newestWritten = [sql`${posts.createdAt} DESC NULLS LAST`, sql`${posts.id} DESC NULLS LAST`];
const published = eq(posts.status, 'res');

/** Posts, with their authors, devices and likes. */
export class PostRepository {
  constructor(private readonly db: Database) {}

  private views() {
    return this.db
      .select({ post: posts, author, device, base })
      .from(posts)
      .innerJoin(users, eq(users.id, posts.userId))
      .leftJoin(devices, eq(devices.id, posts.deviceId))
      .leftJoin(bases, eq(bases.id, devices.baseId))
      .$dynamic();
  }

  private adminViews() {
    return this.db
      .select({ post: posts, author, device, base, reviewer: { id: reviewers.id, nickname: reviewers.nickname } })
      .from(posts)
      .innerJoin(users, eq(users.id, posts.userId))
      .leftJoin(devices, eq(devices.id, posts.deviceId))
      .leftJoin(bases, eq(bases.id, devices.baseId))
      .leftJoin(reviewers, eq(reviewers.id, posts.reviewedBy))
      .$dynamic();
  }

  async insert(row: NewPost): Promise<PostRow> {
    const rows = await this.db.insert(posts).values(row).returning();
    const inserted = rows[0];
    if (!inserted) throw new Error('post insert returned no row');
    return inserted;
  }

  async byId(id: number): Promise<PostRow | undefined> {
    const rows = await this.db.select().from(posts).where(eq(posts.id, id)).limit(1);
    return rows[0];
  }

  async view(id: number): Promise<PostView | undefined> {
    const rows = await this.views().where(eq(posts.id, id)).limit(1);
    return rows[0] && toView(rows[0]);
  }

  /** Published posts, newest published first. */
  async published(page: Page): Promise<PostView[]> {
    // The page's ids first (from the index alone), then only those rows joined: deep pages stay cheap.
    const ids = this.db
      .select({ id: posts.id })
      .from(posts)
      .where(published)
      .orderBy(...newestPublished)
      .limit(page.limit)
      .offset(page.offset);
    const rows = await this.views()
      .where(and(published, inArray(posts.id, ids)))
      .orderBy(...newestPublished);
    return rows.map(toView);
  }

  async countPublished(): Promise<number> {
    const rows = await this.db.select({ n: count() }).from(posts).where(published);
    return rows[0]?.n ?? 0;
  }

  /** A user's posts in every state, newest written first. */
  async byAuthor(userId: number, page: Page): Promise<{ rows: PostView[]; total: number }> {
    const where = eq(posts.userId, userId);
    const [rows, totals] = await Promise.all([
      this.views()
        .where(where)
        .orderBy(...newestWritten)
        .limit(page.limit)
        .offset(page.offset),
      this.db.select({ n: count() }).from(posts).where(where),
    ]);
    return { rows: rows.map(toView), total: totals[0]?.n ?? 0 };
  }

  /** Published posts whose text or device name matches an ILIKE pattern, newest published first. */
  async searchPublished(pattern: string, page: Page): Promise<{ rows: PostView[]; total: number }> {
    const where = and(published, or(ilike(posts.content, pattern), ilike(devices.name, pattern)));
    const [rows, totals] = await Promise.all([
      this.views()
        .where(where)
        .orderBy(...newestPublished)
        .limit(page.limit)
        .offset(page.offset),
      this.db.select({ n: count() }).from(posts).leftJoin(devices, eq(devices.id, posts.deviceId)).where(where),
    ]);
    return { rows: rows.map(toView), total: totals[0]?.n ?? 0 };
  }

  /**
   * The console's queue: by status (all when none) and an ILIKE pattern over the text, the author's
   * nickname and the device's name. Pending ones oldest first (first come, first reviewed), else newest first.
   */
  async forReview(
    filter: { status?: PostStatus | undefined; pattern?: string | undefined },
    page: Page,
  ): Promise<{ rows: AdminPostView[]; total: number }> {
    const conditions: SQL[] = [];
    if (filter.status) conditions.push(eq(posts.status, filter.status));
    if (filter.pattern) {
      const match = or(
        ilike(posts.content, filter.pattern),
        ilike(users.nickname, filter.pattern),
        ilike(devices.name, filter.pattern),
      );
      if (match) conditions.push(match);
    }
    const where = and(...conditions);
    const order =
      filter.status === 'ped' ? [posts.createdAt, posts.id] : [sql`${posts.createdAt} DESC`, sql`${posts.id} DESC`];
    const [rows, totals] = await Promise.all([
      this.adminViews()
        .where(where)
        .orderBy(...order)
        .limit(page.limit)
        .offset(page.offset),
      this.db
        .select({ n: count() })
        .from(posts)
        .innerJoin(users, eq(users.id, posts.userId))
        .leftJoin(devices, eq(devices.id, posts.deviceId))
        .where(where),
    ]);
    return { rows: rows.map(toAdminView), total: totals[0]?.n ?? 0 };
  }

  async adminView(id: number): Promise<AdminPostView | undefined> {
    const rows = await this.adminViews().where(eq(posts.id, id)).limit(1);
    return rows[0] && toAdminView(rows[0]);
  }

  /** The author's edit: back to review, the remark and the last review cleared. Undefined when not theirs. */
  async edit(id: number, userId: number, edit: PostEdit): Promise<PostRow | undefined> {
    const rows = await this.db
      .update(posts)
      .set({ ...edit, status: 'ped', remark: '', reviewedBy: null, reviewedAt: null })
      .where(and(eq(posts.id, id), eq(posts.userId, userId)))
      .returning();
    return rows[0];
  }

  /** A moderator's decision: approve (published now) or reject with a remark. */
  async review(
    id: number,
    decision: { status: 'res' | 'rej'; remark: string; reviewerId: number; at: Date },
  ): Promise<PostRow | undefined> {
    const rows = await this.db
      .update(posts)
      .set({
        status: decision.status,
        remark: decision.remark,
        reviewedBy: decision.reviewerId,
        reviewedAt: decision.at,
        ...(decision.status === 'res' ? { publishedAt: decision.at } : {}),
      })
      .where(eq(posts.id, id))
      .returning();
    return rows[0];
  }

  /** Deletes the author's own post (its likes and comments go with it); false when not theirs. */
  async delete(id: number, userId: number): Promise<boolean> {
    const rows = await this.db
      .delete(posts)
      .where(and(eq(posts.id, id), eq(posts.userId, userId)))
      .returning({ id: posts.id });
    return rows.length > 0;
  }

  /** The ids of the posts a user likes (at most `limit`). */
  async likedIds(userId: number, limit: number): Promise<number[]> {
    const rows = await this.db
      .select({ postId: postLikes.postId })
      .from(postLikes)
      .where(eq(postLikes.userId, userId))
      .limit(limit);
    return rows.map((r) => r.postId);
  }

  /** Which of these posts the user likes. */
  async likedAmong(userId: number, postIds: number[]): Promise<Set<number>> {
    if (postIds.length === 0) return new Set();
    const rows = await this.db
      .select({ postId: postLikes.postId })
      .from(postLikes)
      .where(and(eq(postLikes.userId, userId), inArray(postLikes.postId, postIds)));
    return new Set(rows.map((r) => r.postId));
  }

  /**
   * Likes (or unlikes) in one statement: the like row and the post's count change together, and a second
   * like (or an unlike of nothing) changes neither. Answers the post's like count (undefined: no such post).
   */
  async setLike(postId: number, userId: number, like: boolean, at: Date): Promise<number | undefined> {
    const change = like
      ? sql`INSERT INTO ${postLikes} ("post_id", "user_id", "created_at")
            VALUES (${postId}::int, ${userId}::int, ${at.toISOString()}::timestamptz)
            ON CONFLICT DO NOTHING RETURNING 1`
      : sql`DELETE FROM ${postLikes} WHERE "post_id" = ${postId}::int AND "user_id" = ${userId}::int RETURNING 1`;
    const sign = like ? sql`+` : sql`-`;
    const result = await this.db.execute(
      sql`WITH changed AS (${change})
          UPDATE ${posts} SET "like_count" = "like_count" ${sign} (SELECT count(*)::int FROM changed)
          WHERE "id" = ${postId}::int RETURNING "like_count"`,
    );
    const row = rowsOf(result)[0] as { like_count: number | string } | undefined;
    return row ? Number(row.like_count) : undefined;
  }

  /** The user's own clip (its file's path), or undefined. */
  async clipOf(userId: number, clipId: string): Promise<{ id: string; deviceId: string; path: string } | undefined> {
    const rows = await this.db
      .select({ id: liveClips.id, deviceId: liveClips.deviceId, path: liveClips.path })
      .from(liveClips)
      .where(and(eq(liveClips.id, clipId), eq(liveClips.userId, userId)))
      .limit(1);
    return rows[0];
  }

  /** Which of these upload paths (/uploads/…) the user uploaded. */
  async uploadedBy(userId: number, paths: string[]): Promise<Set<string>> {
    if (paths.length === 0) return new Set();
    const rows = await this.db
      .select({ path: uploads.path })
      .from(uploads)
      .where(and(eq(uploads.userId, userId), inArray(uploads.path, paths)));
    return new Set(rows.map((r) => r.path));
  }
}
