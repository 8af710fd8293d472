import { describe, expect, it } from 'vitest';
import { ClockedMemoryLimiter } from './clocked-memory';
import { consumeAll, retryAfterSeconds, type RateLimiter } from './limiter';
import { RateLimits, memoryLimiter } from './rate-limits';

class ManualClock {
  t = 1_000_000;
  now() {
    return new Date(this.t);
  }
}

/** The wait of one consume, in seconds as the API answers it (0 when allowed). */
async function take(limiter: RateLimiter, key: string | number): Promise<number> {
  const decision = await limiter.consume(key);
  return decision.allowed ? 0 : retryAfterSeconds(decision);
}

describe('memory limits (RateLimiterMemory on the container clock)', () => {
  it('allows `limit` hits per window per key and says how long to wait', async () => {
    const clock = new ManualClock();
    const limiter = memoryLimiter(clock, [{ limit: 3, ms: 60_000 }]);
    expect([await take(limiter, 1), await take(limiter, 1), await take(limiter, 1)]).toEqual([0, 0, 0]);
    expect(await take(limiter, 1)).toBe(60);
    expect(await take(limiter, 2)).toBe(0);
    clock.t += 30_000;
    expect(await take(limiter, 1)).toBe(30);
    expect(await limiter.waitMs(1)).toBe(30_000);
    clock.t += 30_001;
    expect(await limiter.waitMs(1)).toBe(0);
    expect(await take(limiter, 1)).toBe(0);
  });

  it('a refund gives an allowed hit back', async () => {
    const clock = new ManualClock();
    const limiter = memoryLimiter(clock, [{ limit: 1, ms: 10_000 }]);
    expect(await take(limiter, 'k')).toBe(0);
    await limiter.refund('k');
    expect(await take(limiter, 'k')).toBe(0);
    expect(await take(limiter, 'k')).toBe(10);
  });

  it('forgets expired keys once it grows past its bound', async () => {
    const clock = new ManualClock();
    const store = new ClockedMemoryLimiter({ points: 1, duration: 60, keyPrefix: '' }, clock, 3);
    for (const key of ['a', 'b', 'c']) await store.consume(key);
    expect(store.keys).toBe(3);
    clock.t += 61_000;
    await store.consume('d');
    await store.consume('e');
    expect(store.keys).toBe(2);
  });
});

describe('consumeAll (several limits on one action)', () => {
  it('counts nothing when one part refuses, and answers the longest wait of the full parts', async () => {
    const clock = new ManualClock();
    const perAddress = memoryLimiter(clock, [{ limit: 1, ms: 60_000 }]);
    const perIp = memoryLimiter(clock, [{ limit: 2, ms: 3_600_000 }]);
    const send = (address: string) =>
      consumeAll([
        { limiter: perAddress, key: address },
        { limiter: perIp, key: '192.0.2.1' },
      ]);
    expect((await send('a')).allowed).toBe(true);
    expect((await send('b')).allowed).toBe(true);
    // The IP is full: 'c' is refused and its per-address hit is refunded.
    expect(await send('c')).toEqual({ allowed: false, retryAfterMs: 3_600_000 });
    expect(await perAddress.waitMs('c')).toBe(0);
    // Both full: the answer is the IP's hour, not the address's minute.
    expect(await send('a')).toEqual({ allowed: false, retryAfterMs: 3_600_000 });
  });
});

describe('RateLimits', () => {
  it('makes each named limit once, in memory without Redis', () => {
    const limits = new RateLimits({ clock: new ManualClock() });
    expect(limits.shared).toBe(false);
    limits.limiter('uploads', [{ limit: 60, ms: 3_600_000 }]);
    expect(() => limits.limiter('uploads', [{ limit: 1, ms: 1000 }])).toThrow(/twice/);
    expect(() => limits.limiter('odd', [{ limit: 1, ms: 1500 }])).toThrow(/1500 ms/);
  });

  it('with Redis not ready, each window is answered by this process’s memory at once', async () => {
    const clock = new ManualClock();
    const redis = { client: { isReady: false }, close: () => Promise.resolve() };
    const limiter = new RateLimits({ clock, redis }).limiter('comments', [
      { limit: 1, ms: 2_000 },
      { limit: 20, ms: 60_000 },
    ]);
    expect(await take(limiter, 'u1')).toBe(0);
    expect(await take(limiter, 'u1')).toBe(2);
    clock.t += 2_000;
    expect(await take(limiter, 'u1')).toBe(0);
  });

  it('with Redis not answering, the memory insurance answers after the timeout instead of holding the request', async () => {
    const clock = new ManualClock();
    const never = () => new Promise(() => undefined);
    const client = { isReady: true, eval: never };
    const limits = new RateLimits({ clock, redis: { client, close: () => Promise.resolve() }, redisTimeoutMs: 50 });
    const limiter = limits.limiter('uploads', [{ limit: 1, ms: 60_000 }]);
    const started = Date.now();
    expect(await take(limiter, 7)).toBe(0);
    expect(await take(limiter, 7)).toBe(60);
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});
