import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';
import { devices } from './devices';
import { liveClips } from './live';

/**
 * Community posts. Review: ped (pending) → res (published) or rej (rejected, with a remark the author sees);
 * an edit sends it back to ped. Deleting removes the row (likes and comments go with it). like_count and
 * comment_count follow post_likes and post_comments (kept in the same transaction).
 */
export const POST_STATUSES = ['ped', 'res', 'rej'] as const;
export const posts = pgTable(
  'posts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The device the post is about; null once the device is deleted. */
    deviceId: text('device_id').references(() => devices.id, { onDelete: 'set null' }),
    content: text('content').notNull(),
    /** Upload paths (/uploads/…), the author's own. */
    images: jsonb('images').$type<string[]>().notNull().default([]),
    /** A video post: the author's clip, and its file (live_clips.path) kept with the post. */
    clipId: uuid('clip_id').references(() => liveClips.id, { onDelete: 'set null' }),
    videoPath: text('video_path'),
    status: text('status', { enum: POST_STATUSES }).notNull().default('ped'),
    remark: text('remark').notNull().default(''),
    likeCount: integer('like_count').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    reviewedBy: integer('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /** When it was last approved: the community's order. */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    // The community list: published, newest published first.
    index('posts_published_idx')
      .on(t.publishedAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'res'`),
    // My posts, newest first.
    index('posts_user_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    // The console's queue by status.
    index('posts_status_idx').on(t.status, t.createdAt, t.id),
    check('posts_counts_nonnegative', sql`${t.likeCount} >= 0 AND ${t.commentCount} >= 0`),
    check('posts_published_at', sql`${t.status} <> 'res' OR ${t.publishedAt} IS NOT NULL`),
  ],
);

/** Who likes which post (one row per user and post: liking twice changes nothing). */
export const postLikes = pgTable(
  'post_likes',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] }), index('post_likes_user_idx').on(t.userId)],
);

/** Comments on posts. */
export const postComments = pgTable(
  'post_comments',
  {
    id: serial('id').primaryKey(),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('post_comments_post_idx').on(t.postId, t.id.desc()), index('post_comments_user_idx').on(t.userId)],
);
