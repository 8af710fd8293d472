import type { LRUCache } from 'lru-cache';
import { lruCache } from '../../lib/lru';

/** Which of some posts a user likes. */
export interface LikeReader {
  likedAmong(userId: number, postIds: number[]): Promise<Set<number>>;
  /** Called after the user liked or unliked a post (through this process). */
  changed(userId: number, postId: number, liked: boolean): void;
}

/** Reads likes from the database every time (several API processes share it: PostgreSQL). */
export function directLikes(repository: { likedAmong(userId: number, postIds: number[]): Promise<Set<number>> }) {
  return {
    likedAmong: (userId: number, postIds: number[]) => repository.likedAmong(userId, postIds),
    changed: () => undefined,
  } satisfies LikeReader;
}

interface Entry {
  /** The user's liked post ids once loaded (null while loading, or when too many to keep). */
  ids: Set<number> | null;
  loading: Promise<Set<number> | null> | null;
}

export interface UserLikeCacheOptions {
  /** All the post ids a user likes, up to `limit` (more answered means: too many to keep). */
  loadAll: (userId: number, limit: number) => Promise<number[]>;
  /** The direct query, for users with too many likes to keep. */
  likedAmong: (userId: number, postIds: number[]) => Promise<Set<number>>;
  maxUsers?: number;
  maxLikesPerUser?: number;
}

/**
 * Every post a recent reader likes, kept in memory: for the embedded database, where this process makes
 * every like and unlike (so the sets stay exact) and each query costs the one connection's time. A user's
 * set is read once (up to maxLikesPerUser; beyond that their likes are read per request), kept for the
 * maxUsers most recently seen readers (an lru-cache: the least recently seen leave first), and updated by
 * `changed`.
 */
export class UserLikeCache implements LikeReader {
  private readonly entries: LRUCache<number, Entry>;
  private readonly maxLikes: number;

  constructor(private readonly options: UserLikeCacheOptions) {
    this.entries = lruCache({ max: options.maxUsers ?? 10_000 });
    this.maxLikes = options.maxLikesPerUser ?? 5_000;
  }

  async likedAmong(userId: number, postIds: number[]): Promise<Set<number>> {
    if (postIds.length === 0) return new Set();
    const all = await this.userLikes(userId);
    if (!all) return this.options.likedAmong(userId, postIds);
    return new Set(postIds.filter((id) => all.has(id)));
  }

  changed(userId: number, postId: number, liked: boolean): void {
    const entry = this.entries.peek(userId);
    if (!entry) return;
    if (entry.ids) {
      if (liked) entry.ids.add(postId);
      else entry.ids.delete(postId);
      if (entry.ids.size > this.maxLikes) entry.ids = null;
    } else if (entry.loading) {
      // A read under way may have missed this change: it is not kept.
      this.entries.delete(userId);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  private async userLikes(userId: number): Promise<Set<number> | null> {
    // Reading an entry makes its user the most recently seen.
    const hit = this.entries.get(userId);
    if (hit) {
      return hit.ids ?? (hit.loading ? await hit.loading : null);
    }
    const entry: Entry = { ids: null, loading: null };
    const loading = this.options.loadAll(userId, this.maxLikes + 1).then(
      (ids) => (ids.length > this.maxLikes ? null : new Set(ids)),
      (error: unknown) => {
        if (this.entries.peek(userId) === entry) this.entries.delete(userId);
        throw error;
      },
    );
    entry.loading = loading;
    this.entries.set(userId, entry);
    const ids = await loading;
    if (this.entries.peek(userId) === entry) {
      // Too many likes to keep: the entry stays without ids, and their likes are read per request.
      entry.loading = null;
      entry.ids = ids;
    }
    return ids;
  }
}
