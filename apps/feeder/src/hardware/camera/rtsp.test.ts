import type { ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Logger } from '../../logger';
import { FfmpegCamera } from './ffmpeg-camera';
import {
  browserPlayable,
  ffmpegProbe,
  parseVideoStream,
  redactCredentials,
  rtspInput,
  socketTimeoutOption,
} from './rtsp';
import type { RtspProbe, VideoStreamInfo } from './rtsp';

// What ffmpeg 4.1 (static build) and Debian's 5.1 print about the stand-in camera's streams.
const H264_41 =
  '    Stream #0:0: Video: h264 (Constrained Baseline), yuv420p(tv, smpte170m, progressive), 320x240 [SAR 1:1 DAR 4:3], 15 fps, 15 tbr, 90k tbn, 30 tbc';
const MJPEG_51 =
  '  Stream #0:0: Video: mjpeg (Baseline), yuvj420p(pc, bt470bg/unknown/unknown), 320x240 [SAR 1:1 DAR 4:3], 15 fps, 15 tbr, 90k tbn';
const HELP_41 = [
  '  -rtsp_transport    <flags>      ED....... set RTSP transport protocols (default 0)',
  '  -timeout           <int>        .D....... set maximum timeout (in seconds) to wait for incoming connections (-1 is infinite, imply flag listen) (deprecated, use listen_timeout) (from INT_MIN to INT_MAX) (default -1)',
  '  -stimeout          <int>        .D....... set timeout (in microseconds) of socket TCP I/O operations (from INT_MIN to INT_MAX) (default 0)',
].join('\n');
const HELP_51 = [
  '  -listen_timeout    <int>        .D......... set maximum timeout (in seconds) to wait for incoming connections (-1 is infinite, imply flag listen) (from INT_MIN to INT_MAX) (default -1)',
  '  -timeout           <int64>      .D......... set timeout (in microseconds) of socket I/O operations (from INT_MIN to I64_MAX) (default 0)',
].join('\n');

const logger = () => {
  const info = vi.fn<Logger['info']>();
  const warn = vi.fn<Logger['warn']>();
  const error = vi.fn<Logger['error']>();
  const log: Logger = { info, warn, error };
  /** Everything logged, as text. */
  const text = () => JSON.stringify([info, warn, error].map((fn) => fn.mock.calls));
  return { log, warn, error, text };
};

describe('redactCredentials', () => {
  it.each([
    ['rtsp://admin:hunter2@10.0.0.5:554/stream1', 'rtsp://admin:***@10.0.0.5:554/stream1'],
    ['rtsps://admin:hunter2@cam.local/live', 'rtsps://admin:***@cam.local/live'],
    ['rtsp://admin:p%40ss%2Fw@cam/x: Server returned 401', 'rtsp://admin:***@cam/x: Server returned 401'],
    ["Input #0, rtsp, from 'rtsp://admin:hun@ter2@cam/x':", "Input #0, rtsp, from 'rtsp://admin:***@cam/x':"],
    ['rtsp://:hunter2@cam', 'rtsp://:***@cam'],
    [
      "Output #0, flv, to 'rtmp://m:1935/live/PH-0001?key=s3cr3t_X-9':",
      "Output #0, flv, to 'rtmp://m:1935/live/PH-0001?key=***':",
    ],
    ['rtmp://m/live/PH-1?a=1&key=s3cr3t failed', 'rtmp://m/live/PH-1?a=1&key=*** failed'],
    ['a rtsp://u:one@a/x then rtsp://v:two@b/y', 'a rtsp://u:***@a/x then rtsp://v:***@b/y'],
    ['RTSP://Admin:hunter2@CAM/x', 'RTSP://Admin:***@CAM/x'],
  ])('%s', (text, redacted) => {
    expect(redactCredentials(text)).toBe(redacted);
  });

  it('leaves addresses without a password as they are', () => {
    for (const text of ['rtsp://cam:554/x', 'rtsp://admin@cam/x', 'rtmp://media:1935/live/PH-1', 'time 12:30@x'])
      expect(redactCredentials(text)).toBe(text);
  });
});

