import { describe, expect, it } from 'vitest';
import { coveringTail, listedSegments, viewerPlaylist } from './hls';

const FFMPEG_PLAYLIST = [
  '#EXTM3U',
  '#EXT-X-VERSION:6',
  '#EXT-X-TARGETDURATION:1',
  '#EXT-X-MEDIA-SEQUENCE:41',
  '#EXT-X-INDEPENDENT-SEGMENTS',
  '#EXTINF:1.000000,',
  '41.ts',
  '#EXTINF:1.000000,',
  '42.ts',
  '',
].join('\n');

describe('the viewer’s HLS playlist', () => {
  it('gives every segment its own address and keeps every tag', () => {
    const out = viewerPlaylist(FFMPEG_PLAYLIST, (segment) => `/live/hls/PH-0001/7/${segment}?t=x`);
    expect(out?.split('\n')).toEqual([
      '#EXTM3U',
      '#EXT-X-VERSION:6',
      '#EXT-X-TARGETDURATION:1',
      '#EXT-X-MEDIA-SEQUENCE:41',
      '#EXT-X-INDEPENDENT-SEGMENTS',
      '#EXTINF:1.000000,',
      '/live/hls/PH-0001/7/41.ts?t=x',
      '#EXTINF:1.000000,',
      '/live/hls/PH-0001/7/42.ts?t=x',
      '',
    ]);
  });

  it('refuses what is no playlist (not written yet, or something else)', () => {
    expect(viewerPlaylist('', (s) => s)).toBeUndefined();
    expect(viewerPlaylist('41.ts\n', (s) => s)).toBeUndefined();
  });

  it('leaves lines that are no segment of ours alone (an address elsewhere is not rewritten)', () => {
    const out = viewerPlaylist('#EXTM3U\n#EXTINF:1,\nhttps://elsewhere/41.ts\n../41.ts', () => 'X');
    expect(out).toBe('#EXTM3U\n#EXTINF:1,\nhttps://elsewhere/41.ts\n../41.ts');
  });
});

describe('listedSegments and coveringTail (clips and stills from a playlist)', () => {
  // nginx-rtmp's playlist: a discontinuity first, fragments named by the origin's clock.
  const NGINX =
    '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-MEDIA-SEQUENCE:0\n#EXT-X-TARGETDURATION:1\n#EXT-X-DISCONTINUITY\n#EXTINF:1.000,\n1795885825846.ts\n#EXTINF:0.967,\n1795885826783.ts\n#EXTINF:1.033,\n1795885827790.ts\n';

  it('reads each segment with its duration, oldest first', () => {
    expect(listedSegments(NGINX)).toEqual([
      { uri: '1795885825846.ts', durationMs: 1000 },
      { uri: '1795885826783.ts', durationMs: 967 },
      { uri: '1795885827790.ts', durationMs: 1033 },
    ]);
    expect(listedSegments('not a playlist')).toBeUndefined();
  });

  it('takes the newest segments until they cover the window, or all there are', () => {
    const segments = listedSegments(NGINX) ?? [];
    expect(coveringTail(segments, 1_500)).toEqual({ uris: ['1795885826783.ts', '1795885827790.ts'], durationMs: 2000 });
    expect(coveringTail(segments, 15_000).uris).toHaveLength(3);
    expect(coveringTail([], 15_000)).toEqual({ uris: [], durationMs: 0 });
  });
});
