import { z } from 'zod';
import { PageQuerySchema, pagedList } from './envelope';
import type { MessageKey } from './messages';
import { BooleanSchema, hasNoNul, IntSchema, rowId, StringSchema } from './fields';
import { BaseSchema } from './base';
import { LiveRoomSchema, ReportSchema } from './live';

// ---- Limits (enforced by these schemas, so on the server; the web shows the same numbers) ----

/** Characters (Unicode code points, after trimming) a post's text may have. */
export const POST_MAX_CHARS = 2000;
/** Characters a post comment may have. */
export const COMMENT_MAX_CHARS = 500;
/** Images a post may show. */
export const POST_MAX_IMAGES = 9;
/** Characters of a moderator's rejection remark and of a report's resolution note. */
export const REJECT_REMARK_MAX_CHARS = 200;
export const REPORT_NOTE_MAX_CHARS = 500;
/** Characters of a search keyword. */
export const SEARCH_KEYWORD_MAX_CHARS = 50;

/** Counts code points, so an emoji or a CJK character is one character as people count them. */
export function charCount(text: string): number {
  let n = 0;
  for (const _ of text) n += 1;
  return n;
}

/**
 * A required, trimmed text of at most `max` code points: `empty` when missing or blank, `tooLong` past max,
 * 'v.invalid' with a NUL character.
 */
function limitedText(empty: MessageKey, max: number, tooLong: MessageKey) {
  return (
    z
      .string({ error: empty })
      .trim()
      .min(1, { error: empty })
      .refine((s) => charCount(s) <= max, { error: tooLong })
      // PostgreSQL text cannot hold NUL; every other character is kept as given.
      .refine(hasNoNul, { error: 'v.nul' })
  );
}

const IdSchema = rowId('v.invalid');
/** An upload address (`/uploads/…` as POST /api/common/upload answers in `url`, or its `fullurl`). */
const ImageUrlSchema = z.string({ error: 'v.invalid' }).trim().min(1, { error: 'v.invalid' }).max(500, {
  error: 'v.tooLong',
});

// ---- Posts ----

/** Review status: Pending Review (ped) → Published (res), or Rejected (rej) with a remark. */
export const POST_STATUSES = ['ped', 'res', 'rej'] as const;
export const PostStatusSchema = z.enum(POST_STATUSES, { error: 'v.invalid' });
export type PostStatus = z.infer<typeof PostStatusSchema>;

export const PostAuthorSchema = z.object({ id: IntSchema, nickname: StringSchema, avatar: StringSchema });
export type PostAuthor = z.infer<typeof PostAuthorSchema>;

/** The device a post is about (its live room is /live?device_id=id); null when it was removed. */
export const PostDeviceSchema = z.object({
  id: StringSchema,
  name: StringSchema,
  base_id: IntSchema,
  base_name: StringSchema,
});
export type PostDevice = z.infer<typeof PostDeviceSchema>;

/**
 * A community post. `content` is the user's text exactly as stored: clients render it as text, never as
 * HTML. `images` are upload paths (/uploads/…), `video_url` the clip's MP4 for a video post. Times are
 * unix seconds.
 */
export const PostSchema = z.object({
  id: IntSchema,
  content: StringSchema,
  images: z.array(StringSchema),
  video_url: StringSchema.nullable(),
  device: PostDeviceSchema.nullable(),
  status: PostStatusSchema,
  /** The moderator's reason when rejected ('' otherwise); shown to the author. */
  remark: StringSchema,
  like_count: IntSchema,
  comment_count: IntSchema,
  /** Whether the signed-in user likes it (false for tourists). */
  liked: BooleanSchema,
  created_at: IntSchema,
  updated_at: IntSchema,
  /** When it was (last) approved; the community lists newest published first. Null while never published. */
  published_at: IntSchema.nullable(),
  author: PostAuthorSchema,
  /** Whether the signed-in user wrote it (may edit and delete it). */
  mine: BooleanSchema,
});
export type Post = z.infer<typeof PostSchema>;

