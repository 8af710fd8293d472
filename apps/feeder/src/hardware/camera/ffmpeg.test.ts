import { describe, expect, it, vi } from 'vitest';
import { encoderArgs, ffmpegArgs, rawInputArgs, resolveFfmpeg, rtmpOutputArgs } from './ffmpeg';

describe('resolveFfmpeg', () => {
  it('prefers $FFMPEG_PATH, then ffmpeg on the PATH, then the npm binary', () => {
    const runs = vi.fn(() => true);
    const packaged = vi.fn(() => '/pkg/ffmpeg');
    expect(resolveFfmpeg({ env: { FFMPEG_PATH: '/opt/ffmpeg' }, runs, packaged })).toBe('/opt/ffmpeg');
    expect(runs).not.toHaveBeenCalled();
    expect(resolveFfmpeg({ env: {}, runs, packaged })).toBe('ffmpeg');
    expect(runs).toHaveBeenCalledWith('ffmpeg');
    expect(resolveFfmpeg({ env: { FFMPEG_PATH: ' ' }, runs: () => false, packaged })).toBe('/pkg/ffmpeg');
    expect(() => resolveFfmpeg({ env: {}, runs: () => false, packaged: () => undefined })).toThrow(/not found/);
  });

  it('finds a working binary on this machine', () => {
    expect(resolveFfmpeg()).toMatch(/ffmpeg/);
  });
});

describe('ffmpeg arguments', () => {
  it('reads raw frames from stdin and encodes for low delay with a 1 s keyframe interval', () => {
    const args = ffmpegArgs(
      rawInputArgs({ width: 426, height: 240, fps: 15, pixelFormat: 'rgb24' }),
      encoderArgs(15, { bitrateKbps: 300 }),
      rtmpOutputArgs('rtmp://127.0.0.1:1935/live/PH-0001?key=s'),
    );
    const line = args.join(' ');
    expect(line).toContain('-progress pipe:1');
    expect(line).toContain('-f rawvideo -pixel_format rgb24 -video_size 426x240 -framerate 15 -i pipe:0');
    expect(line).toContain('-preset ultrafast -tune zerolatency -pix_fmt yuv420p -g 15 -keyint_min 15');
    expect(line).toContain('-bf 0');
    expect(line).toContain('-b:v 300k -maxrate 300k -bufsize 150k');
    expect(line).toMatch(/-rw_timeout 5000000 -f flv rtmp:\/\/127\.0\.0\.1:1935\/live\/PH-0001\?key=s$/);
  });
});
