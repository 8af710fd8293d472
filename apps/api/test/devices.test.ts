import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminBaseListDataSchema,
  AdminBaseSchema,
  AdminDeviceListDataSchema,
  AdminDeviceSchema,
  DeviceCredentialsSchema,
  DeviceListDataSchema,
  deviceTopics,
  type DeviceCredentials,
} from '@petheart/contracts';
import { deviceCommands, devices } from '../src/db/schema';
import type { DeviceStateEvent } from '../src/modules/gateway/gateway';
import { demoDeviceCredentials } from '../src/seed/demo-devices';
import { DEMO, createTestApi, failure, loginToken, okData, registerUser, type TestApi } from './harness';
import { Mosquitto, TestDevice } from './devices-support';

const MOSQUITTO_BIN = process.env.MOSQUITTO_BIN;

/** Bases and devices through the console API, plus the gateway, on one broker. */
function gatewaySuite(kind: 'embedded' | 'mosquitto') {
  let api: TestApi;
  let mosquitto: Mosquitto | undefined;
  let url: string;
  let admin: string;
  let baseId: number;
  const creds = new Map<string, string>();
  const open: TestDevice[] = [];

  const gateway = () => api.container.services.gateway;
  const secretOf = (id: string) => creds.get(id) ?? '';
  const connect = async (id: string, options?: Parameters<typeof TestDevice.connect>[3]) => {
    const device = await TestDevice.connect(url, id, secretOf(id), options);
    open.push(device);
    return device;
  };
  const provision = async (body: Record<string, unknown>): Promise<DeviceCredentials> =>
    okData(await api.post('/api/admin/device/provision', body, { token: admin }), DeviceCredentialsSchema);
  const row = async (id: string) => {
    const rows = await api.container.database.db.select().from(devices).where(eq(devices.id, id));
    return rows[0];
  };
  const commandRow = async (id: string) => {
    const rows = await api.container.database.db.select().from(deviceCommands).where(eq(deviceCommands.id, id));
    return rows[0];
  };
  /** Resolves with the first state event matching `match` (fails after timeoutMs). */
  const stateEvent = (match: (e: DeviceStateEvent) => boolean, timeoutMs = 5_000) =>
    new Promise<DeviceStateEvent>((resolve, reject) => {
      const timer = setTimeout(() => {
        stop();
        reject(new Error('no matching device state event'));
      }, timeoutMs);
      const stop = gateway().onDeviceState((e) => {
        if (!match(e)) return;
        clearTimeout(timer);
        stop();
        resolve(e);
      });
    });

  beforeAll(async () => {
    let env: Record<string, string> = {};
    if (kind === 'mosquitto') {
      const password = randomBytes(16).toString('hex');
      mosquitto = await Mosquitto.start(MOSQUITTO_BIN ?? '', { username: 'petheart-api', password });
      env = { MQTT_URL: mosquitto.url, MQTT_PASSWORD: password };
    }
    api = await createTestApi({ env });
    url = gateway().brokerUrl ?? '';
    admin = await loginToken(api, DEMO.admin.email, DEMO.admin.password);
    baseId = okData(
      await api.post(
        '/api/admin/base/create',
        { name: 'Gateway Test Base', address: 'Test Road 1', latitude: 31.2, longitude: 121.5 },
        { token: admin },
      ),
      AdminBaseSchema,
    ).id;
    for (const id of ['GW-A', 'GW-B', 'GW-C', 'GW-D']) {
      const made = await provision({ base_id: baseId, name: id, device_id: id });
      creds.set(id, made.secret);
    }
    // Mosquitto: the broker's password file is where device accounts live; the test writes them there.
    await mosquitto?.addUsers(['GW-A', 'GW-B', 'GW-C'].map((id) => ({ id, secret: secretOf(id) })));
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((d) => d.end().catch(() => undefined)));
  });
  afterAll(async () => {
    await api.close();
    await mosquitto?.stop();
  });

  it('refuses a wrong secret', async () => {
    const error = await TestDevice.connect(url, 'GW-A', 'not-the-secret-at-all').catch((e: unknown) => e);
    expect(error).toMatchObject({ code: expect.toSatisfy((c: number) => c === 4 || c === 5) as unknown });
    const unknown = await TestDevice.connect(url, 'GW-NOBODY', secretOf('GW-A')).catch((e: unknown) => e);
    expect(unknown).toBeInstanceOf(Error);
  });

  it.skipIf(kind === 'mosquitto')('refuses a disabled device, and another device’s client id', async () => {
    okData(await api.post('/api/admin/device/disable', { device_id: 'GW-D' }, { token: admin }), AdminDeviceSchema);
    await expect(TestDevice.connect(url, 'GW-D', secretOf('GW-D'))).rejects.toMatchObject({ code: 4 });
    okData(await api.post('/api/admin/device/enable', { device_id: 'GW-D' }, { token: admin }), AdminDeviceSchema);
    await connect('GW-D');
    // A device with good credentials must not take over (and knock off) another device's session.
    await expect(TestDevice.connect(url, 'GW-D', secretOf('GW-D'), { clientId: 'device-GW-A' })).rejects.toMatchObject({
      code: 4,
    });
  });

  it('updates the row from state reports, and the last will marks the device offline within seconds', async () => {
    const a = await connect('GW-A');
    const online = stateEvent((e) => e.device_id === 'GW-A' && e.feeder_online && e.food_stock === 4321);
    await a.publishState({ food_stock: 4321, firmware: 'fw-9' });
    expect(await online).toMatchObject({ online: true, camera_online: true, firmware: 'fw-9', base_id: baseId });
    const stored = await row('GW-A');
    expect(stored).toMatchObject({ feederOnline: true, cameraOnline: true, foodStock: 4321, firmware: 'fw-9' });
    expect(stored?.firstOnlineAt).toBeInstanceOf(Date);
    expect(stored?.lastSeenAt).toBeInstanceOf(Date);

    const offline = stateEvent((e) => e.device_id === 'GW-A' && !e.online);
    const lostAt = Date.now();
    a.kill();
    await offline;
    expect(Date.now() - lostAt).toBeLessThan(5_000);
    expect(await row('GW-A')).toMatchObject({ feederOnline: false, cameraOnline: false });
  });

  it('reads retained state published while the API was not connected', async () => {
    await gateway().stopClient();
    const c = await connect('GW-C', { subscribe: false });
    await c.publishState({ food_stock: 777 }, true);
    await c.end();
    const seen = stateEvent((e) => e.device_id === 'GW-C' && e.food_stock === 777);
    await gateway().startClient();
    await seen;
    expect(await row('GW-C')).toMatchObject({ foodStock: 777, feederOnline: true });
  });

  it('never lets a device publish to or subscribe to another device’s topics', async () => {
    const a = await connect('GW-A', { mode: 'manual' });
    const b = await connect('GW-B', { mode: 'manual' });
    const events: DeviceStateEvent[] = [];
    const stop = gateway().onDeviceState((e) => events.push(e));

    // B subscribes to A's commands: refused (SUBACK 0x80) or at least never delivered.
    const subscribed = await b.client.subscribeAsync(deviceTopics('GW-A').cmd, { qos: 1 }).then(
      () => true,
      () => false,
    );
    if (kind === 'embedded') expect(subscribed).toBe(false);

    const issued = await gateway().issueCommand('GW-A', { kind: 'dispense', grams: 10 });
    await a.waitForCommands(1);
    // B forges A's state and A's ack. aedes closes B's connection; Mosquitto drops the messages.
    b.client.publish(
      deviceTopics('GW-A').state,
      JSON.stringify({
        v: 1,
        online: true,
        feeder_online: true,
        camera_online: true,
        food_stock: 999_999,
        firmware: 'evil',
        at: Date.now(),
      }),
      { qos: 1 },
    );
    b.client.publish(
      deviceTopics('GW-A').ack,
      JSON.stringify({ v: 1, id: issued.id, outcome: 'dispensed', grams: 500, at: Date.now() }),
      { qos: 1 },
    );
    if (kind === 'embedded') await b.closed();
    else await b.publishState({ food_stock: 5 }, false); // ordered after the forgeries on B's connection

    // A barrier after the forgeries: when the gateway has A's own report, it would have had them too.
    const barrier = stateEvent((e) => e.device_id === 'GW-A' && e.food_stock === 1234);
    await a.publishState({ food_stock: 1234 });
    await barrier;
    stop();
    expect(events.filter((e) => e.device_id === 'GW-A').map((e) => e.food_stock)).toEqual([1234]);
    expect(gateway().queueLength('GW-A')).toBe(1);
    expect((await commandRow(issued.id))?.status).toBe('sent');

    a.ack(issued.id, 'dispensed', 9);
    expect(await issued.result).toMatchObject({ status: 'acked', grams: 9 });
    expect(b.received).toEqual([]);
  });

  it('sends a command and completes it with the grams the device measured', async () => {
    const a = await connect('GW-A', { mode: 'manual' });
    const pending = gateway().sendCommand('GW-A', { kind: 'dispense', grams: 20 });
    await a.waitForCommands(1);
    const command = a.received[0];
    expect(command).toMatchObject({ v: 1, kind: 'dispense', grams: 20 });
    expect((command?.expires_at ?? 0) - (command?.issued_at ?? 0)).toBe(10_000);
    a.ack(command?.id ?? '', 'dispensed', 19);
    const result = await pending;
    expect(result).toMatchObject({ status: 'acked', outcome: 'dispensed', grams: 19, attempts: 1 });
    expect(await commandRow(result.id)).toMatchObject({
      deviceId: 'GW-A',
      status: 'acked',
      outcome: 'dispensed',
      grams: 19,
      attempts: 1,
      kind: 'dispense',
    });

    const jam = gateway().sendCommand('GW-A', { kind: 'dispense', grams: 10 });
    await a.waitForCommands(2);
    a.ack(a.received[1]?.id ?? '', 'jammed', 0);
    expect(await jam).toMatchObject({ status: 'failed', outcome: 'jammed', grams: 0 });
    await expect(gateway().sendCommand('GW-NOBODY', { kind: 'dispense', grams: 10 })).rejects.toMatchObject({
      id: 'not_found',
    });
  });

  it('re-sends an unanswered command with the same id, then expires it', async () => {
    const a = await connect('GW-A', { mode: 'silent' });
    const result = await gateway().sendCommand(
      'GW-A',
      { kind: 'dispense', grams: 10 },
      { ttlMs: 1_000, retries: 2, ackTimeoutMs: 200 },
    );
    expect(result).toMatchObject({ status: 'expired', outcome: null, grams: 0, attempts: 3 });
    expect(a.received.map((c) => c.id)).toEqual([result.id, result.id, result.id]);
    expect(await commandRow(result.id)).toMatchObject({ status: 'expired', attempts: 3, outcome: null });
    // A late answer is recorded (food may have fallen) without reviving the command.
    const barrier = stateEvent((e) => e.device_id === 'GW-A' && e.food_stock === 4242);
    a.ack(result.id, 'dispensed', 10);
    await a.publishState({ food_stock: 4242 });
    await barrier;
    await expect.poll(async () => (await commandRow(result.id))?.outcome).toBe('dispensed');
    expect((await commandRow(result.id))?.status).toBe('expired');
  });

  it('keeps one command in flight per device; the others wait their turn', async () => {
    const a = await connect('GW-A', { mode: 'manual' });
    const issued = [];
    for (const grams of [10, 20, 30]) issued.push(await gateway().issueCommand('GW-A', { kind: 'dispense', grams }));
    expect(issued.map((c) => c.position)).toEqual([0, 1, 2]);
    for (const [i, command] of issued.entries()) {
      await a.waitForCommands(i + 1);
      // Only the command in flight has reached the device.
      expect(a.received.map((c) => c.id)).toEqual(issued.slice(0, i + 1).map((c) => c.id));
      expect(gateway().queueLength('GW-A')).toBe(3 - i);
      a.ack(command.id, 'dispensed', a.received[i]?.grams ?? 0);
      expect(await command.result).toMatchObject({ status: 'acked', grams: [10, 20, 30][i] });
    }
    expect(gateway().queueLength('GW-A')).toBe(0);
    // A duplicate answer (a re-send that crossed the ack) does not settle a command.
    const next = await gateway().issueCommand('GW-A', { kind: 'dispense', grams: 5 });
    await a.waitForCommands(4);
    a.ack(next.id, 'duplicate', 0);
    a.ack(next.id, 'dispensed', 5);
    expect(await next.result).toMatchObject({ status: 'acked', grams: 5 });
  });

  it('expires commands still waiting in the queue at their TTL', async () => {
    await connect('GW-A', { mode: 'silent' });
    const first = await gateway().issueCommand('GW-A', { kind: 'dispense', grams: 10 }, { ttlMs: 600, retries: 0 });
    const second = await gateway().issueCommand('GW-A', { kind: 'dispense', grams: 10 }, { ttlMs: 300, retries: 0 });
    expect(await second.result).toMatchObject({ status: 'expired', attempts: 0 });
    expect((await commandRow(second.id))?.status).toBe('expired');
    expect(await first.result).toMatchObject({ status: 'expired', attempts: 1 });
  });
}

