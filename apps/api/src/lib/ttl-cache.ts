import type { LRUCache } from 'lru-cache';
import type { Clock } from './clock';
import { lruCache, lruTtl, type Present } from './lru';

/**
 * A small in-process read cache (lru-cache): entries live until a deadline on `clock`, the least recently
 * used go first past `max`, and `generation` lets a reader that started before an invalidation refuse to
 * store what it read.
 */
export class TtlCache<K extends Present, V extends Present> {
  private readonly entries: LRUCache<K, V>;
  /** Bumped by every invalidation: a load that began under an older generation is not stored. */
  generation = 0;

  constructor(
    private readonly clock: Clock,
    max = 10_000,
  ) {
    this.entries = lruCache<K, V>({ max, now: () => clock.now().getTime() });
  }

  get(key: K): V | undefined {
    return this.entries.get(key);
  }

  /** Stores a value read under `generation` (unless something was invalidated since), until `until` (ms). */
  set(key: K, value: V, until: number, generation: number): void {
    if (generation !== this.generation) return;
    const ttlMs = until - this.clock.now().getTime();
    if (ttlMs > 0) this.entries.set(key, value, { ttl: lruTtl(ttlMs) });
    else this.entries.delete(key);
  }

  delete(key: K): void {
    this.generation += 1;
    this.entries.delete(key);
  }

  /** Drops every entry whose value matches. */
  deleteWhere(match: (value: V) => boolean): void {
    this.generation += 1;
    for (const [key, value] of [...this.entries.entries()]) if (match(value)) this.entries.delete(key);
  }
}
