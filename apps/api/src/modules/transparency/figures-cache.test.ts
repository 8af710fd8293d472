import { describe, expect, it } from 'vitest';
import { FiguresCache } from './figures-cache';

describe('FiguresCache', () => {
  it('reads each key once per TTL on the clock, shares a read, keeps no failure, drops all on invalidate', async () => {
    let now = 0;
    const cache = new FiguresCache({ now: () => new Date(now) }, 1_000);
    let reads = 0;
    const load = () => {
      reads += 1;
      return Promise.resolve(reads);
    };
    expect(await Promise.all([cache.get('a', load), cache.get('a', load)])).toEqual([1, 1]);
    expect(await cache.get('b', load)).toBe(2);
    now = 999;
    expect(await cache.get('a', load)).toBe(1);
    now = 1_000;
    expect(await cache.get('a', load)).toBe(3);
    cache.invalidate();
    expect(await cache.get('a', load)).toBe(4);
    await expect(cache.get('c', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('c', load)).toBe(5);
    const never = new FiguresCache({ now: () => new Date(now) }, 0);
    expect([await never.get('a', load), await never.get('a', load)]).toEqual([6, 7]);
  });
});
