import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { decodeStamp } from '@petheart/contracts';
import { resolveFfmpeg } from './ffmpeg';
import { FfmpegCamera } from './ffmpeg-camera';
import { FeedingScene, SCENE_HEIGHT, SCENE_WIDTH } from './scene';

// Runs the real ffmpeg (system or npm binary) for a couple of seconds.
let ffmpeg: string;
let dir: string;

beforeAll(async () => {
  ffmpeg = resolveFfmpeg();
  dir = await mkdtemp(path.join(tmpdir(), 'feeder-camera-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const alive = (pid: number | undefined): boolean => {
  if (pid === undefined) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('FfmpegCamera with a real ffmpeg', () => {
  it('encodes the scene to H.264/FLV in real time, and every frame carries a readable stamp', async () => {
    const file = path.join(dir, 'camera.flv');
    const camera = new FfmpegCamera({
      source: new FeedingScene({ deviceId: 'PH-0001', seed: 5 }),
      ffmpegPath: ffmpeg,
      output: (target) => ['-f', 'flv', '-y', target],
    });
    const started = Date.now();
    const online = new Promise<number>((resolve) =>
      camera.onChange((value) => {
        if (value) resolve(Date.now() - started);
      }),
    );
    await camera.start(file);
    expect(await online).toBeLessThan(3000); // ~0.6–0.9 s: ffmpeg's first progress report
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await camera.stop();
    expect(camera.online()).toBe(false);
    // Frames are dropped only while ffmpeg starts up (it is not reading its stdin yet).
    expect(camera.frames.dropped).toBeLessThan(camera.frames.written / 4);
    expect((await stat(file)).size).toBeGreaterThan(10_000);

    const decoded = spawnSync(ffmpeg, ['-loglevel', 'error', '-i', file, '-f', 'rawvideo', '-pix_fmt', 'rgba', '-'], {
      maxBuffer: 256 * 1024 * 1024,
    });
    expect(decoded.status).toBe(0);
    const size = SCENE_WIDTH * SCENE_HEIGHT * 4;
    const frames = decoded.stdout.length / size;
    const stamps: (number | null)[] = [];
    for (let i = 0; i < frames; i += 1)
      stamps.push(decodeStamp(decoded.stdout.subarray(i * size, (i + 1) * size), SCENE_WIDTH, SCENE_HEIGHT));
    expect(frames).toBeGreaterThanOrEqual(20);
    expect(stamps.every((s) => s !== null && s >= started && s <= Date.now())).toBe(true);
    const times = stamps.map((s) => s ?? 0);
    const gaps = times.slice(1).map((t, i) => t - (times[i] ?? 0));
    // One frame per 1/15 s slot of the wall clock: increasing, ~66 ms apart on average (a late timer shortens
    // the gap to the next slot; a busy machine may drop one now and then).
    expect(Math.min(...gaps)).toBeGreaterThan(0);
    const mean = ((times.at(-1) ?? 0) - (times[0] ?? 0)) / gaps.length;
    expect(mean).toBeGreaterThan(60);
    expect(mean).toBeLessThan(90);
  }, 15_000);

  it('never reports online when the publish fails, retries, and leaves no ffmpeg behind', async () => {
    const error = vi.fn();
    const camera = new FfmpegCamera({
      source: new FeedingScene({ deviceId: 'PH-0002', seed: 6 }),
      ffmpegPath: ffmpeg,
      backoff: { minMs: 100, maxMs: 200 },
      logger: { info: vi.fn(), warn: vi.fn(), error },
    });
    const changes: boolean[] = [];
    camera.onChange((online) => changes.push(online));
    await camera.start('rtmp://127.0.0.1:9/live/PH-0002?key=nobody-listens');
    await vi.waitFor(
      () => {
        expect(camera.spawns).toBeGreaterThanOrEqual(2);
      },
      { timeout: 4000, interval: 50 },
    );
    await camera.stop();
    expect(changes).toEqual([]);
    expect(error).toHaveBeenCalledWith('camera: ffmpeg stopped; restarting', expect.objectContaining({ code: 1 }));
    const after = spawnSync('pgrep', ['-f', 'nobody-listens'], { encoding: 'utf8' });
    const pids = after.stdout.split('\n').filter(Boolean).map(Number);
    expect(pids.filter((pid) => pid !== process.pid && alive(pid))).toEqual([]);
  });
});
