import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminDeviceSchema,
  DeviceCareEntrySchema,
  DeviceCareLogDataSchema,
  DeviceConfigSchema,
  LiveDetailSchema,
  deviceTopics,
  translate,
  type DeviceConfig,
} from '@petheart/contracts';
import { DEMO, createTestApi, failure, loginToken, okData, registerUser, type TestApi } from './harness';
import { TestDevice } from './devices-support';
import { createStation, nextState, type Station } from './feed-support';

/** The configurations a test device received on its config topic (retained ones included). */
function configsOf(device: TestDevice): DeviceConfig[] {
  const topic = deviceTopics(device.id).config;
  return device.messages.filter((m) => m.topic === topic).map((m) => DeviceConfigSchema.parse(JSON.parse(m.payload)));
}

/** Issue 27 §3: care commands from the console, audited; configurations that reach a station, also later. */
describe('station care from the console', () => {
  let api: TestApi;
  let admin: string;
  let station: Station;
  let device: TestDevice;
  const url = () => api.container.services.gateway.brokerUrl ?? '';

  beforeAll(async () => {
    api = await createTestApi({ serveWeb: false });
    admin = await loginToken(api, DEMO.admin.email, DEMO.admin.password);
    station = await createStation(api, { dailyGramCap: 800 });
    device = await TestDevice.connect(url(), station.deviceId, station.secret, { mode: 'manual' });
    await device.client.subscribeAsync(deviceTopics(station.deviceId).config, { qos: 1 });
    const stored = nextState(api, station.deviceId);
    await device.publishState({ config_version: 1 });
    await stored;
  });
  afterAll(async () => {
    await device.end();
    await api.close();
  });

  const care = (command: object, token = admin, lang?: 'en' | 'ja') =>
    api.post('/api/admin/device/care', { device_id: station.deviceId, command }, { token, ...(lang ? { lang } : {}) });

  it('tares the scale: the command reaches the station, its answer and who sent it are kept', async () => {
    const answered = care({ kind: 'tare' });
    await device.waitForDistinct(1);
    const command = device.commands[0];
    expect(command).toMatchObject({ kind: 'tare' });
    device.ack(command?.id ?? '', 'done', 0, { calibration: { zero: 81234, counts_per_gram: 412.5 } });
    const r = await answered;
    expect(r.body.msg).toBe(translate('en', 'ok.careSent'));
    expect(okData(r, DeviceCareEntrySchema)).toMatchObject({
      kind: 'tare',
      status: 'acked',
      outcome: 'done',
      detail: { calibration: { zero: 81234, counts_per_gram: 412.5 } },
      issued_by: { name: expect.any(String) as string },
    });
  });

  it('runs a test dispense that is logged as a test and never counted as a feed', async () => {
    const answered = care({ kind: 'test_dispense', grams: 15 });
    await device.waitForDistinct(2);
    const command = device.commands[1];
    expect(command).toMatchObject({ kind: 'test_dispense', grams: 15 });
    device.ack(command?.id ?? '', 'dispensed', 14);
    expect(okData(await answered, DeviceCareEntrySchema)).toMatchObject({
      kind: 'test_dispense',
      params: { grams: 15 },
      status: 'acked',
      grams: 14,
    });
    const room = okData(await api.post('/api/live/detail', { device_id: station.deviceId }), LiveDetailSchema);
    expect(room.grams_today).toBe(0);
  });

  it('says what a station that could not do it answered, and lists the log newest first', async () => {
    const answered = care({ kind: 'calibrate', known_grams: 500 });
    await device.waitForDistinct(3);
    device.ack(device.commands[2]?.id ?? '', 'failed', 0, { message: 'the tray reads what it read at the tare' });
    expect(okData(await answered, DeviceCareEntrySchema)).toMatchObject({
      status: 'failed',
      detail: { message: 'the tray reads what it read at the tare' },
    });
    const log = okData(
      await api.post('/api/admin/device/care/log', { device_id: station.deviceId, limit: 10 }, { token: admin }),
      DeviceCareLogDataSchema,
    );
    expect(log.total).toBe(3);
    expect(log.list.map((e) => e.kind)).toEqual(['calibrate', 'test_dispense', 'tare']);
    expect(log.list.every((e) => e.issued_by !== null && e.answered_at !== null)).toBe(true);
  });

  it('refuses bad commands in the user’s language, and anyone but an admin, changing nothing', async () => {
    expect(failure(await care({ kind: 'calibrate', known_grams: 0 }, admin, 'ja'), 400, 'validation_failed').msg).toBe(
      translate('ja', 'v.knownGrams'),
    );
    expect(failure(await care({ kind: 'explode' }), 400, 'validation_failed').msg).toBeTruthy();
    const user = await registerUser(api, 'care-user@example.com');
    expect((await care({ kind: 'tare' }, user.token)).status).toBe(403);
    expect(device.commands).toHaveLength(3);
  });

  it('sends a new configuration when the console changes portions or the cap, and again to a station behind', async () => {
    okData(
      await api.post(
        '/api/admin/device/update',
        { device_id: station.deviceId, portions: [{ grams: 25, coins: 20 }], daily_gram_cap: 600 },
        { token: admin },
      ),
      AdminDeviceSchema,
    );
    await expect.poll(() => configsOf(device).at(-1)?.version).toBe(2);
    expect(configsOf(device).at(-1)).toMatchObject({ portions: [{ grams: 25, coins: 20 }], daily_gram_cap: 600 });

    // Once it runs version 2, that is what the console shows.
    const stored = nextState(api, station.deviceId);
    await device.publishState({ config_version: 2 });
    await stored;
    const row = await api.container.services.devices.list({ page: 1, limit: 100 });
    expect(row.list.find((d) => d.device_id === station.deviceId)).toMatchObject({
      config_version: 2,
      config_running: 2,
    });
  });

  it('sends its configuration to a station that reports running none (new, or its broker forgot it)', async () => {
    const other = await createStation(api);
    const agent = await TestDevice.connect(url(), other.deviceId, other.secret, { mode: 'manual' });
    try {
      await agent.client.subscribeAsync(deviceTopics(other.deviceId).config, { qos: 1 });
      expect(configsOf(agent)).toEqual([]);
      await agent.publishState({});
      await expect.poll(() => configsOf(agent).at(-1)?.version).toBe(1);
      expect(configsOf(agent).at(-1)?.portions).toEqual([
        { grams: 10, coins: 10 },
        { grams: 20, coins: 18 },
      ]);
    } finally {
      await agent.end();
    }
  });

  it('keeps the configuration retained for a station that connects after the change', async () => {
    await device.end();
    device = await TestDevice.connect(url(), station.deviceId, station.secret, { mode: 'manual' });
    await device.client.subscribeAsync(deviceTopics(station.deviceId).config, { qos: 1 });
    await expect.poll(() => configsOf(device).at(-1)?.version).toBe(2);
  });
});