describe('parseVideoStream', () => {
  it('reads the codec, profile, pixel format and frame rate from ffmpeg 4.1 and 5.1', () => {
    expect(
      parseVideoStream(`Input #0, rtsp, from 'x':\n${H264_41}\nAt least one output file must be specified`),
    ).toEqual({
      codec: 'h264',
      profile: 'Constrained Baseline',
      pixelFormat: 'yuv420p',
      fps: 15,
    });
    expect(parseVideoStream(MJPEG_51)).toEqual({
      codec: 'mjpeg',
      profile: 'Baseline',
      pixelFormat: 'yuvj420p',
      fps: 15,
    });
  });

  it('takes the first video stream, skips codec tags, and falls back to tbr', () => {
    const stderr = [
      '    Stream #0:0: Audio: pcm_alaw, 8000 Hz, mono, s16, 64 kb/s',
      '    Stream #0:1: Video: hevc (Main), yuv420p(tv), 2560x1440, 25 tbr, 90k tbn',
      '    Stream #0:2: Video: h264 (High), yuv420p, 640x360, 25 fps',
    ].join('\n');
    expect(parseVideoStream(stderr)).toEqual({ codec: 'hevc', profile: 'Main', pixelFormat: 'yuv420p', fps: 25 });
    expect(
      parseVideoStream('  Stream #0:0(und): Video: h264 (avc1 / 0x31637661), yuv420p, 1280x720, 29.97 fps'),
    ).toEqual({ codec: 'h264', pixelFormat: 'yuv420p', fps: 29.97 });
  });

  it('finds nothing in an error', () => {
    expect(parseVideoStream('rtsp://u:***@cam/x: Server returned 401 Unauthorized')).toBeUndefined();
  });
});

describe('browserPlayable', () => {
  const h264 = (profile: string, pixelFormat = 'yuv420p'): VideoStreamInfo => ({ codec: 'h264', profile, pixelFormat });
  it.each([
    [h264('Constrained Baseline'), true],
    [h264('Baseline'), true],
    [h264('Main'), true],
    [h264('High'), true],
    [h264('High', 'yuvj420p'), true],
    [h264('High 10', 'yuv420p10le'), false],
    [h264('High 4:2:2', 'yuv422p'), false],
    [h264('High', 'yuv422p'), false],
    [{ codec: 'h264', pixelFormat: 'yuv420p' }, false],
    [{ codec: 'hevc', profile: 'Main', pixelFormat: 'yuv420p' }, false],
    [{ codec: 'mjpeg', profile: 'Baseline', pixelFormat: 'yuvj420p' }, false],
  ])('%o → %s', (stream, playable) => {
    expect(browserPlayable(stream)).toBe(playable);
  });
});

describe('socketTimeoutOption', () => {
  it('is -stimeout in ffmpeg 4.x (whose -timeout listens) and -timeout from 5.0', () => {
    expect(socketTimeoutOption(HELP_41)).toBe('stimeout');
    expect(socketTimeoutOption(HELP_51)).toBe('timeout');
    expect(socketTimeoutOption('Unknown format demuxer=rtsp')).toBeUndefined();
  });
});

describe('rtspInput', () => {
  const url = 'rtsp://admin:hunter2@cam.local:554/stream1';
  const probing = (stream: VideoStreamInfo) => vi.fn<RtspProbe>().mockResolvedValue(stream);

  it('relays playable H.264 without re-encoding, at the probed frame rate', async () => {
    const probe = probing({ codec: 'h264', profile: 'Main', pixelFormat: 'yuvj420p', fps: 24.9 });
    const { log, text } = logger();
    const input = await rtspInput(url, { probe, timeoutOption: 'stimeout', socketTimeoutMs: 4000, logger: log });
    const inputArgs = ['-rtsp_transport', 'tcp', '-stimeout', '4000000', '-i', url];
    expect(input).toEqual({ inputArgs, fps: 25, encoderArgs: ['-an', '-c:v', 'copy'] });
    expect(probe).toHaveBeenCalledWith(inputArgs);
    expect(text()).toContain('relaying');
    expect(text()).toContain('rtsp://admin:***@cam.local:554/stream1');
    expect(text()).not.toContain('hunter2');
  });

  it('re-encodes anything else with the camera’s default encoder settings', async () => {
    const probe = probing({ codec: 'mjpeg', profile: 'Baseline', pixelFormat: 'yuvj420p', fps: 10 });
    const input = await rtspInput(url, { probe, transport: 'udp', timeoutOption: 'timeout' });
    expect(input).toEqual({ inputArgs: ['-rtsp_transport', 'udp', '-timeout', '5000000', '-i', url], fps: 10 });
  });

  it('re-encodes, and logs why without the password, when the probe fails', async () => {
    const probe = vi.fn<RtspProbe>().mockRejectedValue(new Error(`${url}: Server returned 401 Unauthorized`));
    const { log, warn, text } = logger();
    const input = await rtspInput(url, { probe, timeoutOption: null, fps: 12, logger: log });
    expect(input).toEqual({ inputArgs: ['-rtsp_transport', 'tcp', '-i', url], fps: 12 });
    expect(warn).toHaveBeenCalledWith('camera: RTSP probe failed; re-encoding the stream', expect.anything());
    expect(text()).toContain('401 Unauthorized');
    expect(text()).not.toContain('hunter2');
  });

  it('does not probe when told to always or never re-encode', async () => {
    const probe = vi.fn<RtspProbe>();
    const always = await rtspInput(url, { probe, reencode: 'always', timeoutOption: null });
    const never = await rtspInput(url, { probe, reencode: 'never', timeoutOption: null });
    expect(always.encoderArgs).toBeUndefined();
    expect(never.encoderArgs).toEqual(['-an', '-c:v', 'copy']);
    expect(probe).not.toHaveBeenCalled();
  });
});

