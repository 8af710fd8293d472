import { describe, expect, it } from 'vitest';
import { FeedCalendarBodySchema, LeaderboardBodySchema, clientTimeZone, isKnownTimeZone } from './feed-stats';

describe('feed statistics’ requests', () => {
  it('know IANA zones and refuse bare offsets and made-up names', () => {
    for (const zone of ['Asia/Tokyo', 'America/New_York', 'UTC', 'Etc/GMT+5', 'America/Argentina/Buenos_Aires'])
      expect(isKnownTimeZone(zone), zone).toBe(true);
    for (const zone of ['+09:00', 'Mars/Olympus', '', 'Asia/Tokyo; DROP TABLE', 'a'.repeat(80)])
      expect(isKnownTimeZone(zone), zone).toBe(false);
  });

  it('take a month as YYYY-MM, and an offset of at most ±14 h', () => {
    expect(FeedCalendarBodySchema.parse({ month: '2025-06', tz: 'Asia/Tokyo', tz_offset: 540 })).toEqual({
      month: '2025-06',
      tz: 'Asia/Tokyo',
      tz_offset: 540,
    });
    for (const month of ['2025-6', '2025-00', '2025-13', '1969-12', '25-06'])
      expect(FeedCalendarBodySchema.safeParse({ month }).success, month).toBe(false);
    expect(FeedCalendarBodySchema.safeParse({ month: '2025-06', tz_offset: 841 }).success).toBe(false);
    expect(FeedCalendarBodySchema.safeParse({ month: '2025-06', tz_offset: 1.5 }).success).toBe(false);
  });

  it('default the leaderboard to today', () => {
    expect(LeaderboardBodySchema.parse({})).toEqual({ period: 'today' });
    expect(LeaderboardBodySchema.safeParse({ period: 'year' }).success).toBe(false);
  });

  it('send the browser’s zone and its offset east of UTC', () => {
    const zone = clientTimeZone(new Date(2025, 0, 1));
    expect(zone.tz_offset).toBe(0 - new Date(2025, 0, 1).getTimezoneOffset());
    expect(Object.is(zone.tz_offset, -0)).toBe(false);
    if (zone.tz !== undefined) expect(isKnownTimeZone(zone.tz)).toBe(true);
  });
});
