import { describe, expect, it } from 'vitest';
import { COMMENT_WINDOWS, MultiWindowLimiter } from './rate-limit';

class ManualClock {
  t = 1_000_000;
  now() {
    return new Date(this.t);
  }
}

describe('MultiWindowLimiter (comments: 1 per 2 s, 20 per minute)', () => {
  it('allows one hit per 2 s and says how long to wait', () => {
    const clock = new ManualClock();
    const limiter = new MultiWindowLimiter(clock, COMMENT_WINDOWS);
    expect(limiter.take('u1:PH-1')).toBe(0);
    clock.t += 500;
    expect(limiter.take('u1:PH-1')).toBe(2); // 1.5 s left, rounded up
    // Another room or another user is not affected.
    expect(limiter.take('u1:PH-2')).toBe(0);
    expect(limiter.take('u2:PH-1')).toBe(0);
    clock.t += 1_500;
    expect(limiter.take('u1:PH-1')).toBe(0);
  });

  it('refused hits do not count, and the minute window caps a steady writer at 20', () => {
    const clock = new ManualClock();
    const limiter = new MultiWindowLimiter(clock, COMMENT_WINDOWS);
    const start = clock.t;
    let allowed = 0;
    // One attempt every 100 ms for a minute: the 2-second window alone would allow 30.
    for (let i = 0; i < 600; i++) {
      if (limiter.take('k') === 0) allowed++;
      clock.t += 100;
    }
    expect(allowed).toBe(20);
    // The 21st is allowed once the first of the 20 leaves the minute window.
    clock.t = start + 60_000;
    expect(limiter.take('k')).toBe(0);
  });

  it('reports the wait of the fullest window', () => {
    const clock = new ManualClock();
    const limiter = new MultiWindowLimiter(clock, COMMENT_WINDOWS);
    for (let i = 0; i < 20; i++) {
      expect(limiter.take('k')).toBe(0);
      clock.t += 2_000;
    }
    // 20 hits over 40 s: the minute window frees up 20 s after the first hit's minute ends.
    expect(limiter.take('k')).toBe(20);
  });

  it('forgets idle keys when it grows past its bound', () => {
    const clock = new ManualClock();
    const limiter = new MultiWindowLimiter(clock, COMMENT_WINDOWS, 3);
    for (const key of ['a', 'b', 'c']) limiter.take(key);
    clock.t += 61_000;
    limiter.take('d');
    limiter.take('e');
    expect(limiter.size).toBe(2);
  });
});
