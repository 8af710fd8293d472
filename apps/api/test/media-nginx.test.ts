import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClipSchema, DeviceCredentialsSchema, PlaybackSchema } from '@petheart/contracts';
import { findNginx, freePort, startNginxMedia } from '../../../deploy/nginx/nginx-media.mjs';
import { DeviceRepository } from '../src/modules/device/repository';
import { resolveFfmpeg } from '../src/modules/media/ffmpeg';
import { readMp4 } from '../src/modules/media/mp4';
import type { NginxMedia } from '../src/modules/media/nginx/nginx-media';
import { secureLinkQuery } from '../src/modules/media/nginx/secure-link';
import { demoDeviceCredentials } from '../src/seed/demo-devices';
import { DEMO, createTestApi, failure, loginToken, okData, type TestApi } from './harness';
import { TestPublisher, cameraChange } from './media-support';

const ffmpeg = resolveFfmpeg(process.env.FFMPEG_PATH);
// CI installs nginx-light and libnginx-mod-rtmp and sets NGINX_BIN: there the suite must run, not skip.
if (process.env.NGINX_BIN && !findNginx())
  throw new Error(`NGINX_BIN=${process.env.NGINX_BIN}: no nginx with the RTMP module`);
const nginxInstalled = findNginx() !== undefined;

/** GET with a short timeout: status, content type and body bytes. */
async function get(url: string) {
  const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    cache: response.headers.get('cache-control'),
    body: Buffer.from(await response.arrayBuffer()),
  };
}

