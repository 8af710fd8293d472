import { describe, expect, it } from 'vitest';
import { SupportIdempotencyKeySchema, SUPPORT_LIMITS } from '@petheart/contracts';
import { clampPoints, intentFor, maxPoints, newIdempotencyKey, progressPercent, remainingPoints } from './support';

describe('support progress and points', () => {
  it('progress is a whole percentage, never past 100, 0 without a target', () => {
    expect(progressPercent(0, 120)).toBe(0);
    expect(progressPercent(1, 3)).toBe(33);
    expect(progressPercent(119, 120)).toBe(99);
    expect(progressPercent(120, 120)).toBe(100);
    expect(progressPercent(130, 120)).toBe(100);
    expect(progressPercent(5, 0)).toBe(0);
  });

  it('a gift gives at most what the item still needs, and at most the limit per gift', () => {
    expect(remainingPoints({ completed: 40, target: 42 })).toBe(2);
    expect(remainingPoints({ completed: 50, target: 42 })).toBe(0);
    expect(maxPoints({ completed: 40, target: 42 })).toBe(2);
    expect(maxPoints({ completed: 0, target: 1_000_000 })).toBe(SUPPORT_LIMITS.maxPointsPerGift);
  });

  it('points stay within 1…max', () => {
    expect(clampPoints(0, 5)).toBe(1);
    expect(clampPoints(7, 5)).toBe(5);
    expect(clampPoints(2.7, 5)).toBe(2);
    expect(clampPoints(Number.NaN, 5)).toBe(1);
    expect(clampPoints(3, 0)).toBe(1);
  });
});

describe('idempotency keys', () => {
  it('are valid for the server and differ each time', () => {
    const a = newIdempotencyKey();
    expect(SupportIdempotencyKeySchema.safeParse(a).success).toBe(true);
    expect(newIdempotencyKey()).not.toBe(a);
  });

  it('a retry of the same confirmation keeps its key; other points or another item get a new one', () => {
    let n = 0;
    const key = () => `key-0000${String(++n)}`;
    const first = intentFor(null, 3, 2, key);
    expect(first).toEqual({ itemId: 3, points: 2, key: 'key-00001' });
    expect(intentFor(first, 3, 2, key)).toBe(first);
    expect(intentFor(first, 3, 3, key).key).toBe('key-00002');
    expect(intentFor(first, 4, 2, key).key).toBe('key-00003');
  });
});
