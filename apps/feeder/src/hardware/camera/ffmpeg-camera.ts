import { spawn as nodeSpawn } from 'node:child_process';
import type { ChildProcess, SpawnOptions } from 'node:child_process';
import type { Clock } from '../../clock';
import { systemClock } from '../../clock';
import type { Logger } from '../../logger';
import { silentLogger } from '../../logger';
import type { Camera, CameraStats } from '../ports';
import type { EncoderSettings } from './ffmpeg';
import { encoderArgs, ffmpegArgs, rawInputArgs, resolveFfmpeg, rtmpOutputArgs } from './ffmpeg';
import type { FrameSource } from './frame-source';
import { FramePump } from './frame-pump';
import { redactCredentials } from './rtsp';

export type SpawnFfmpeg = (command: string, args: string[], options: SpawnOptions) => ChildProcess;

/** A camera ffmpeg reads itself (e.g. `-f v4l2 -i /dev/video0`), with optional encoder arguments. */
export interface DeviceInput {
  inputArgs: string[];
  fps: number;
  /** Replaces the default libx264 settings (e.g. `['-c:v', 'copy']` for a camera that outputs H.264). */
  encoderArgs?: string[];
}

export interface FfmpegCameraOptions {
  /** Frames drawn in this process (written to ffmpeg's stdin), or a device ffmpeg opens. */
  source: FrameSource | DeviceInput;
  /** The ffmpeg binary (default: resolveFfmpeg() on the first start). */
  ffmpegPath?: string;
  encoder?: EncoderSettings;
  /** ffmpeg output arguments for a publish address (default: FLV over RTMP with a 5 s I/O timeout). */
  output?: (url: string) => string[];
  /** Delay before restarting a failed ffmpeg: doubles from minMs to maxMs (default 1 s → 10 s). */
  backoff?: { minMs?: number; maxMs?: number };
  /** ffmpeg is restarted when it reports no progress for this long (default 5 s; it reports every 0.5 s). */
  stallMs?: number;
  /** Grace period for ffmpeg to exit on stop() before it is killed (default 3 s). */
  stopTimeoutMs?: number;
  spawn?: SpawnFfmpeg;
  clock?: Clock;
  logger?: Logger;
}

const STDERR_LINES = 15;

const isFrameSource = (source: FrameSource | DeviceInput): source is FrameSource => 'render' in source;

/**
 * The station's camera as an ffmpeg process that publishes H.264 in FLV to the media server. Raw frames from a
 * FrameSource are written to ffmpeg's stdin on a wall-clock timer (frames are dropped, never queued, when ffmpeg
 * falls behind). online() is true while ffmpeg reports encoded frames; a failed or refused publish is retried with
 * backoff until stop(). ffmpeg never outlives this process: stop() and the process' exit kill it, and it exits by
 * itself when its stdin closes.
 */
export class FfmpegCamera implements Camera {
  readonly #options: FfmpegCameraOptions;
  readonly #clock: Clock;
  readonly #logger: Logger;
  readonly #listeners = new Set<(online: boolean) => void>();
  #ffmpegPath: string | undefined;
  #url: string | undefined;
  #wanted = false;
  #online = false;
  #child: ChildProcess | undefined;
  #exited: Promise<void> = Promise.resolve();
  #pump: FramePump | undefined;
  #retry: ReturnType<typeof setTimeout> | undefined;
  #watchdog: ReturnType<typeof setTimeout> | undefined;
  #lastProgress = 0;
  #stats: CameraStats | undefined;
  #failures = 0;
  /** ffmpeg processes started (the first and every restart). */
  spawns = 0;

  constructor(options: FfmpegCameraOptions) {
    this.#options = options;
    this.#clock = options.clock ?? systemClock;
    this.#logger = options.logger ?? silentLogger;
    this.#ffmpegPath = options.ffmpegPath;
  }

  /** The publish address of the last start() (to restart after a stop()). */
  get url(): string | undefined {
    return this.#url;
  }

