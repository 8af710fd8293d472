import type { Clock } from '../../clock';
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

interface Entry {
  expiresAt: number;
  value: Promise<PublishedPage>;
}

/**
 * The first pages of the community list, shared by every reader (the part that is the same for all:
 * who likes what is added per reader). A page is loaded once however many readers miss it at the same
 * moment, kept `ttlMs`, and dropped at once by `invalidate()` (a post approved, rejected, edited or
 * deleted), a read already under way included. In memory, per API process; other
 * processes see a change within ttlMs.
 */
export class PublishedPostCache {
  private readonly entries = new Map<string, Entry>();
  private count: { expiresAt: number; value: Promise<number> } | null = null;

  constructor(private readonly options: PublishedPostCacheOptions) {}

  async page(page: number, limit: number): Promise<PublishedPage> {
    if (page > this.options.maxPage) return this.read(page, limit);
    const key = `${String(page)}:${String(limit)}`;
    const now = this.options.clock.now().getTime();
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > now) return hit.value;
    const value = this.read(page, limit);
    this.entries.set(key, { expiresAt: now + this.options.ttlMs, value });
    try {
      return await value;
    } catch (error) {
      // A failed read is not kept (the next reader tries again).
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
      throw error;
    }
  }

  /** Drops every page (and keeps no read already under way). */
  invalidate(): void {
    // A read under way was set in the map before it started: clearing the map drops it too.
    this.entries.clear();
    this.count = null;
  }

  private async read(page: number, limit: number): Promise<PublishedPage> {
    const [views, total] = await Promise.all([this.options.load({ limit, offset: (page - 1) * limit }), this.total()]);
    return { views, total };
  }

  /** The number of published posts, shared like the pages (every page, cached or not, reads it here). */
  private total(): Promise<number> {
    const now = this.options.clock.now().getTime();
    if (this.count && this.count.expiresAt > now) return this.count.value;
    const value = this.options.count();
    const entry = { expiresAt: now + (this.options.countTtlMs ?? this.options.ttlMs), value };
    this.count = entry;
    value.catch(() => {
      if (this.count === entry) this.count = null;
    });
    return value;
  }
}
