import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminCashoutSchema, type CashoutAdminAction, type Notification } from '@petheart/contracts';
import { eq } from 'drizzle-orm';
import { devices as deviceRows } from '../src/db/schema';
import { createTestApi, okData, type TestApi } from './harness';
import { TestDevice } from './devices-support';
import { createStation, feed, feedBody, newFeeder, nextState, onlineDevice, settled } from './feed-support';
import { inbox } from './notification-support';
import { apply as applyCashout, earn, newOperator } from './operator-support';
import { apply, approvedStation, fund, newPerson, publish, review, type Person } from './support-fixtures';

/** Issue 29 §1: each producer tells the right people, once, linking to the page it is about. */
describe('what the notification centre tells whom', () => {
  let api: TestApi;
  let admin: Person;
  const devices: TestDevice[] = [];
  const list = async (token: string, lang?: string): Promise<Notification[]> =>
    (await inbox(api, token, { limit: 100, ...(lang ? { lang } : {}) })).list;
  const kinds = async (token: string) => (await list(token)).map((n) => n.kind);
  const nameOf = async (deviceId: string) =>
    (await api.container.database.db.select().from(deviceRows).where(eq(deviceRows.id, deviceId)))[0]?.name ?? '';

  beforeAll(async () => {
    api = await createTestApi({ seed: false, serveWeb: false });
    admin = await newPerson(api, 'admin', true);
  });
  afterAll(async () => {
    await Promise.all(devices.map((d) => d.end()));
    await api.close();
  });

  it('reminds the admins of what waits for review, at most once an hour, and not when nothing waits', async () => {
    const { reviewReminder } = api.container.services;
    expect(await reviewReminder.check()).toBe(0);
    const applicant = await newPerson(api, 'applicant');
    const pending = await apply(api, applicant);
    expect(await reviewReminder.check()).toBe(1);
    expect(await list(admin.token)).toMatchObject([
      {
        kind: 'review_queue',
        title: 'Items waiting for review',
        body: 'Posts: 0 · Reports: 0 · Applications: 1 · Cash-outs: 0',
        link: '/admin',
      },
    ]);
    expect(await reviewReminder.check()).toBe(0);
    api.clock.advance(3_600_000);
    expect(await reviewReminder.check()).toBe(1);
    await review(api, admin, pending.id, 1);
    api.clock.advance(3_600_000);
    expect(await reviewReminder.check()).toBe(0);
    expect(await kinds(applicant.token)).toEqual(['support_reviewed']);
    expect(await kinds(admin.token)).toEqual(['review_queue', 'review_queue']);
  });

  it('tells an applicant their support application was reviewed, with the reason of a rejection', async () => {
    const applicant = await newPerson(api, 'shelter');
    const application = await apply(api, applicant, { name: 'Songjiang Dogs' });
    await review(api, admin, application.id, 2, 'Photos of the shelter are missing');
    expect(await list(applicant.token)).toMatchObject([
      {
        kind: 'support_reviewed',
        title: 'Your support application was reviewed',
        body: 'Your application for Songjiang Dogs was not approved\nReason: Photos of the shelter are missing',
        link: '/pages/beneficence/apply',
      },
    ]);
    const again = await apply(api, applicant, { name: 'Songjiang Dogs' });
    await review(api, admin, again.id, 1);
    expect((await list(applicant.token, 'ja'))[0]?.body).toBe('Songjiang Dogsの申請は承認されました');
  });

  it('tells a cash-out’s operator each status the console sets (the note of a rejection), not their own claim', async () => {
    const op = await newOperator(api);
    await earn(api, op.id, 5_000);
    const act = async (action: CashoutAdminAction, id: number, note = '') =>
      okData(await api.post(`/api/admin/cashout/${action}`, { id, note }, { token: admin.token }), AdminCashoutSchema);
    const first = await applyCashout(api, op.token);
    await act('approve', first.id, 'looks fine');
    expect((await list(op.token, 'ja'))[0]).toMatchObject({
      kind: 'cashout_status',
      title: '出金の状況',
      body: '¥100.00の出金は「処理中」になりました',
      link: '/pages/cashOut/log',
    });
    await act('transferred', first.id);
    expect((await api.post('/api/cashout/claim', { id: first.id }, { token: op.token })).status).toBe(200);
    const second = await applyCashout(api, op.token);
    await act('reject', second.id, 'The card holder is not the operator');
    await act('reject', second.id, 'The card holder is not the operator');
    expect((await list(op.token)).map((n) => n.body)).toEqual([
      'Your cash-out of ¥100.00 is now: Rejected\nReason: The card holder is not the operator',
      'Your cash-out of ¥100.00 is now: Ready to Claim',
      'Your cash-out of ¥100.00 is now: Processing',
    ]);
  });

  it('tells everyone who gave to an event, once, when its last item reaches its target', async () => {
    const station = await approvedStation(api, admin);
    const event = await publish(api, admin, station, [
      { title: 'Food', price: 1, gift: '1 kg', target: 3 },
      { title: 'Shots', price: 1, gift: 'One shot', target: 1 },
    ]);
    const [food, shots] = event.items;
    const [a, b] = [await newPerson(api, 'giver'), await newPerson(api, 'giver')];
    await fund(api, a.id, 10);
    await fund(api, b.id, 10);
    const give = async (p: Person, itemId: number | undefined, points: number) => {
      const body = { item_id: itemId, points, idempotency_key: randomUUID() };
      expect((await api.post('/api/support/give', body, { token: p.token })).status).toBe(200);
    };
    await give(a, food?.id, 2);
    await give(b, shots?.id, 1);
    expect(await kinds(a.token)).toEqual([]);
    await give(a, food?.id, 1);
    for (const p of [a, b])
      expect(await list(p.token)).toMatchObject([
        {
          kind: 'support_goal',
          body: '"Winter food" has everything it asked for. Thank you for your help!',
          link: `/pages/beneficence/detail?id=${String(event.id)}`,
        },
      ]);
    expect(await api.container.services.notifications.notifyEventGoal({ eventId: event.id })).toEqual([]);
  });

  it('tells a feeder their failed feed’s coins came back, and nothing for one that succeeded', async () => {
    const station = await createStation(api);
    const device = await onlineDevice(api, station, 'manual');
    devices.push(device);
    const user = await newFeeder(api, 50);
    const failed = await feed(api, user.token, feedBody(station.deviceId));
    await device.waitForDistinct(1);
    device.ack(device.commands[0]?.id ?? '', 'jammed', 0);
    expect(await settled(api, user.token, failed.id)).toMatchObject({ status: 'failed' });
    const fed = await feed(api, user.token, feedBody(station.deviceId));
    await device.waitForDistinct(2);
    device.ack(device.commands[1]?.id ?? '', 'dispensed', 10);
    expect(await settled(api, user.token, fed.id)).toMatchObject({ status: 'succeeded' });
    expect(await list(user.token)).toMatchObject([
      {
        kind: 'feed_refunded',
        title: 'Feed failed, coins returned',
        body: `Your feed at ${await nameOf(station.deviceId)} did not go through: 10 coins are back in your balance`,
        link: '/pages/history/history',
      },
    ]);
  });

  it('tells a room’s followers it is live again after a real gap, and nobody for a flap', async () => {
    const station = await createStation(api);
    const device = await TestDevice.connect(
      api.container.services.gateway.brokerUrl ?? '',
      station.deviceId,
      station.secret,
    );
    devices.push(device);
    const camera = async (on: boolean) => {
      const stored = nextState(api, station.deviceId, (e) => e.camera_online === on);
      await device.publishState({ camera_online: on });
      await stored;
    };
    const [fan, other, stranger] = [await newFeeder(api, 0), await newFeeder(api, 0), await newFeeder(api, 0)];
    for (const f of [fan, other])
      expect((await api.post('/api/live/follow', { device_id: station.deviceId }, { token: f.token })).status).toBe(
        200,
      );
    await camera(false);
    api.clock.advance(4 * 60_000);
    await camera(true);
    await camera(true);
    for (const f of [fan, other])
      expect(await list(f.token, 'zh-TW')).toMatchObject([
        {
          kind: 'room_online',
          title: `${await nameOf(station.deviceId)} 重新開播了`,
          link: `/pages/live/live?device_id=${station.deviceId}`,
        },
      ]);
    await camera(false);
    api.clock.advance(60_000);
    await camera(true);
    expect(await kinds(fan.token)).toEqual(['room_online']);
    expect(await kinds(stranger.token)).toEqual([]);
  });

  it('tells a base’s operator of its station’s alerts (hopper low, jam, offline), once each', async () => {
    const op = await newFeeder(api, 0, 'Operator');
    const station = await createStation(api, { operatorId: op.id });
    const device = await TestDevice.connect(
      api.container.services.gateway.brokerUrl ?? '',
      station.deviceId,
      station.secret,
      {
        mode: 'manual',
      },
    );
    devices.push(device);
    const report = async (over: Parameters<TestDevice['publishState']>[0]) => {
      const stored = nextState(api, station.deviceId);
      await device.publishState(over);
      await stored;
    };
    const sweep = () => api.container.services.alertWatcher.sweep();
    await report({ food_stock: 300, hopper_capacity: 4000 });
    await sweep();
    expect(await list(op.token)).toMatchObject([
      {
        kind: 'station_hopper_low',
        body: `About 300 g of food left in ${await nameOf(station.deviceId)}. Time to refill`,
        link: '/pages/manage/manage',
      },
    ]);
    const jammed = api.container.services.gateway.sendCommand(station.deviceId, { kind: 'test_dispense', grams: 20 });
    await device.waitForDistinct(1);
    device.ack(device.commands[0]?.id ?? '', 'jammed', 0);
    await jammed;
    await expect.poll(() => kinds(op.token)).toEqual(['station_jam', 'station_hopper_low']);
    await report({ online: false, feeder_online: false, camera_online: false, food_stock: 300 });
    api.clock.advance(6 * 60_000);
    await sweep();
    await sweep();
    const offline = (await list(op.token, 'ja')).filter((n) => n.kind === 'station_offline').map((n) => n.body);
    const name = await nameOf(station.deviceId);
    expect(offline.sort()).toEqual([`${name}のカメラが5分間オフラインです`, `${name}の給餌器が5分間オフラインです`]);
  });
});
