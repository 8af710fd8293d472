import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClipSchema, FeedReceiptSchema, PostSchema, PublicFeedProofSchema } from '@petheart/contracts';
import { liveClips, posts, proofClips } from '../src/db/schema';
import { resolveFfmpeg } from '../src/modules/media/ffmpeg';
import { MediaServer } from '../src/modules/media/media-server';
import { readMp4 } from '../src/modules/media/mp4';
import type { ProofClipEvent } from '../src/modules/proof/clipper';
import type { TestDevice } from './devices-support';
import { createStation, feed, feedBody, newFeeder, onlineDevice, settled, type Station } from './feed-support';
import { createTestApi, failure, okData, type TestApi } from './harness';
import { TestPublisher, cameraChange } from './media-support';

const ffmpeg = resolveFfmpeg(process.env.FFMPEG_PATH);
const DAY = 86_400_000;

describe.skipIf(!ffmpeg)('proof clips (embedded media server, a real ffmpeg camera)', () => {
  let api: TestApi;
  let webDist: string;
  let media: MediaServer;
  const publishers: TestPublisher[] = [];
  const devices: TestDevice[] = [];
  const clipEvents: ProofClipEvent[] = [];
  /** The first test's feed, whose ready clip the retention test expires. */
  let readyFeed: { token: string; id: string; clipId: string } | undefined;
  /** The second test's first feed (its clip shared), which the owner puts in a post. */
  let sharedFeed: { token: string; userId: number; id: string; clipId: string; deviceId: string } | undefined;

  /** Resolves with the end of the clip that covers this feed. */
  const clipOf = (feedId: string, timeoutMs = 25_000) =>
    new Promise<ProofClipEvent>((resolve, reject) => {
      const done = clipEvents.find((e) => e.feedIds.includes(feedId));
      if (done) {
        resolve(done);
        return;
      }
      const timer = setTimeout(() => {
        stop();
        reject(new Error(`no clip for feed ${feedId}`));
      }, timeoutMs);
      const stop = clipper().onClip((e) => {
        if (!e.feedIds.includes(feedId)) return;
        clearTimeout(timer);
        stop();
        resolve(e);
      });
    });
  const clipper = () => {
    const c = api.container.services.proofClipper;
    if (!c) throw new Error('the clipper runs with live video and ffmpeg');
    return c;
  };

  /** A station whose camera streams (recording for a few seconds already) and whose feeder answers at once. */
  async function streamingStation(): Promise<{ station: Station; camera: TestPublisher }> {
    const station = await createStation(api);
    const online = cameraChange(media, station.deviceId, true);
    const url = `${media.rtmpUrl ?? ''}/live/${station.deviceId}?key=${encodeURIComponent(station.secret)}`;
    const camera = new TestPublisher(ffmpeg ?? 'ffmpeg', url);
    publishers.push(camera);
    await online;
    devices.push(await onlineDevice(api, station));
    // The recording has no event of its own: its first seconds on disk (the clip starts 2 s before the feed).
    const until = Date.now() + 15_000;
    while ((await media.recent(station.deviceId, 3_000)).durationMs < 3_000) {
      if (Date.now() > until) throw new Error(`no recording of ${station.deviceId}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return { station, camera };
  }

  const receipt = async (token: string, id: string) =>
    okData(await api.post('/api/feed/detail', { id }, { token }), FeedReceiptSchema);

  beforeAll(async () => {
    // A built page to serve (a shared proof's preview is written into it).
    webDist = await mkdtemp(path.join(os.tmpdir(), 'petheart-web-'));
    await writeFile(
      path.join(webDist, 'index.html'),
      '<!doctype html><html><head><meta name="description" content="PetHeart." /><title>PetHeart</title></head><body></body></html>',
    );
    api = await createTestApi({ seed: false, env: { MEDIA_ENABLED: 'true', WEB_DIST: webDist } });
    const engine = api.container.services.media;
    if (!(engine instanceof MediaServer)) throw new Error('the embedded run uses the embedded media server');
    media = engine;
    clipper().onClip((e) => clipEvents.push(e));
  });

  afterAll(async () => {
    await Promise.all(publishers.map((p) => p.kill()));
    await Promise.all(devices.map((d) => d.end()));
    await api.close();
    await rm(webDist, { recursive: true, force: true });
  });

  it('cuts a clip of a feed acknowledged while the camera streams: an MP4 of ~8 s and more, on its receipt', async () => {
    const { station, camera } = await streamingStation();
    const user = await newFeeder(api, 100, 'Clipper');
    const fed = await feed(api, user.token, feedBody(station.deviceId));
    expect((await settled(api, user.token, fed.id)).status).toBe('succeeded');
    // Just after the answer the clip is being made.
    expect((await receipt(user.token, fed.id)).proof).toMatchObject({ state: 'pending', url: '' });

    const event = await clipOf(fed.id);
    expect(event.end.state).toBe('ready');
    const proof = (await receipt(user.token, fed.id)).proof;
    expect(proof?.state).toBe('ready');
    expect(proof?.url).toBe(`/uploads/proofs/${event.id}.mp4`);
    const file = await api.app.inject({ method: 'GET', url: proof?.url ?? '' });
    expect(file.statusCode).toBe(200);
    const mp4 = readMp4(file.rawPayload);
    expect(mp4?.faststart).toBe(true);
    // 2 s before the dispense to 6 s after the answer, in whole 3 s segments of the recording.
    expect(mp4?.durationMs).toBeGreaterThanOrEqual(7_500);
    expect(mp4?.durationMs).toBeLessThan(16_000);
    expect(proof?.duration_ms).toBe(mp4?.durationMs);
    const [row] = await api.container.database.db.select().from(proofClips).where(eq(proofClips.id, event.id));
    expect(row).toMatchObject({ deviceId: station.deviceId, state: 'ready', bytes: file.rawPayload.length });

    // Anyone may see a succeeded feed's proof by its id (a shared link).
    const shared = okData(await api.post('/api/feed/proof', { id: fed.id }), PublicFeedProofSchema);
    expect(shared).toMatchObject({
      feed_id: fed.id,
      nickname: 'Clipper',
      device_id: station.deviceId,
      base_id: station.baseId,
      grams_dispensed: 10,
      proof: { state: 'ready', url: proof?.url },
    });
    // A shared link previews in messengers (crawlers ask for */* and run no script): who fed what where, the clip.
    const page = await api.app.inject({
      method: 'GET',
      url: `/pages/public/proof?id=${fed.id}`,
      headers: { accept: '*/*' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<title>Clipper fed 10g at ${shared.base_name} - PetHeart</title>`);
    expect(page.body).toContain(
      `<meta property="og:video" content="${api.config.publicUrl}/uploads/proofs/${event.id}.mp4" />`,
    );
    const unknown = `/pages/public/proof?id=${randomUUID()}`;
    expect((await api.app.inject({ method: 'GET', url: unknown, headers: { accept: '*/*' } })).statusCode).toBe(404);
    failure(await api.post('/api/feed/proof', { id: randomUUID() }), 404, 'not_found');
    const bad = failure(await api.post('/api/feed/proof', { id: 'not-a-feed' }), 400, 'validation_failed');
    expect(bad.msg).not.toBe('');
    readyFeed = { token: user.token, id: fed.id, clipId: event.id };
    await camera.kill();
  }, 60_000);

  it('gives two feeds on one device 1 s apart one clip covering both', async () => {
    const { station, camera } = await streamingStation();
    const a = await newFeeder(api, 100);
    const b = await newFeeder(api, 100);
    const first = await feed(api, a.token, feedBody(station.deviceId));
    await settled(api, a.token, first.id);
    api.clock.advance(1_000);
    const second = await feed(api, b.token, feedBody(station.deviceId));
    await settled(api, b.token, second.id);
    // The clip is not ready yet: nothing to put in a post.
    failure(await api.post('/api/feed/proof/clip', { id: first.id }, { token: a.token }), 409, 'clip_unavailable');

    const event = await clipOf(first.id);
    expect(event.feedIds).toEqual([first.id, second.id]);
    expect(event.end.state).toBe('ready');
    // Both receipts show it.
    expect((await receipt(a.token, first.id)).proof?.url).toBe(`/uploads/proofs/${event.id}.mp4`);
    const [clip] = await api.container.database.db.select().from(proofClips).where(eq(proofClips.id, event.id));
    // The window: 2 s before the first dispense to 6 s after the second answer.
    expect(clip && clip.endsAt.getTime() - clip.startsAt.getTime()).toBe(9_000);
    expect((await receipt(b.token, second.id)).proof?.url).toBe(`/uploads/proofs/${event.id}.mp4`);
    sharedFeed = { token: a.token, userId: a.id, id: first.id, clipId: event.id, deviceId: station.deviceId };
    await camera.kill();
  }, 60_000);

  it('says no camera when the camera went down before the clip could be cut', async () => {
    const { station, camera } = await streamingStation();
    const user = await newFeeder(api, 100);
    const fed = await feed(api, user.token, feedBody(station.deviceId));
    await settled(api, user.token, fed.id);
    const offline = cameraChange(media, station.deviceId, false);
    await camera.kill();
    await offline;
    const event = await clipOf(fed.id);
    expect(event.end).toEqual({ state: 'no_camera' });
    expect((await receipt(user.token, fed.id)).proof).toEqual({ state: 'no_camera', url: '', duration_ms: 0 });
    expect(okData(await api.post('/api/feed/proof', { id: fed.id }), PublicFeedProofSchema).proof.state).toBe(
      'no_camera',
    );
  }, 60_000);

  it('gives the owner the clip for a community post, and keeps it from then on', async () => {
    if (!sharedFeed) throw new Error('the second test made a clip');
    const fed = sharedFeed;
    const user = { token: fed.token, id: fed.userId };
    const station = { deviceId: fed.deviceId };
    const event = { id: fed.clipId };
    const other = await newFeeder(api, 100);
    failure(await api.post('/api/feed/proof/clip', { id: fed.id }, { token: other.token }), 404, 'not_found');
    failure(await api.post('/api/feed/proof/clip', { id: fed.id }), 401, 'login_required');

    const clip = okData(await api.post('/api/feed/proof/clip', { id: fed.id }, { token: user.token }), ClipSchema);
    expect(clip).toMatchObject({ device_id: station.deviceId, user_id: user.id, published: false });
    expect(clip.url).toBe(`/uploads/clips/${clip.id}.mp4`);
    expect((await api.app.inject({ method: 'GET', url: clip.url })).statusCode).toBe(200);
    const again = okData(await api.post('/api/feed/proof/clip', { id: fed.id }, { token: user.token }), ClipSchema);
    expect(again.id).toBe(clip.id);
    const [row] = await api.container.database.db.select().from(proofClips).where(eq(proofClips.id, event.id));
    expect(row?.published).toBe(true);

    const post = okData(
      await api.post(
        '/api/post/publish',
        { content: 'Fed the cats', device_id: station.deviceId, images: [], clip_id: clip.id },
        { token: user.token },
      ),
      PostSchema,
    );
    expect(post.video_url).toBe(clip.url);
  });

  it('deletes expired clips: receipts’ unless published, and live clips never published', async () => {
    const { db } = api.container.database;
    const station = await createStation(api);
    const user = await newFeeder(api, 0);
    const now = api.clock.now().getTime();
    const uploads = api.config.uploadDir;
    await mkdir(path.join(uploads, 'proofs'), { recursive: true });
    await mkdir(path.join(uploads, 'clips'), { recursive: true });
    const file = async (p: string) => {
      await writeFile(path.join(uploads, p), 'mp4');
      return p;
    };
    const proof = async (ageDays: number, published: boolean) => {
      const id = randomUUID();
      const at = new Date(now - ageDays * DAY);
      await db.insert(proofClips).values({
        id,
        deviceId: station.deviceId,
        state: 'ready',
        path: await file(`proofs/${id}.mp4`),
        startsAt: at,
        endsAt: at,
        published,
        createdAt: at,
      });
      return id;
    };
    const live = async (ageDays: number, published: boolean) => {
      const id = randomUUID();
      await db.insert(liveClips).values({
        id,
        userId: user.id,
        deviceId: station.deviceId,
        path: await file(`clips/${id}.mp4`),
        durationMs: 15_000,
        bytes: 3,
        published,
        createdAt: new Date(now - ageDays * DAY),
      });
      return id;
    };
    const oldProof = await proof(91, false);
    const keptPublished = await proof(91, true);
    const recentProof = await proof(89, false);
    const oldLive = await live(8, false);
    const roomLive = await live(8, true);
    const postedLive = await live(8, false);
    const recentLive = await live(6, false);
    const postedPath = `clips/${postedLive}.mp4`;
    await db.insert(posts).values({
      userId: user.id,
      deviceId: station.deviceId,
      content: 'a video',
      videoPath: postedPath,
      createdAt: new Date(now),
      updatedAt: new Date(now),
    });

    // The first test's clip, made 91 days ago by now.
    if (!readyFeed) throw new Error('the first test made a clip');
    const { clipId } = readyFeed;
    await db
      .update(proofClips)
      .set({ createdAt: new Date(now - 91 * DAY) })
      .where(eq(proofClips.id, clipId));

    expect(await api.container.services.proofJobs.retain()).toEqual({ proofs: 2, liveClips: 1 });
    const proofRows = await db
      .select()
      .from(proofClips)
      .where(inArray(proofClips.id, [oldProof, keptPublished, recentProof]));
    expect(Object.fromEntries(proofRows.map((r) => [r.id, [r.state, r.path]]))).toEqual({
      [oldProof]: ['expired', ''],
      [keptPublished]: ['ready', `proofs/${keptPublished}.mp4`],
      [recentProof]: ['ready', `proofs/${recentProof}.mp4`],
    });
    expect(existsSync(path.join(uploads, `proofs/${oldProof}.mp4`))).toBe(false);
    expect(existsSync(path.join(uploads, `proofs/${keptPublished}.mp4`))).toBe(true);
    expect(existsSync(path.join(uploads, `proofs/${recentProof}.mp4`))).toBe(true);
    const liveRows = await db.select({ id: liveClips.id }).from(liveClips).where(eq(liveClips.userId, user.id));
    expect(liveRows.map((r) => r.id).sort()).toEqual([roomLive, postedLive, recentLive].sort());
    expect(existsSync(path.join(uploads, `clips/${oldLive}.mp4`))).toBe(false);
    expect(existsSync(path.join(uploads, postedPath))).toBe(true);

    // The receipt of a feed whose clip expired says so; its file is gone.
    expect((await receipt(readyFeed.token, readyFeed.id)).proof).toEqual({ state: 'expired', url: '', duration_ms: 0 });
    expect(existsSync(path.join(uploads, `proofs/${clipId}.mp4`))).toBe(false);
    expect(await api.container.services.proofJobs.retain()).toEqual({ proofs: 0, liveClips: 0 });
  });

  it('fails clips a stopped process left pending, not those it is making', async () => {
    const { db } = api.container.database;
    const station = await createStation(api);
    const now = api.clock.now().getTime();
    const stale = randomUUID();
    const fresh = randomUUID();
    for (const [id, endsAgo] of [
      [stale, 61_000],
      [fresh, 30_000],
    ] as const)
      await db.insert(proofClips).values({
        id,
        deviceId: station.deviceId,
        startsAt: new Date(now - endsAgo - 8_000),
        endsAt: new Date(now - endsAgo),
        createdAt: new Date(now - endsAgo - 8_000),
      });
    expect(await api.container.services.proofJobs.sweep()).toBeGreaterThanOrEqual(1);
    const rows = await db
      .select()
      .from(proofClips)
      .where(inArray(proofClips.id, [stale, fresh]));
    expect(Object.fromEntries(rows.map((r) => [r.id, r.state]))).toEqual({ [stale]: 'failed', [fresh]: 'pending' });
  });
});
