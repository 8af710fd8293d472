import { beforeEach, describe, expect, it } from 'vitest';
import { RECENT_KEY, RECENT_MAX, addRecent, normalizeKeyword, readRecent, writeRecent } from './recent';

describe('recent searches', () => {
  beforeEach(() => {
    localStorage.clear();
  });

  it('normalizes a keyword', () => {
    expect(normalizeKeyword('  cat   food \n')).toBe('cat food');
    expect(normalizeKeyword('x'.repeat(80))).toHaveLength(50);
    expect(normalizeKeyword('   ')).toBe('');
  });

  it('moves a repeated keyword to the front once, case-insensitively, and keeps at most RECENT_MAX', () => {
    expect(addRecent(['dog', 'Cat'], 'cat')).toEqual(['cat', 'dog']);
    expect(addRecent(['dog'], '  ')).toEqual(['dog']);
    const many = Array.from({ length: RECENT_MAX }, (_, i) => `k${String(i)}`);
    const next = addRecent(many, 'new');
    expect(next).toHaveLength(RECENT_MAX);
    expect(next[0]).toBe('new');
    expect(next).not.toContain(`k${String(RECENT_MAX - 1)}`);
  });

  it('round-trips through storage, ignores junk and clears', () => {
    writeRecent(localStorage, ['a', 'b']);
    expect(readRecent(localStorage)).toEqual(['a', 'b']);
    localStorage.setItem(RECENT_KEY, '{"not":"a list"}');
    expect(readRecent(localStorage)).toEqual([]);
    localStorage.setItem(RECENT_KEY, '[1, "ok", null, ""]');
    expect(readRecent(localStorage)).toEqual(['ok']);
    localStorage.setItem(RECENT_KEY, 'not json');
    expect(readRecent(localStorage)).toEqual([]);
    writeRecent(localStorage, []);
    expect(localStorage.getItem(RECENT_KEY)).toBeNull();
  });
});
