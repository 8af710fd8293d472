import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveFfmpeg, runFfmpeg } from './ffmpeg';
import {
  FIRST_SEGMENT_RETRY_MS,
  MAX_CONCURRENT_GRABS,
  STILL_INTERVAL_MS,
  STILL_KEEP_MS,
  Thumbnailer,
  type ThumbnailerDeps,
  type Timers,
} from './thumbnails';

const ffmpeg = resolveFfmpeg(process.env.FFMPEG_PATH);
if (!ffmpeg) throw new Error('these tests need ffmpeg (FFMPEG_PATH, PATH or @ffmpeg-installer/ffmpeg)');

/** Timers moved by hand: each `set` waits in `pending` until the test fires it. */
class ManualTimers implements Timers {
  readonly pending: { run: () => void; ms: number }[] = [];
  private waiters: (() => void)[] = [];

  set(run: () => void, ms: number) {
    const timer = { run, ms };
    this.pending.push(timer);
    for (const w of this.waiters.splice(0)) w();
    return {
      cancel: () => {
        const i = this.pending.indexOf(timer);
        if (i >= 0) this.pending.splice(i, 1);
      },
    };
  }

  /** The next timer set (now, or when one is): the thumbnailer's signal that a grab has ended. */
  async next(): Promise<{ ms: number }> {
    while (this.pending.length === 0) await new Promise<void>((r) => this.waiters.push(r));
    return this.pending[0] as { ms: number };
  }

  /** Runs the oldest timer. */
  fire(): void {
    const timer = this.pending.shift();
    if (!timer) throw new Error('no timer to fire');
    timer.run();
  }
}

/** A JPEG's size, from its frame header (SOF0–SOF2). */
function jpegSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
  let i = 2;
  while (i + 9 < bytes.length) {
    const marker = bytes[i + 1] ?? 0;
    const length = bytes.readUInt16BE(i + 2);
    if (marker >= 0xc0 && marker <= 0xc2)
      return { height: bytes.readUInt16BE(i + 5), width: bytes.readUInt16BE(i + 7) };
    i += 2 + length;
  }
  throw new Error('no frame header');
}

