import { describe, expect, it } from 'vitest';
import { failureMessage, feedCost, feedTone, formatDateTime, needsRefresh } from './receipt';

describe('the feed as the log and the receipt show it', () => {
  it('is fed, failed or open by its status', () => {
    expect(feedTone({ status: 'succeeded' })).toBe('fed');
    expect(feedTone({ status: 'failed' })).toBe('failed');
    expect(feedTone({ status: 'queued' })).toBe('open');
    expect(feedTone({ status: 'dispensing' })).toBe('open');
  });

  it('costs what was charged, nothing when it failed, the held price while open', () => {
    expect(feedCost({ status: 'succeeded', coins: 18, coins_charged: 9 })).toEqual({ kind: 'charged', coins: 9 });
    expect(feedCost({ status: 'succeeded', coins: 18, coins_charged: 0 })).toEqual({ kind: 'charged', coins: 0 });
    expect(feedCost({ status: 'failed', coins: 18, coins_charged: 0 })).toEqual({ kind: 'notCharged' });
    expect(feedCost({ status: 'queued', coins: 18, coins_charged: 0 })).toEqual({ kind: 'held', coins: 18 });
  });

  it('names why it failed (a missing reason as a plain failure)', () => {
    expect(failureMessage({ status: 'failed', reason: 'jammed' })).toBe('feed.reason.jammed');
    expect(failureMessage({ status: 'failed', reason: null })).toBe('feed.reason.failed');
    expect(failureMessage({ status: 'succeeded', reason: null })).toBeNull();
  });

  it('asks again only while the feed is open', () => {
    expect(needsRefresh(undefined)).toBe(false);
    expect(needsRefresh({ status: 'dispensing' })).toBe(true);
    expect(needsRefresh({ status: 'succeeded' })).toBe(false);
  });

  it('writes a date with a 24-hour time in the locale', () => {
    const t = Date.UTC(2025, 4, 1, 14, 5, 9) / 1000 + new Date(2025, 4, 1).getTimezoneOffset() * 60;
    expect(formatDateTime(t, 'en')).toBe('May 1, 2025, 14:05:09');
    expect(formatDateTime(t, 'ja')).toBe('2025年5月1日 14:05:09');
  });
});
