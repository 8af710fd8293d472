import { describe, expect, it } from 'vitest';
import { LOCALES } from '@petheart/contracts';
import {
  DEFAULT_AVATAR,
  DEFAULT_COVER,
  formatCount,
  formatDistance,
  formatRelativeTime,
  formatWeight,
  imageUrl,
} from './index';

describe.each(LOCALES)('formatters in %s', (locale) => {
  it('counts: k for thousands, w for ten-thousands', () => {
    expect(formatCount(999, locale)).toBe('999');
    expect(formatCount(1000, locale)).toBe('1k');
    expect(formatCount(1234, locale)).toBe('1.2k');
    expect(formatCount(9999, locale)).toBe('9.9k');
    expect(formatCount(10000, locale)).toBe('1w');
    expect(formatCount(123456, locale)).toBe('12.3w');
  });

  it('distance in m or Km, weight in g or kg', () => {
    expect(formatDistance(850, locale)).toBe('850m');
    expect(formatDistance(1000, locale)).toBe('1Km');
    expect(formatDistance(1534, locale)).toBe('1.53Km');
    expect(formatWeight(500, locale)).toBe('500g');
    expect(formatWeight(1500, locale)).toBe('1.5kg');
    expect(formatWeight(1234567, locale)).toBe('1,234.57kg');
  });
});

describe('relative time', () => {
  const now = new Date(2024, 5, 15, 12, 0, 0);
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const MIN = 60_000;
  const HOUR = 60 * MIN;
  const DAY = 24 * HOUR;

  it.each([
    ['en', 'just now', '5 minutes ago', '1 minute ago', '3 hours ago', '2 days ago', '7 days ago', 'Jun 1, 2024'],
    ['ja', 'たった今', '5分前', '1分前', '3時間前', '2日前', '7日前', '2024年6月1日'],
    ['zh-CN', '刚刚', '5分钟前', '1分钟前', '3小时前', '2天前', '7天前', '2024年6月1日'],
    ['zh-TW', '剛剛', '5分鐘前', '1分鐘前', '3小時前', '2天前', '7天前', '2024年6月1日'],
  ] as const)('%s', (locale, justNow, fiveMin, oneMin, threeHours, twoDays, sevenDays, date) => {
    expect(formatRelativeTime(ago(30_000), locale, now)).toBe(justNow);
    expect(formatRelativeTime(ago(5 * MIN), locale, now)).toBe(fiveMin);
    expect(formatRelativeTime(ago(MIN), locale, now)).toBe(oneMin);
    expect(formatRelativeTime(ago(3 * HOUR + 5 * MIN), locale, now)).toBe(threeHours);
    expect(formatRelativeTime(ago(2 * DAY), locale, now)).toBe(twoDays);
    expect(formatRelativeTime(ago(7 * DAY), locale, now)).toBe(sevenDays);
    expect(formatRelativeTime(ago(14 * DAY), locale, now)).toBe(date);
  });

  it('takes API timestamps in seconds as well as milliseconds', () => {
    const seconds = Math.floor(ago(2 * HOUR).getTime() / 1000);
    expect(formatRelativeTime(seconds, 'en', now)).toBe('2 hours ago');
    expect(formatRelativeTime(ago(2 * HOUR).getTime(), 'en', now)).toBe('2 hours ago');
  });
});

describe('imageUrl', () => {
  it('prefixes paths starting with / with the asset host', () => {
    expect(imageUrl('/uploads/a.jpg', 'https://cdn.example.com')).toBe('https://cdn.example.com/uploads/a.jpg');
    expect(imageUrl('/uploads/a.jpg', 'https://cdn.example.com/')).toBe('https://cdn.example.com/uploads/a.jpg');
    expect(imageUrl('/uploads/a.jpg', '')).toBe('/uploads/a.jpg');
  });

  it('leaves absolute, protocol-relative and data URLs alone', () => {
    expect(imageUrl('https://x.test/a.png', 'https://cdn')).toBe('https://x.test/a.png');
    expect(imageUrl('//x.test/a.png', 'https://cdn')).toBe('//x.test/a.png');
    expect(imageUrl('data:image/png;base64,AA', 'https://cdn')).toBe('data:image/png;base64,AA');
  });

  it('falls back to default images for empty paths', () => {
    expect(imageUrl('', 'https://cdn')).toBe(DEFAULT_COVER);
    expect(imageUrl(null, 'https://cdn', DEFAULT_AVATAR)).toBe(DEFAULT_AVATAR);
    expect(imageUrl('   ', 'https://cdn', DEFAULT_AVATAR)).toBe(DEFAULT_AVATAR);
  });
});
