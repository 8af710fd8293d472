import type { AdminPost, Post, PostComment } from '@petheart/contracts';
import { seconds } from '../../lib/time';
import type { CommentView } from './comment-repository';
import type { AdminPostView, PostView } from './repository';

/**
 * A post as clients see it. The text is passed through untouched: it is data, rendered as text by the
 * clients (JSON carries it safely), so nothing here escapes HTML (escaping would show `&lt;` to readers
 * and double-escape in any client that escapes too).
 */
export function toPost(v: PostView, viewerId: number | null, liked: boolean, assetHost: string): Post {
  const p = v.post;
  return {
    id: p.id,
    content: p.content,
    images: p.images,
    video_url: p.videoPath === null ? null : `${assetHost}/uploads/${p.videoPath}`,
    device: v.device
      ? { id: v.device.id, name: v.device.name, base_id: v.device.baseId, base_name: v.device.baseName }
      : null,
    status: p.status,
    remark: p.remark,
    like_count: p.likeCount,
    comment_count: p.commentCount,
    liked,
    created_at: seconds(p.createdAt),
    updated_at: seconds(p.updatedAt),
    published_at: p.publishedAt ? seconds(p.publishedAt) : null,
    author: { id: v.author.id, nickname: v.author.nickname, avatar: v.author.avatar },
    mine: viewerId !== null && viewerId === p.userId,
  };
}

export function toAdminPost(v: AdminPostView, adminId: number, assetHost: string): AdminPost {
  return {
    ...toPost(v, adminId, false, assetHost),
    reviewed_by: v.reviewer,
    reviewed_at: v.post.reviewedAt ? seconds(v.post.reviewedAt) : null,
  };
}

export function toPostComment(v: CommentView, viewerId: number | null): PostComment {
  return {
    id: v.comment.id,
    post_id: v.comment.postId,
    content: v.comment.content,
    created_at: seconds(v.comment.createdAt),
    author: { id: v.author.id, nickname: v.author.nickname, avatar: v.author.avatar },
    mine: viewerId !== null && viewerId === v.comment.userId,
  };
}