  /** Frames written to and dropped before ffmpeg since the last start (raw-frame sources only). */
  get frames(): { written: number; dropped: number } {
    return { written: this.#pump?.written ?? 0, dropped: this.#pump?.dropped ?? 0 };
  }

  online(): boolean {
    return this.#online;
  }

  /** The frame rate and bit rate ffmpeg last reported (its averages since it started), while it publishes. */
  stats(): CameraStats | undefined {
    return this.#online ? this.#stats : undefined;
  }

  onChange(listener: (online: boolean) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Starts publishing to `rtmpUrl` (restarting if it was publishing elsewhere); resolves once ffmpeg is spawned. */
  async start(rtmpUrl: string): Promise<void> {
    if (this.#wanted && rtmpUrl === this.#url) return;
    if (this.#wanted) await this.stop();
    this.#ffmpegPath ??= resolveFfmpeg();
    this.#url = rtmpUrl;
    this.#wanted = true;
    this.#failures = 0;
    this.#spawn();
  }

  /** Stops publishing: ffmpeg gets its stdin closed and SIGTERM, then SIGKILL after the grace period. */
  async stop(): Promise<void> {
    this.#wanted = false;
    if (this.#retry) this.#clock.clearTimeout(this.#retry);
    this.#retry = undefined;
    const child = this.#child;
    const exited = this.#exited;
    if (child) {
      this.#pump?.stop();
      child.stdin?.end();
      child.kill('SIGTERM');
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timeout = new Promise<'timeout'>((resolve) => {
        timer = this.#clock.setTimeout(() => {
          resolve('timeout');
        }, this.#options.stopTimeoutMs ?? 3000);
      });
      if ((await Promise.race([exited, timeout])) === 'timeout') {
        child.kill('SIGKILL');
        await exited;
      }
      if (timer) this.#clock.clearTimeout(timer);
    }
    this.#setOnline(false);
  }

  #spawn(): void {
    const source = this.#options.source;
    const url = this.#url;
    const ffmpeg = this.#ffmpegPath;
    if (!url || !ffmpeg) return;
    const frames = isFrameSource(source);
    const input = frames ? rawInputArgs(source) : source.inputArgs;
    const encoder = (!frames && source.encoderArgs) || encoderArgs(source.fps, this.#options.encoder);
    const output = (this.#options.output ?? rtmpOutputArgs)(url);
    const spawn = this.#options.spawn ?? nodeSpawn;
    const child = spawn(ffmpeg, ffmpegArgs(input, encoder, output), {
      stdio: [frames ? 'pipe' : 'ignore', 'pipe', 'pipe'],
    });
    this.spawns += 1;
    this.#child = child;
    const stderr: string[] = [];
    let resolveExited: () => void = () => undefined;
    this.#exited = new Promise<void>((resolve) => (resolveExited = resolve));
    const killOnExit = () => child.kill('SIGKILL');
    if (process.getMaxListeners() !== 0 && process.listenerCount('exit') >= process.getMaxListeners())
      process.setMaxListeners(process.listenerCount('exit') + 1);
    process.on('exit', killOnExit);

    let frame = 0;
    let fps = Number.NaN;
    let kbps = Number.NaN;
    let pending = '';
    child.stdout?.setEncoding('utf8');
    child.stdout?.on('data', (chunk: string) => {
      const lines = (pending + chunk).split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        const [key, value = ''] = line.trim().split('=', 2);
        if (key === 'frame') frame = Number(value) || 0;
        else if (key === 'fps') fps = Number(value);
        else if (key === 'bitrate')
          kbps = Number.parseFloat(value); // "350.2kbits/s", or "N/A" at first
        else if (key === 'progress' && frame > 0 && this.#child === child) {
          // ffmpeg says fps=0 until it has a second to average over: no rates yet, rather than 0.
          this.#stats = fps > 0 && Number.isFinite(kbps) ? { fps, kbps } : this.#stats;
          this.#lastProgress = this.#clock.now();
          this.#setOnline(true);
          this.#failures = 0;
        }
      }
    });
    let partial = '';
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      const lines = (partial + chunk).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) if (line.trim()) stderr.push(redactCredentials(line.trim()));
      stderr.splice(0, Math.max(0, stderr.length - STDERR_LINES));
    });
    child.stdin?.on('error', () => undefined); // EPIPE when ffmpeg dies: the close handler deals with it
    child.on('error', (error) => stderr.push(redactCredentials(String(error))));
    child.on('close', (code, signal) => {
      process.removeListener('exit', killOnExit);
      resolveExited();
      if (this.#child !== child) return;
      this.#child = undefined;
      this.#pump?.stop();
      if (this.#watchdog) this.#clock.clearTimeout(this.#watchdog);
      this.#setOnline(false);
      if (!this.#wanted) return;
      if (partial.trim()) stderr.push(redactCredentials(partial.trim()));
      this.#failures += 1;
      const min = this.#options.backoff?.minMs ?? 1000;
      const delay = Math.min(this.#options.backoff?.maxMs ?? 10_000, min * 2 ** (this.#failures - 1));
      this.#logger.error('camera: ffmpeg stopped; restarting', { code, signal, retryInMs: delay, stderr });
      this.#retry = this.#clock.setTimeout(() => {
        this.#retry = undefined;
        if (this.#wanted) this.#spawn();
      }, delay);
    });

    if (frames && child.stdin) {
      this.#pump = new FramePump(source, child.stdin, this.#clock);
      this.#pump.start();
    }
    this.#lastProgress = this.#clock.now();
    this.#watch(child);
  }

  /** Kills an ffmpeg that stopped reporting progress (a stalled server, a stuck device); it is then restarted. */
  #watch(child: ChildProcess): void {
    const stallMs = this.#options.stallMs ?? 5000;
    this.#watchdog = this.#clock.setTimeout(
      () => {
        if (this.#child !== child) return;
        if (this.#clock.now() - this.#lastProgress > stallMs) {
          this.#logger.warn('camera: ffmpeg stalled; killing it', { stallMs });
          this.#setOnline(false);
          child.kill('SIGKILL');
        } else this.#watch(child);
      },
      Math.max(100, stallMs / 4),
    );
  }

  #setOnline(online: boolean): void {
    if (this.#online === online) return;
    this.#online = online;
    for (const listener of this.#listeners) listener(online);
  }
}
