import { describe, expect, it } from 'vitest';
import { inQuietHours, minuteOfDay } from './quiet-hours';

const at = (iso: string) => new Date(iso);
const NIGHT = { start: 22 * 60, end: 7 * 60 };

describe('quiet hours', () => {
  it('reads the minute of the day in the user’s zone, daylight saving included', () => {
    expect(minuteOfDay(at('2025-01-15T14:30:00Z'), 'Asia/Shanghai')).toBe(22 * 60 + 30);
    expect(minuteOfDay(at('2025-01-15T16:05:00Z'), 'Asia/Tokyo')).toBe(1 * 60 + 5);
    // New York: UTC−5 in January, UTC−4 in July.
    expect(minuteOfDay(at('2025-01-15T12:00:00Z'), 'America/New_York')).toBe(7 * 60);
    expect(minuteOfDay(at('2025-07-15T12:00:00Z'), 'America/New_York')).toBe(8 * 60);
    expect(minuteOfDay(at('2025-01-15T00:00:00Z'), 'UTC')).toBe(0);
    expect(minuteOfDay(at('2025-01-15T09:41:00Z'), 'Not/AZone')).toBe(9 * 60 + 41);
  });

  it('spans midnight when the end comes before the start', () => {
    const quiet = { ...NIGHT, timeZone: 'Asia/Shanghai' };
    // 21:59, 22:00, 23:30, 00:00, 06:59, 07:00 in Shanghai (UTC+8).
    expect(inQuietHours(at('2025-01-15T13:59:00Z'), quiet)).toBe(false);
    expect(inQuietHours(at('2025-01-15T14:00:00Z'), quiet)).toBe(true);
    expect(inQuietHours(at('2025-01-15T15:30:00Z'), quiet)).toBe(true);
    expect(inQuietHours(at('2025-01-15T16:00:00Z'), quiet)).toBe(true);
    expect(inQuietHours(at('2025-01-15T22:59:00Z'), quiet)).toBe(true);
    expect(inQuietHours(at('2025-01-15T23:00:00Z'), quiet)).toBe(false);
  });

  it('holds a span within one day from its start up to its end', () => {
    const quiet = { start: 13 * 60, end: 14 * 60, timeZone: 'UTC' };
    expect(inQuietHours(at('2025-01-15T12:59:00Z'), quiet)).toBe(false);
    expect(inQuietHours(at('2025-01-15T13:00:00Z'), quiet)).toBe(true);
    expect(inQuietHours(at('2025-01-15T13:59:00Z'), quiet)).toBe(true);
    expect(inQuietHours(at('2025-01-15T14:00:00Z'), quiet)).toBe(false);
  });

  it('is never quiet without hours, or with a start equal to its end', () => {
    const noon = at('2025-01-15T12:00:00Z');
    expect(inQuietHours(noon, { start: null, end: null, timeZone: 'UTC' })).toBe(false);
    expect(inQuietHours(noon, { start: 600, end: null, timeZone: 'UTC' })).toBe(false);
    expect(inQuietHours(noon, { start: 720, end: 720, timeZone: 'UTC' })).toBe(false);
  });

  it('follows the user’s zone, not the server’s', () => {
    const quiet = { ...NIGHT, timeZone: 'America/Los_Angeles' };
    // 23:00 in Shanghai is 07:00 in Los Angeles (PST): not quiet there.
    expect(inQuietHours(at('2025-01-15T15:00:00Z'), quiet)).toBe(false);
    expect(inQuietHours(at('2025-01-15T15:00:00Z'), { ...NIGHT, timeZone: 'Asia/Shanghai' })).toBe(true);
  });
});
