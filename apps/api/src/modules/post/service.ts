import type {
  Post,
  PostLikeBody,
  PostLikeData,
  PostListData,
  PostPublishBody,
  PostUpdateBody,
} from '@petheart/contracts';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../http/errors';
import { retryAfterSeconds, type RateLimiter } from '../../lib/rate-limit/limiter';
import type { DeviceRepository } from '../device/repository';
import type { LikeReader } from './like-cache';
import type { PublishedPostCache } from './list-cache';
import { canSee, isClipId, uploadPath } from './policy';
import { toPost } from './presenter';
import type { PostEdit, PostRepository, PostView } from './repository';
import type { Viewer } from './viewer';

export interface PostServiceDeps {
  posts: PostRepository;
  devices: Pick<DeviceRepository, 'byId'>;
  /** The community list's first pages (dropped whenever a published post changes). */
  cache: PublishedPostCache;
  /** Who likes what (kept in memory on the embedded database, read each time on PostgreSQL). */
  likes: LikeReader;
  /** New posts, and edits, per user (POST_PUBLISH_WINDOWS, POST_UPDATE_WINDOWS); shared with REDIS_URL. */
  publishLimiter: RateLimiter;
  updateLimiter: RateLimiter;
  clock: Clock;
  /** Prepended to clip files (`${assetHost}/uploads/…`); '' for addresses on the API's origin. */
  assetHost: string;
  /** Prefixes of the addresses this server gives uploads (asset host, public URL); stripped to the path. */
  publicBases: string[];
}

/** Community posts: publish, edit (back to review), delete, the lists, the detail, likes. */
export class PostService {
  constructor(private readonly deps: PostServiceDeps) {}

  async publish(userId: number, body: PostPublishBody): Promise<Post> {
    const edit = await this.checked(userId, body);
    const decision = await this.deps.publishLimiter.consume(userId);
    if (!decision.allowed) throw new AppError('post_too_fast', {}, retryAfterSeconds(decision));
    const row = await this.deps.posts.insert({ userId, ...edit, createdAt: edit.updatedAt });
    return this.present(row.id, userId);
  }

  /** The author's edit: the post goes back to review (its remark cleared). Another user's post: forbidden. */
  async update(userId: number, body: PostUpdateBody): Promise<Post> {
    const current = await this.deps.posts.byId(body.id);
    if (!current) throw new AppError('not_found');
    if (current.userId !== userId) throw new AppError('forbidden');
    const edit = await this.checked(userId, body);
    const decision = await this.deps.updateLimiter.consume(userId);
    if (!decision.allowed) throw new AppError('post_too_fast', {}, retryAfterSeconds(decision));
    const row = await this.deps.posts.edit(body.id, userId, edit);
    if (!row) throw new AppError('not_found');
    if (current.status === 'res') this.deps.cache.invalidate();
    return this.present(row.id, userId);
  }

  /** Deletes the author's own post for good, with its likes and comments. */
  async delete(userId: number, id: number): Promise<{ id: number }> {
    const current = await this.deps.posts.byId(id);
    if (!current) throw new AppError('not_found');
    if (current.userId !== userId) throw new AppError('forbidden');
    if (!(await this.deps.posts.delete(id, userId))) throw new AppError('not_found');
    if (current.status === 'res') this.deps.cache.invalidate();
    return { id };
  }

  /** Published posts, newest published first (the first pages shared by every reader for a moment). */
  async list(q: { page: number; limit: number }, viewer: Viewer): Promise<PostListData> {
    const { views, total } = await this.deps.cache.page(q.page, q.limit);
    return { list: await this.presentAll(views, viewer), total, page: q.page, limit: q.limit };
  }

  /** All of the user's posts, in every state, newest first. */
  async mine(userId: number, q: { page: number; limit: number }): Promise<PostListData> {
    const { rows, total } = await this.deps.posts.byAuthor(userId, { limit: q.limit, offset: (q.page - 1) * q.limit });
    return { list: await this.presentAll(rows, { id: userId, admin: false }), total, page: q.page, limit: q.limit };
  }

  /** A published post, or the viewer's own (or, for admins, any) in any state; else not_found. */
  async detail(id: number, viewer: Viewer): Promise<Post> {
    const view = await this.deps.posts.view(id);
    if (!view || !canSee(view.post, viewer)) throw new AppError('not_found');
    return (await this.presentAll([view], viewer))[0] ?? this.fail();
  }

  /** Likes or unlikes a published post; repeating either changes nothing. */
  async like(userId: number, body: PostLikeBody): Promise<PostLikeData> {
    const post = await this.deps.posts.byId(body.id);
    if (post?.status !== 'res') throw new AppError('not_found');
    const count = await this.deps.posts.setLike(body.id, userId, body.like, this.deps.clock.now());
    if (count === undefined) throw new AppError('not_found');
    this.deps.likes.changed(userId, body.id, body.like);
    return { liked: body.like, like_count: count };
  }

  /** Drops the shared first pages (after posts were written outside this service, e.g. by the demo seed). */
  forgetPublished(): void {
    this.deps.cache.invalidate();
  }

  /** Presents views for a viewer: `liked` read in one query for the page, `mine` from the author. */
  async presentAll(views: PostView[], viewer: Viewer): Promise<Post[]> {
    const liked = viewer
      ? await this.deps.likes.likedAmong(
          viewer.id,
          views.map((v) => v.post.id),
        )
      : new Set<number>();
    return views.map((v) => toPost(v, viewer?.id ?? null, liked.has(v.post.id), this.deps.assetHost));
  }

  private async present(id: number, userId: number): Promise<Post> {
    const view = await this.deps.posts.view(id);
    if (!view) throw new AppError('not_found');
    return (await this.presentAll([view], { id: userId, admin: false }))[0] ?? this.fail();
  }

  private fail(): never {
    throw new AppError('internal');
  }

  /**
   * Checks what a post shows: the device exists and is enabled; every image is one of the user's own
   * uploads (stored as its path, duplicates dropped); the clip is the user's own, from that device.
   */
  private async checked(userId: number, body: PostPublishBody): Promise<PostEdit> {
    const device = await this.deps.devices.byId(body.device_id);
    if (!device || device.disabled) throw new AppError('not_found');
    const paths = [...new Set(body.images.map((url) => uploadPath(url, this.deps.publicBases)))];
    if (paths.some((p) => p === null)) throw new AppError('validation_failed');
    const images = paths.filter((p): p is string => p !== null);
    const owned = await this.deps.posts.uploadedBy(userId, images);
    if (images.some((p) => !owned.has(p))) throw new AppError('validation_failed');
    let clip: { id: string; path: string } | null = null;
    if (body.clip_id) {
      const found = isClipId(body.clip_id) ? await this.deps.posts.clipOf(userId, body.clip_id) : undefined;
      if (found?.deviceId !== device.id) throw new AppError('validation_failed');
      clip = found;
    }
    return {
      deviceId: device.id,
      content: body.content,
      images,
      clipId: clip?.id ?? null,
      videoPath: clip?.path ?? null,
      updatedAt: this.deps.clock.now(),
    };
  }
}
