import { describe, expect, it } from 'vitest';
import { PublishedPostCache } from './list-cache';
import type { Page, PostView } from './repository';

class Clock {
  t = 0;
  now() {
    return new Date(this.t);
  }
}

function setup() {
  const clock = new Clock();
  let total = 3;
  const calls = { load: 0, count: 0 };
  const cache = new PublishedPostCache({
    load: (page: Page) => {
      calls.load += 1;
      return Promise.resolve(
        Array.from({ length: page.limit }, (_, i) => ({ post: { id: page.offset + i } }) as unknown as PostView),
      );
    },
    count: () => {
      calls.count += 1;
      return Promise.resolve(total);
    },
    clock,
    ttlMs: 2_000,
    maxPage: 2,
  });
  return { clock, calls, cache, setTotal: (n: number) => (total = n) };
}

describe('PublishedPostCache', () => {
  it('may keep the total until invalidated', async () => {
    let total = 1;
    let counts = 0;
    const clock = new Clock();
    const cache = new PublishedPostCache({
      load: () => Promise.resolve([]),
      count: () => {
        counts += 1;
        return Promise.resolve(total);
      },
      clock,
      ttlMs: 2_000,
      maxPage: 1,
      countTtlMs: Infinity,
    });
    await cache.page(1, 10);
    clock.t += 86_400_000;
    total = 2;
    expect((await cache.page(2, 10)).total).toBe(1);
    cache.invalidate();
    expect((await cache.page(2, 10)).total).toBe(2);
    expect(counts).toBe(2);
  });

  it('shares the first pages for ttlMs, one read for simultaneous misses', async () => {
    const { clock, calls, cache } = setup();
    const pages = await Promise.all([cache.page(1, 10), cache.page(1, 10), cache.page(1, 10)]);
    expect(pages[0]).toBe(pages[1]);
    expect(calls).toEqual({ load: 1, count: 1 });
    await cache.page(2, 10);
    expect(calls).toEqual({ load: 2, count: 1 });
    clock.t += 1_999;
    await cache.page(1, 10);
    expect(calls.load).toBe(2);
    clock.t += 1;
    await cache.page(1, 10);
    expect(calls.load).toBe(3);
  });

  it('reads later pages every time (their total shared) and drops everything on invalidate', async () => {
    const { calls, cache, setTotal } = setup();
    await cache.page(3, 10);
    await cache.page(3, 10);
    expect(calls).toEqual({ load: 2, count: 1 });
    expect((await cache.page(1, 5)).total).toBe(3);
    setTotal(4);
    cache.invalidate();
    expect((await cache.page(1, 5)).total).toBe(4);
    expect(calls).toEqual({ load: 4, count: 2 });
  });
});
