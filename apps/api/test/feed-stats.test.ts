import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FeedCalendarDataSchema, LeaderboardDataSchema, type TimeZoneFields } from '@petheart/contracts';
import { users } from '../src/db/schema';
import { createTestApi, failure, okData, type TestApi } from './harness';
import type { TestDevice } from './devices-support';
import { createStation, feed, feedBody, newFeeder, onlineDevice, settled, type Station } from './feed-support';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The first day (00:00 UTC) of a month at least a month ahead whose 1st is a Monday: weeks and months align. */
function mondayMonthStart(now: number): number {
  const d = new Date(now);
  for (let m = d.getUTCMonth() + 2; ; m++) {
    const start = Date.UTC(d.getUTCFullYear(), m, 1);
    if (new Date(start).getUTCDay() === 1) return start;
  }
}
const ymd = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const ym = (ms: number) => ymd(ms).slice(0, 7);

/**
 * The feeding calendar (days in the caller's zone) and the leaderboard (today, this week, all time), from
 * feeds made through the real flow (test devices acknowledging) at chosen times of a moved clock.
 */
describe('the feeding calendar and the leaderboard', () => {
  let api: TestApi;
  let T = 0;
  const devices: TestDevice[] = [];
  let station: Station;
  let manual: TestDevice;
  let mia: Awaited<ReturnType<typeof newFeeder>>;
  let leo: Awaited<ReturnType<typeof newFeeder>>;
  let kai: Awaited<ReturnType<typeof newFeeder>>;

  const at = (ms: number) => {
    api.clock.advance(ms - api.clock.now().getTime());
  };
  const fed = async (user: { token: string }, grams: 10 | 20, s = station) => {
    const f = await feed(api, user.token, feedBody(s.deviceId, { grams, coins: grams === 10 ? 10 : 18 }));
    return settled(api, user.token, f.id);
  };
  const calendar = async (token: string, month: string, zone: TimeZoneFields = {}) =>
    okData(await api.post('/api/feed/calendar', { month, ...zone }, { token }), FeedCalendarDataSchema);
  const board = async (period: string, token?: string, zone: TimeZoneFields = {}) =>
    okData(await api.post('/api/feed/leaderboard', { period, ...zone }, token ? { token } : {}), LeaderboardDataSchema);

  beforeAll(async () => {
    api = await createTestApi({ seed: false, serveWeb: false });
    T = mondayMonthStart(api.clock.now().getTime());
    at(T - HOUR);
    station = await createStation(api);
    devices.push(await onlineDevice(api, station, 'ack'));
    const jamming = await createStation(api);
    manual = await onlineDevice(api, jamming, 'manual');
    devices.push(manual);
    mia = await newFeeder(api, 1000, 'Mia');
    leo = await newFeeder(api, 1000, 'Leo');
    kai = await newFeeder(api, 1000, 'Kai');

    // Monday the 1st, 01:00 UTC (Sunday evening in New York): Mia 10 g, Leo 20 g; Mia's jammed feed counts nowhere.
    at(T + HOUR);
    await fed(mia, 10);
    await fed(leo, 20);
    const jam = await feed(api, mia.token, feedBody(jamming.deviceId));
    await manual.waitForCommands(1);
    manual.ack(manual.received[0]?.id ?? '', 'jammed', 0);
    expect((await settled(api, mia.token, jam.id)).status).toBe('failed');
    // Wednesday the 3rd, 20:00 and 21:00 UTC (Thursday morning in Tokyo): Mia 20 g and 10 g, Kai 20 g.
    at(T + 2 * DAY + 20 * HOUR);
    await fed(mia, 20);
    at(T + 2 * DAY + 21 * HOUR);
    await fed(mia, 10);
    await fed(kai, 20);
  });
  afterAll(async () => {
    await Promise.all(devices.map((d) => d.end()));
    await api.close();
  });

  it('marks the days the user fed, with grams and feeds, in UTC without a zone', async () => {
    const month = ym(T);
    expect(await calendar(mia.token, month)).toEqual({
      month,
      days: [
        { date: ymd(T), grams: 10, feeds: 1 },
        { date: ymd(T + 2 * DAY), grams: 30, feeds: 2 },
      ],
      total_grams: 40,
    });
    expect((await calendar(leo.token, month)).days).toEqual([{ date: ymd(T), grams: 20, feeds: 1 }]);
    expect(await calendar(mia.token, ym(T + 40 * DAY))).toMatchObject({ days: [], total_grams: 0 });
  });

  it('counts days in the user’s zone: an IANA name, or the offset east of UTC', async () => {
    const month = ym(T);
    const tokyo = [
      { date: ymd(T), grams: 10, feeds: 1 },
      { date: ymd(T + 3 * DAY), grams: 30, feeds: 2 },
    ];
    expect((await calendar(mia.token, month, { tz: 'Asia/Tokyo' })).days).toEqual(tokyo);
    expect((await calendar(mia.token, month, { tz_offset: 540 })).days).toEqual(tokyo);
    // The name wins over the offset; in New York the first feed falls on the previous month's last day.
    const ny = await calendar(mia.token, month, { tz: 'America/New_York', tz_offset: 540 });
    expect(ny).toMatchObject({ days: [{ date: ymd(T + 2 * DAY), grams: 30, feeds: 2 }], total_grams: 30 });
    const before = await calendar(mia.token, ym(T - DAY), { tz: 'America/New_York' });
    expect(before.days).toEqual([{ date: ymd(T - DAY), grams: 10, feeds: 1 }]);
  });

  it('refuses tourists, bad months and unknown zones', async () => {
    failure(await api.post('/api/feed/calendar', { month: ym(T) }), 401, 'login_required');
    for (const body of [
      { month: '2024-13' },
      { month: '2024-1' },
      { month: ym(T), tz: 'Mars/Olympus' },
      { month: ym(T), tz: '+09:00' },
      { month: ym(T), tz_offset: 900 },
    ])
      failure(await api.post('/api/feed/calendar', body, { token: mia.token }), 400, 'validation_failed');
  });

  it('ranks feeders by grams today, this week (Monday first) and of all time, ties sharing a rank', async () => {
    const today = await board('today', mia.token);
    expect(today).toEqual({
      period: 'today',
      since: (T + 2 * DAY) / 1000,
      list: [
        { rank: 1, nickname: 'Mia', avatar: '', grams: 30, me: true },
        { rank: 2, nickname: 'Kai', avatar: '', grams: 20, me: false },
      ],
      mine: { rank: 1, grams: 30 },
    });
    const week = await board('week', leo.token);
    expect(week.since).toBe(T / 1000);
    expect(week.list).toEqual([
      { rank: 1, nickname: 'Mia', avatar: '', grams: 40, me: false },
      { rank: 2, nickname: 'Leo', avatar: '', grams: 20, me: true },
      { rank: 2, nickname: 'Kai', avatar: '', grams: 20, me: false },
    ]);
    expect(week.mine).toEqual({ rank: 2, grams: 20 });
    // Leo fed nothing today: his own grams, no rank. A tourist has no `mine`.
    expect((await board('today', leo.token)).mine).toEqual({ rank: null, grams: 0 });
    const all = await board('all');
    expect(all).toMatchObject({ period: 'all', since: null, mine: null });
    expect(all.list.map((e) => [e.nickname, e.grams])).toEqual([
      ['Mia', 40],
      ['Leo', 20],
      ['Kai', 20],
    ]);
  });

  it('starts the periods at the caller’s midnight', async () => {
    // New York's week began on Monday 04:00 UTC: Leo's Sunday-evening feed is last week's.
    const ny = await board('week', undefined, { tz: 'America/New_York' });
    expect(ny.list.map((e) => [e.nickname, e.grams])).toEqual([
      ['Mia', 30],
      ['Kai', 20],
    ]);
    // Thursday 06:00 in Tokyo: today began at Wednesday 15:00 UTC.
    const tokyo = await board('today', undefined, { tz_offset: 540 });
    expect(tokyo.since).toBe((T + 2 * DAY + 15 * HOUR) / 1000);
    failure(await api.post('/api/feed/leaderboard', { period: 'year' }), 400, 'validation_failed');
  });

  it('reuses a board for 10 s, and leaves disabled accounts out', async () => {
    expect((await board('all')).list[1]).toMatchObject({ nickname: 'Leo', grams: 20 });
    await fed(leo, 20);
    await api.container.database.db.update(users).set({ status: 'disabled' }).where(eq(users.id, kai.id));
    expect((await board('all')).list.map((e) => e.grams)).toEqual([40, 20, 20]);
    // On the board, the caller's own figure is the board's.
    expect((await board('all', leo.token)).mine).toEqual({ rank: 2, grams: 20 });
    api.clock.advance(10_000);
    const fresh = await board('all', leo.token);
    expect(fresh.list.map((e) => [e.rank, e.nickname, e.grams])).toEqual([
      [1, 'Mia', 40],
      [1, 'Leo', 40],
    ]);
    expect(fresh.mine).toEqual({ rank: 1, grams: 40 });
  });
});
