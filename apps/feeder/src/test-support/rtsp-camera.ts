import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** Debian's python3: the one python3-gi is installed for (a pyenv python on the PATH may lack it). */
const PYTHON = '/usr/bin/python3';
const SCRIPT = fileURLToPath(new URL('./rtsp-camera.py', import.meta.url));

/** Why the stand-in camera cannot run here (GStreamer's RTSP server or its Python bindings missing), if so. */
export function rtspServerMissing(): string | undefined {
  const check = "import gi; gi.require_version('GstRtspServer', '1.0'); from gi.repository import GstRtspServer";
  const result = spawnSync(PYTHON, ['-c', check], { encoding: 'utf8', timeout: 10_000 });
  if (result.error) return `${PYTHON} does not run (${result.error.message})`;
  if (result.status === 0) return undefined;
  const last = result.stderr.trim().split('\n').at(-1) ?? '';
  return `GStreamer's RTSP server is missing (apt install gstreamer1.0-rtsp gir1.2-gst-rtsp-server-1.0 python3-gi): ${last}`;
}

export interface RtspCameraOptions {
  user: string;
  password: string;
  /** Default 0: a free port, reported back by the server (to restart a camera on the same port, pass it). */
  port?: number;
  /** The H.264 mount's bitrate, kbit/s: x264 writes it into the stream, which tells a relay from a re-encode. */
  bitrate?: number;
  /** The picture size, e.g. '1280x720' (default 320x240). */
  size?: string;
  readyTimeoutMs?: number;
}

export type RtspMount = 'h264' | 'mjpeg';

/** A running stand-in IP camera (rtsp-camera.py): H.264 on /h264, MJPEG on /mjpeg, basic authentication. */
export class TestRtspCamera {
  readonly port: number;
  readonly #child: ChildProcess;
  readonly #exited: Promise<void>;
  readonly #options: RtspCameraOptions;

  constructor(child: ChildProcess, exited: Promise<void>, port: number, options: RtspCameraOptions) {
    this.#child = child;
    this.#exited = exited;
    this.port = port;
    this.#options = options;
  }

  /** The stream's address with the camera's credentials, or with `password` instead. */
  url(mount: RtspMount, password = this.#options.password): string {
    return `rtsp://${this.#options.user}:${encodeURIComponent(password)}@127.0.0.1:${this.port}/${mount}`;
  }

  /** Freezes the camera (SIGSTOP): its connections stay open but silent, as when its network drops. */
  pause(): void {
    this.#child.kill('SIGSTOP');
  }

  resume(): void {
    this.#child.kill('SIGCONT');
  }

  /** Stops the server (SIGTERM, SIGKILL after 3 s) and waits for it to exit. */
  async stop(): Promise<void> {
    this.resume();
    this.#child.kill('SIGTERM');
    const timer = setTimeout(() => this.#child.kill('SIGKILL'), 3000);
    await this.#exited;
    clearTimeout(timer);
  }
}

/** Starts rtsp-camera.py and resolves once it listens (its `READY <port>` line). */
export function startRtspCamera(options: RtspCameraOptions): Promise<TestRtspCamera> {
  const args = [SCRIPT, '--port', String(options.port ?? 0), '--user', options.user, '--password', options.password];
  if (options.bitrate) args.push('--bitrate', String(options.bitrate));
  if (options.size) args.push('--size', options.size);
  const child = spawn(PYTHON, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const killOnExit = () => child.kill('SIGKILL');
  process.on('exit', killOnExit);
  const exited = new Promise<void>((resolve) =>
    child.once('close', () => {
      process.removeListener('exit', killOnExit);
      resolve();
    }),
  );
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-2000);
  });
  return new Promise((resolve, reject) => {
    let settled = false;
    const fail = (why: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(`rtsp-camera.py ${why}: ${stderr.trim()}`));
    };
    const timer = setTimeout(() => {
      fail('was not ready in time');
    }, options.readyTimeoutMs ?? 15_000);
    let stdout = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      stdout += chunk;
      const port = /^READY (\d+)$/m.exec(stdout)?.[1];
      if (!port || settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(new TestRtspCamera(child, exited, Number(port), options));
    });
    child.once('error', (error) => {
      fail(`did not start (${error.message})`);
    });
    void exited.then(() => {
      fail('exited before it was ready');
    });
  });
}