/** One second of test pattern cut as the recorder's live HLS segments are: H.264, a keyframe first, MPEG-TS. */
async function segment(file: string, size: string): Promise<string> {
  await runFfmpeg(ffmpeg ?? 'ffmpeg', [
    ...['-f', 'lavfi', '-i', `testsrc=size=${size}:rate=15`, '-t', '1'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-g', '15', '-bf', '0', '-pix_fmt', 'yuv420p'],
    ...['-f', 'mpegts', '-y', file],
  ]);
  return file;
}

describe('the live rooms’ stills (thumbnailer)', () => {
  let dir: string;
  let wide: string;
  let small: string;
  let garbage: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'petheart-stills-'));
    [wide, small] = await Promise.all([
      segment(path.join(dir, 'wide.ts'), '1280x720'),
      segment(path.join(dir, 'small.ts'), '320x180'),
    ]);
    garbage = path.join(dir, 'garbage.ts');
    await writeFile(garbage, Buffer.alloc(4096, 0x47));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  function setUp(over: Partial<ThumbnailerDeps> = {}) {
    let t = 1_800_000_000_000;
    const timers = new ManualTimers();
    const stored: { deviceId: string; thumbnail: string; at: Date }[] = [];
    const errors: unknown[] = [];
    const sources = new Map<string, string>();
    const uploadDir = path.join(dir, `uploads-${String(Math.random()).slice(2)}`);
    const thumbnailer = new Thumbnailer({
      ffmpeg,
      newestSegment: (id) => Promise.resolve(sources.get(id)),
      store: {
        setThumbnail: (deviceId, thumbnail, at) => {
          stored.push({ deviceId, thumbnail, at });
          return Promise.resolve(true);
        },
      },
      uploadDir,
      clock: { now: () => new Date(t) },
      timers,
      onError: (e) => errors.push(e),
      ...over,
    });
    const files = (id: string) => readdir(path.join(uploadDir, 'thumbs', id)).catch(() => [] as string[]);
    const advance = (ms: number) => {
      t += ms;
    };
    const now = () => t;
    return { thumbnailer, timers, stored, errors, sources, uploadDir, files, advance, now };
  }

  it('takes the first still as soon as a segment exists, then one every 15 s, each at a new address', async () => {
    const s = setUp();
    s.thumbnailer.cameraChanged({ device_id: 'PH-0001', camera_online: true });
    expect(await s.timers.next()).toMatchObject({ ms: 0 });
    // No segment yet: it looks again a second later.
    s.timers.fire();
    expect(await s.timers.next()).toMatchObject({ ms: FIRST_SEGMENT_RETRY_MS });
    expect(s.stored).toEqual([]);

    s.sources.set('PH-0001', wide);
    s.advance(FIRST_SEGMENT_RETRY_MS);
    const first = s.now();
    s.timers.fire();
    expect(await s.timers.next()).toMatchObject({ ms: STILL_INTERVAL_MS });
    expect(s.errors).toEqual([]);
    expect(s.stored).toEqual([
      { deviceId: 'PH-0001', thumbnail: `/uploads/thumbs/PH-0001/${String(first)}.jpg`, at: new Date(first) },
    ]);
    const jpeg = await readFile(path.join(s.uploadDir, 'thumbs', 'PH-0001', `${String(first)}.jpg`));
    // 1280×720 scaled to 480 wide, the height kept in proportion.
    expect(jpegSize(jpeg)).toEqual({ width: 480, height: 270 });

    s.advance(STILL_INTERVAL_MS);
    s.timers.fire();
    await s.timers.next();
    expect(s.stored.map((x) => x.at.getTime())).toEqual([first, first + STILL_INTERVAL_MS]);
    expect((await s.files('PH-0001')).sort()).toEqual([`${String(first)}.jpg`, `${String(first + 15_000)}.jpg`]);

    // Older stills go once a newer one is STILL_KEEP_MS old; the newest always stays.
    s.advance(STILL_KEEP_MS + 1);
    s.timers.fire();
    await s.timers.next();
    expect(await s.files('PH-0001')).toEqual([`${String(s.now())}.jpg`]);
    await s.thumbnailer.stop();
  });

  it('never enlarges a small picture, and names every still anew even when the clock has not moved', async () => {
    const s = setUp();
    s.sources.set('PH-0002', small);
    s.thumbnailer.cameraChanged({ device_id: 'PH-0002', camera_online: true });
    await s.timers.next();
    s.timers.fire();
    await s.timers.next();
    s.timers.fire();
    await s.timers.next();
    expect(s.errors).toEqual([]);
    const names = s.stored.map((x) => x.thumbnail);
    expect(new Set(names).size).toBe(2);
    const file = path.join(s.uploadDir, names[1]?.replace('/uploads/', '') ?? '');
    expect(jpegSize(await readFile(file))).toEqual({ width: 320, height: 180 });
    await s.thumbnailer.stop();
  });

  it('stops taking stills when the camera goes offline, and again when it is back', async () => {
    const s = setUp();
    s.sources.set('PH-0001', wide);
    s.thumbnailer.cameraChanged({ device_id: 'PH-0001', camera_online: true });
    await s.timers.next();
    s.timers.fire();
    await s.timers.next();
    expect(s.stored).toHaveLength(1);
    s.thumbnailer.cameraChanged({ device_id: 'PH-0001', camera_online: false });
    expect(s.timers.pending).toEqual([]);
    expect(s.thumbnailer.following).toEqual([]);
    s.thumbnailer.cameraChanged({ device_id: 'PH-0001', camera_online: true });
    expect(await s.timers.next()).toMatchObject({ ms: 0 });
    await s.thumbnailer.stop();
    expect(s.timers.pending).toEqual([]);
    // After stop, camera changes start nothing.
    s.thumbnailer.cameraChanged({ device_id: 'PH-0003', camera_online: true });
    await new Promise((r) => setImmediate(r));
    expect(s.timers.pending).toEqual([]);
  });

  it('reports a failed grab (never throws), leaves no file and tries again at the usual time', async () => {
    const s = setUp();
    s.sources.set('PH-0001', garbage);
    s.thumbnailer.cameraChanged({ device_id: 'PH-0001', camera_online: true });
    await s.timers.next();
    s.timers.fire();
    expect(await s.timers.next()).toMatchObject({ ms: STILL_INTERVAL_MS });
    expect(s.errors).toHaveLength(1);
    expect(String(s.errors[0])).toContain('the still of PH-0001 failed');
    expect(s.stored).toEqual([]);
    expect(await s.files('PH-0001')).toEqual([]);

    // The row cannot be written: reported, and the file goes.
    const failing = setUp({ store: { setThumbnail: () => Promise.reject(new Error('database gone')) } });
    failing.sources.set('PH-0001', wide);
    failing.thumbnailer.cameraChanged({ device_id: 'PH-0001', camera_online: true });
    await failing.timers.next();
    failing.timers.fire();
    expect(await failing.timers.next()).toMatchObject({ ms: STILL_INTERVAL_MS });
    expect(String((failing.errors[0] as Error).cause)).toContain('database gone');
    expect(await failing.files('PH-0001')).toEqual([]);
    await Promise.all([s.thumbnailer.stop(), failing.thumbnailer.stop()]);
  });

  it('runs one grab per camera and at most MAX_CONCURRENT_GRABS in all', async () => {
    const running = new Map<string, () => void>();
    let most = 0;
    const s = setUp({
      run: (_ffmpeg, args) =>
        new Promise<void>((resolve) => {
          const out = args.at(-1) ?? '';
          const device = path.basename(path.dirname(out));
          expect(running.has(device)).toBe(false);
          running.set(device, () => {
            running.delete(device);
            void writeFile(out, 'jpeg').then(resolve);
          });
          most = Math.max(most, running.size);
        }),
    });
    const ids = ['PH-0001', 'PH-0002', 'PH-0003'];
    for (const id of ids) s.sources.set(id, wide);
    for (const id of ids) s.thumbnailer.cameraChanged({ device_id: id, camera_online: true });
    await s.timers.next();
    while (s.timers.pending.length > 0) s.timers.fire();
    await expect.poll(() => running.size).toBe(MAX_CONCURRENT_GRABS);
    expect(running.has('PH-0003')).toBe(false);
    running.get('PH-0001')?.();
    await expect.poll(() => running.has('PH-0003')).toBe(true);

    // PH-0002 goes offline and comes back while its grab runs: the new session waits for it.
    s.thumbnailer.cameraChanged({ device_id: 'PH-0002', camera_online: false });
    s.thumbnailer.cameraChanged({ device_id: 'PH-0002', camera_online: true });
    await new Promise((r) => setImmediate(r));
    expect(s.timers.pending.some((p) => p.ms === 0)).toBe(false);
    running.get('PH-0002')?.();
    await expect.poll(() => s.timers.pending.some((p) => p.ms === 0)).toBe(true);
    running.get('PH-0003')?.();
    expect(most).toBe(MAX_CONCURRENT_GRABS);
    await s.thumbnailer.stop();
  });

  it('kills a grab under way when the app stops (a source that never answers)', async () => {
    const sockets = new Set<Socket>();
    const server: Server = createServer(() => undefined); // accepts, never answers
    server.on('connection', (socket) => sockets.add(socket));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}/newest.ts`;
    const s = setUp();
    s.sources.set('PH-0001', url);
    s.thumbnailer.cameraChanged({ device_id: 'PH-0001', camera_online: true });
    await s.timers.next();
    s.timers.fire();
    await expect.poll(() => sockets.size).toBe(1);
    const started = Date.now();
    await s.thumbnailer.stop();
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(s.errors).toEqual([]);
    expect(s.timers.pending).toEqual([]);
    expect(await s.files('PH-0001')).toEqual([]);
    for (const socket of sockets) socket.destroy();
    await new Promise((r) => server.close(r));
  });

  it('takes no stills without ffmpeg, nor for a device id that is no path segment', async () => {
    const none = setUp({ ffmpeg: undefined });
    none.thumbnailer.cameraChanged({ device_id: 'PH-0001', camera_online: true });
    const odd = setUp();
    odd.thumbnailer.cameraChanged({ device_id: '../etc', camera_online: true });
    await new Promise((r) => setImmediate(r));
    expect(none.timers.pending).toEqual([]);
    expect(odd.timers.pending).toEqual([]);
  });
});
