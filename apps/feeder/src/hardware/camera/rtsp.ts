import { execFile } from 'node:child_process';
import type { Logger } from '../../logger';
import { silentLogger } from '../../logger';
import { resolveFfmpeg } from './ffmpeg';
import type { DeviceInput } from './ffmpeg-camera';

const CREDENTIALS = /\b([a-z][a-z0-9+.-]*:\/\/[^\s:@/]*):[^\s/]*@/gi;

/** A stream key in a publish address (`rtmp://host/live/PH-0001?key=<the device secret>`). */
const STREAM_KEY = /([?&]key=)[^&\s'"]+/gi;

/**
 * Hides the password of every URL in `text` (`rtsp://user:pw@host/` → `rtsp://user:***@host/`) and every stream
 * key (`?key=***`: the device secret), for logs.
 */
export function redactCredentials(text: string): string {
  return text.replace(CREDENTIALS, '$1:***@').replace(STREAM_KEY, '$1***');
}

/** The video of a stream as ffmpeg describes it (`Video: h264 (High), yuv420p(progressive), …, 25 fps`). */
export interface VideoStreamInfo {
  codec: string;
  profile?: string;
  pixelFormat?: string;
  fps?: number;
}

/** Splits at commas outside parentheses and brackets. */
const topLevelParts = (text: string): string[] => {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (char === '(' || char === '[') depth += 1;
    else if (char === ')' || char === ']') depth = Math.max(0, depth - 1);
    else if (char === ',' && depth === 0) {
      parts.push(text.slice(start, i).trim());
      start = i + 1;
    }
  }
  return [...parts, text.slice(start).trim()];
};

/** The first video stream in ffmpeg's description of its input (stderr), if any. */
export function parseVideoStream(stderr: string): VideoStreamInfo | undefined {
  const line = /^\s*Stream #\d+:\d+.*?: Video: (.*)$/m.exec(stderr)?.[1];
  if (!line) return undefined;
  const [first = '', format = '', ...rest] = topLevelParts(line);
  const codec = /^[\w-]+/.exec(first)?.[0];
  if (!codec) return undefined;
  // The first parenthesis is the profile, unless it is a codec tag such as `(avc1 / 0x31637661)`.
  const profile = /^[\w-]+ \(([^)]*)\)/.exec(first)?.[1];
  const pixelFormat = /^[a-z][a-z0-9_]*/.exec(format)?.[0];
  const rate = rest.map((part) => /^([\d.]+)(k?) (fps|tbr)$/.exec(part)).find((match) => match !== null);
  const fps = rate ? Number(rate[1]) * (rate[2] ? 1000 : 1) : undefined;
  return {
    codec,
    ...(profile && !profile.includes(' / 0x') ? { profile } : {}),
    ...(pixelFormat ? { pixelFormat } : {}),
    ...(fps !== undefined && fps > 0 ? { fps } : {}),
  };
}

const PLAYABLE_PROFILES = new Set(['baseline', 'constrained baseline', 'main', 'high']);

/**
 * Whether browsers play the stream as is: 8-bit 4:2:0 H.264 in a profile every browser decodes. yuvj420p is the
 * same picture layout flagged full-range (what many IP cameras send), which browsers play too.
 */
export function browserPlayable(stream: VideoStreamInfo): boolean {
  return (
    stream.codec === 'h264' &&
    PLAYABLE_PROFILES.has(stream.profile?.toLowerCase() ?? '') &&
    (stream.pixelFormat === 'yuv420p' || stream.pixelFormat === 'yuvj420p')
  );
}

/**
 * The name of the RTSP demuxer's socket I/O timeout (microseconds) in `ffmpeg -h demuxer=rtsp`: `stimeout` up
 * to ffmpeg 4.x (whose `timeout` means "listen for a connection"), `timeout` from 5.0.
 */
export function socketTimeoutOption(help: string): string | undefined {
  for (const match of help.matchAll(/^\s*-(\w+)\s+<\w+>\s+\S+\s+(.*)$/gm)) {
    const [, name, description = ''] = match;
    if (/socket/i.test(description) && /microseconds/i.test(description)) return name;
  }
  return undefined;
}

