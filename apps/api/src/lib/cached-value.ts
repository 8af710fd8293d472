import type { LRUCache } from 'lru-cache';
import { lruCache } from './lru';

/**
 * One value loaded from somewhere slower than memory (the database), kept for `ttlMs` (Infinity: until
 * invalidated; 0 or less: never) in a one-entry lru-cache. Readers of an expired value share one load.
 * `invalidate()` drops the value and any load in flight: that load's own callers still get its answer, but
 * it is never kept, so a read that started before an edit cannot put the old value back. A failed load is
 * not kept either.
 */
export class CachedValue<T> {
  private readonly slot: LRUCache<'value', { value: Promise<T> }> | undefined;

  constructor(
    private readonly load: () => Promise<T>,
    ttlMs: number,
    now: () => number = () => performance.now(),
  ) {
    this.slot = ttlMs > 0 ? lruCache({ max: 1, ttlMs, now }) : undefined;
  }

  get(): Promise<T> {
    const hit = this.slot?.get('value');
    if (hit) return hit.value;
    const entry = { value: this.load() };
    this.slot?.set('value', entry);
    entry.value.catch(() => {
      if (this.slot?.peek('value') === entry) this.slot.delete('value');
    });
    return entry.value;
  }

  /** Keeps `value` as the current one (what an edit just saved). */
  set(value: T): void {
    this.slot?.set('value', { value: Promise.resolve(value) });
  }

  invalidate(): void {
    this.slot?.clear();
  }
}
