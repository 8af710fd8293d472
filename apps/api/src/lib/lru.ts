import { LRUCache } from 'lru-cache';

/** What lru-cache keeps and looks up by: any value but null and undefined. */
export type Present = string | number | bigint | boolean | symbol | object;

export interface LruOptions {
  /** The most entries kept; past it the least recently used goes first. */
  max: number;
  /** How long an entry stays fresh (it is while its age is under ttlMs). Infinity or absent: no limit. */
  ttlMs?: number;
  /** Milliseconds on the caller's clock (default performance.now()); a test's fake clock expires entries. */
  now?: () => number;
}

/**
 * An LRUCache (lru-cache) whose TTLs run on the caller's clock. Its time is read at every check
 * (`ttlResolution: 0`: lru-cache otherwise keeps a reading for a millisecond of real time, which a fake
 * clock moved by hand would outrun). Values are evicted by `max` and dropped when read past their TTL.
 */
export function lruCache<K extends Present, V extends Present>({
  max,
  ttlMs = Infinity,
  now,
}: LruOptions): LRUCache<K, V> {
  if (!(ttlMs > 0)) throw new RangeError(`a cache's ttlMs must be positive (${String(ttlMs)})`);
  return new LRUCache<K, V>({ max, ttl: lruTtl(ttlMs), ttlResolution: 0, perf: lruPerf(now) });
}

/**
 * lru-cache's `ttl` for an entry fresh while its age is under `ttlMs`: lru-cache keeps one while its age
 * is at most `ttl`, in whole milliseconds (the clocks here are), and reads 0 as "no limit" (Infinity here).
 * A TTL of 1 ms or less comes out as 1 (fresh at ages 0 and 1); callers keep nothing for TTLs of 0 or less.
 */
export function lruTtl(ttlMs: number): number {
  if (ttlMs === Infinity) return 0;
  return Math.max(1, Math.ceil(ttlMs) - 1);
}

/**
 * The clock lru-cache reads: milliseconds since the cache was made, from 1 (lru-cache takes an entry that
 * started at 0 for one without a TTL, and a fake clock may well start at 0; never below 1 if the clock
 * goes back).
 */
function lruPerf(now: () => number = () => performance.now()): { now: () => number } {
  const origin = now() - 1;
  return { now: () => Math.max(1, now() - origin) };
}
