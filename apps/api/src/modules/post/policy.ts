import type { PostStatus } from '@petheart/contracts';
import type { RateWindow } from '../../lib/rate-limit/limiter';

/** New posts: 3 a minute and 30 a day, per user. */
export const POST_PUBLISH_WINDOWS: readonly RateWindow[] = [
  { limit: 3, ms: 60_000 },
  { limit: 30, ms: 86_400_000 },
];
/** Edits (each sends the post back to review): 10 a minute, per user. */
export const POST_UPDATE_WINDOWS: readonly RateWindow[] = [{ limit: 10, ms: 60_000 }];
/** Post comments: one every 3 seconds and 10 a minute, per user (as live comments are limited per room). */
export const POST_COMMENT_WINDOWS: readonly RateWindow[] = [
  { limit: 1, ms: 3_000 },
  { limit: 10, ms: 60_000 },
];

/** Who may see a post: everyone once published; its author (and admins) in every state. */
export function canSee(
  post: { userId: number; status: PostStatus },
  viewer: { id: number; admin: boolean } | null,
): boolean {
  return post.status === 'res' || (viewer !== null && (viewer.id === post.userId || viewer.admin));
}

const UPLOAD_PATH = /^\/uploads\/[A-Za-z0-9/_.-]+$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The upload path (/uploads/…) of an image address this server issued, or null: a bare path, or the full
 * address (asset host or public URL followed by the path) as POST /api/common/upload answered.
 */
export function uploadPath(url: string, publicBases: readonly string[]): string | null {
  let path = url;
  for (const base of publicBases) {
    if (base && url.startsWith(`${base}/`)) {
      path = url.slice(base.length);
      break;
    }
  }
  return UPLOAD_PATH.test(path) && !path.includes('..') ? path : null;
}

/** Clip ids are UUIDs (anything else names no clip). */
export function isClipId(id: string): boolean {
  return UUID.test(id);
}
