import { execFile, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import type { FrameSource } from './frame-source';

export interface ResolveFfmpegOptions {
  env?: Record<string, string | undefined>;
  /** Whether `command -version` runs (default: spawnSync). */
  runs?: (command: string) => boolean;
  /** The npm binary's path (default: require('@ffmpeg-installer/ffmpeg').path). */
  packaged?: () => string | undefined;
}

const runsVersion = (command: string): boolean => {
  const result = spawnSync(command, ['-version'], { stdio: 'ignore', timeout: 5000 });
  return result.error === undefined && result.status === 0;
};

const packagedFfmpeg = (): string | undefined => {
  try {
    const installer = createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path?: unknown };
    return typeof installer.path === 'string' ? installer.path : undefined;
  } catch {
    return undefined;
  }
};

/** The first line of `ffmpeg -version` (e.g. "ffmpeg version 5.1.6-0+deb12u1"), or undefined when it does not run. */
export function ffmpegVersion(ffmpegPath: string): Promise<string | undefined> {
  return new Promise((resolve) => {
    execFile(ffmpegPath, ['-version'], { timeout: 5000 }, (error, stdout) => {
      resolve(error ? undefined : stdout.split('\n')[0]?.trim().slice(0, 120));
    });
  });
}

/**
 * Which ffmpeg to run: $FFMPEG_PATH, else `ffmpeg` from the PATH when it runs, else the static binary of the
 * `@ffmpeg-installer/ffmpeg` package. Spawns a process, so callers resolve once and keep the answer.
 */
export function resolveFfmpeg(options: ResolveFfmpegOptions = {}): string {
  const env = options.env ?? process.env;
  const fromEnv = env.FFMPEG_PATH?.trim();
  if (fromEnv) return fromEnv;
  if ((options.runs ?? runsVersion)('ffmpeg')) return 'ffmpeg';
  const packaged = (options.packaged ?? packagedFfmpeg)();
  if (packaged) return packaged;
  throw new Error('ffmpeg not found: install it, set FFMPEG_PATH, or install @ffmpeg-installer/ffmpeg');
}

export interface EncoderSettings {
  /** Target (and maximum) video bitrate, kbit/s (default 350). */
  bitrateKbps?: number;
  /** Frames per second of the output (default: the source's). */
  fps?: number;
}

/** ffmpeg input arguments for raw frames written to its stdin. */
export function rawInputArgs(source: Pick<FrameSource, 'width' | 'height' | 'fps' | 'pixelFormat'>): string[] {
  return [
    ['-f', 'rawvideo', '-pixel_format', source.pixelFormat],
    ['-video_size', `${source.width}x${source.height}`, '-framerate', String(source.fps)],
    ['-i', 'pipe:0'],
  ].flat();
}

/**
 * H.264 for live viewing with the least delay: no lookahead or B-frames, a keyframe every second (a new viewer
 * waits at most 1 s), constant-ish bitrate with a half-second VBV buffer. Flags accepted by ffmpeg 4.1 and 5.x.
 */
export function encoderArgs(fps: number, settings: EncoderSettings = {}): string[] {
  const kbps = Math.max(50, Math.round(settings.bitrateKbps ?? 350));
  const gop = String(Math.max(1, Math.round(fps)));
  return [
    ['-an', '-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-pix_fmt', 'yuv420p'],
    ['-g', gop, '-keyint_min', gop, '-sc_threshold', '0', '-bf', '0', '-threads', '1'],
    ['-b:v', `${kbps}k`, '-maxrate', `${kbps}k`, '-bufsize', `${Math.round(kbps / 2)}k`],
  ].flat();
}

/** Publishing to the media server: FLV over RTMP, flushed per packet, giving up when the server stalls 5 s. */
export function rtmpOutputArgs(rtmpUrl: string): string[] {
  return ['-flush_packets', '1', '-flvflags', 'no_duration_filesize', '-rw_timeout', '5000000', '-f', 'flv', rtmpUrl];
}

/**
 * The whole command line: quiet logs (errors only), machine-readable progress on stdout (the camera's "I am
 * publishing" signal), then the input, the encoder and the output.
 */
export function ffmpegArgs(input: string[], encoder: string[], output: string[]): string[] {
  return [
    '-hide_banner',
    '-nostdin',
    '-loglevel',
    'error',
    '-nostats',
    '-progress',
    'pipe:1',
    ...input,
    ...encoder,
    ...output,
  ];
}
