import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ClipListDataSchema,
  ClipSchema,
  DeviceCredentialsSchema,
  PlaybackSchema,
  type Clip,
} from '@petheart/contracts';
import { DeviceRepository } from '../src/modules/device/repository';
import type { DeviceStateEvent } from '../src/modules/gateway/gateway';
import { resolveFfmpeg } from '../src/modules/media/ffmpeg';
import { MediaServer } from '../src/modules/media/media-server';
import { readMp4 } from '../src/modules/media/mp4';
import { demoDeviceCredentials } from '../src/seed/demo-devices';
import { TestDevice } from './devices-support';
import { DEMO, createTestApi, failure, loginToken, okData, type TestApi } from './harness';
import { TestPublisher, cameraChange, eventually, watch } from './media-support';

const ffmpeg = resolveFfmpeg(process.env.FFMPEG_PATH);

describe.skipIf(!ffmpeg)('live video (embedded media server, real ffmpeg cameras)', () => {
  let api: TestApi;
  let media: MediaServer;
  let origin: string;
  let secrets: Map<string, string>;
  let adminToken: string;
  let userToken: string;
  let friendToken: string;
  const publishers: TestPublisher[] = [];
  let ph1: TestPublisher;
  let ph1Since = 0;

  const publish = (deviceId: string, key: string | undefined, app = 'live') => {
    const url = `${media.rtmpUrl ?? ''}/${app}/${deviceId}${key === undefined ? '' : `?key=${encodeURIComponent(key)}`}`;
    const publisher = new TestPublisher(ffmpeg ?? 'ffmpeg', url);
    publishers.push(publisher);
    return publisher;
  };
  const secret = (id: string) => secrets.get(id) ?? '';
  const cameraOnline = async (id: string) => (await api.container.services.liveMedia.play(id, null)).camera_online;
  /** The embedded run's playback addresses (its FLV is always there). */
  const playback = async (id: string) => {
    const play = okData(await api.post('/api/live/play', { device_id: id }), PlaybackSchema);
    if (play.flv_url === null) throw new Error('the embedded media server gives an FLV address');
    return { ...play, flv_url: play.flv_url };
  };

  beforeAll(async () => {
    api = await createTestApi({ env: { MEDIA_ENABLED: 'true' } });
    const engine = api.container.services.media;
    if (!(engine instanceof MediaServer)) throw new Error('the embedded run uses the embedded media server');
    media = engine;
    await api.app.listen({ host: '127.0.0.1', port: 0 });
    origin = `http://127.0.0.1:${String((api.app.server.address() as AddressInfo).port)}`;
    secrets = new Map((await demoDeviceCredentials(api.config.dataDir)).map((c) => [c.id, c.secret]));
    [adminToken, userToken, friendToken] = await Promise.all([
      loginToken(api, DEMO.admin.email, DEMO.admin.password),
      loginToken(api, DEMO.user.email, DEMO.user.password),
      loginToken(api, DEMO.friend.email, DEMO.friend.password),
    ]);
  });

  afterAll(async () => {
    await Promise.all(publishers.map((p) => p.kill()));
    await api.close();
  });

  it('listens on loopback on a port of its own, and lets a device publish its own stream with its own secret', async () => {
    expect(media.rtmpUrl).toMatch(/^rtmp:\/\/127\.0\.0\.1:\d+$/);
    expect(await cameraOnline('PH-0001')).toBe(false);
    const online = cameraChange(media, 'PH-0001', true);
    ph1 = publish('PH-0001', secret('PH-0001'));
    ph1Since = Date.now();
    const event = await online;
    expect(event).toMatchObject({ device_id: 'PH-0001', camera_online: true, online: true });
    expect(media.isLive('PH-0001')).toBe(true);
    const row = await api.container.services.devices.list({ page: 1, limit: 10, keyword: 'PH-0001' });
    expect(row.list[0]).toMatchObject({ device_id: 'PH-0001', camera_online: true });
  });

  it('refuses a wrong key, no key, another device’s stream, another application and a disabled device', async () => {
    const disabled = await api.post('/api/admin/device/disable', { device_id: 'PH-0004' }, { token: adminToken });
    expect(disabled.status).toBe(200);
    const changes: string[] = [];
    const stop = media.onCameraChange((e) => changes.push(e.device_id));
    const refused = [
      publish('PH-0002', `${secret('PH-0002')}x`),
      publish('PH-0005', undefined),
      publish('PH-0003', secret('PH-0002')),
      publish('PH-0006', secret('PH-0006'), 'other'),
      publish('PH-0004', secret('PH-0004')),
    ];
    // Each is cut off (ffmpeg fails), none went online.
    for (const p of refused) expect(await p.exited).not.toBe(0);
    stop();
    expect(changes).toEqual([]);
    for (const id of ['PH-0002', 'PH-0003', 'PH-0004', 'PH-0005', 'PH-0006']) expect(media.isLive(id)).toBe(false);
    expect(await cameraOnline('PH-0002')).toBe(false);
    // The real publisher was not disturbed.
    expect(media.isLive('PH-0001')).toBe(true);
    expect(ph1.running).toBe(true);
    await api.post('/api/admin/device/enable', { device_id: 'PH-0004' }, { token: adminToken });
  });

  it('ignores the device’s own camera claim over MQTT: the media server owns camera_online', async () => {
    const url = api.container.services.gateway.brokerUrl ?? '';
    const device = await TestDevice.connect(url, 'PH-0007', secret('PH-0007'));
    const state = new Promise<DeviceStateEvent>((resolve) => {
      const stop = api.container.services.gateway.onDeviceState((e) => {
        if (e.device_id !== 'PH-0007') return;
        stop();
        resolve(e);
      });
    });
    await device.publishState({ camera_online: true, feeder_online: true });
    expect(await state).toMatchObject({ feeder_online: true, camera_online: false });
    await device.end();
  });

  it('streams HTTP-FLV through a signed address; refuses edited, expired or foreign ones', async () => {
    const play = await playback('PH-0001');
    expect(play).toMatchObject({ ws_url: null, camera_online: true });
    expect(play.flv_url).toMatch(/^\/live\/PH-0001\.flv\?e=\d+&v=a[\w-]+&s=[\w-]{43}$/);
    expect(play.expires_at - Math.floor(api.clock.now().getTime() / 1000)).toBe(3600);

    const viewer = await watch(`${origin}${play.flv_url}`);
    expect(viewer.response.statusCode).toBe(200);
    expect(viewer.response.headers['content-type']).toBe('video/x-flv');
    expect(viewer.response.headers['cache-control']).toMatch(/no-cache/);
    expect(viewer.head.subarray(0, 3).toString('latin1')).toBe('FLV');
    // The stream keeps flowing (frames, not just the headers and the cached GOP).
    const now = viewer.bytes();
    await eventually(() => viewer.bytes() > now + 2_000);
    // One address feeds a few streams at once (reloads, a second tab), not a crowd.
    const more = [await watch(`${origin}${play.flv_url}`), await watch(`${origin}${play.flv_url}`)];
    failure(await api.get(play.flv_url), 429, 'rate_limited');
    viewer.close();
    for (const v of more) v.close();

    const url = new URL(play.flv_url, origin);
    const tampered = new URL(url);
    const s = url.searchParams.get('s') ?? '';
    tampered.searchParams.set('s', `${s.slice(0, -1)}${s.endsWith('A') ? 'B' : 'A'}`);
    expect((await api.get(`${tampered.pathname}${tampered.search}`)).status).toBe(403);
    const foreign = `/live/PH-0002.flv${url.search}`;
    expect((await api.get(foreign)).status).toBe(403);
    expect((await api.get('/live/PH-0001.flv')).status).toBe(403);
    // Signed but not publishing: 404.
    const idle = await playback('PH-0006');
    expect(idle.camera_online).toBe(false);
    expect((await api.get(idle.flv_url)).status).toBe(404);
    // A signed-in viewer gets their own address.
    const mine = okData(
      await api.post('/api/live/play', { device_id: 'PH-0001' }, { token: userToken }),
      PlaybackSchema,
    );
    expect(mine.flv_url).toMatch(/&v=u\d+&/);
    failure(await api.post('/api/live/play', { device_id: 'PH-9999' }), 404, 'not_found');
    // Expired: past expires_at the address no longer starts a stream.
    api.clock.advance(3601 * 1000);
    expect((await api.get(play.flv_url)).status).toBe(403);
  });

  it('serves the live stream as HLS too: a signed playlist of 1 s segments at addresses that never change', async () => {
    const play = await playback('PH-0001');
    expect(play.hls_url).toMatch(/^\/live\/PH-0001\.m3u8\?e=\d+&v=a[\w-]+&s=[\w-]{43}$/);
    const hlsUrl = play.hls_url ?? '';
    const get = (url: string) => api.app.inject({ method: 'GET', url });
    // ffmpeg has written a few 1 s segments (the stream has been live since an earlier test).
    let text = '';
    const deadline = Date.now() + 10_000;
    for (;;) {
      const res = await get(hlsUrl);
      if (res.statusCode === 200) text = res.body;
      if ((text.match(/#EXTINF/g) ?? []).length >= 3 || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const res = await get(hlsUrl);
    expect(res.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(res.headers['cache-control']).toBe('public, max-age=1');

    // A live media playlist as RFC 8216 has it: the tags, segments no longer than the target, no end.
    const lines = text.split('\n').filter((l) => l.trim() !== '');
    expect(lines[0]).toBe('#EXTM3U');
    const target = Number(/^#EXT-X-TARGETDURATION:(\d+)$/m.exec(text)?.[1]);
    expect(target).toBeGreaterThanOrEqual(1);
    expect(target).toBeLessThanOrEqual(2);
    expect(text).toMatch(/^#EXT-X-MEDIA-SEQUENCE:\d+$/m);
    expect(text).not.toContain('#EXT-X-ENDLIST');
    const durations = [...text.matchAll(/^#EXTINF:([\d.]+),/gm)].map((m) => Number(m[1]));
    expect(durations.length).toBeGreaterThanOrEqual(3);
    for (const d of durations) expect(Math.round(d)).toBeLessThanOrEqual(target);
    const segments = lines.filter((l) => !l.startsWith('#'));
    expect(segments).toHaveLength(durations.length);
    for (const url of segments) expect(url).toMatch(/^\/live\/hls\/PH-0001\/\d+\/\d+\.ts\?t=[\w-]{43}$/);

    // A segment: MPEG-TS, cached for good; its address names its recording, so it never names other bytes.
    const first = segments[0] ?? '';
    const segment = await get(first);
    expect(segment.statusCode).toBe(200);
    expect(segment.headers['content-type']).toBe('video/mp2t');
    expect(segment.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(segment.rawPayload[0]).toBe(0x47); // the TS sync byte
    expect(segment.rawPayload.length % 188).toBe(0);
    // Its token is checked: edited, moved to another segment or device, or left out, it is refused.
    const token = new URL(first, origin).searchParams.get('t') ?? '';
    const edited = first.replace(`t=${token}`, `t=${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`);
    expect((await get(edited)).statusCode).toBe(403);
    expect(
      (await get(first.replace(/\/(\d+)\.ts\?/, (_, n: string) => `/${String(Number(n) + 1)}.ts?`))).statusCode,
    ).toBe(403);
    expect((await get(first.replace('/PH-0001/', '/PH-0002/'))).statusCode).toBe(403);
    expect((await get(first.split('?')[0] ?? '')).statusCode).toBe(403);
    // The playlist is what expires: edited or foreign, refused; a device not publishing has none.
    const url = new URL(hlsUrl, origin);
    const s = url.searchParams.get('s') ?? '';
    url.searchParams.set('s', `${s.slice(0, -1)}${s.endsWith('A') ? 'B' : 'A'}`);
    expect((await get(`${url.pathname}${url.search}`)).statusCode).toBe(403);
    expect((await get(`/live/PH-0002.m3u8${new URL(hlsUrl, origin).search}`)).statusCode).toBe(403);
    const idle = await playback('PH-0006');
    expect(idle.hls_url).toBeNull();
    expect((await get(idle.flv_url.replace('.flv', '.m3u8'))).statusCode).toBe(404);
  });

  it('cuts a clip of the last seconds into an MP4 that only its owner can publish', async () => {
    failure(await api.post('/api/live/clip/create', { device_id: 'PH-0001' }), 401, 'login_required');
    failure(
      await api.post('/api/live/clip/create', { device_id: 'PH-0006' }, { token: userToken }),
      409,
      'camera_offline',
    );
    // About 6 s of stream: two 3 s segments.
    await new Promise((r) => setTimeout(r, Math.max(0, ph1Since + 6_500 - Date.now())));
    const clip = okData(
      await api.post('/api/live/clip/create', { device_id: 'PH-0001' }, { token: userToken }),
      ClipSchema,
    );
    expect(clip).toMatchObject({ device_id: 'PH-0001', nickname: 'Demo', published: false });
    expect(clip.url).toMatch(/^\/uploads\/clips\/[0-9a-f-]{36}\.mp4$/);
    expect(clip.duration_ms).toBeGreaterThan(3_000);
    expect(clip.duration_ms).toBeLessThan(10_000);
    const file = await api.app.inject({ method: 'GET', url: clip.url });
    expect(file.statusCode).toBe(200);
    const mp4 = readMp4(file.rawPayload);
    expect(file.rawPayload.subarray(4, 8).toString('latin1')).toBe('ftyp');
    expect(mp4).toMatchObject({ faststart: true, durationMs: clip.duration_ms });

    const again = failure(
      await api.post('/api/live/clip/create', { device_id: 'PH-0001' }, { token: userToken }),
      429,
      'rate_limited',
    );
    expect(again.data.retry_after).toBeGreaterThan(0);

    const published: Clip[] = [];
    const stop = api.container.services.liveMedia.onClipPublished((c) => published.push(c));
    failure(await api.post('/api/live/clip/publish', { id: clip.id }, { token: friendToken }), 404, 'not_found');
    failure(await api.post('/api/live/clip/publish', { id: 'not-a-uuid' }, { token: userToken }), 404, 'not_found');
    const list = async () =>
      okData(await api.post('/api/live/clip/list', { device_id: 'PH-0001' }), ClipListDataSchema);
    expect((await list()).total).toBe(0);
    const done = okData(await api.post('/api/live/clip/publish', { id: clip.id }, { token: userToken }), ClipSchema);
    expect(done.published).toBe(true);
    // Publishing again changes nothing and tells the room once.
    okData(await api.post('/api/live/clip/publish', { id: clip.id }, { token: userToken }), ClipSchema);
    stop();
    expect(published.map((c) => c.id)).toEqual([clip.id]);
    expect(await list()).toMatchObject({ total: 1, list: [{ id: clip.id, published: true }] });
    const other = okData(await api.post('/api/live/clip/list', { device_id: 'PH-0002' }), ClipListDataSchema);
    expect(other.total).toBe(0);
  });

  it('takes the camera offline within seconds when the publisher dies, and ends its viewers', async () => {
    const online = cameraChange(media, 'PH-0002', true);
    const ph2 = publish('PH-0002', secret('PH-0002'));
    await online;
    const viewer = await watch(`${origin}${(await playback('PH-0002')).flv_url}`);
    const offline = cameraChange(media, 'PH-0002', false, 3_000);
    const killedAt = Date.now();
    await ph2.kill();
    await offline;
    await viewer.ended;
    expect(Date.now() - killedAt).toBeLessThan(3_000);
    expect(await cameraOnline('PH-0002')).toBe(false);
    expect((await api.get((await playback('PH-0002')).flv_url)).status).toBe(404);
  });

  it('closes the live publish of a device whose secret is rotated; the old key no longer publishes', async () => {
    const viewer = await watch(`${origin}${(await playback('PH-0001')).flv_url}`);
    const offline = cameraChange(media, 'PH-0001', false);
    const rotated = okData(
      await api.post('/api/admin/device/rotate', { device_id: 'PH-0001' }, { token: adminToken }),
      DeviceCredentialsSchema,
    );
    await offline;
    await viewer.ended;
    expect(await ph1.exited).not.toBe(0);
    expect(await publish('PH-0001', secret('PH-0001')).exited).not.toBe(0);
    const back = cameraChange(media, 'PH-0001', true);
    publish('PH-0001', rotated.secret);
    await back;
  });

  it('starts with every camera offline; a second server in the same process keeps to its own streams', async () => {
    const devices = new DeviceRepository(api.container.database.db);
    await devices.setCameraOnline('PH-0008', true, new Date());
    const second = new MediaServer({
      config: { ...api.config.media, enabled: true, rtmpPort: 0 },
      devices,
      clock: api.clock,
      ffmpeg: undefined,
      logLevel: 'silent',
    });
    await second.start();
    try {
      expect((await devices.byId('PH-0008'))?.cameraOnline).toBe(false);
      expect(second.rtmpPort).not.toBe(media.rtmpPort);
      // PH-0001 is live on the first server only.
      expect(media.isLive('PH-0001')).toBe(true);
      expect(second.isLive('PH-0001')).toBe(false);
      expect(second.watch('PH-0001', { write: () => undefined, end: () => undefined })).toBeUndefined();
    } finally {
      await second.stop();
    }
    expect(media.isLive('PH-0001')).toBe(true);
  });
});