/** POST /api/post/publish → Post (status 'ped'). */
export const PostPublishBodySchema = z.object({
  content: limitedText('v.content', POST_MAX_CHARS, 'v.contentTooLong'),
  images: z.array(ImageUrlSchema, { error: 'v.invalid' }).max(POST_MAX_IMAGES, { error: 'v.postImages' }).default([]),
  device_id: z.string({ error: 'v.device' }).trim().min(1, { error: 'v.device' }).max(64, { error: 'v.device' }),
  /**
   * A clip the user recorded (POST /api/live/clip/create) in the selected device's live room: makes it a
   * video post (`video_url`).
   */
  clip_id: z.string({ error: 'v.invalid' }).trim().min(1, { error: 'v.invalid' }).max(64).nullable().optional(),
});
export type PostPublishBody = z.infer<typeof PostPublishBodySchema>;

/** POST /api/post/update: replaces the author's own post; it goes back to review ('ped'), the remark cleared. */
export const PostUpdateBodySchema = PostPublishBodySchema.extend({ id: IdSchema });
export type PostUpdateBody = z.infer<typeof PostUpdateBodySchema>;

/** POST /api/post/delete, /api/post/detail, and the admin's approve. */
export const PostIdBodySchema = z.object({ id: IdSchema });
export type PostIdBody = z.infer<typeof PostIdBodySchema>;

/** POST /api/post/delete → which post went. */
export const PostDeleteDataSchema = z.object({ id: IntSchema });

/**
 * POST /api/post/list (published, newest published first; tourists too) and /api/post/mine (all of mine,
 * newest written first).
 */
export const PostListBodySchema = PageQuerySchema;
export const PostListDataSchema = pagedList(PostSchema);
export type PostListData = z.infer<typeof PostListDataSchema>;

/** POST /api/post/like {id, like} → the new state (liking twice, or unliking what is not liked, changes nothing). */
export const PostLikeBodySchema = z.object({ id: IdSchema, like: z.boolean({ error: 'v.invalid' }) });
export type PostLikeBody = z.infer<typeof PostLikeBodySchema>;
export const PostLikeDataSchema = z.object({ liked: BooleanSchema, like_count: IntSchema });
export type PostLikeData = z.infer<typeof PostLikeDataSchema>;

// ---- Comments ----

export const PostCommentSchema = z.object({
  id: IntSchema,
  post_id: IntSchema,
  /** The user's text as stored: render as text. */
  content: StringSchema,
  created_at: IntSchema,
  author: PostAuthorSchema,
  /** Whether the signed-in user wrote it (may delete it). */
  mine: BooleanSchema,
});
export type PostComment = z.infer<typeof PostCommentSchema>;

/** POST /api/post/comments {id (the post), page, limit} → newest first. */
export const PostCommentsBodySchema = PageQuerySchema.extend({ id: IdSchema });
export const PostCommentsDataSchema = pagedList(PostCommentSchema);
export type PostCommentsData = z.infer<typeof PostCommentsDataSchema>;

/** POST /api/post/comment {id (the post), content} → the comment. Published posts only. */
export const PostCommentBodySchema = z.object({
  id: IdSchema,
  content: limitedText('v.comment', COMMENT_MAX_CHARS, 'v.commentTooLong'),
});
export type PostCommentBody = z.infer<typeof PostCommentBodySchema>;

/** POST /api/post/commentDelete {id (the comment)}: the author's own only. */
export const PostCommentDeleteBodySchema = z.object({ id: IdSchema });
export const PostCommentDeleteDataSchema = z.object({ id: IntSchema, post_id: IntSchema });

// ---- Search: POST /api/search/search ----

export const SEARCH_TYPES = ['all', 'live', 'base', 'post'] as const;
export const SearchTypeSchema = z.enum(SEARCH_TYPES, { error: 'v.invalid' });
export type SearchType = z.infer<typeof SearchTypeSchema>;

