import { describe, expect, it } from 'vitest';
import { TtlCache } from './ttl-cache';

describe('TtlCache', () => {
  it('answers until the deadline, then forgets', () => {
    const c = new TtlCache<string, number>();
    c.set('a', 1, 100, c.generation);
    expect(c.get('a', 99)).toBe(1);
    expect(c.get('a', 100)).toBeUndefined();
  });

  it('refuses a value read before an invalidation (no revoked token cached by a slow reader)', () => {
    const c = new TtlCache<string, number>();
    const readerGeneration = c.generation;
    c.delete('a');
    c.set('a', 1, 100, readerGeneration);
    expect(c.get('a', 0)).toBeUndefined();
  });

  it('drops matching values and evicts the oldest past max', () => {
    const c = new TtlCache<string, number>(2);
    c.set('a', 1, 100, c.generation);
    c.set('b', 2, 100, c.generation);
    c.set('c', 3, 100, c.generation);
    expect(c.get('a', 0)).toBeUndefined();
    c.deleteWhere((v) => v === 2);
    expect(c.get('b', 0)).toBeUndefined();
    expect(c.get('c', 0)).toBe(3);
  });
});