describe('ffmpegProbe and the timeout option, with a scripted ffmpeg', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'feeder-rtsp-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  /** A fake ffmpeg: prints `help` for `-h demuxer=rtsp`, else `stderr` on stderr (after `delay` seconds). */
  const fakeFfmpeg = async (name: string, help: string, stderr: string, delay = 0): Promise<string> => {
    const file = path.join(dir, name);
    await writeFile(path.join(dir, `${name}.help`), help);
    await writeFile(path.join(dir, `${name}.err`), stderr);
    const script = `#!/bin/sh\ncase "$*" in *demuxer=rtsp*) cat "${file}.help";; *) sleep ${delay}; cat "${file}.err" >&2; exit 1;; esac\n`;
    await writeFile(file, script);
    await chmod(file, 0o755);
    return file;
  };

  it('asks the ffmpeg for its socket timeout option and probes with the same input arguments', async () => {
    const ffmpegPath = await fakeFfmpeg('ffmpeg41', HELP_41, `Input #0, rtsp:\n${H264_41}\n`);
    const input = await rtspInput('rtsp://u:pw@cam/x', { ffmpegPath });
    expect(input.inputArgs).toEqual(['-rtsp_transport', 'tcp', '-stimeout', '5000000', '-i', 'rtsp://u:pw@cam/x']);
    expect(input.encoderArgs).toEqual(['-an', '-c:v', 'copy']);
    const newer = await fakeFfmpeg('ffmpeg51', HELP_51, MJPEG_51);
    const mjpeg = await rtspInput('rtsp://u:pw@cam/x', { ffmpegPath: newer });
    expect(mjpeg.inputArgs).toContain('-timeout');
    expect(mjpeg.encoderArgs).toBeUndefined();
    const { log, warn } = logger();
    const bare = await rtspInput('rtsp://cam/x', { ffmpegPath: await fakeFfmpeg('bare', '', H264_41), logger: log });
    expect(bare.inputArgs).toEqual(['-rtsp_transport', 'tcp', '-i', 'rtsp://cam/x']);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('no RTSP socket timeout'));
  });

  it('rejects with ffmpeg’s last lines, redacted, or after its timeout', async () => {
    const refused = await fakeFfmpeg(
      'refused',
      '',
      '[rtsp @ 0x1] method DESCRIBE failed: 401 Unauthorized\nrtsp://u:pw@cam/x: Server returned 401 Unauthorized (authorization failed)\n',
    );
    const error = await ffmpegProbe(refused)(['-i', 'rtsp://u:pw@cam/x']).catch((e: unknown) => String(e));
    expect(error).toContain('rtsp://u:***@cam/x: Server returned 401');
    expect(error).not.toContain(':pw@');
    const silent = await fakeFfmpeg('silent', '', H264_41, 5);
    await expect(ffmpegProbe(silent, 300)(['-i', 'rtsp://cam/x'])).rejects.toThrow('no answer in 300 ms');
  });
});

describe('FfmpegCamera logs', () => {
  it('show ffmpeg’s stderr with the camera’s password hidden', async () => {
    const child = Object.assign(new EventEmitter(), {
      stdout: new PassThrough(),
      stderr: new PassThrough(),
      kill: () => true,
    });
    const { log, error, text } = logger();
    const camera = new FfmpegCamera({
      source: { inputArgs: ['-i', 'rtsp://admin:hunter2@cam/x'], fps: 15 },
      ffmpegPath: 'ffmpeg',
      spawn: () => child as unknown as ChildProcess,
      backoff: { minMs: 60_000 },
      logger: log,
    });
    await camera.start('rtmp://media/live/PH-1');
    child.stderr.write("Input #0, rtsp, from 'rtsp://admin:hunter2@cam/x':\n");
    child.stderr.write('rtsp://admin:hunter2@cam/x: Connection timed out');
    await new Promise((resolve) => setImmediate(resolve));
    child.emit('close', 1, null);
    await camera.stop();
    expect(error).toHaveBeenCalledOnce();
    expect(text()).toContain("from 'rtsp://admin:***@cam/x'");
    expect(text()).toContain('rtsp://admin:***@cam/x: Connection timed out');
    expect(text()).not.toContain('hunter2');
  });
});
