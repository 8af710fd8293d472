/** Anything that tells the time (container.clock). */
export interface Clock {
  now(): Date;
}

/**
 * A sliding-window counter per key, in memory (one API process). Enough for uploads today; with several
 * API processes each allows `limit`, so move it to Redis or the database when scaling out.
 */
export class SlidingWindowLimiter {
  private readonly hits = new Map<string | number, number[]>();

  constructor(
    private readonly clock: Clock,
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** Records a hit for `key`; answers 0 when allowed, else the seconds until the next hit is allowed. */
  take(key: string | number): number {
    const now = this.clock.now().getTime();
    const since = now - this.windowMs;
    const recent = (this.hits.get(key) ?? []).filter((t) => t > since);
    if (recent.length >= this.limit) {
      this.hits.set(key, recent);
      const oldest = recent[0] ?? now;
      return Math.max(1, Math.ceil((oldest + this.windowMs - now) / 1000));
    }
    recent.push(now);
    this.hits.set(key, recent);
    if (this.hits.size > 10_000) this.prune(since);
    return 0;
  }

  private prune(since: number) {
    for (const [key, times] of this.hits) {
      if (!times.some((t) => t > since)) this.hits.delete(key);
    }
  }
}