export const SearchBodySchema = PageQuerySchema.extend({
  keyword: limitedText('v.keyword', SEARCH_KEYWORD_MAX_CHARS, 'v.tooLong'),
  type: SearchTypeSchema.default('all'),
});
export type SearchBody = z.infer<typeof SearchBodySchema>;

/**
 * For type 'all': the first `limit` of each list and every total. For one type: that list's `page`, its
 * total, and the other lists empty (their totals 0). `total` is the chosen list's total (for 'all' the sum).
 * Live rooms match their device's or base's name or address; bases their name or address; posts (published
 * only, newest first) their text or their device's name.
 */
export const SearchDataSchema = z.object({
  live: z.array(LiveRoomSchema),
  bases: z.array(BaseSchema),
  posts: z.array(PostSchema),
  totals: z.object({ live: IntSchema, bases: IntSchema, posts: IntSchema }),
  total: IntSchema,
  page: IntSchema,
  limit: IntSchema,
});
export type SearchData = z.infer<typeof SearchDataSchema>;

// ---- Console: the post moderation queue (admins) ----

export const ActorSchema = z.object({ id: IntSchema, nickname: StringSchema });
export type Actor = z.infer<typeof ActorSchema>;

export const AdminPostSchema = PostSchema.extend({
  /** Who last approved or rejected it, and when (null while it was never reviewed since its last edit). */
  reviewed_by: ActorSchema.nullable(),
  reviewed_at: IntSchema.nullable(),
});
export type AdminPost = z.infer<typeof AdminPostSchema>;

/** POST /api/admin/post/list: oldest first for 'ped' (the queue's order), newest first otherwise. */
export const AdminPostListBodySchema = PageQuerySchema.extend({
  status: PostStatusSchema.optional(),
  keyword: StringSchema.trim().max(100, { error: 'v.tooLong' }).optional(),
});
export type AdminPostListBody = z.infer<typeof AdminPostListBodySchema>;
export const AdminPostListDataSchema = pagedList(AdminPostSchema);
export type AdminPostListData = z.infer<typeof AdminPostListDataSchema>;

/** POST /api/admin/post/approve {id} → AdminPost (status 'res'). */
export const AdminPostApproveBodySchema = PostIdBodySchema;
/** POST /api/admin/post/reject {id, remark} → AdminPost (status 'rej'); the author sees the remark. */
export const AdminPostRejectBodySchema = z.object({
  id: IdSchema,
  remark: limitedText('v.rejectRemark', REJECT_REMARK_MAX_CHARS, 'v.tooLong'),
});
export type AdminPostRejectBody = z.infer<typeof AdminPostRejectBodySchema>;

// ---- Console: the problem-report queue (admins) ----

export const REPORT_STATUSES = ['open', 'resolved'] as const;
export const AdminReportSchema = ReportSchema.extend({
  reporter: PostAuthorSchema,
  device_name: StringSchema,
  base_id: IntSchema,
  base_name: StringSchema,
  /** The resolution note ('' while open). */
  note: StringSchema,
  resolved_by: ActorSchema.nullable(),
  resolved_at: IntSchema.nullable(),
});
export type AdminReport = z.infer<typeof AdminReportSchema>;

/** POST /api/admin/report/list: open ones oldest first, resolved ones newest resolved first. */
export const AdminReportListBodySchema = PageQuerySchema.extend({
  status: z.enum(REPORT_STATUSES, { error: 'v.invalid' }).optional(),
});
export type AdminReportListBody = z.infer<typeof AdminReportListBodySchema>;
export const AdminReportListDataSchema = pagedList(AdminReportSchema);
export type AdminReportListData = z.infer<typeof AdminReportListDataSchema>;

/** POST /api/admin/report/resolve {id, note} → AdminReport (status 'resolved'). */
export const AdminReportResolveBodySchema = z.object({
  id: IdSchema,
  note: limitedText('v.resolveNote', REPORT_NOTE_MAX_CHARS, 'v.tooLong'),
});
export type AdminReportResolveBody = z.infer<typeof AdminReportResolveBodySchema>;
