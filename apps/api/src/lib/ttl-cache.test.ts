import { describe, expect, it } from 'vitest';
import { TtlCache } from './ttl-cache';

/** A clock moved by hand (from 0, which lru-cache must not take for "no TTL"). */
function fakeClock() {
  const clock = { t: 0, now: () => new Date(clock.t) };
  return clock;
}

describe('TtlCache', () => {
  it('answers until the deadline, then forgets', () => {
    const clock = fakeClock();
    const c = new TtlCache<string, number>(clock);
    c.set('a', 1, 100, c.generation);
    clock.t = 99;
    expect(c.get('a')).toBe(1);
    clock.t = 100;
    expect(c.get('a')).toBeUndefined();
  });

  it('keeps nothing whose deadline has passed, and a later deadline replaces an earlier one', () => {
    const clock = fakeClock();
    const c = new TtlCache<string, number>(clock);
    clock.t = 50;
    c.set('a', 1, 50, c.generation);
    expect(c.get('a')).toBeUndefined();
    c.set('a', 1, 60, c.generation);
    c.set('a', 2, 200, c.generation);
    clock.t = 199;
    expect(c.get('a')).toBe(2);
  });

  it('refuses a value read before an invalidation (no revoked token cached by a slow reader)', () => {
    const c = new TtlCache<string, number>(fakeClock());
    const readerGeneration = c.generation;
    c.delete('a');
    c.set('a', 1, 100, readerGeneration);
    expect(c.get('a')).toBeUndefined();
  });

  it('drops matching values and evicts the least recently used past max', () => {
    const c = new TtlCache<string, number>(fakeClock(), 2);
    c.set('a', 1, 100, c.generation);
    c.set('b', 2, 100, c.generation);
    c.set('c', 3, 100, c.generation);
    expect(c.get('a')).toBeUndefined();
    c.deleteWhere((v) => v === 2);
    expect(c.get('b')).toBeUndefined();
    expect(c.get('c')).toBe(3);
  });
});
