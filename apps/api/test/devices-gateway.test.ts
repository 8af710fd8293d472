import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminBaseSchema,
  AdminDeviceSchema,
  DeviceCredentialsSchema,
  deviceTopics,
  type DeviceCredentials,
} from '@petheart/contracts';
import { deviceCommands, devices } from '../src/db/schema';
import type { DeviceStateEvent } from '../src/modules/gateway/gateway';
import { DEMO, createTestApi, loginToken, okData, type TestApi } from './harness';
import { Mosquitto, TestDevice, gramsOf } from './devices-support';

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

  it('writes a device’s reports that come close together once, the latest, on the embedded database', async (ctx) => {
    // PostgreSQL writes each batch of reports as it comes (no spacing); PGlite waits 250 ms between batches.
    if (api.container.database.kind === 'postgres') ctx.skip();
    const b = await connect('GW-B');
    await b.publishState({ food_stock: 100 });
    await stateEvent((e) => e.device_id === 'GW-B' && e.food_stock === 100);
    const seen: number[] = [];
    const stop = gateway().onDeviceState((e) => {
      if (e.device_id === 'GW-B') seen.push(e.food_stock);
    });
    const last = stateEvent((e) => e.device_id === 'GW-B' && e.food_stock === 106);
    // Each report is taken by the broker before the next is sent, all within 250 ms of the first write.
    for (const stock of [101, 102, 103, 104, 105, 106]) await b.publishState({ food_stock: stock });
    await last;
    stop();
    // One write, with the latest stock (without the spacing: two or three).
    expect(seen).toEqual([106]);
    expect((await row('GW-B'))?.foodStock).toBe(106);
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
      const received = a.received[i];
      a.ack(command.id, 'dispensed', received ? gramsOf(received) : 0);
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
