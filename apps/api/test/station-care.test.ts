import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DeviceAlertListDataSchema,
  DeviceHealthSchema,
  DeviceRefillSchema,
  translate,
  type DeviceHealth,
} from '@petheart/contracts';
import { DEMO, createTestApi, failure, loginToken, okData, type TestApi } from './harness';
import { TestDevice } from './devices-support';
import { createStation, newFeeder, nextState, type Station } from './feed-support';

/** Issue 27 §4: a station's health, refills that its hopper follows, and alerts that open and resolve themselves. */
describe('looking after stations', () => {
  let api: TestApi;
  let admin: string;
  let operator: Awaited<ReturnType<typeof newFeeder>>;
  let station: Station;
  let device: TestDevice;
  const url = () => api.container.services.gateway.brokerUrl ?? '';

  const report = async (over: Parameters<TestDevice['publishState']>[0]) => {
    const stored = nextState(api, station.deviceId);
    await device.publishState(over);
    await stored;
  };
  const health = async (token = admin): Promise<DeviceHealth> =>
    okData(await api.post('/api/admin/device/health', { device_id: station.deviceId }, { token }), DeviceHealthSchema);
  const sweep = () => api.container.services.alertWatcher.sweep();

  beforeAll(async () => {
    api = await createTestApi({ serveWeb: false });
    admin = await loginToken(api, DEMO.admin.email, DEMO.admin.password);
    operator = await newFeeder(api, 0, 'Operator');
    station = await createStation(api, { operatorId: operator.id });
    device = await TestDevice.connect(url(), station.deviceId, station.secret, { mode: 'manual' });
    await report({ food_stock: 300, hopper_capacity: 4000, camera_fps: 15, camera_kbps: 350, clock_skew_ms: 40 });
  });
  afterAll(async () => {
    await device.end();
    await api.close();
  });

  it('shows what the station reports: hopper, camera, clock, versions', async () => {
    expect(await health()).toMatchObject({
      food_stock: 300,
      hopper_capacity: 4000,
      hopper_alert_grams: 500,
      camera_fps: 15,
      camera_kbps: 350,
      clock_skew_ms: 40,
      grams_per_day: 0,
      days_left: null,
      jams_24h: 0,
      alerts: [],
    });
  });

  it('opens a hopper alert below the threshold, and a refill the station takes resolves it', async () => {
    expect(await sweep()).toHaveLength(1);
    expect((await health()).alerts).toMatchObject([{ kind: 'hopper_low', detail: { grams: 300 } }]);
    // Sweeping again opens nothing more (one open alert per kind).
    expect(await sweep()).toEqual([]);

    const r = await api.post(
      '/api/manage/device/refill',
      { device_id: station.deviceId, grams: 3000 },
      { token: operator.token, lang: 'ja' },
    );
    expect(r.body.msg).toBe(translate('ja', 'ok.refillRecorded'));
    expect(okData(r, DeviceRefillSchema)).toMatchObject({ grams: 3000, status: 'sent', recorded_by: 'Operator' });
    await device.waitForDistinct(1);
    expect(device.commands[0]).toMatchObject({ kind: 'refill', grams: 3000 });
    device.ack(device.commands[0]?.id ?? '', 'done', 0);
    await expect.poll(async () => (await health()).refills[0]?.status).toBe('applied');
    await report({ food_stock: 3300, hopper_capacity: 4000 });
    await sweep();
    expect((await health()).alerts).toEqual([]);
  });

  it('opens a jam alert when a dispense jams, counts it, and resolves it when food falls again', async () => {
    const { gateway } = api.container.services;
    const jammed = gateway.sendCommand(station.deviceId, { kind: 'test_dispense', grams: 20 });
    await device.waitForDistinct(2);
    device.ack(device.commands[1]?.id ?? '', 'jammed', 0);
    await jammed;
    await expect.poll(async () => (await health()).alerts.map((a) => a.kind)).toEqual(['jam']);
    expect((await health()).jams_24h).toBe(1);
    const fell = gateway.sendCommand(station.deviceId, { kind: 'test_dispense', grams: 70 });
    await device.waitForDistinct(3);
    device.ack(device.commands[2]?.id ?? '', 'dispensed', 70);
    await fell;
    expect((await health()).alerts.map((a) => a.kind)).toEqual(['jam']); // until the next sweep
    await sweep();
    expect((await health()).alerts).toEqual([]);
    // 70 g in 7 days is 10 g a day: the 3,300 g left last 330 days.
    expect(await health()).toMatchObject({ grams_per_day: 10, days_left: 330 });
  });

  it('opens offline alerts for a station silent for 5 minutes, not before, and resolves them when it is back', async () => {
    await report({ online: false, feeder_online: false, camera_online: false, food_stock: 3300 });
    api.clock.advance(4 * 60_000);
    await sweep();
    expect((await health()).alerts).toEqual([]);
    api.clock.advance(2 * 60_000);
    await sweep();
    // The camera went with it (the station's whole power, say): both are said.
    expect((await health()).alerts.map((a) => a.kind).sort()).toEqual(['camera_offline', 'feeder_offline']);
    const alerts = okData(await api.post('/api/admin/device/alerts', {}, { token: admin }), DeviceAlertListDataSchema);
    expect(alerts.list.map((a) => [a.device_id, a.kind])).toContainEqual([station.deviceId, 'feeder_offline']);
    const mine = okData(await api.post('/api/manage/alerts', {}, { token: operator.token }), DeviceAlertListDataSchema);
    expect(new Set(mine.list.map((a) => a.device_id))).toEqual(new Set([station.deviceId]));
    await report({ food_stock: 3300 });
    await sweep();
    expect((await health()).alerts).toEqual([]);
  });

  it('shows an operator only their own stations, and nobody else any', async () => {
    expect(
      okData(
        await api.post('/api/manage/device/health', { device_id: station.deviceId }, { token: operator.token }),
        DeviceHealthSchema,
      ).device_id,
    ).toBe(station.deviceId);
    const other = await newFeeder(api, 0, 'Other operator');
    await createStation(api, { operatorId: other.id });
    failure(
      await api.post('/api/manage/device/health', { device_id: station.deviceId }, { token: other.token }),
      404,
      'not_found',
    );
    const stranger = await newFeeder(api, 0, 'Stranger');
    failure(await api.post('/api/manage/alerts', {}, { token: stranger.token }), 403, 'not_operator');
    failure(
      await api.post('/api/manage/device/refill', { device_id: station.deviceId, grams: 0 }, { token: operator.token }),
      400,
      'validation_failed',
    );
  });
});
