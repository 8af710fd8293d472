import { mkdir, readdir, unlink } from 'node:fs/promises';
import path from 'node:path';
import { DeviceIdSchema } from '@petheart/contracts';
import type { Clock } from '../../lib/clock';
import { runFfmpeg } from './ffmpeg';

/**
 * Where the newest complete segment of a live camera's stream is: a file path or an http(s) address (ffmpeg reads
 * both); undefined while there is none yet. The embedded media server's is in composition/thumbnails.ts.
 */
export type NewestSegment = (deviceId: string) => Promise<string | undefined>;

/** A camera went on or off line (the media server's camera changes carry more; this is all the stills need). */
export interface CameraChange {
  device_id: string;
  camera_online: boolean;
}

/** Timers the thumbnailer sets (tests pass their own, to move time by hand). */
export interface Timers {
  set(run: () => void, ms: number): { cancel(): void };
}

/** Node's timers, which do not keep the process alive. */
export const realTimers: Timers = {
  set: (run, ms) => {
    const timer = setTimeout(run, ms);
    timer.unref();
    return {
      cancel: () => {
        clearTimeout(timer);
      },
    };
  },
};

export interface ThumbnailerDeps {
  /** The ffmpeg that grabs the stills; undefined = no stills. */
  ffmpeg: string | undefined;
  newestSegment: NewestSegment;
  store: { setThumbnail(deviceId: string, thumbnail: string, at: Date): Promise<boolean> };
  /** Stills go to uploadDir/thumbs/{device}/{ms}.jpg, served at /uploads/thumbs/… */
  uploadDir: string;
  clock: Clock;
  timers?: Timers;
  /** ffmpeg's runner (tests count the grabs running with their own). */
  run?: typeof runFfmpeg;
  onError?: (error: unknown) => void;
}

/** A still every 15 s while a camera is online: none is more than 30 s old while it streams. */
export const STILL_INTERVAL_MS = 15_000;
/** While a camera that has just come online has no segment yet, look again this often. */
export const FIRST_SEGMENT_RETRY_MS = 1_000;
/** Grabs running at once over every camera (each is short; a camera never has two). */
export const MAX_CONCURRENT_GRABS = 2;
/** A still is deleted once a newer one is this old (a page that listed it a little earlier still shows it). */
export const STILL_KEEP_MS = 5 * 60_000;
/** A grab taking longer than this (a stuck http source) is killed. */
const GRAB_TIMEOUT_MS = 10_000;
/** About this wide; never enlarged. */
export const STILL_WIDTH = 480;
const STILL_FILE = /^(\d{1,15})\.jpg$/;

/**
 * ffmpeg's arguments for one still from `source` (a segment that begins with a keyframe): only keyframes are
 * decoded, on one thread; the first becomes a JPEG about STILL_WIDTH px wide. `-n`: an existing file is never
 * overwritten (a still's address names its bytes for good).
 */
export function grabArgs(source: string, out: string): string[] {
  return [
    ['-threads', '1', '-skip_frame', 'nokey', '-i', source],
    ['-map', '0:v:0', '-frames:v', '1', '-vf', `scale='min(${String(STILL_WIDTH)},iw)':-2`, '-q:v', '5'],
    ['-f', 'image2', '-n', out],
  ].flat();
}

/** The public address of a device's still taken at `ms`. */
export const stillPath = (deviceId: string, ms: number) => `/uploads/thumbs/${deviceId}/${String(ms)}.jpg`;

interface Camera {
  timer: { cancel(): void } | undefined;
  abort: AbortController;
}

/** Hands out MAX_CONCURRENT_GRABS slots; a waiter whose camera goes offline leaves the queue. */
class Slots {
  private readonly waiting: (() => void)[] = [];
  constructor(private free: number) {}

  acquire(signal: AbortSignal): Promise<boolean> {
    if (signal.aborted) return Promise.resolve(false);
    if (this.free > 0) {
      this.free--;
      return Promise.resolve(true);
    }
    return new Promise((resolve) => {
      const onAbort = () => {
        this.waiting.splice(this.waiting.indexOf(granted), 1);
        resolve(false);
      };
      const granted = () => {
        signal.removeEventListener('abort', onAbort);
        resolve(true);
      };
      this.waiting.push(granted);
      signal.addEventListener('abort', onAbort, { once: true });
    });
  }

  release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.free++;
  }
}

/**
 * The live rooms' stills (issue 26 §2): while a camera is online, a frame of its stream every STILL_INTERVAL_MS
 * (the first as soon as a segment exists), decoded from the newest segment by ffmpeg, never from the camera.
 * Each still is a new file (thumbs/{device}/{ms}.jpg, cached as immutable) named on the device row; older ones
 * are deleted. A failed grab is reported to onError and the next one comes as usual.
 */
