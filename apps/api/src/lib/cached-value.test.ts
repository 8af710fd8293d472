import { describe, expect, it } from 'vitest';
import { CachedValue } from './cached-value';

/** A load that counts its calls and answers only when released. */
function gatedLoad() {
  const pending: ((v: number) => void)[] = [];
  let calls = 0;
  return {
    load: () => {
      calls++;
      return new Promise<number>((resolve) => pending.push(resolve));
    },
    answer: (i: number, v: number) => {
      pending[i]?.(v);
    },
    calls: () => calls,
  };
}

describe('CachedValue', () => {
  it('shares one load between concurrent readers and keeps its value until the time is up', async () => {
    let t = 0;
    const g = gatedLoad();
    const cache = new CachedValue(g.load, 1000, () => t);
    const a = cache.get();
    const b = cache.get();
    expect(g.calls()).toBe(1);
    g.answer(0, 7);
    expect([await a, await b]).toEqual([7, 7]);
    t = 999;
    expect(await cache.get()).toBe(7);
    expect(g.calls()).toBe(1);
    t = 1000;
    const c = cache.get();
    expect(g.calls()).toBe(2);
    g.answer(1, 8);
    expect(await c).toBe(8);
  });

  it('never keeps a load that was in flight when it was invalidated', async () => {
    const g = gatedLoad();
    const cache = new CachedValue(g.load, Infinity);
    const before = cache.get();
    cache.invalidate();
    const after = cache.get();
    g.answer(1, 2);
    g.answer(0, 1);
    expect(await before).toBe(1);
    expect(await after).toBe(2);
    expect(await cache.get()).toBe(2);
    expect(g.calls()).toBe(2);
  });

  it('keeps what set() gives over a load in flight, and forgets a failed load', async () => {
    const g = gatedLoad();
    const cache = new CachedValue(g.load, Infinity);
    const inFlight = cache.get();
    cache.set(5);
    g.answer(0, 1);
    expect(await inFlight).toBe(1);
    expect(await cache.get()).toBe(5);

    let fail = true;
    const flaky = new CachedValue(() => (fail ? Promise.reject(new Error('down')) : Promise.resolve(3)), Infinity);
    await expect(flaky.get()).rejects.toThrow('down');
    fail = false;
    expect(await flaky.get()).toBe(3);
  });
});
