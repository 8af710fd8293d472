import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  FAN_POINTS,
  FanMembershipSchema,
  FeedLogDataSchema,
  FeedReceiptSchema,
  FeedSchema,
  LiveDetailSchema,
  UserInfoDataSchema,
  translate,
} from '@petheart/contracts';
import { deviceCommands, fanMembers, feeds } from '../src/db/schema';
import { utcDate } from '../src/lib/time';
import { earnFanPoints } from '../src/modules/live/fan-points';
import { PLATFORM_REVENUE } from '../src/modules/ledger/policy';
import { failure, okData, type TestApi } from './harness';
import { gramsOf } from './devices-support';
import {
  createStation,
  feed,
  feedBody,
  feedSuite,
  newFeeder,
  nextState,
  onlineDevice,
  setDevice,
  settled,
} from './feed-support';

describe('the feed: hold → dispense → ack → post (or void)', () => {
  const suite = feedSuite();
  const { online, wallet } = suite;
  let api: TestApi;
  beforeAll(() => {
    api = suite.api;
  });
  const shown = async (token: string) =>
    okData(await api.get('/api/user/index', { token }), UserInfoDataSchema).userinfo.balance;
  const feedRows = async (userId: number) =>
    api.container.database.db.select().from(feeds).where(eq(feeds.userId, userId));

  it('a dispensed feed posts the hold: the operator gets the share, the platform the rest, the room hears it', async () => {
    const operator = await newFeeder(api, 0, 'Operator');
    const station = await createStation(api, { operatorId: operator.id, revenueShareBp: 3000 });
    const device = await online(api, station, 'ack');
    const user = await newFeeder(api, 100, 'Mia');
    const watcher = await suite.watch(station.deviceId);
    const platformBefore = await api.container.services.ledger.balanceOf(PLATFORM_REVENUE);
    // A member of the room's fan group: the feed earns fan points.
    okData(
      await api.post('/api/live/fans/join', { device_id: station.deviceId }, { token: user.token }),
      FanMembershipSchema,
    );
    const member = async () =>
      (
        await api.container.database.db
          .select()
          .from(fanMembers)
          .where(and(eq(fanMembers.deviceId, station.deviceId), eq(fanMembers.userId, user.id)))
      )[0];
    const joined = await member();
    if (!joined) throw new Error('not a member');

    const r = await api.post('/api/live/feed', feedBody(station.deviceId), { token: user.token, lang: 'en' });
    const sent = okData(r, FeedSchema);
    expect(r.body.msg).toBe(translate('en', 'ok.feedQueued'));
    expect(sent).toMatchObject({ status: 'dispensing', grams: 10, coins: 10, queue_position: 0, reason: null });
    const done = await settled(api, user.token, sent.id);
    expect(done).toMatchObject({ status: 'succeeded', grams_dispensed: 10, coins_charged: 10, reason: null });
    expect(done.settled_at).not.toBeNull();
    expect(device.commands.map(gramsOf)).toEqual([10]);
    // The command's row, stored with the feed, holds the device's answer, recorded with the settlement.
    const db = api.container.database.db;
    const [row] = await db.select().from(feeds).where(eq(feeds.id, sent.id));
    const [command] = await db
      .select()
      .from(deviceCommands)
      .where(eq(deviceCommands.id, row?.commandId ?? ''));
    expect(command).toMatchObject({ status: 'acked', outcome: 'dispensed', grams: 10, attempts: 1 });
    expect(command?.ackedAt).toBeInstanceOf(Date);

    expect(await wallet(user.id)).toEqual({ balance: 90, held: 0, available: 90 });
    expect(await shown(user.token)).toBe(90);
    expect((await api.container.services.ledger.balances(operator.id)).earnings.balance).toBe(3);
    const platformAfter = await api.container.services.ledger.balanceOf(PLATFORM_REVENUE);
    expect(platformAfter.balance - platformBefore.balance).toBe(7);

    await watcher.untilFed(1);
    expect(watcher.fed).toEqual([
      { device_id: station.deviceId, feed_id: sent.id, nickname: 'Mia', grams: 10, grams_today: 10 },
    ]);
    const earned = earnFanPoints(joined, 'feed', utcDate(api.clock.now()));
    await expect.poll(async () => (await member())?.points).toBe(earned?.points);
    expect(earned?.points).toBeGreaterThanOrEqual(joined.points + FAN_POINTS.feed);
    const room = okData(await api.post('/api/live/detail', { device_id: station.deviceId }), LiveDetailSchema);
    expect(room.grams_today).toBe(10);

    // The receipt and the feeding log.
    const receipt = okData(
      await api.post('/api/feed/detail', { id: sent.id }, { token: user.token }),
      FeedReceiptSchema,
    );
    expect(receipt).toMatchObject({
      id: sent.id,
      status: 'succeeded',
      device_id: station.deviceId,
      base_id: station.baseId,
    });
    expect(receipt.device_name).toMatch(/^Feeder /);
    expect(receipt.base_name).toMatch(/^Feed Base /);
    const log = okData(
      await api.post('/api/feed/log', { page: 1, limit: 10 }, { token: user.token }),
      FeedLogDataSchema,
    );
    expect(log).toMatchObject({ total: 1, page: 1, limit: 10 });
    expect(log.list).toEqual([receipt]);

    // Two more feeds, heard at the device's answers (the first settlement left the room's figure): grams today
    // counts each once, and no settlement tells the room again.
    for (const [n, gramsToday] of [
      [2, 20],
      [3, 30],
    ] as const) {
      const again = okData(
        await api.post('/api/live/feed', feedBody(station.deviceId), { token: user.token }),
        FeedSchema,
      );
      expect(await settled(api, user.token, again.id)).toMatchObject({ status: 'succeeded', grams_dispensed: 10 });
      await watcher.untilFed(n);
      expect(watcher.fed[n - 1]).toEqual({
        device_id: station.deviceId,
        feed_id: again.id,
        nickname: 'Mia',
        grams: 10,
        grams_today: gramsToday,
      });
    }
    expect(watcher.fed).toHaveLength(3);
    const after = okData(await api.post('/api/live/detail', { device_id: station.deviceId }), LiveDetailSchema);
    expect(after.grams_today).toBe(30);
  });

  it('charges for what fell: the price × grams measured / grams asked, rounded down, never above the hold', async () => {
    const operator = await newFeeder(api, 0);
    const station = await createStation(api, { operatorId: operator.id, revenueShareBp: 3000 });
    const device = await online(api, station, 'manual');
    const user = await newFeeder(api, 100);

    const a = await feed(api, user.token, feedBody(station.deviceId));
    await device.waitForDistinct(1);
    device.ack(device.commands[0]?.id ?? '', 'dispensed', 7);
    expect(await settled(api, user.token, a.id)).toMatchObject({
      status: 'succeeded',
      grams_dispensed: 7,
      coins_charged: 7,
    });

    const b = await feed(api, user.token, feedBody(station.deviceId, { grams: 20, coins: 18 }));
    await device.waitForDistinct(2);
    device.ack(device.commands[1]?.id ?? '', 'dispensed', 23);
    expect(await settled(api, user.token, b.id)).toMatchObject({ grams_dispensed: 23, coins_charged: 18 });

    // 7 → operator 2, platform 5; 18 → operator 5, platform 13.
    expect(await wallet(user.id)).toEqual({ balance: 75, held: 0, available: 75 });
    expect((await api.container.services.ledger.balances(operator.id)).earnings.balance).toBe(7);
  });

  it('a jam, an empty hopper or a failure voids the hold: nothing charged, the reason told', async () => {
    const station = await createStation(api);
    const device = await online(api, station, 'manual');
    const user = await newFeeder(api, 50);
    const cases = [
      { outcome: 'jammed', grams: 3, reason: 'jammed' },
      { outcome: 'empty', grams: 0, reason: 'empty' },
      { outcome: 'failed', grams: 0, reason: 'failed' },
      { outcome: 'dispensed', grams: 0, reason: 'failed' },
    ] as const;
    for (const [i, c] of cases.entries()) {
      const f = await feed(api, user.token, feedBody(station.deviceId));
      await device.waitForDistinct(i + 1);
      device.ack(device.commands[i]?.id ?? '', c.outcome, c.grams);
      const done = await settled(api, user.token, f.id);
      expect(done).toMatchObject({ status: 'failed', reason: c.reason, coins_charged: 0, grams_dispensed: c.grams });
      expect(await wallet(user.id)).toEqual({ balance: 50, held: 0, available: 50 });
    }
    expect(await shown(user.token)).toBe(50);
  });

  it('a silent device times out; a device lost meanwhile says offline; both void the hold', async () => {
    const station = await createStation(api);
    await online(api, station, 'silent');
    const user = await newFeeder(api, 30);
    const f = await feed(api, user.token, feedBody(station.deviceId));
    expect(await wallet(user.id)).toEqual({ balance: 30, held: 10, available: 20 });
    expect(await settled(api, user.token, f.id)).toMatchObject({
      status: 'failed',
      reason: 'timeout',
      coins_charged: 0,
    });
    expect(await wallet(user.id)).toEqual({ balance: 30, held: 0, available: 30 });

    const other = await createStation(api);
    const lost = await onlineDevice(api, other, 'manual');
    const g = await feed(api, user.token, feedBody(other.deviceId));
    await lost.waitForCommands(1);
    const offline = nextState(api, other.deviceId, (e) => !e.feeder_online);
    lost.kill();
    await offline;
    expect(await settled(api, user.token, g.id)).toMatchObject({ status: 'failed', reason: 'offline' });
    expect(await wallet(user.id)).toEqual({ balance: 30, held: 0, available: 30 });
  });

  it('checks in order: feeder, camera, balance, daily cap — and holds or queues nothing when one fails', async () => {
    const station = await createStation(api, { dailyGramCap: 25 });
    const device = await online(api, station, 'manual', { feeder_online: false, camera_online: false });
    const rich = await newFeeder(api, 100);
    const poor = await newFeeder(api, 5);
    const attempt = (token: string) => api.post('/api/live/feed', feedBody(station.deviceId), { token, lang: 'en' });

    const r1 = await attempt(poor.token);
    expect(failure(r1, 409, 'feeder_offline').msg).toBe('Feeder offline, operation not available at the moment.');
    let stored = nextState(api, station.deviceId);
    await device.publishState({ feeder_online: true, camera_online: false });
    await stored;
    failure(await attempt(poor.token), 409, 'camera_offline');
    stored = nextState(api, station.deviceId);
    await device.publishState({ feeder_online: true, camera_online: true });
    await stored;
    failure(await attempt(poor.token), 409, 'insufficient_balance');

    // 10 + 10 fit under 25 g (waiting feeds count); the third would not. A poor user still hears about coins first.
    await feed(api, rich.token, feedBody(station.deviceId));
    await feed(api, rich.token, feedBody(station.deviceId));
    const r = await attempt(rich.token);
    expect(failure(r, 409, 'daily_cap_reached').msg).toBe(translate('en', 'error.daily_cap_reached'));
    failure(await attempt(poor.token), 409, 'insufficient_balance');

    expect(await wallet(poor.id)).toEqual({ balance: 5, held: 0, available: 5 });
    expect(await wallet(rich.id)).toEqual({ balance: 100, held: 20, available: 80 });
    expect(await feedRows(poor.id)).toEqual([]);
    expect(await feedRows(rich.id)).toHaveLength(2);
    await device.waitForDistinct(1);
    expect(device.commands).toHaveLength(1); // the second waits behind the first
    expect(api.container.services.gateway.queueLength(station.deviceId)).toBe(2);
    for (let i = 0; i < 2; i++) {
      await device.waitForDistinct(i + 1);
      device.ack(device.commands[i]?.id ?? '', 'dispensed', 10);
    }
    const log = okData(await api.post('/api/feed/log', {}, { token: rich.token }), FeedLogDataSchema);
    for (const f of log.list) expect(await settled(api, rich.token, f.id)).toMatchObject({ status: 'succeeded' });
  });

  it('taps at once are decided in order, each seeing those before it: the daily cap is never passed', async () => {
    const station = await createStation(api, { dailyGramCap: 25 });
    await online(api, station, 'manual');
    const users = await Promise.all(Array.from({ length: 6 }, () => newFeeder(api, 100)));
    const results = await Promise.all(
      users.map((u) => api.post('/api/live/feed', feedBody(station.deviceId), { token: u.token, lang: 'en' })),
    );
    // 10 + 10 fit under 25 g; the other four are refused, and hold nothing.
    expect(results.filter((r) => r.status === 200)).toHaveLength(2);
    for (const r of results.filter((x) => x.status !== 200)) failure(r, 409, 'daily_cap_reached');
    const held = await Promise.all(users.map(async (u) => (await wallet(u.id)).held));
    expect(held.sort()).toEqual([0, 0, 0, 0, 10, 10]);
  });

  it('only portions the device offers, for logged-in users, on enabled devices', async () => {
    const station = await createStation(api, { portions: null }); // the configured defaults
    await online(api, station, 'ack');
    const user = await newFeeder(api, 100);
    const defaults = (await api.container.services.configuration.settings()).feeding_portions;
    const first = defaults[0];
    if (!first) throw new Error('no default portions');
    failure(await api.post('/api/live/feed', feedBody(station.deviceId)), 401, 'login_required');
    failure(
      await api.post('/api/live/feed', feedBody(station.deviceId, { grams: first.grams, coins: first.coins - 1 }), {
        token: user.token,
      }),
      400,
      'portion_invalid',
    );
    failure(await api.post('/api/live/feed', feedBody('NO-SUCH-DEVICE'), { token: user.token }), 404, 'not_found');
    failure(
      await api.post('/api/live/feed', { ...feedBody(station.deviceId), idempotency_key: 'x' }, { token: user.token }),
      400,
      'validation_failed',
    );
    const f = await feed(api, user.token, feedBody(station.deviceId, { grams: first.grams, coins: first.coins }));
    expect(await settled(api, user.token, f.id)).toMatchObject({ status: 'succeeded' });
    await setDevice(api, station.deviceId, { disabled: true });
    failure(await api.post('/api/live/feed', feedBody(station.deviceId), { token: user.token }), 404, 'not_found');
  });
});