export class Thumbnailer {
  private readonly cameras = new Map<string, Camera>();
  /** The grab under way per device, so that a camera back online never has two. */
  private readonly grabbing = new Map<string, Promise<void>>();
  private readonly slots = new Slots(MAX_CONCURRENT_GRABS);
  private readonly timers: Timers;
  private readonly run: typeof runFfmpeg;
  private readonly onError: (error: unknown) => void;
  private lastMs = 0;
  private stopped = false;

  constructor(private readonly deps: ThumbnailerDeps) {
    this.timers = deps.timers ?? realTimers;
    this.run = deps.run ?? runFfmpeg;
    this.onError = deps.onError ?? (() => undefined);
  }

  /** Follows a camera's changes: stills while it is online, none once it is offline. */
  cameraChanged(event: CameraChange): void {
    const id = event.device_id;
    if (this.stopped || !this.deps.ffmpeg || !DeviceIdSchema.safeParse(id).success) return;
    if (!event.camera_online) {
      this.forget(id);
      return;
    }
    if (this.cameras.has(id)) return;
    const camera: Camera = { timer: undefined, abort: new AbortController() };
    this.cameras.set(id, camera);
    // After the grab of an earlier session (being killed) has ended.
    const before = this.grabbing.get(id) ?? Promise.resolve();
    void before.then(() => {
      this.schedule(id, camera, 0);
    });
  }

  /** Devices whose stills are being taken now. */
  get following(): string[] {
    return [...this.cameras.keys()];
  }

  /** Stops every camera's stills, kills the grabs under way and waits for them. Idempotent. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const id of [...this.cameras.keys()]) this.forget(id);
    await Promise.all(this.grabbing.values());
  }

  private forget(id: string): void {
    const camera = this.cameras.get(id);
    if (!camera) return;
    this.cameras.delete(id);
    camera.abort.abort();
    camera.timer?.cancel();
  }

  private schedule(id: string, camera: Camera, ms: number): void {
    if (camera.abort.signal.aborted) return;
    camera.timer = this.timers.set(() => {
      camera.timer = undefined;
      const grab = this.grab(id, camera).finally(() => {
        if (this.grabbing.get(id) === grab) this.grabbing.delete(id);
      });
      this.grabbing.set(id, grab);
    }, ms);
  }

  /** One still, then the next one scheduled (sooner while the stream has no segment yet). */
  private async grab(id: string, camera: Camera): Promise<void> {
    const { signal } = camera.abort;
    const startedMs = this.deps.clock.now().getTime();
    let nextMs = STILL_INTERVAL_MS;
    try {
      const source = await this.deps.newestSegment(id);
      if (source === undefined) nextMs = FIRST_SEGMENT_RETRY_MS;
      else if (await this.slots.acquire(signal)) {
        try {
          await this.write(id, source, signal);
        } finally {
          this.slots.release();
        }
      }
    } catch (error) {
      if (!signal.aborted) this.onError(new Error(`the still of ${id} failed`, { cause: error }));
    }
    const elapsed = this.deps.clock.now().getTime() - startedMs;
    this.schedule(id, camera, Math.max(0, nextMs - Math.max(0, elapsed)));
  }

  private async write(id: string, source: string, signal: AbortSignal): Promise<void> {
    const ffmpeg = this.deps.ffmpeg;
    if (!ffmpeg) return;
    // A new name for every still, even when the clock has not moved on.
    const ms = Math.max(this.deps.clock.now().getTime(), this.lastMs + 1);
    this.lastMs = ms;
    const dir = path.join(this.deps.uploadDir, 'thumbs', id);
    const file = path.join(dir, `${String(ms)}.jpg`);
    await mkdir(dir, { recursive: true });
    try {
      await this.run(ffmpeg, grabArgs(source, file), GRAB_TIMEOUT_MS, signal);
      if (!(await this.deps.store.setThumbnail(id, stillPath(id, ms), new Date(ms)))) throw new Error('not stored');
    } catch (error) {
      await unlink(file).catch(() => undefined);
      throw error;
    }
    await this.prune(dir, ms);
  }

  /** Deletes the stills of `dir` older than STILL_KEEP_MS before the newest (`newestMs`, always kept). */
  private async prune(dir: string, newestMs: number): Promise<void> {
    const names = await readdir(dir).catch(() => [] as string[]);
    for (const name of names) {
      const ms = Number(STILL_FILE.exec(name)?.[1] ?? NaN);
      if (ms < newestMs - STILL_KEEP_MS) await unlink(path.join(dir, name)).catch(() => undefined);
    }
  }
}
