import type { PostComment, PostCommentBody, PostCommentsData } from '@petheart/contracts';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../http/errors';
import { retryAfterSeconds, type RateLimiter } from '../../lib/rate-limit/limiter';
import type { PostCommentRepository } from './comment-repository';
import { canSee } from './policy';
import { toPostComment } from './presenter';
import type { PostRepository } from './repository';
import type { Viewer } from './viewer';

export interface PostCommentServiceDeps {
  comments: PostCommentRepository;
  posts: Pick<PostRepository, 'byId'>;
  /** Per user (POST_COMMENT_WINDOWS); shared by the API processes with REDIS_URL. */
  limiter: RateLimiter;
  clock: Clock;
}

/** Comments on community posts: read where the post can be seen, written on published posts. */
export class PostCommentService {
  constructor(private readonly deps: PostCommentServiceDeps) {}

  /** A post's comments, newest first. */
  async list(q: { id: number; page: number; limit: number }, viewer: Viewer): Promise<PostCommentsData> {
    const post = await this.deps.posts.byId(q.id);
    if (!post || !canSee(post, viewer)) throw new AppError('not_found');
    const { rows, total } = await this.deps.comments.list(q.id, { limit: q.limit, offset: (q.page - 1) * q.limit });
    return { list: rows.map((r) => toPostComment(r, viewer?.id ?? null)), total, page: q.page, limit: q.limit };
  }

  async add(userId: number, body: PostCommentBody): Promise<PostComment> {
    const post = await this.deps.posts.byId(body.id);
    if (post?.status !== 'res') throw new AppError('not_found');
    const decision = await this.deps.limiter.consume(userId);
    if (!decision.allowed) throw new AppError('comment_too_fast', {}, retryAfterSeconds(decision));
    const id = await this.deps.comments.insert(body.id, userId, body.content, this.deps.clock.now());
    if (id === undefined) throw new AppError('not_found');
    const view = await this.deps.comments.view(id);
    if (!view) throw new AppError('not_found');
    return toPostComment(view, userId);
  }

  /** Deletes the user's own comment. Another user's comment: forbidden. */
  async delete(userId: number, id: number): Promise<{ id: number; post_id: number }> {
    const comment = await this.deps.comments.byId(id);
    if (!comment) throw new AppError('not_found');
    if (comment.userId !== userId) throw new AppError('forbidden');
    const postId = await this.deps.comments.delete(id, userId);
    if (postId === undefined) throw new AppError('not_found');
    return { id, post_id: postId };
  }
}
