import { describe, expect, it } from 'vitest';
import { SlidingWindowLimiter } from './rate-limit';

describe('SlidingWindowLimiter', () => {
  it('allows `limit` hits per window per key and says how long to wait', () => {
    let now = 1_000_000;
    const limiter = new SlidingWindowLimiter({ now: () => new Date(now) }, 3, 60_000);
    expect([limiter.take(1), limiter.take(1), limiter.take(1)]).toEqual([0, 0, 0]);
    expect(limiter.take(1)).toBe(60);
    expect(limiter.take(2)).toBe(0);
    now += 30_000;
    expect(limiter.take(1)).toBe(30);
    now += 30_001;
    expect(limiter.take(1)).toBe(0);
  });
});
