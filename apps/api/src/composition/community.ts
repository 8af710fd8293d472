import type { Clock } from '../lib/clock';
import type { AppConfig } from '../config/env';
import type { DatabaseHandle } from '../db/client';
import type { RateLimits } from '../lib/rate-limit/rate-limits';
import type { DeviceRepository } from '../modules/device/repository';
import { ReportQueueRepository } from '../modules/moderation/report-repository';
import { ModerationService } from '../modules/moderation/service';
import { PostCommentRepository } from '../modules/post/comment-repository';
import { PostCommentService } from '../modules/post/comment-service';
import { UserLikeCache, directLikes } from '../modules/post/like-cache';
import { PublishedPostCache } from '../modules/post/list-cache';
import { POST_COMMENT_WINDOWS, POST_PUBLISH_WINDOWS, POST_UPDATE_WINDOWS } from '../modules/post/policy';
import { PostRepository } from '../modules/post/repository';
import { PostService } from '../modules/post/service';
import type { LiveRealtime } from '../modules/realtime/realtime';
import { SearchRepository } from '../modules/search/repository';
import { SearchService } from '../modules/search/service';

/** The community: posts, their comments, search and the console's moderation queues. */
export function wireCommunity({
  config,
  database,
  clock,
  rateLimits,
  deviceRepository,
  realtime,
}: {
  config: AppConfig;
  database: DatabaseHandle;
  clock: Clock;
  rateLimits: RateLimits;
  deviceRepository: DeviceRepository;
  realtime: LiveRealtime;
}) {
  const { db } = database;
  // One API process on the embedded database (the same test as the accounts' read caches).
  const singleProcess = database.kind === 'pglite';
  // Community (issue 5): posts with likes and comments (rate limited in memory, per API process), the
  // community list's first pages shared by every reader for 2 s (dropped at once by this process's
  // approvals, edits and deletions; other processes see them within the 2 s), who likes what kept in memory
  // on the embedded database (every like passes here), search, the console's queues.
  const postRepository = new PostRepository(db);
  const publishedPosts = new PublishedPostCache({
    load: (page) => postRepository.published(page),
    count: () => postRepository.countPublished(),
    clock,
    ttlMs: 2_000,
    maxPage: 5,
    // The total changes only by approvals, rejections, edits and deletions: one process sees them all.
    countTtlMs: singleProcess ? Infinity : 2_000,
  });
  const posts = new PostService({
    posts: postRepository,
    devices: deviceRepository,
    cache: publishedPosts,
    likes: singleProcess
      ? new UserLikeCache({
          loadAll: (userId, limit) => postRepository.likedIds(userId, limit),
          likedAmong: (userId, ids) => postRepository.likedAmong(userId, ids),
        })
      : directLikes(postRepository),
    publishLimiter: rateLimits.limiter('post-publish', POST_PUBLISH_WINDOWS),
    updateLimiter: rateLimits.limiter('post-update', POST_UPDATE_WINDOWS),
    clock,
    assetHost: config.assetHost,
    publicBases: [config.assetHost, config.publicUrl],
  });
  const postComments = new PostCommentService({
    comments: new PostCommentRepository(db),
    posts: postRepository,
    limiter: rateLimits.limiter('post-comments', POST_COMMENT_WINDOWS),
    clock,
  });
  const search = new SearchService({
    search: new SearchRepository(db),
    posts: postRepository,
    postViews: posts,
    viewers: realtime,
  });
  const moderation = new ModerationService({
    posts: postRepository,
    reports: new ReportQueueRepository(db),
    cache: publishedPosts,
    clock,
    assetHost: config.assetHost,
  });

  return { posts, postComments, search, moderation };
}