describe('device gateway on the embedded broker (aedes)', () => {
  gatewaySuite('embedded');
});

describe.skipIf(!MOSQUITTO_BIN)('device gateway on Mosquitto (MOSQUITTO_BIN)', () => {
  gatewaySuite('mosquitto');
});

describe('bases and devices in the console and the public list', () => {
  let api: TestApi;
  let admin: string;
  beforeAll(async () => {
    api = await createTestApi();
    admin = await loginToken(api, DEMO.admin.email, DEMO.admin.password);
  });
  afterAll(async () => {
    await api.close();
  });
  const url = () => api.container.services.gateway.brokerUrl ?? '';

  it('seeds demo bases in Shanghai, Tokyo and Taipei whose devices connect with the derived secrets', async () => {
    const bases = okData(
      await api.post('/api/admin/base/list', { limit: 100 }, { token: admin }),
      AdminBaseListDataSchema,
    );
    expect(bases.total).toBeGreaterThanOrEqual(6);
    expect(bases.list.filter((b) => b.address.includes('Shanghai')).length).toBeGreaterThanOrEqual(4);
    expect(bases.list.some((b) => b.address.includes('Tokyo'))).toBe(true);
    expect(bases.list.some((b) => b.address.includes('Taipei'))).toBe(true);
    const demo = await demoDeviceCredentials(api.config.dataDir);
    expect(demo.length).toBeGreaterThanOrEqual(6);
    // Same install, same secrets.
    expect(await demoDeviceCredentials(api.config.dataDir)).toEqual(demo);
    const first = demo[0];
    if (!first) throw new Error('no demo device');
    const device = await TestDevice.connect(url(), first.id, first.secret);
    await device.end();
  });

  it('provisions a device, shows its secret once, and rotation ends the old secret at once', async () => {
    const base = okData(
      await api.post(
        '/api/admin/base/create',
        { name: 'Rotation Base', address: 'Somewhere 2', latitude: 35.7, longitude: 139.7, animal_count: 3 },
        { token: admin },
      ),
      AdminBaseSchema,
    );
    const made = await api.post('/api/admin/device/provision', { base_id: base.id, name: 'Auto id' }, { token: admin });
    const { device, secret } = okData(made, DeviceCredentialsSchema);
    expect(made.body.msg).toMatch(/only once/);
    expect(device).toMatchObject({ base_id: base.id, online: false, days_in_operation: 0, disabled: false });
    expect(device.device_id).toMatch(/^PH-\d{4}$/);
    expect(secret.length).toBeGreaterThanOrEqual(32);
    const listed = await api.post('/api/admin/device/list', { base_id: base.id }, { token: admin });
    expect(okData(listed, AdminDeviceListDataSchema).list.map((d) => d.device_id)).toEqual([device.device_id]);
    expect(JSON.stringify(listed.body)).not.toContain(secret);
    expect(JSON.stringify(listed.body)).not.toContain('argon2');
    failure(
      await api.post(
        '/api/admin/device/provision',
        { base_id: base.id, name: 'Dup', device_id: device.device_id },
        { token: admin },
      ),
      409,
      'device_exists',
    );

    // Connected with the first secret (and cached as verified).
    const live = await TestDevice.connect(url(), device.device_id, secret);
    await live.end();
    const session = await TestDevice.connect(url(), device.device_id, secret);
    const rotated = okData(
      await api.post('/api/admin/device/rotate', { device_id: device.device_id }, { token: admin }),
      DeviceCredentialsSchema,
    );
    expect(rotated.secret).not.toBe(secret);
    await session.closed();
    await expect(TestDevice.connect(url(), device.device_id, secret)).rejects.toMatchObject({ code: 4 });
    const again = await TestDevice.connect(url(), device.device_id, rotated.secret);
    await again.end();
  });

  it('edits bases and devices, and lists bases with their devices and live state for everyone', async () => {
    const base = okData(
      await api.post(
        '/api/admin/base/create',
        {
          name: 'Listing Base',
          address: 'Near The Bund',
          latitude: 31.2366,
          longitude: 121.4906,
          photos: ['/uploads/a.jpg'],
        },
        { token: admin },
      ),
      AdminBaseSchema,
    );
    const updated = okData(
      await api.post(
        '/api/admin/base/update',
        { id: base.id, animal_count: 7, introduction: 'Hello' },
        { token: admin },
      ),
      AdminBaseSchema,
    );
    expect(updated).toMatchObject({ animal_count: 7, introduction: 'Hello', name: 'Listing Base', device_count: 0 });
    const { device, secret } = okData(
      await api.post(
        '/api/admin/device/provision',
        {
          base_id: base.id,
          name: 'Lister',
          device_id: 'LIST-1',
          revenue_share_bp: 4000,
          portions: [{ grams: 15, coins: 12 }],
        },
        { token: admin },
      ),
      DeviceCredentialsSchema,
    );
    expect(device.revenue_share_bp).toBe(4000);
    const hidden = okData(
      await api.post(
        '/api/admin/device/provision',
        { base_id: base.id, name: 'Hidden', device_id: 'LIST-2' },
        { token: admin },
      ),
      DeviceCredentialsSchema,
    );
    okData(
      await api.post('/api/admin/device/disable', { device_id: hidden.device.device_id }, { token: admin }),
      AdminDeviceSchema,
    );

    const feeder = await TestDevice.connect(url(), 'LIST-1', secret);
    const seen = new Promise<void>((resolve) => {
      const stop = api.container.services.gateway.onDeviceState((e) => {
        if (e.device_id === 'LIST-1' && e.food_stock === 2500) {
          stop();
          resolve();
        }
      });
    });
    await feeder.publishState({ food_stock: 2500, camera_online: false });
    await seen;

    // Nearest first from the Bund; tourists may call it.
    const near = okData(
      await api.post('/api/device/list', { latitude: 31.2365, longitude: 121.4905, limit: 2 }),
      DeviceListDataSchema,
    );
    expect(near.list[0]?.distance).toBeLessThan(50);
    const listing = near.list.find((b) => b.id === base.id);
    expect(listing?.devices).toEqual([
      expect.objectContaining({
        device_id: 'LIST-1',
        online: true,
        feeder_online: true,
        camera_online: false,
        food_stock: 2500,
        days_in_operation: 1,
        portions: [{ grams: 15, coins: 12 }],
      }),
    ]);
    const all = okData(await api.post('/api/device/list', { limit: 100 }), DeviceListDataSchema);
    expect(all.list.every((b) => b.distance === null && b.devices.length > 0)).toBe(true);
    // A device without its own portions offers the configured ones.
    expect(all.list.find((b) => b.name === 'Bund Riverside Cat Corner')?.devices[0]?.portions.length).toBeGreaterThan(
      0,
    );
    const searched = okData(await api.post('/api/device/list', { keyword: 'listing' }), DeviceListDataSchema);
    expect(searched.list.map((b) => b.id)).toEqual([base.id]);
    await feeder.end();

    const moved = okData(
      await api.post(
        '/api/admin/device/update',
        { device_id: 'LIST-1', name: 'Renamed', portions: null },
        { token: admin },
      ),
      AdminDeviceSchema,
    );
    expect(moved).toMatchObject({ name: 'Renamed', portions: null, food_stock: 2500 });
  });

  it('checks input in the user’s language, and keeps the console for admins', async () => {
    const missing = failure(
      await api.post(
        '/api/admin/base/create',
        { address: 'x', latitude: 91, longitude: 0 },
        { token: admin, lang: 'zh-CN' },
      ),
      400,
      'validation_failed',
    );
    expect(missing.data.fields?.map((f) => f.message)).toEqual(expect.arrayContaining(['请输入基地名称']));
    const share = failure(
      await api.post(
        '/api/admin/device/provision',
        { base_id: 1, name: 'x', revenue_share_bp: 12000 },
        { token: admin, lang: 'ja' },
      ),
      400,
      'validation_failed',
    );
    expect(share.msg).toBe('収益分配率は0%〜100%にしてください');
    failure(
      await api.post('/api/admin/device/provision', { base_id: 99999, name: 'x' }, { token: admin }),
      404,
      'not_found',
    );
    failure(await api.post('/api/admin/device/rotate', { device_id: 'NOPE-1' }, { token: admin }), 404, 'not_found');
    failure(await api.post('/api/admin/device/list', {}), 401, 'login_required');
    const user = await registerUser(api, 'not-admin@example.com');
    failure(await api.post('/api/admin/base/list', {}, { token: user.token }), 403, 'forbidden');
  });
});
