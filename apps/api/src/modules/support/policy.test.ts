import { describe, expect, it } from 'vitest';
import { clipBytes, giftLedgerKey, giftRefusal, pointsCost, pointsPaid } from './policy';

describe('support policy', () => {
  it('refuses gifts on a closed event first, then a full item, then points past the target', () => {
    expect(giftRefusal({ completed: 10, target: 10 }, 'closed', 1)).toEqual({ id: 'support_event_closed' });
    expect(giftRefusal({ completed: 10, target: 10 }, 'live', 1)).toEqual({ id: 'support_item_full' });
    expect(giftRefusal({ completed: 12, target: 10 }, 'live', 1)).toEqual({ id: 'support_item_full' });
    expect(giftRefusal({ completed: 7, target: 10 }, 'live', 4)).toEqual({
      id: 'support_points_exceed',
      params: { remaining: 3 },
    });
    expect(giftRefusal({ completed: 7, target: 10 }, 'live', 3)).toBeNull();
  });

  it('prices points in whole coins and finds the points a help-pay paid for', () => {
    expect(pointsCost(30, 4)).toBe(120);
    expect(pointsCost(100_000, 10_000)).toBe(1_000_000_000);
    expect(() => pointsCost(0, 1)).toThrow();
    expect(pointsPaid(120, 30)).toBe(4);
    expect(pointsPaid(10, 30)).toBe(1);
  });

  it('keys a gift by user and client key', () => {
    expect(giftLedgerKey(12, 'tap-1')).toBe('support:12:tap-1');
    expect(giftLedgerKey(13, 'tap-1')).not.toBe(giftLedgerKey(12, 'tap-1'));
  });

  it('clips a description to whole characters within the byte limit', () => {
    expect(clipBytes('abc', 127)).toBe('abc');
    const chinese = '帮扶支付'.repeat(20);
    const clipped = clipBytes(chinese, 127);
    expect(Buffer.byteLength(clipped)).toBeLessThanOrEqual(127);
    expect(Buffer.byteLength(clipped)).toBeGreaterThan(123);
    expect(chinese.startsWith(clipped)).toBe(true);
  });
});
