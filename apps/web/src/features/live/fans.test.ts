import { describe, expect, it } from 'vitest';
import type { Clip } from '@petheart/contracts';
import { fanProgress, levelTier, mergeClips } from './fans';

describe('fanProgress', () => {
  it('measures from the level’s threshold to the next (level 2 starts at 10, level 3 at 30)', () => {
    expect(fanProgress({ level: 2, points: 20, next_level_points: 30 })).toEqual({
      percent: 50,
      toNext: 10,
      nextLevel: 3,
    });
    expect(fanProgress({ level: 1, points: 0, next_level_points: 10 })).toMatchObject({ percent: 0, toNext: 10 });
  });

  it('is full at the top level', () => {
    expect(fanProgress({ level: 10, points: 900, next_level_points: null })).toEqual({
      percent: 100,
      toNext: null,
      nextLevel: null,
    });
  });

  it('level tiers', () => {
    expect([1, 3, 4, 6, 7, 9, 10].map(levelTier)).toEqual([1, 1, 2, 2, 3, 3, 4]);
  });
});

describe('mergeClips', () => {
  const clip = (id: string, created_at: number, published = true): Clip => ({
    id,
    device_id: 'PH-0001',
    user_id: 1,
    nickname: 'Mia',
    url: `/clips/${id}.mp4`,
    duration_ms: 15000,
    published,
    created_at,
  });

  it('newest first, one per id, published only', () => {
    const merged = mergeClips([clip('a', 1), clip('b', 3)], [clip('c', 2), clip('b', 3), clip('d', 4, false)]);
    expect(merged.map((c) => c.id)).toEqual(['b', 'c', 'a']);
  });

  it('keeps at most max', () => {
    expect(mergeClips([], [clip('a', 1), clip('b', 2), clip('c', 3)], 2).map((c) => c.id)).toEqual(['c', 'b']);
  });
});
