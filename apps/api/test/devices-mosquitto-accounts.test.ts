import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminBaseSchema, DeviceCredentialsSchema } from '@petheart/contracts';
import { DEMO, createTestApi, loginToken, okData, type TestApi } from './harness';
import { Mosquitto, TestDevice } from './devices-support';

const MOSQUITTO_BIN = process.env.MOSQUITTO_BIN;

/** Resolves once `secret` is accepted for `id` (Mosquitto reloads its password file asynchronously after SIGHUP). */
async function eventuallyConnects(url: string, id: string, secret: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await (await TestDevice.connect(url, id, secret, { subscribe: false })).end();
      return;
    } catch (error) {
      if (attempt > 150) throw error;
      await new Promise((r) => setTimeout(r, 20));
    }
  }
}

/** Resolves once `secret` is refused for `id`. */
async function eventuallyRefused(url: string, id: string, secret: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await (await TestDevice.connect(url, id, secret, { subscribe: false })).end();
    } catch {
      return;
    }
    if (attempt > 150) throw new Error(`${id} still connects`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe.skipIf(!MOSQUITTO_BIN)('the console keeps Mosquitto device accounts (MQTT_PASSWORD_FILE)', () => {
  let api: TestApi;
  let mosquitto: Mosquitto;
  let admin: string;
  beforeAll(async () => {
    const password = randomBytes(16).toString('hex');
    mosquitto = await Mosquitto.start(MOSQUITTO_BIN ?? '', { username: 'petheart-api', password });
    api = await createTestApi({
      env: {
        MQTT_URL: mosquitto.url,
        MQTT_PASSWORD: password,
        MQTT_PASSWORD_FILE: mosquitto.files.passwordFile,
        MQTT_PID_FILE: mosquitto.files.pidFile,
      },
      serveWeb: false,
    });
    admin = await loginToken(api, DEMO.admin.email, DEMO.admin.password);
  }, 60_000);
  afterAll(async () => {
    await api.close();
    await mosquitto.stop();
  });

  it('provision lets the device in; rotate, disable and enable change what Mosquitto accepts', async () => {
    const base = okData(
      await api.post(
        '/api/admin/base/create',
        { name: 'Broker Base', address: 'Broker Road 1', latitude: 31.2, longitude: 121.5 },
        { token: admin },
      ),
      AdminBaseSchema,
    );
    const made = okData(
      await api.post('/api/admin/device/provision', { base_id: base.id, name: 'Mosquitto feeder' }, { token: admin }),
      DeviceCredentialsSchema,
    );
    const id = made.device.device_id;
    await eventuallyConnects(mosquitto.url, id, made.secret);

    const rotated = okData(
      await api.post('/api/admin/device/rotate', { device_id: id }, { token: admin }),
      DeviceCredentialsSchema,
    );
    await eventuallyRefused(mosquitto.url, id, made.secret);
    await eventuallyConnects(mosquitto.url, id, rotated.secret);

    // A connected device loses its session when disabled (Mosquitto re-checks credentials on reload).
    const live = await TestDevice.connect(mosquitto.url, id, rotated.secret);
    const closed = new Promise<void>((resolve) =>
      live.client.once('close', () => {
        resolve();
      }),
    );
    expect((await api.post('/api/admin/device/disable', { device_id: id }, { token: admin })).status).toBe(200);
    await closed;
    await eventuallyRefused(mosquitto.url, id, rotated.secret);

    expect((await api.post('/api/admin/device/enable', { device_id: id }, { token: admin })).status).toBe(200);
    await eventuallyConnects(mosquitto.url, id, rotated.secret);
  });
});