describe.skipIf(!ffmpeg || !nginxInstalled)(
  'scaled out: cameras publish to an nginx-rtmp origin, viewers play from an edge',
  () => {
    const key = randomBytes(24).toString('base64url');
    const hookToken = randomBytes(16).toString('base64url');
    let dir: string;
    let nginx: Awaited<ReturnType<typeof startNginxMedia>>;
    let api: TestApi;
    let engine: NginxMedia;
    let secrets: Map<string, string>;
    let ingestUrl: string;
    const publishers: TestPublisher[] = [];

    const publish = (deviceId: string, secret: string) => {
      const publisher = new TestPublisher(
        ffmpeg ?? 'ffmpeg',
        `${ingestUrl}/${deviceId}?key=${encodeURIComponent(secret)}`,
      );
      publishers.push(publisher);
      return publisher;
    };
    const secret = (id: string) => secrets.get(id) ?? '';
    const cameraOnline = async (id: string) =>
      (await api.container.services.devices.list({ page: 1, limit: 1, keyword: id })).list[0]?.camera_online;

    beforeAll(async () => {
      dir = await mkdtemp(path.join(os.tmpdir(), 'petheart-nginx-'));
      const apiPort = await freePort();
      nginx = await startNginxMedia({ apiUrl: `http://127.0.0.1:${String(apiPort)}`, key, hookToken, dir });
      ingestUrl = nginx.ingestUrl;
      api = await createTestApi({
        env: {
          MEDIA_ENABLED: 'true',
          MEDIA_SIGNING_KEY: key,
          MEDIA_INGEST_URL: nginx.ingestUrl,
          MEDIA_PLAYBACK_URL: nginx.playbackUrls[0] ?? '',
          MEDIA_ORIGIN_URL: nginx.originUrl,
          MEDIA_HOOK_TOKEN: hookToken,
        },
      });
      engine = api.container.services.nginx as NginxMedia;
      await api.app.listen({ host: '127.0.0.1', port: apiPort });
      secrets = new Map((await demoDeviceCredentials(api.config.dataDir)).map((c) => [c.id, c.secret]));
    });

    afterAll(async () => {
      await Promise.all(publishers.map((p) => p.kill()));
      await api.close();
      await nginx.stop();
      await rm(dir, { recursive: true, force: true });
    });

    it('gives devices the origin as their publish address, and starts no RTMP server of its own', async () => {
      expect(api.container.services.nginx).toBeDefined();
      expect(api.container.services.media.publishUrl('PH-0001', 'a b')).toBe(`${nginx.ingestUrl}/PH-0001?key=a%20b`);
    });

    it('lets a device publish its own stream with its own secret: camera_online follows the publish', async () => {
      expect(await cameraOnline('PH-0001')).toBe(false);
      const online = cameraChange(engine, 'PH-0001', true);
      publish('PH-0001', secret('PH-0001'));
      expect(await online).toMatchObject({ device_id: 'PH-0001', camera_online: true });
      expect(await cameraOnline('PH-0001')).toBe(true);
    });

    it('refuses a wrong key and another device’s stream name; their cameras stay offline', async () => {
      const changes: string[] = [];
      const stop = engine.onCameraChange((e) => changes.push(e.device_id));
      const refused = [publish('PH-0002', `${secret('PH-0002')}x`), publish('PH-0003', secret('PH-0002'))];
      for (const p of refused) expect(await p.exited).not.toBe(0);
      stop();
      expect(changes).toEqual([]);
      expect(await cameraOnline('PH-0002')).toBe(false);
      expect(await cameraOnline('PH-0003')).toBe(false);
    });

    it('answers the origin’s callbacks only with its token', async () => {
      const body = new URLSearchParams({ call: 'publish_done', app: 'live', name: 'PH-0001' }).toString();
      const headers = { 'content-type': 'application/x-www-form-urlencoded' };
      for (const url of ['/api/media/nginx/publish_done?token=nope', '/api/media/nginx/publish_done']) {
        const r = await api.app.inject({ method: 'POST', url, headers, payload: body });
        failure({ status: r.statusCode, body: r.json(), headers: r.headers }, 403, 'forbidden');
      }
      expect(await cameraOnline('PH-0001')).toBe(true);
    });

    it('plays HLS from the edge on a signed address: no FLV, no video through the API', async () => {
      const play = okData(await api.post('/api/live/play', { device_id: 'PH-0001' }), PlaybackSchema);
      expect(play.flv_url).toBeNull();
      expect(play.camera_online).toBe(true);
      const edge = nginx.playbackUrls[0] ?? '';
      expect(play.hls_url).toMatch(new RegExp(`^${edge}/hls/PH-0001/index\\.m3u8\\?e=\\d+&v=a[\\w-]+&s=[\\w-]{22}$`));
      const playlistUrl = play.hls_url ?? '';
      const playlistText = async () => (await get(playlistUrl)).body.toString();
      await expect.poll(playlistText, { timeout: 15_000 }).toContain('.ts?');
      const playlist = await playlistText();
      expect(playlist.startsWith('#EXTM3U')).toBe(true);
      const query = new URL(playlistUrl).search;
      const segment = playlist.split('\n').find((l) => l.endsWith(query.slice(1))) ?? '';
      expect(segment).toMatch(/^\d+\.ts\?e=/);
      const bytes = await get(new URL(segment, playlistUrl).href);
      expect(bytes).toMatchObject({ status: 200, type: 'video/mp2t', cache: 'public, max-age=31536000, immutable' });
      expect(bytes.body[0]).toBe(0x47); // an MPEG-TS packet
      // Without the signature, with an edited one, for another device, or expired: refused.
      const bare = new URL(segment.split('?')[0] ?? '', playlistUrl).href;
      expect((await get(bare)).status).toBe(403);
      const tampered = playlistUrl.replace(/s=([\w-])/, (_m, c: string) => `s=${c === 'A' ? 'B' : 'A'}`);
      expect((await get(tampered)).status).toBe(403);
      expect((await get(playlistUrl.replace('/PH-0001/', '/PH-0002/'))).status).toBe(403);
      const past = Math.floor(Date.now() / 1000) - 10;
      const expired = `${edge}/hls/PH-0001/index.m3u8?${secureLinkQuery({ deviceId: 'PH-0001', viewer: 'u1', expires: past }, key)}`;
      expect((await get(expired)).status).toBe(410);
    });

    it('cuts a clip from the origin’s HLS', async () => {
      const token = await loginToken(api, DEMO.user.email, DEMO.user.password);
      const clip = okData(await api.post('/api/live/clip/create', { device_id: 'PH-0001' }, { token }), ClipSchema);
      const file = path.join(api.config.uploadDir, 'clips', `${clip.id}.mp4`);
      const info = readMp4(await readFile(file));
      expect(info?.durationMs).toBeGreaterThan(1_000);
    });

    it('takes the room’s still from the origin’s HLS', async () => {
      const devices = new DeviceRepository(api.container.database.db);
      await expect
        .poll(async () => (await devices.byId('PH-0001'))?.thumbnail, { timeout: 15_000 })
        .toMatch(/^\/uploads\/thumbs\/PH-0001\/\d+\.jpg$/);
    });

    it('drops the live publish of a device whose secret is rotated; the old key no longer publishes', async () => {
      const adminToken = await loginToken(api, DEMO.admin.email, DEMO.admin.password);
      const online = cameraChange(engine, 'PH-0006', true);
      const old = publish('PH-0006', secret('PH-0006'));
      await online;
      const offline = cameraChange(engine, 'PH-0006', false);
      const rotated = okData(
        await api.post('/api/admin/device/rotate', { device_id: 'PH-0006' }, { token: adminToken }),
        DeviceCredentialsSchema,
      );
      expect(rotated.rtmp_url).toBe(`${nginx.ingestUrl}/PH-0006?key=${encodeURIComponent(rotated.secret)}`);
      await offline;
      expect(await old.exited).not.toBe(0);
      expect(await publish('PH-0006', secret('PH-0006')).exited).not.toBe(0);
    });

    it('sets camera_online false when the publish ends, and heals a state the callbacks missed', async () => {
      const offline = cameraChange(engine, 'PH-0001', false);
      await publishers[0]?.kill();
      expect(await offline).toMatchObject({ device_id: 'PH-0001', camera_online: false });
      // A camera marked online that the origin does not have (a lost callback): the reconciliation clears it.
      await new DeviceRepository(api.container.database.db).setCameraOnline('PH-0005', true, new Date());
      await engine.reconcile();
      await expect.poll(() => cameraOnline('PH-0005')).toBe(false);
    });
  },
);
