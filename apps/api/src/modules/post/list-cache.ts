import type { LRUCache } from 'lru-cache';
import type { Clock } from '../../lib/clock';
import { CachedValue } from '../../lib/cached-value';
import { lruCache } from '../../lib/lru';
import type { Page, PostView } from './repository';

export interface PublishedPage {
  views: PostView[];
  total: number;
}

export interface PublishedPostCacheOptions {
  load: (page: Page) => Promise<PostView[]>;
  count: () => Promise<number>;
  clock: Clock;
  /** How long a page is reused. Likes and comment counts may lag this long; approvals and deletions do not. */
  ttlMs: number;
  /** Pages past this one are always read from the database. */
  maxPage: number;
  /**
   * How long the total is reused (default ttlMs). It changes only with what `invalidate()` is called for, so a
   * single process may keep it until then (Infinity).
   */
  countTtlMs?: number;
}

/**
 * The first pages of the community list, shared by every reader (the part that is the same for all:
 * who likes what is added per reader). A page is loaded once however many readers miss it at the same
 * moment, kept `ttlMs` (an lru-cache on `clock`), and dropped at once by `invalidate()` (a post approved,
 * rejected, edited or deleted), a read already under way included. In memory, per API process; other
 * processes see a change within ttlMs.
 */
export class PublishedPostCache {
  /** Pages by `page:limit`; page ≤ maxPage and limit ≤ 100 (the contracts' page query), so every key fits. */
  private readonly entries: LRUCache<string, Promise<PublishedPage>>;
  /** The number of published posts, shared like the pages (every page, cached or not, reads it here). */
  private readonly count: CachedValue<number>;

  constructor(private readonly options: PublishedPostCacheOptions) {
    const now = () => options.clock.now().getTime();
    this.entries = lruCache({ max: Math.max(1, options.maxPage) * 100, ttlMs: options.ttlMs, now });
    this.count = new CachedValue(() => options.count(), options.countTtlMs ?? options.ttlMs, now);
  }

  async page(page: number, limit: number): Promise<PublishedPage> {
    if (page > this.options.maxPage) return this.read(page, limit);
    const key = `${String(page)}:${String(limit)}`;
    const hit = this.entries.get(key);
    if (hit) return hit;
    const value = this.read(page, limit);
    this.entries.set(key, value);
    try {
      return await value;
    } catch (error) {
      // A failed read is not kept (the next reader tries again).
      if (this.entries.peek(key) === value) this.entries.delete(key);
      throw error;
    }
  }

  /** Drops every page and the total (and keeps no read already under way). */
  invalidate(): void {
    // A read under way was set in the cache before it started: clearing the cache drops it too.
    this.entries.clear();
    this.count.invalidate();
  }

  private async read(page: number, limit: number): Promise<PublishedPage> {
    const [views, total] = await Promise.all([
      this.options.load({ limit, offset: (page - 1) * limit }),
      this.count.get(),
    ]);
    return { views, total };
  }
}
