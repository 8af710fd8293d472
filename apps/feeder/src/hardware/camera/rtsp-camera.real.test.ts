import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess, SpawnOptions } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Logger } from '../../logger';
import { rtspServerMissing, startRtspCamera } from '../../test-support/rtsp-camera';
import type { TestRtspCamera } from '../../test-support/rtsp-camera';
import { resolveFfmpeg } from './ffmpeg';
import { FfmpegCamera } from './ffmpeg-camera';
import type { DeviceInput } from './ffmpeg-camera';
import { parseVideoStream, rtspInput } from './rtsp';

// Runs the stand-in IP camera (GStreamer's RTSP server) and the real ffmpeg (system or npm binary, or FFMPEG_PATH).
const missing = rtspServerMissing();
const USER = 'admin';
const PASSWORD = 'cam-pass-5150';
/** x264 writes its settings into the stream: the camera's bitrate in the received stream proves a relay. */
const CAMERA_KBPS = 777;

let ffmpeg: string;
let dir: string;
const cleanups: (() => Promise<void>)[] = [];

const freePort = async (): Promise<number> => {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
};

/** An RTMP server standing in for the media server: ffmpeg listening, saving each publish to its own FLV file. */
class RtmpReceiver {
  readonly files: string[] = [];
  #child: ChildProcess | undefined;
  #exited: Promise<void> = Promise.resolve();
  #stopped = false;

  constructor(readonly url: string) {
    this.#listen();
  }

  #listen(): void {
    if (this.#stopped || this.files.length >= 20) return;
    const file = path.join(dir, `received-${Date.now()}-${this.files.length}.flv`);
    this.files.push(file);
    const args = ['-hide_banner', '-loglevel', 'error', '-listen', '1', '-i', this.url, '-c', 'copy', '-y', file];
    const child = spawn(ffmpeg, args, { stdio: 'ignore' });
    this.#child = child;
    this.#exited = new Promise((resolve) =>
      child.once('close', () => {
        resolve();
        this.#listen(); // the next publish (the camera reconnecting)
      }),
    );
  }

  /** Stops listening, after the current publish ends (its file complete) or `graceMs` (SIGTERM, then SIGKILL). */
  async stop(graceMs = 0): Promise<void> {
    this.#stopped = true;
    const child = this.#child;
    const term = setTimeout(() => child?.kill('SIGTERM'), graceMs);
    const kill = setTimeout(() => child?.kill('SIGKILL'), graceMs + 3000);
    await this.#exited;
    clearTimeout(term);
    clearTimeout(kill);
  }
}

const startReceiver = async (): Promise<RtmpReceiver> => {
  const receiver = new RtmpReceiver(`rtmp://127.0.0.1:${await freePort()}/live/PH-0001`);
  cleanups.push(() => receiver.stop());
  return receiver;
};

const startCamera = async (port?: number): Promise<TestRtspCamera> => {
  const camera = await startRtspCamera({ user: USER, password: PASSWORD, bitrate: CAMERA_KBPS, port });
  cleanups.push(() => camera.stop());
  return camera;
};

const recordingLogger = () => {
  const lines: string[] = [];
  const record = (level: string) => (message: string, details?: Record<string, unknown>) => {
    lines.push(`${level} ${message} ${JSON.stringify(details ?? {})}`);
  };
  const log: Logger = { info: record('info'), warn: record('warn'), error: record('error') };
  return { log, lines };
};

/** An FfmpegCamera over `input` that records the arguments of every ffmpeg it spawns, and frames it sent. */
const relay = (input: DeviceInput, log: Logger, options: { stallMs?: number } = {}) => {
  const spawned: string[][] = [];
  const sent = { frames: 0 };
  const camera = new FfmpegCamera({
    source: input,
    ffmpegPath: ffmpeg,
    backoff: { minMs: 200, maxMs: 1000 },
    logger: log,
    ...options,
    spawn: (command: string, args: string[], spawnOptions: SpawnOptions) => {
      spawned.push(args);
      const child = spawn(command, args, spawnOptions);
      sent.frames = 0;
      child.stdout?.on('data', (chunk: Buffer | string) => {
        for (const [, frame] of String(chunk).matchAll(/^frame=(\d+)$/gm)) sent.frames = Number(frame);
      });
      return child;
    },
  });
  cleanups.push(() => camera.stop());
  const changes: boolean[] = [];
  camera.onChange((online) => changes.push(online));
  return { camera, spawned, changes, sent };
};

const waitFor = (check: () => unknown, timeout = 15_000) => vi.waitFor(check, { timeout, interval: 50 });

/** Publishes 2 s of video (ffmpeg's progress), then stops; returns the received file's bytes and video. */
const record = async ({ camera, sent }: ReturnType<typeof relay>, receiver: RtmpReceiver) => {
  await camera.start(receiver.url);
  await waitFor(() => {
    expect(sent.frames).toBeGreaterThanOrEqual(30);
  });
  const file = receiver.files.at(-1) ?? '';
  const received = receiver.stop(5000);
  await camera.stop();
  await received;
  const probed = spawnSync(ffmpeg, ['-hide_banner', '-i', file], { encoding: 'utf8' });
  return { bytes: (await readFile(file)).toString('latin1'), video: parseVideoStream(probed.stderr) };
};

