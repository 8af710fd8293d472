import type { Clock } from '../clock';
import type { RateDecision, RateLimiter } from './limiter';
import { memoryLimiter } from './rate-limits';

/**
 * `limit` hits per `windowMs` per key, in this process's memory on `clock` (rate-limiter-flexible's RateLimiterMemory;
 * the window is fixed, from a key's first hit — the name is older). The app's limits come from RateLimits
 * (lib/rate-limit), shared through Redis with REDIS_URL; this one is for services a test builds by hand.
 */
export class SlidingWindowLimiter implements RateLimiter {
  private readonly inner: RateLimiter;

  constructor(clock: Clock, limit: number, windowMs: number) {
    this.inner = memoryLimiter(clock, [{ limit, ms: windowMs }]);
  }

  consume(key: string | number): Promise<RateDecision> {
    return this.inner.consume(key);
  }

  refund(key: string | number): Promise<void> {
    return this.inner.refund(key);
  }

  waitMs(key: string | number): Promise<number> {
    return this.inner.waitMs(key);
  }
}
