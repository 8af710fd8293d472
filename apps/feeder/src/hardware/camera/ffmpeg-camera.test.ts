import type { ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { PassThrough, Writable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Logger } from '../../logger';
import { FfmpegCamera } from './ffmpeg-camera';
import type { SpawnFfmpeg } from './ffmpeg-camera';
import type { FrameSource } from './frame-source';

/** A stand-in for an ffmpeg process: records frames and signals; the test decides when it reports or exits. */
class FakeFfmpeg extends EventEmitter {
  readonly args: string[];
  readonly stdout = new PassThrough();
  readonly stderr = new PassThrough();
  readonly stdin: Writable;
  readonly signals: string[] = [];
  frames = 0;
  exited = false;
  /** Whether it exits when sent SIGTERM (a hung ffmpeg does not). */
  obeysTerm = true;

  constructor(args: string[]) {
    super();
    this.args = args;
    this.stdin = new Writable({
      write: (_chunk, _encoding, done) => {
        this.frames += 1;
        done();
      },
    });
  }

  progress(frame: number): void {
    this.stdout.write(`frame=${frame}\nfps=15.0\nbitrate= 351.4kbits/s\nprogress=continue\n`);
  }

  exit(code: number | null, signal: string | null = null): void {
    if (this.exited) return;
    this.exited = true;
    queueMicrotask(() => this.emit('close', code, signal));
  }

  kill(signal: string): boolean {
    this.signals.push(signal);
    if (signal === 'SIGKILL' || this.obeysTerm) this.exit(null, signal);
    return true;
  }
}

const source: FrameSource = {
  width: 4,
  height: 2,
  fps: 10,
  pixelFormat: 'rgb24',
  render: () => new Uint8Array(24),
};

let children: FakeFfmpeg[];
const spawn: SpawnFfmpeg = (_command, args) => {
  const child = new FakeFfmpeg(args);
  children.push(child);
  return child as unknown as ChildProcess;
};
const last = (): FakeFfmpeg => {
  const child = children.at(-1);
  if (!child) throw new Error('ffmpeg was not spawned');
  return child;
};
/** A logger whose error() is a mock (returned separately to assert on). */
const logger = () => {
  const error = vi.fn<Logger['error']>();
  const log: Logger = { info: vi.fn(), warn: vi.fn(), error };
  return { log, error };
};

beforeEach(() => {
  children = [];
  vi.useFakeTimers({ now: 1_000_000 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('FfmpegCamera', () => {
  it('is online while ffmpeg reports encoded frames, and writes frames to its stdin', async () => {
    const camera = new FfmpegCamera({ source, ffmpegPath: 'ffmpeg', spawn });
    const changes: boolean[] = [];
    camera.onChange((online) => changes.push(online));
    await camera.start('rtmp://127.0.0.1:1935/live/PH-0001?key=secret');
    expect(last().args.at(-1)).toBe('rtmp://127.0.0.1:1935/live/PH-0001?key=secret');
    expect(camera.online()).toBe(false);
    last().progress(0); // started, nothing encoded yet
    await vi.advanceTimersByTimeAsync(100);
    expect(camera.online()).toBe(false);
    last().progress(3);
    await vi.advanceTimersByTimeAsync(1000);
    expect(camera.online()).toBe(true);
    expect(camera.stats()).toEqual({ fps: 15, kbps: 351.4 });
    expect(last().frames).toBeGreaterThanOrEqual(10);
    await camera.start('rtmp://127.0.0.1:1935/live/PH-0001?key=secret'); // same address: nothing happens
    expect(children).toHaveLength(1);
    await camera.stop();
    expect(last().signals).toEqual(['SIGTERM']);
    expect(camera.online()).toBe(false);
    expect(camera.stats()).toBeUndefined();
    expect(changes).toEqual([true, false]);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(children).toHaveLength(1); // no restart after stop()
  });

  it('restarts a failing ffmpeg with backoff from 1 s to 10 s and logs its last stderr lines', async () => {
    const { log, error } = logger();
    const camera = new FfmpegCamera({ source, ffmpegPath: 'ffmpeg', spawn, logger: log });
    await camera.start('rtmp://media/live/PH-0001?key=wrong');
    const delays: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      last().stderr.write('rtmp://media/live/PH-0001: Input/output error\n');
      await vi.advanceTimersByTimeAsync(0);
      last().exit(1);
      await vi.advanceTimersByTimeAsync(1);
      const before = children.length;
      const started = Date.now();
      while (children.length === before) await vi.advanceTimersByTimeAsync(100);
      delays.push(Math.round((Date.now() - started) / 1000) * 1000);
    }
    expect(delays).toEqual([1000, 2000, 4000, 8000, 10_000, 10_000]);
    expect(error).toHaveBeenCalledWith(
      'camera: ffmpeg stopped; restarting',
      expect.objectContaining({ code: 1, stderr: ['rtmp://media/live/PH-0001: Input/output error'] }),
    );
    // Once a restart publishes, the next failure retries after 1 s again.
    last().progress(5);
    await vi.advanceTimersByTimeAsync(10);
    expect(camera.online()).toBe(true);
    last().exit(1);
    await vi.advanceTimersByTimeAsync(10);
    expect(camera.online()).toBe(false);
    const before = children.length;
    await vi.advanceTimersByTimeAsync(1000);
    expect(children).toHaveLength(before + 1);
    await camera.stop();
  });

  it('kills an ffmpeg that stops reporting progress and starts a new one', async () => {
    const camera = new FfmpegCamera({ source, ffmpegPath: 'ffmpeg', spawn, stallMs: 2000 });
    await camera.start('rtmp://media/live/PH-0001?key=k');
    last().progress(1);
    await vi.advanceTimersByTimeAsync(10);
    expect(camera.online()).toBe(true);
    const stalled = last();
    await vi.advanceTimersByTimeAsync(3000);
    expect(stalled.signals).toEqual(['SIGKILL']);
    expect(camera.online()).toBe(false);
    await vi.advanceTimersByTimeAsync(1000);
    expect(children).toHaveLength(2);
    await camera.stop();
  });

  it('kills an ffmpeg that ignores SIGTERM after the grace period', async () => {
    const camera = new FfmpegCamera({ source, ffmpegPath: 'ffmpeg', spawn, stopTimeoutMs: 500 });
    await camera.start('rtmp://media/live/PH-0001?key=k');
    last().obeysTerm = false;
    const stopped = camera.stop();
    await vi.advanceTimersByTimeAsync(600);
    await stopped;
    expect(last().signals).toEqual(['SIGTERM', 'SIGKILL']);
  });

  it('moves to a new address, stops and starts again (how tests take a camera offline)', async () => {
    const { log, error } = logger();
    const camera = new FfmpegCamera({ source, ffmpegPath: 'ffmpeg', spawn, logger: log });
    await camera.start('rtmp://media/live/A?key=k');
    const stopping = camera.start('rtmp://media/live/B?key=k');
    await vi.advanceTimersByTimeAsync(10);
    await stopping;
    expect(children.map((c) => c.args.at(-1))).toEqual(['rtmp://media/live/A?key=k', 'rtmp://media/live/B?key=k']);
    expect(camera.url).toBe('rtmp://media/live/B?key=k');
    const stop = camera.stop();
    await vi.advanceTimersByTimeAsync(10);
    await stop;
    await camera.start('rtmp://media/live/B?key=k');
    expect(children).toHaveLength(3);
    const finalStop = camera.stop();
    await vi.advanceTimersByTimeAsync(10);
    await finalStop;
    expect(error).not.toHaveBeenCalled(); // clean stops are not failures
  });

  it('finishes a stop() even when start() is called again before the old ffmpeg has exited', async () => {
    const camera = new FfmpegCamera({ source, ffmpegPath: 'ffmpeg', spawn, stopTimeoutMs: 500 });
    await camera.start('rtmp://media/live/A?key=k');
    const old = last();
    old.obeysTerm = false;
    const stopped = camera.stop();
    await camera.start('rtmp://media/live/A?key=k');
    const fresh = last();
    old.exit(0);
    await vi.advanceTimersByTimeAsync(0);
    await stopped;
    expect(old.signals).toEqual(['SIGTERM']);
    expect(fresh).not.toBe(old);
    expect(fresh.signals).toEqual([]);
    fresh.progress(1);
    await vi.advanceTimersByTimeAsync(10);
    expect(camera.online()).toBe(true);
    const finalStop = camera.stop();
    await vi.advanceTimersByTimeAsync(10);
    await finalStop;
  });

  it('streams a device ffmpeg opens itself (no stdin frames)', async () => {
    const camera = new FfmpegCamera({
      source: { inputArgs: ['-f', 'v4l2', '-i', '/dev/video0'], fps: 15, encoderArgs: ['-c:v', 'copy'] },
      ffmpegPath: 'ffmpeg',
      spawn,
    });
    await camera.start('rtmp://media/live/PH-0001?key=k');
    const line = last().args.join(' ');
    expect(line).toContain('-f v4l2 -i /dev/video0 -c:v copy');
    expect(line).not.toContain('rawvideo');
    const stop = camera.stop();
    await vi.advanceTimersByTimeAsync(10);
    await stop;
  });
});