describe.skipIf(missing !== undefined)(
  missing ? `RTSP IP cameras (skipped: ${missing})` : 'RTSP IP cameras (stand-in GStreamer camera, real ffmpeg)',
  () => {
    beforeAll(async () => {
      ffmpeg = resolveFfmpeg();
      dir = await mkdtemp(path.join(tmpdir(), 'feeder-rtsp-'));
    });
    afterEach(async () => {
      for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    });
    afterAll(async () => {
      await rm(dir, { recursive: true, force: true });
    });

    it('relays the camera’s H.264 to the media server as is (no re-encoding)', async () => {
      const [ipCamera, receiver] = await Promise.all([startCamera(), startReceiver()]);
      const { log, lines } = recordingLogger();
      const input = await rtspInput(ipCamera.url('h264'), { ffmpegPath: ffmpeg, logger: log });
      const relayed = relay(input, log);
      const { bytes, video } = await record(relayed, receiver);

      expect(relayed.spawned[0]).toEqual(expect.arrayContaining(['-rtsp_transport', 'tcp', '-c:v', 'copy']));
      expect(relayed.spawned.flat()).not.toContain('libx264');
      expect(video).toEqual({ codec: 'h264', profile: 'Constrained Baseline', pixelFormat: 'yuv420p', fps: 15 });
      expect(bytes).toContain(`bitrate=${CAMERA_KBPS} `); // the camera's own x264 settings, passed through
      expect(lines.join('\n')).not.toContain(PASSWORD);
    }, 40_000);

    it('re-encodes the camera’s MJPEG to H.264', async () => {
      const [ipCamera, receiver] = await Promise.all([startCamera(), startReceiver()]);
      const { log } = recordingLogger();
      const input = await rtspInput(ipCamera.url('mjpeg'), { ffmpegPath: ffmpeg, logger: log });
      const relayed = relay(input, log);
      const { bytes, video } = await record(relayed, receiver);

      expect(relayed.spawned[0]).toEqual(expect.arrayContaining(['-c:v', 'libx264']));
      expect(video).toMatchObject({ codec: 'h264', pixelFormat: 'yuv420p', fps: 15 });
      expect(bytes).toContain('bitrate=350 '); // the feeder's libx264 settings
    }, 40_000);

    it('fails on a wrong password, retrying, without the password in any log', async () => {
      const [ipCamera, receiver] = await Promise.all([startCamera(), startReceiver()]);
      const wrong = 'wrong-pass-8086';
      const { log, lines } = recordingLogger();
      const input = await rtspInput(ipCamera.url('h264', wrong), { ffmpegPath: ffmpeg, logger: log });
      const { camera, changes } = relay(input, log);
      await camera.start(receiver.url);
      await waitFor(() => {
        expect(lines.filter((line) => line.includes('ffmpeg stopped; restarting')).length).toBeGreaterThanOrEqual(2);
      });
      await camera.stop();

      expect(changes).toEqual([]);
      const logged = lines.join('\n');
      expect(logged).toContain('401 Unauthorized');
      expect(logged).toContain(`rtsp://${USER}:***@127.0.0.1:${ipCamera.port}/h264`);
      expect(logged).not.toContain(wrong);
      expect(logged).not.toContain(encodeURIComponent(wrong));
    }, 40_000);

    it('goes offline when the camera stops, and back online when it is back', async () => {
      const [first, receiver] = await Promise.all([startCamera(), startReceiver()]);
      const { log } = recordingLogger();
      const { camera, changes } = relay(
        await rtspInput(first.url('h264'), { ffmpegPath: ffmpeg, reencode: 'never' }),
        log,
      );
      await camera.start(receiver.url);
      await waitFor(() => {
        expect(camera.online()).toBe(true);
      });
      await first.stop();
      await waitFor(() => {
        expect(camera.online()).toBe(false);
      });
      await startCamera(first.port);
      await waitFor(() => {
        expect(camera.online()).toBe(true);
      });
      expect(changes).toEqual([true, false, true]);
    }, 40_000);

    it('gives up on a camera gone silent after the socket timeout, not the stall watchdog, then reconnects', async () => {
      const [ipCamera, receiver] = await Promise.all([startCamera(), startReceiver()]);
      const { log, lines } = recordingLogger();
      const input = await rtspInput(ipCamera.url('h264'), {
        ffmpegPath: ffmpeg,
        reencode: 'never',
        socketTimeoutMs: 2000,
      });
      const { camera, changes } = relay(input, log, { stallMs: 60_000 });
      await camera.start(receiver.url);
      await waitFor(() => {
        expect(camera.online()).toBe(true);
      });
      ipCamera.pause(); // the connection stays open, but nothing comes
      await waitFor(() => {
        expect(camera.online()).toBe(false);
      });
      expect(lines.find((line) => line.includes('ffmpeg stopped'))).toContain('"signal":null'); // it exited itself
      expect(lines.join('\n')).not.toContain('stalled');
      ipCamera.resume();
      await waitFor(() => {
        expect(camera.online()).toBe(true);
      });
      expect(changes).toEqual([true, false, true]);
    }, 40_000);
  },
);
