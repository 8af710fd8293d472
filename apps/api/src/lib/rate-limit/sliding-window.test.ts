import { describe, expect, it } from 'vitest';
import { retryAfterSeconds } from './limiter';
import { SlidingWindowLimiter } from './sliding-window';

describe('SlidingWindowLimiter (memory)', () => {
  it('allows `limit` hits per window per key and says how long to wait', async () => {
    let now = 1_000_000;
    const limiter = new SlidingWindowLimiter({ now: () => new Date(now) }, 3, 60_000);
    const take = async (key: number) => {
      const decision = await limiter.consume(key);
      return decision.allowed ? 0 : retryAfterSeconds(decision);
    };
    expect([await take(1), await take(1), await take(1)]).toEqual([0, 0, 0]);
    expect(await take(1)).toBe(60);
    expect(await take(2)).toBe(0);
    now += 30_000;
    expect(await take(1)).toBe(30);
    now += 30_001;
    expect(await take(1)).toBe(0);
  });
});
