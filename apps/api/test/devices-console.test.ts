import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminBaseListDataSchema,
  AdminBaseSchema,
  AdminDeviceListDataSchema,
  AdminDeviceSchema,
  DeviceCredentialsSchema,
  DeviceListDataSchema,
} from '@petheart/contracts';
import { demoDeviceCredentials } from '../src/seed/demo-devices';
import { DEMO, createTestApi, failure, loginToken, okData, registerUser, type TestApi } from './harness';
import { TestDevice } from './devices-support';

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
    // Where the device connects: this API's embedded broker; no RTMP address without the media server (tests).
    expect(okData(made, DeviceCredentialsSchema)).toMatchObject({ broker_url: url(), rtmp_url: null });
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
          // Published, so the public list measures from its exact point (decision 037).
          location_public: true,
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