const run = (command: string, args: string[], timeoutMs: number): Promise<{ stderr: string; stdout: string }> =>
  new Promise((resolve) => {
    execFile(command, args, { timeout: timeoutMs, killSignal: 'SIGKILL' }, (_error, stdout, stderr) => {
      resolve({ stdout, stderr });
    });
  });

/** Reads the video stream of an RTSP input; rejects (with a redacted message) when it cannot. */
export type RtspProbe = (inputArgs: string[]) => Promise<VideoStreamInfo>;

/** ffmpeg opening the input without an output: it describes the streams, then exits. */
export function ffmpegProbe(ffmpegPath: string, timeoutMs = 10_000): RtspProbe {
  return async (inputArgs) => {
    const { stderr } = await run(ffmpegPath, ['-hide_banner', '-nostdin', ...inputArgs], timeoutMs);
    const stream = parseVideoStream(stderr);
    if (stream) return stream;
    const lines = stderr.split('\n').filter((line) => line.trim() && !/output file/i.test(line));
    throw new Error(redactCredentials(lines.slice(-3).join(' | ') || `no answer in ${timeoutMs} ms`));
  };
}

export interface RtspOptions {
  transport?: 'tcp' | 'udp';
  /** auto (default): relay H.264 that browsers play and re-encode anything else, as probed once. */
  reencode?: 'auto' | 'always' | 'never';
  /** How the stream is probed (default: ffmpegProbe). */
  probe?: RtspProbe;
  /** The ffmpeg the camera runs (default: resolveFfmpeg()); asked for its socket timeout option's name. */
  ffmpegPath?: string;
  /** The socket timeout's option name, or null for none (default: from the ffmpeg's help). */
  timeoutOption?: string | null;
  /** ffmpeg gives up on a camera that sends nothing for this long (default 5 s). */
  socketTimeoutMs?: number;
  /** The frame rate when the stream is not probed (default 15): the re-encoder's GOP is one second of it. */
  fps?: number;
  logger?: Logger;
}

const COPY = ['-an', '-c:v', 'copy'];

/**
 * An RTSP IP camera as FfmpegCamera input. The camera's H.264 is relayed as is when browsers can play it (no
 * encoding on the station's CPU); other video is re-encoded with FfmpegCamera's libx264 settings. A camera that
 * goes silent makes ffmpeg exit after the socket timeout, and FfmpegCamera reconnects with backoff. When the probe
 * fails (camera down at start), the stream is re-encoded, which plays whatever the camera sends.
 */
export async function rtspInput(url: string, options: RtspOptions = {}): Promise<DeviceInput> {
  const logger = options.logger ?? silentLogger;
  const reencode = options.reencode ?? 'auto';
  let ffmpeg = options.ffmpegPath;
  const ffmpegPath = () => (ffmpeg ??= resolveFfmpeg());
  const timeoutOption =
    options.timeoutOption !== undefined
      ? options.timeoutOption
      : socketTimeoutOption((await run(ffmpegPath(), ['-hide_banner', '-h', 'demuxer=rtsp'], 5000)).stdout);
  const timeout = timeoutOption ? [`-${timeoutOption}`, String((options.socketTimeoutMs ?? 5000) * 1000)] : [];
  if (timeoutOption === undefined)
    logger.warn('camera: this ffmpeg has no RTSP socket timeout; the stall watchdog acts');
  const inputArgs = ['-rtsp_transport', options.transport ?? 'tcp', ...timeout, '-i', url];
  const fps = options.fps ?? 15;
  if (reencode !== 'auto') return { inputArgs, fps, encoderArgs: reencode === 'never' ? COPY : undefined };

  const safeUrl = redactCredentials(url);
  try {
    const stream = await (options.probe ?? ffmpegProbe(ffmpegPath()))(inputArgs);
    const relay = browserPlayable(stream);
    logger.info(`camera: ${relay ? 'relaying' : 're-encoding'} the RTSP stream`, { url: safeUrl, ...stream });
    return { inputArgs, fps: Math.round(stream.fps ?? fps), encoderArgs: relay ? COPY : undefined };
  } catch (error) {
    const reason = redactCredentials(error instanceof Error ? error.message : String(error));
    logger.warn('camera: RTSP probe failed; re-encoding the stream', { url: safeUrl, reason });
    return { inputArgs, fps };
  }
}
