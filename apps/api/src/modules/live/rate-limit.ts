import type { Clock } from '../../clock';

export interface RateWindow {
  /** Hits allowed within `ms`. */
  limit: number;
  ms: number;
}

/** Comments: one every 2 seconds and 20 a minute, per user per room. */
export const COMMENT_WINDOWS: readonly RateWindow[] = [
  { limit: 1, ms: 2_000 },
  { limit: 20, ms: 60_000 },
];

/**
 * Sliding windows per key, all checked before a hit counts (a refused hit is not recorded). In memory, per
 * API process: with several processes behind a proxy each one allows the full rate; a shared store (Redis)
 * is the scaled-out answer.
 */
export class MultiWindowLimiter {
  private readonly hits = new Map<string, number[]>();
  private readonly longest: number;
  private readonly capacity: number;

  constructor(
    private readonly clock: Clock,
    private readonly windows: readonly RateWindow[],
    private readonly maxKeys = 50_000,
  ) {
    this.longest = Math.max(...windows.map((w) => w.ms));
    this.capacity = Math.max(...windows.map((w) => w.limit));
  }

  /** Records a hit for `key` when every window allows it: answers 0, else the seconds to wait. */
  take(key: string): number {
    const now = this.clock.now().getTime();
    const recent = (this.hits.get(key) ?? []).filter((t) => t > now - this.longest);
    let waitMs = 0;
    for (const w of this.windows) {
      const inWindow = recent.filter((t) => t > now - w.ms);
      if (inWindow.length >= w.limit) {
        // The oldest hit that keeps this window full has to leave it.
        const blocking = inWindow[inWindow.length - w.limit] ?? now;
        waitMs = Math.max(waitMs, blocking + w.ms - now);
      }
    }
    if (waitMs > 0) {
      this.hits.set(key, recent);
      return Math.max(1, Math.ceil(waitMs / 1000));
    }
    recent.push(now);
    // Only the newest `capacity` hits can ever matter.
    this.hits.set(key, recent.slice(-this.capacity));
    if (this.hits.size > this.maxKeys) this.prune(now);
    return 0;
  }

  get size(): number {
    return this.hits.size;
  }

  private prune(now: number): void {
    for (const [key, times] of this.hits) {
      if (!times.some((t) => t > now - this.longest)) this.hits.delete(key);
    }
  }
}
