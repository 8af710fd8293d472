import { describe, expect, it } from 'vitest';
import { retryAfterSeconds } from '../../lib/rate-limit/limiter';
import { memoryLimiter } from '../../lib/rate-limit/rate-limits';
import { COMMENT_WINDOWS } from './policy';

class ManualClock {
  t = 1_000_000;
  now() {
    return new Date(this.t);
  }
}

function comments(clock: ManualClock) {
  const limiter = memoryLimiter(clock, COMMENT_WINDOWS);
  /** Counts a hit: 0 when allowed, else the seconds to wait. */
  return async (key: string) => {
    const decision = await limiter.consume(key);
    return decision.allowed ? 0 : retryAfterSeconds(decision);
  };
}

describe('COMMENT_WINDOWS (1 per 2 s, 20 per minute) on the memory limiter', () => {
  it('allows one hit per 2 s and says how long to wait', async () => {
    const clock = new ManualClock();
    const take = comments(clock);
    expect(await take('u1:PH-1')).toBe(0);
    clock.t += 500;
    expect(await take('u1:PH-1')).toBe(2); // 1.5 s left, rounded up
    // Another room or another user is not affected.
    expect(await take('u1:PH-2')).toBe(0);
    expect(await take('u2:PH-1')).toBe(0);
    clock.t += 1_500;
    expect(await take('u1:PH-1')).toBe(0);
  });

  it('refused hits do not count, and the minute window caps a steady writer at 20', async () => {
    const clock = new ManualClock();
    const take = comments(clock);
    const start = clock.t;
    let allowed = 0;
    // One attempt every 100 ms for a minute: the 2-second window alone would allow 30.
    for (let i = 0; i < 600; i++) {
      if ((await take('k')) === 0) allowed++;
      clock.t += 100;
    }
    expect(allowed).toBe(20);
    // The 21st is allowed once the first of the 20 leaves the minute window.
    clock.t = start + 60_000;
    expect(await take('k')).toBe(0);
  });

  it('reports the wait of the fullest window', async () => {
    const clock = new ManualClock();
    const take = comments(clock);
    for (let i = 0; i < 20; i++) {
      expect(await take('k')).toBe(0);
      clock.t += 2_000;
    }
    // 20 hits over 40 s: the minute window frees up 20 s after the first hit's minute ends.
    expect(await take('k')).toBe(20);
  });
});
