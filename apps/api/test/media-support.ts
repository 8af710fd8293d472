import { spawn, type ChildProcess } from 'node:child_process';
import http, { type IncomingMessage } from 'node:http';
import type { CameraChangeEvent } from '../src/modules/media/camera-state';
import type { MediaEngine } from '../src/modules/media/engine';

/** A camera stand-in: ffmpeg publishing a test pattern (1 s GOP, like the feeder's camera) over RTMP. */
export class TestPublisher {
  readonly exited: Promise<number | null>;
  stderr = '';
  private readonly child: ChildProcess;

  constructor(ffmpeg: string, url: string) {
    this.child = spawn(
      ffmpeg,
      [
        '-hide_banner',
        '-nostdin',
        '-loglevel',
        'error',
        '-re',
        '-f',
        'lavfi',
        '-i',
        'testsrc=size=320x240:rate=15',
        '-c:v',
        'libx264',
        '-preset',
        'ultrafast',
        '-tune',
        'zerolatency',
        '-g',
        '15',
        '-bf',
        '0',
        '-pix_fmt',
        'yuv420p',
        '-rw_timeout',
        '5000000',
        '-f',
        'flv',
        url,
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    this.child.stderr?.on('data', (chunk: Buffer) => {
      this.stderr += chunk.toString();
    });
    this.exited = new Promise((resolve) => {
      this.child.once('exit', (code) => {
        resolve(code);
      });
    });
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Kills it the hard way (the OS closes its connection, as when a camera's process dies). */
  async kill(): Promise<void> {
    if (this.running) this.child.kill('SIGKILL');
    await this.exited;
  }
}

/** Resolves with the next camera change of a device to `online` (listening starts at once). */
export function cameraChange(
  media: Pick<MediaEngine, 'onCameraChange'>,
  deviceId: string,
  online: boolean,
  timeoutMs = 10_000,
) {
  return new Promise<CameraChangeEvent>((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`camera of ${deviceId} did not go ${online ? 'online' : 'offline'} in ${String(timeoutMs)} ms`));
    }, timeoutMs);
    const stop = media.onCameraChange((event) => {
      if (event.device_id !== deviceId || event.camera_online !== online) return;
      clearTimeout(timer);
      stop();
      resolve(event);
    });
  });
}

/** A viewer of an HTTP-FLV address: the response, its first bytes, and when it ends. */
export interface TestViewer {
  response: IncomingMessage;
  /** The first 13 bytes at least (FLV header + first tag size). */
  head: Buffer;
  bytes(): number;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

export function watch(url: string): Promise<TestViewer> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, (response) => {
      let received = Buffer.alloc(0);
      let total = 0;
      let settled = false;
      const ended = new Promise<void>((done) => {
        response.once('end', done);
        response.once('close', done);
      });
      response.on('data', (chunk: Buffer) => {
        total += chunk.length;
        if (settled) return;
        received = Buffer.concat([received, chunk]);
        if (received.length < 13) return;
        settled = true;
        resolve({ response, head: received, bytes: () => total, ended, close: () => request.destroy() });
      });
      response.once('end', () => {
        if (!settled) reject(new Error(`stream ended after ${String(total)} bytes (${String(response.statusCode)})`));
      });
    });
    request.once('error', reject);
  });
}

/** Resolves once `check` holds, polling (for byte counts, which have no event of their own). */
export async function eventually(check: () => boolean, timeoutMs = 5_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 25));
  }
}
