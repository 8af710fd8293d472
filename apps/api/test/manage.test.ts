import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  CashoutConfigSchema,
  CashoutLogDataSchema,
  ManageDeviceListDataSchema,
  ManageSummarySchema,
  UserInfoDataSchema,
  translate,
} from '@petheart/contracts';
import { DEMO, createTestApi, failure, loginToken, okData, type TestApi } from './harness';
import type { TestDevice } from './devices-support';
import { createStation, feed, feedBody, newFeeder, onlineDevice, setDevice, settled } from './feed-support';
import { apply, earn, expectBooksSound, newOperator, newUser } from './operator-support';

const DAY_MS = 86_400_000;

describe('device management and revenue (base operators only)', () => {
  let api: TestApi;
  const devices: TestDevice[] = [];

  beforeAll(async () => {
    api = await createTestApi({ seed: false, serveWeb: false });
  });
  afterEach(async () => {
    await expectBooksSound(api);
  });
  afterAll(async () => {
    await Promise.all(devices.map((d) => d.end()));
    await api.close();
  });

  it('refuses users who run no base with not_operator, and tourists with 401, on every route', async () => {
    const plain = await newUser(api, 'plain');
    const routes = [
      '/api/manage/devices',
      '/api/manage/summary',
      '/api/cashout/config',
      '/api/cashout/log',
      '/api/cashout/detail',
      '/api/cashout/claim',
      '/api/cashout/apply',
    ];
    const bodies: Record<string, unknown> = {
      '/api/cashout/detail': { id: 1 },
      '/api/cashout/claim': { id: 1 },
      '/api/cashout/apply': {
        amount: 10_000,
        bank: 'Bank',
        code: '4111111111111111',
        name: 'Li Lei',
        mobile: '13800138000',
        idempotency_key: 'refused-key-1',
      },
    };
    for (const url of routes) {
      const refused = failure(
        await api.post(url, bodies[url] ?? {}, { token: plain.token, lang: 'en' }),
        403,
        'not_operator',
      );
      expect(refused.msg).toBe(translate('en', 'error.not_operator'));
      failure(await api.post(url, bodies[url] ?? {}), 401, 'login_required');
    }
    // Its userinfo does not say operator; an operator's does (and the login answer too).
    const info = okData(await api.get('/api/user/index', { token: plain.token }), UserInfoDataSchema).userinfo;
    expect(info.roles).toEqual(['user']);
    const operator = await newOperator(api);
    const opInfo = okData(await api.get('/api/user/index', { token: operator.token }), UserInfoDataSchema).userinfo;
    expect(opInfo.roles).toEqual(['user', 'operator']);
  });

  it('keeps a former operator (a base reassigned) reaching their earnings and cash-outs', async () => {
    const former = await newUser(api, 'former');
    await earn(api, former.id, 1_500);
    const config = okData(await api.post('/api/cashout/config', {}, { token: former.token }), CashoutConfigSchema);
    expect(config.available_coins).toBe(1_500);
    const summary = okData(await api.post('/api/manage/summary', {}, { token: former.token }), ManageSummarySchema);
    expect(summary).toMatchObject({ device_count: 0, base_count: 0, available: { coins: 1_500, amount: 15_000 } });
    const list = okData(await api.post('/api/manage/devices', {}, { token: former.token }), ManageDeviceListDataSchema);
    expect(list).toEqual({ list: [], total: 0, page: 1, limit: 10 });
  });

  it('lists the operator’s devices with their share, feeds and grams today and in total; nobody else’s', async () => {
    const operator = await newOperator(api, { revenueShareBp: 3000 });
    const second = await createStation(api, { operatorId: operator.id, revenueShareBp: 2500 });
    const other = await newOperator(api);
    const feeder = await newFeeder(api, 1_000);
    const a = await onlineDevice(api, operator.station);
    const b = await onlineDevice(api, second);
    devices.push(a, b);

    // Yesterday: two 10 g feeds (10 coins) on the first device, one on the other operator's.
    for (let i = 0; i < 2; i++)
      await settled(api, feeder.token, (await feed(api, feeder.token, feedBody(operator.station.deviceId))).id);
    devices.push(await onlineDevice(api, other.station));
    await settled(api, feeder.token, (await feed(api, feeder.token, feedBody(other.station.deviceId))).id);
    api.clock.advance(DAY_MS);
    // Today: a 20 g feed (18 coins) on the first device, a 10 g feed on the second.
    const twenty = await feed(api, feeder.token, feedBody(operator.station.deviceId, { grams: 20, coins: 18 }));
    await settled(api, feeder.token, twenty.id);
    await settled(api, feeder.token, (await feed(api, feeder.token, feedBody(second.deviceId))).id);
    await setDevice(api, second.deviceId, { cameraOnline: false, feederOnline: false });

    const list = okData(
      await api.post('/api/manage/devices', { page: 1, limit: 10 }, { token: operator.token }),
      ManageDeviceListDataSchema,
    );
    expect(list.total).toBe(2);
    const byId = new Map(list.list.map((d) => [d.device_id, d]));
    expect(byId.has(other.station.deviceId)).toBe(false);
    expect(byId.get(operator.station.deviceId)).toMatchObject({
      base_id: operator.station.baseId,
      revenue_share_bp: 3000,
      // floor(10 × 30 %) × 2 + floor(18 × 30 %) = 3 + 3 + 5
      revenue_share: 11,
      revenue_share_today: 5,
      feeds_total: 3,
      feeds_today: 1,
      grams_total: 40,
      grams_today: 20,
      online: true,
      feeder_online: true,
      camera_online: true,
      disabled: false,
    });
    expect(byId.get(operator.station.deviceId)?.days_in_operation).toBeGreaterThanOrEqual(1);
    expect(byId.get(second.deviceId)).toMatchObject({
      revenue_share_bp: 2500,
      revenue_share: 2,
      revenue_share_today: 2,
      feeds_total: 1,
      feeds_today: 1,
      grams_total: 10,
      online: false,
      feeder_online: false,
    });

    // The revenue agrees with the ledger: the summary reads the operator's earnings entries.
    const summary = okData(await api.post('/api/manage/summary', {}, { token: operator.token }), ManageSummarySchema);
    expect(summary).toMatchObject({
      balance: { coins: 13, amount: 130 },
      available: { coins: 13, amount: 130 },
      held: { coins: 0, amount: 0 },
      revenue_today: { coins: 7, amount: 70 },
      revenue_total: { coins: 13, amount: 130 },
      cashed_out: { coins: 0, amount: 0 },
      base_count: 2,
      device_count: 2,
      online_count: 1,
      coin_value: 10,
      currency: 'CNY',
    });

    // Pages: one device per page.
    const page2 = okData(
      await api.post('/api/manage/devices', { page: 2, limit: 1 }, { token: operator.token }),
      ManageDeviceListDataSchema,
    );
    expect(page2.total).toBe(2);
    expect(page2.list.map((d) => d.device_id)).toEqual([[...byId.keys()].sort()[1]]);
  });

  it('shows held and cashed-out earnings in the summary', async () => {
    const operator = await newOperator(api);
    await earn(api, operator.id, 3_000);
    await apply(api, operator.token, { amount: 10_000 });
    const summary = okData(await api.post('/api/manage/summary', {}, { token: operator.token }), ManageSummarySchema);
    expect(summary).toMatchObject({
      balance: { coins: 3_000 },
      held: { coins: 1_000, amount: 10_000 },
      available: { coins: 2_000, amount: 20_000 },
      // Credited by earn() as 'feed' transactions: revenue.
      revenue_total: { coins: 3_000 },
    });
    const log = okData(await api.post('/api/cashout/log', {}, { token: operator.token }), CashoutLogDataSchema);
    expect(log.total).toBe(1);
  });
});

