import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

/** Hits allowed within `ms`: a fixed window that starts at a key's first hit (whole seconds, as Redis keeps them). */
export interface RateWindow {
  limit: number;
  ms: number;
}

export interface RateDecision {
  allowed: boolean;
  /** When refused: how long until the limit lets the key through again (0 when allowed). */
  retryAfterMs: number;
}

/** A rate limit per key (a user id, a client address…), in this process's memory or shared through Redis. */
export interface RateLimiter {
  /** Counts a hit for `key` when the limit allows it; a refused hit counts nowhere. */
  consume(key: string | number): Promise<RateDecision>;
  /** Takes back a hit that `consume` allowed (a later check refused the action after all). */
  refund(key: string | number): Promise<void>;
  /** How long until `key` may be hit again (0: now), counting nothing. */
  waitMs(key: string | number): Promise<number>;
}

/** A refused decision's Retry-After in whole seconds (at least 1), as the API's 429 answers carry it. */
export function retryAfterSeconds(decision: RateDecision): number {
  return Math.max(1, Math.ceil(decision.retryAfterMs / 1000));
}

/**
 * Consumes each part (a limiter and the key it counts) in turn. At the first refusal the parts already counted
 * are refunded — a refused hit counts nowhere — and the wait is the longest among the full parts, so that a
 * retry after it is not refused by another part.
 */
export async function consumeAll(
  parts: readonly { limiter: RateLimiter; key: string | number }[],
): Promise<RateDecision> {
  for (const [i, part] of parts.entries()) {
    const decision = await part.limiter.consume(part.key);
    if (decision.allowed) continue;
    const [waits] = await Promise.all([
      Promise.all(parts.slice(i + 1).map((p) => p.limiter.waitMs(p.key))),
      Promise.all(parts.slice(0, i).map((p) => p.limiter.refund(p.key))),
    ]);
    return { allowed: false, retryAfterMs: Math.max(decision.retryAfterMs, ...waits) };
  }
  return { allowed: true, retryAfterMs: 0 };
}

/**
 * One window over one rate-limiter-flexible limiter (RateLimiterMemory, or RateLimiterRedis behind a timeout with a
 * memory insurance). The library counts a refused hit too; in a fixed window that changes nothing (the window is
 * full either way and ends when it would have), so only hits allowed here and refused by a later window are refunded.
 */
export class FlexibleWindow implements RateLimiter {
  constructor(
    private readonly store: RateLimiterAbstract,
    private readonly limit: number,
  ) {}

  async consume(key: string | number): Promise<RateDecision> {
    try {
      await this.store.consume(key);
      return { allowed: true, retryAfterMs: 0 };
    } catch (error) {
      if (error instanceof RateLimiterRes) return { allowed: false, retryAfterMs: Math.max(0, error.msBeforeNext) };
      throw error;
    }
  }

  async refund(key: string | number): Promise<void> {
    await this.store.reward(key);
  }

  async waitMs(key: string | number): Promise<number> {
    const res = await this.store.get(key);
    return res && res.consumedPoints >= this.limit ? Math.max(0, res.msBeforeNext) : 0;
  }
}

/** Several windows on one key (e.g. one a second and twenty a minute): a hit counts only when all allow it. */
export class WindowsLimiter implements RateLimiter {
  constructor(private readonly windows: readonly RateLimiter[]) {}

  consume(key: string | number): Promise<RateDecision> {
    return consumeAll(this.windows.map((limiter) => ({ limiter, key })));
  }

  async refund(key: string | number): Promise<void> {
    await Promise.all(this.windows.map((w) => w.refund(key)));
  }

  async waitMs(key: string | number): Promise<number> {
    return Math.max(0, ...(await Promise.all(this.windows.map((w) => w.waitMs(key)))));
  }
}
