import { describe, expect, it } from 'vitest';
import { viewerPlaylist } from './hls';

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