describe('the demo operator', () => {
  it('has revenue, a paid cash-out and about 150.00 to cash out, once however often it is seeded', async () => {
    const api = await createTestApi({ serveWeb: false });
    try {
      const { seedDemoRevenue } = await import('../src/seed/demo-revenue');
      await seedDemoRevenue(api.container);
      const token = await loginToken(api, DEMO.user.email, DEMO.user.password);
      const summary = okData(await api.post('/api/manage/summary', {}, { token }), ManageSummarySchema);
      expect(summary.revenue_total.coins).toBeGreaterThan(2_000);
      expect(summary.revenue_today.coins).toBe(0);
      expect(summary.cashed_out).toEqual({ coins: 1_000, amount: 9_940 });
      expect(summary.available.amount).toBeGreaterThanOrEqual(10_000);
      const list = okData(await api.post('/api/manage/devices', {}, { token }), ManageDeviceListDataSchema);
      expect(list.list.map((d) => d.device_id)).toEqual(['PH-0001', 'PH-0002']);
      expect(list.list.reduce((s, d) => s + d.revenue_share, 0)).toBe(summary.revenue_total.coins);
      expect(list.list.every((d) => d.feeds_total === 144 && d.feeds_today === 0)).toBe(true);
      const log = okData(await api.post('/api/cashout/log', {}, { token }), CashoutLogDataSchema);
      expect(log.list.map((c) => [c.status, c.amount, c.fee, c.net_amount, c.card_number])).toEqual([
        [5, 10_000, 60, 9_940, '****0009'],
      ]);
      await seedDemoRevenue(api.container);
      expect(okData(await api.post('/api/manage/summary', {}, { token }), ManageSummarySchema)).toEqual(summary);
      await expectBooksSound(api);
    } finally {
      await api.close();
    }
  });
});
