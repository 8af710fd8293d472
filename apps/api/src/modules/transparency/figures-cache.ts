import type { LRUCache } from 'lru-cache';
import type { Clock } from '../../lib/clock';
import { lruCache } from '../../lib/lru';

/**
 * Figures as last read, per key ('platform', 'base:12'), for `ttlMs` on `clock`: a public account sums every
 * posting and feed of its base (about a second on the embedded database at 100,000 feeds), so each is read at
 * most once per `ttlMs` whoever asks, and everyone asking meanwhile shares that read. A failed read is not
 * kept; `invalidate()` (a purchase recorded or voided) drops every figure, a read in flight included.
 */
export class FiguresCache {
  private readonly entries: LRUCache<string, { value: Promise<unknown> }> | undefined;

  constructor(clock: Clock, ttlMs: number, max = 1_000) {
    this.entries = ttlMs > 0 ? lruCache({ max, ttlMs, now: () => clock.now().getTime() }) : undefined;
  }

  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.entries?.get(key);
    if (hit) return hit.value as Promise<T>;
    const entry = { value: load() };
    if (this.entries) {
      this.entries.set(key, entry);
      entry.value.catch(() => {
        if (this.entries?.peek(key) === entry) this.entries.delete(key);
      });
    }
    return entry.value;
  }

  invalidate(): void {
    this.entries?.clear();
  }
}
