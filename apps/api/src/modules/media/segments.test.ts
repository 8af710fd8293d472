import { describe, expect, it } from 'vitest';
import { coveringSegments, segmentIndex, type SegmentFile } from './segments';

const seg = (index: number, mtimeMs: number, size = 1000): SegmentFile => ({
  index,
  name: `${String(index).padStart(6, '0')}.ts`,
  size,
  mtimeMs,
});

describe('coveringSegments', () => {
  it('takes the newest whole segments covering the window', () => {
    // Started at 0; segments of 3 s complete at 3, 6, … 27; #9 is being written at 28.5 s.
    const files = Array.from({ length: 10 }, (_, i) => seg(i, (i + 1) * 3000));
    const choice = coveringSegments(files, 0, 28_500, 15_000, 3000);
    // #4 began at 12 s: 16.5 s ≥ 15 s; #5 (began 15 s) would give 13.5 s.
    expect(choice.names).toEqual(['000004.ts', '000005.ts', '000006.ts', '000007.ts', '000008.ts', '000009.ts']);
    expect(choice.durationMs).toBe(16_500);
  });

  it('takes everything a young recording has, and nothing of an empty one', () => {
    const choice = coveringSegments([seg(1, 6100), seg(0, 3050)], 0, 6500, 15_000, 3000);
    expect(choice).toEqual({ names: ['000000.ts', '000001.ts'], durationMs: 6500 });
    expect(coveringSegments([seg(0, 100, 0)], 0, 200, 15_000, 3000)).toEqual({ names: [], durationMs: 0 });
    expect(coveringSegments([], 0, 200, 15_000, 3000)).toEqual({ names: [], durationMs: 0 });
  });

  it('estimates the start of a segment whose predecessor was already deleted', () => {
    const choice = coveringSegments([seg(20, 63_000), seg(21, 66_000)], 0, 67_000, 15_000, 3000);
    expect(choice).toEqual({ names: ['000020.ts', '000021.ts'], durationMs: 7000 });
  });
});

describe('segmentIndex', () => {
  it('reads the recorder’s own names only', () => {
    expect(segmentIndex('000123.ts')).toBe(123);
    expect(segmentIndex('list.ffconcat')).toBeUndefined();
    expect(segmentIndex('12.ts')).toBeUndefined();
  });
});
