import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BaseDetailSchema, LiveDetailSchema } from '@petheart/contracts';
import { demoDeviceCredentials } from '../src/seed/demo-devices';
import { createTestApi, failure, okData, type TestApi } from './harness';
import { TestDevice } from './devices-support';

describe('base detail (Yard) and grams fed', () => {
  let api: TestApi;
  let device: TestDevice;
  beforeAll(async () => {
    api = await createTestApi();
    const bund = (await demoDeviceCredentials(api.config.dataDir)).find((d) => d.id === 'PH-0001');
    if (!bund) throw new Error('no demo device PH-0001');
    device = await TestDevice.connect(api.container.services.gateway.brokerUrl ?? '', bund.id, bund.secret);
  });
  afterAll(async () => {
    await device.end();
    await api.close();
  });

  const baseOf = async (deviceId: string) =>
    okData(await api.post('/api/live/detail', { device_id: deviceId }), LiveDetailSchema).base.id;

  it('answers the base with its live rooms; before any device came online it has no days live', async () => {
    const id = await baseOf('PH-0005');
    const detail = okData(await api.post('/api/base/detail', { id }), BaseDetailSchema);
    expect(detail.base.name).toBe('Songjiang Old Town Cats');
    expect(detail.stats).toEqual({ feeders: 0, fed_grams: 0, days_live: 0, live_rooms: 2 });
    expect(detail.rooms.map((r) => r.device_id)).toEqual(['PH-0005', 'PH-0006']);
    expect(detail.rooms.every((r) => r.base_id === id && r.distance === null)).toBe(true);
    failure(await api.post('/api/base/detail', { id: 99_999 }), 404, 'not_found');
    const invalid = failure(await api.post('/api/base/detail', { id: 'x' }, { lang: 'ja' }), 400, 'validation_failed');
    expect(invalid.msg).toBe('入力内容が正しくありません');
  });

  it('counts acknowledged grams: today on the room, in total on the base; days live from the first online day', async () => {
    await device.publishState({ food_stock: 900 });
    const gateway = api.container.services.gateway;
    // The state report lands before the commands (same connection, in order), then two acknowledged dispenses.
    expect((await gateway.sendCommand('PH-0001', { kind: 'dispense', grams: 10 })).status).toBe('acked');
    expect((await gateway.sendCommand('PH-0001', { kind: 'dispense', grams: 25 })).status).toBe('acked');
    device.mode = 'manual';
    const jammed = gateway.sendCommand('PH-0001', { kind: 'dispense', grams: 40 });
    await device.waitForCommands(3);
    const third = device.received[2];
    if (!third) throw new Error('no third command');
    device.ack(third.id, 'jammed', 0);
    expect((await jammed).status).toBe('failed');

    const room = okData(await api.post('/api/live/detail', { device_id: 'PH-0001' }), LiveDetailSchema);
    expect(room.grams_today).toBe(35);
    expect(room.device).toMatchObject({ online: true, food_stock: 900, days_in_operation: 1 });
    const other = okData(await api.post('/api/live/detail', { device_id: 'PH-0002' }), LiveDetailSchema);
    expect(other.grams_today).toBe(0);

    // The base's total is the grams of acknowledged feeds (FedGramsRepository, issue 28 §3): dispenses the
    // gateway was asked for directly, without a feed, are no food anyone fed.
    const base = okData(await api.post('/api/base/detail', { id: room.base.id }), BaseDetailSchema);
    expect(base.stats).toEqual({ feeders: 0, fed_grams: 0, days_live: 1, live_rooms: 2 });
    expect(base.rooms.find((r) => r.device_id === 'PH-0001')).toMatchObject({ online: true, feeder_online: true });

    // A day later (the gateway stamps with the real time, a little after the test clock started): nothing
    // fell today yet, the base's total stays, and it is the second day live.
    api.clock.advance(25 * 3600 * 1000);
    expect(okData(await api.post('/api/live/detail', { device_id: 'PH-0001' }), LiveDetailSchema).grams_today).toBe(0);
    expect(okData(await api.post('/api/base/detail', { id: room.base.id }), BaseDetailSchema).stats).toMatchObject({
      fed_grams: 0,
      days_live: 2,
    });
  });
});
