import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BaseDetailSchema,
  DeviceListDataSchema,
  PROTOCOL_VERSION,
  type DeviceState,
  LiveDetailSchema,
  LiveListDataSchema,
  SearchDataSchema,
  type LiveRoom,
} from '@petheart/contracts';
import { DeviceRepository } from '../src/modules/device/repository';
import { resolveFfmpeg } from '../src/modules/media/ffmpeg';
import { demoDeviceCredentials } from '../src/seed/demo-devices';
import { createTestApi, okData, type TestApi } from './harness';
import { TestPublisher, cameraChange } from './media-support';

const ffmpeg = resolveFfmpeg(process.env.FFMPEG_PATH);
if (!ffmpeg) throw new Error('this test needs ffmpeg (FFMPEG_PATH, PATH or @ffmpeg-installer/ffmpeg)');

const STILL = /^\/uploads\/thumbs\/PH-0001\/\d+\.jpg$/;

/** Issue 26 §2: a camera that streams gets a still on its device row, in every list and on its room. */
describe('live stills (embedded media server, a real ffmpeg camera)', () => {
  let api: TestApi;
  let publisher: TestPublisher | undefined;
  let webDist: string;

  const room = async (id: string): Promise<LiveRoom | undefined> =>
    okData(await api.post('/api/live/list', { tab: 'top', limit: 50 }), LiveListDataSchema).list.find(
      (r) => r.device_id === id,
    );

  beforeAll(async () => {
    // A built page to serve (the share previews are written into it).
    webDist = await mkdtemp(path.join(os.tmpdir(), 'petheart-web-'));
    await writeFile(
      path.join(webDist, 'index.html'),
      '<!doctype html><html><head><meta name="description" content="PetHeart." /><title>PetHeart</title></head><body></body></html>',
    );
    api = await createTestApi({ env: { MEDIA_ENABLED: 'true', WEB_DIST: webDist } });
    await api.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await publisher?.kill();
    await api.close();
    await rm(webDist, { recursive: true, force: true });
  });

  it('takes a still of a live stream, stores it on the device row and answers it in /api/live/list', async () => {
    const { media } = api.container.services;
    expect(await room('PH-0001')).toMatchObject({ thumbnail: '', thumbnail_at: null, camera_offline_at: null });
    const secret = (await demoDeviceCredentials(api.config.dataDir)).find((c) => c.id === 'PH-0001')?.secret ?? '';
    const online = cameraChange(media, 'PH-0001', true);
    publisher = new TestPublisher(ffmpeg, media.publishUrl('PH-0001', secret) ?? '');
    await online;

    // The first still comes as soon as the stream has a segment (about a second after it goes live).
    await expect
      .poll(async () => (await room('PH-0001'))?.thumbnail, { timeout: 20_000, interval: 250 })
      .toMatch(STILL);
    const live = await room('PH-0001');
    expect(live).toMatchObject({ camera_online: true, camera_offline_at: null });
    expect(live?.thumbnail_at).toBe(Math.floor(api.clock.now().getTime() / 1000));

    // Served as an image that never changes.
    const image = await api.get(live?.thumbnail ?? '');
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.headers['cache-control']).toContain('immutable');

    // The same still on the room, the base page, the search and the device list.
    const detail = okData(await api.post('/api/live/detail', { device_id: 'PH-0001' }), LiveDetailSchema);
    expect(detail.device).toMatchObject({ thumbnail: live?.thumbnail, camera_offline_at: null });
    const base = okData(await api.post('/api/base/detail', { id: detail.device.base_id }), BaseDetailSchema);
    expect(base.rooms.find((r) => r.device_id === 'PH-0001')?.thumbnail).toBe(live?.thumbnail);
    const found = okData(await api.post('/api/search/search', { keyword: 'PH-0001', type: 'live' }), SearchDataSchema);
    expect(found.live[0]?.thumbnail).toBe(live?.thumbnail);
    const bases = okData(await api.post('/api/device/list', { limit: 50 }), DeviceListDataSchema);
    const device = bases.list.flatMap((b) => b.devices).find((d) => d.device_id === 'PH-0001');
    expect(device?.thumbnail).toBe(live?.thumbnail);

    // A shared link to the room previews with the still (crawlers ask for */* and run no script).
    const shared = await api.get('/pages/live/live?device_id=PH-0001', { headers: { accept: '*/*' } });
    expect(shared.status).toBe(200);
    expect(shared.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(shared.headers['content-security-policy']).toContain("script-src 'self'");
    const html = shared.body.msg;
    expect(html).toContain(`<meta property="og:image" content="${api.config.publicUrl}${live?.thumbnail ?? ''}" />`);
    expect(html).toContain(`<title>${base.base.name} · ${detail.device.name} - PetHeart</title>`);
    expect(html).toContain(
      `<meta property="og:url" content="${api.config.publicUrl}/pages/live/live?device_id=PH-0001" />`,
    );
    // The room's base and its public account preview too (no picture: the demo base has no photo).
    const baseId = String(detail.device.base_id);
    for (const [page, title] of [
      [`/pages/baseDetail/baseDetail?id=${baseId}`, `${base.base.name} - PetHeart`],
      [`/pages/public/account?base_id=${baseId}`, `Where every coin goes: ${base.base.name} - PetHeart`],
    ] as const) {
      const html = (await api.get(page, { headers: { accept: '*/*' } })).body.msg;
      expect(html).toContain(`<title>${title}</title>`);
      expect(html).toContain(`<meta property="og:url" content="${api.config.publicUrl}${page}" />`);
    }
    // A crawler asking for a page without a preview (a post that does not exist) gets nothing.
    expect((await api.get('/pages/community/detail?id=999999', { headers: { accept: '*/*' } })).status).toBe(404);
    // Other pages, and rooms that do not exist, get the page as it is.
    for (const page of [
      '/pages/live/live?device_id=PH-9999',
      '/pages/index/index',
      '/pages/community/detail?id=999999',
    ]) {
      const plain = await api.get(page, { headers: { accept: 'text/html' } });
      expect(plain.status).toBe(200);
      expect(plain.body.msg).not.toContain('og:');
    }
  });

  it('keeps the last still when the camera goes offline, dated, and takes no more', async () => {
    const { media, thumbnails } = api.container.services;
    const offline = cameraChange(media, 'PH-0001', false);
    api.clock.advance(60_000);
    await publisher?.kill();
    await offline;
    expect(thumbnails.following).toEqual([]);
    const after = await room('PH-0001');
    expect(after).toMatchObject({
      camera_online: false,
      camera_offline_at: Math.floor(api.clock.now().getTime() / 1000),
    });
    expect(after?.thumbnail).toMatch(STILL);
    expect(after?.thumbnail_at).toBeLessThan(after?.camera_offline_at ?? 0);
    const dir = path.join(api.config.uploadDir, 'thumbs', 'PH-0001');
    expect(await readdir(dir)).toContain(path.basename(after?.thumbnail ?? ''));
    // A camera that never streamed has neither a still nor an offline time.
    expect(await room('PH-0003')).toMatchObject({ thumbnail: '', thumbnail_at: null, camera_offline_at: null });
  });

  it('dates a camera going offline however it is told: the device’s own report, or a fresh broker', async () => {
    const devices = new DeviceRepository(api.container.database.db);
    const state = (camera: boolean): DeviceState => ({
      v: PROTOCOL_VERSION,
      online: true,
      feeder_online: true,
      camera_online: camera,
      food_stock: 100,
      firmware: 'test',
      at: 0,
    });
    const t1 = new Date('2030-01-01T00:00:00Z');
    const t2 = new Date('2030-01-01T00:01:00Z');
    // Without the media server the device's report is the camera's word (gateway, camera: true).
    await devices.applyStates([{ id: 'PH-0005', state: state(true) }], t1);
    expect((await room('PH-0005'))?.camera_offline_at).toBeNull();
    await devices.applyStates([{ id: 'PH-0005', state: state(false) }], t1);
    await devices.applyStates([{ id: 'PH-0005', state: state(false) }], t2);
    // Dated when it went, not when it was last said.
    expect((await room('PH-0005'))?.camera_offline_at).toBe(t1.getTime() / 1000);
    // With the media server the report leaves the camera alone.
    await devices.setCameraOnline('PH-0006', true, t1);
    await devices.applyStates([{ id: 'PH-0006', state: state(false) }], t2, { camera: false });
    expect(await room('PH-0006')).toMatchObject({ camera_online: true, camera_offline_at: null });
    // A broker or media server that has just started: every camera that was online went then.
    await devices.markAllOffline(t2);
    expect((await room('PH-0006'))?.camera_offline_at).toBe(t2.getTime() / 1000);
    await devices.setCameraOnline('PH-0006', true, t1);
    await devices.markAllCamerasOffline(t1);
    expect((await room('PH-0006'))?.camera_offline_at).toBe(t1.getTime() / 1000);
    // A camera that was offline keeps its date.
    await devices.markAllOffline(t2);
    expect((await room('PH-0005'))?.camera_offline_at).toBe(t1.getTime() / 1000);
  });
});
