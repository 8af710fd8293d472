import { describe, expect, it } from 'vitest';
import {
  initialPlayerState,
  playbackEnv,
  playbackSource,
  playerReducer,
  retryDelay,
  showsOfflineMask,
  type PlaybackGlobals,
  type PlaybackSource,
  type PlayerEvent,
  type PlayerState,
} from './player-machine';

function run(events: PlayerEvent[], from: PlayerState = initialPlayerState()): PlayerState {
  return events.reduce(playerReducer, from);
}

describe('player reconnect state machine', () => {
  it('plays: requesting → starting on an online answer → playing on frames, with no mask', () => {
    const starting = run([{ type: 'play_ok', cameraOnline: true }]);
    expect(starting.status).toBe('starting');
    const playing = playerReducer(starting, { type: 'frames' });
    expect(playing).toMatchObject({ status: 'playing', failures: 0 });
    expect(showsOfflineMask(playing)).toBe(false);
  });

  it('goes offline with the mask when mediaEndpoints.play says the camera is offline', () => {
    const s = run([{ type: 'play_ok', cameraOnline: false }]);
    expect(s).toMatchObject({ status: 'offline', failures: 1, retryInMs: 1000, cameraOnline: false });
    expect(showsOfflineMask(s)).toBe(true);
  });

  it('backs off 1 s, 2 s, 4 s … up to 30 s while the stream keeps failing, asking for a new address each time', () => {
    let s = initialPlayerState();
    const delays: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      expect(s.status).toBe('requesting');
      s = run([{ type: 'play_ok', cameraOnline: true }, { type: 'stream_failed' }], s);
      expect(s.status).toBe('offline');
      delays.push(s.retryInMs);
      s = playerReducer(s, { type: 'retry' });
    }
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
    expect(retryDelay(0)).toBe(1000);
  });

  it('keeps the mask up between retries (no flicker) and drops it once frames arrive', () => {
    let s = run([{ type: 'play_ok', cameraOnline: true }, { type: 'stream_failed' }, { type: 'retry' }]);
    expect(s.status).toBe('requesting');
    expect(showsOfflineMask(s)).toBe(true);
    s = run([{ type: 'play_ok', cameraOnline: true }], s);
    expect(showsOfflineMask(s)).toBe(true);
    s = playerReducer(s, { type: 'frames' });
    expect(s).toMatchObject({ status: 'playing', failures: 0 });
    expect(showsOfflineMask(s)).toBe(false);
  });

  it('a failed mediaEndpoints.play request counts as a failure too', () => {
    expect(run([{ type: 'play_failed' }])).toMatchObject({ status: 'offline', failures: 1 });
  });

  it('the camera going offline while playing shows the mask at once; coming back retries at once with a fresh backoff', () => {
    let s = run([{ type: 'play_ok', cameraOnline: true }, { type: 'frames' }, { type: 'camera', online: false }]);
    expect(s).toMatchObject({ status: 'offline', cameraOnline: false });
    expect(showsOfflineMask(s)).toBe(true);
    s = run([{ type: 'retry' }, { type: 'play_ok', cameraOnline: false }], s);
    expect(s.failures).toBe(2);
    s = playerReducer(s, { type: 'camera', online: true });
    expect(s).toEqual({ status: 'requesting', failures: 0, retryInMs: 0, cameraOnline: true });
    expect(showsOfflineMask(s)).toBe(false);
  });

  it('ignores events that do not apply to the state', () => {
    const playing = run([{ type: 'play_ok', cameraOnline: true }, { type: 'frames' }]);
    expect(playerReducer(playing, { type: 'retry' })).toBe(playing);
    expect(playerReducer(playing, { type: 'play_failed' })).toBe(playing);
    expect(playerReducer(playing, { type: 'camera', online: true })).toEqual(playing);
    const requesting = initialPlayerState();
    expect(playerReducer(requesting, { type: 'stream_failed' })).toBe(requesting);
    expect(playerReducer(requesting, { type: 'frames' })).toBe(requesting);
    const offline = run([{ type: 'play_failed' }]);
    expect(playerReducer(offline, { type: 'stream_failed' })).toBe(offline);
    expect(playerReducer(offline, { type: 'camera', online: false })).toMatchObject({ status: 'offline', failures: 1 });
  });

  it('unsupported is final', () => {
    const s = run([{ type: 'unsupported' }, { type: 'retry' }, { type: 'camera', online: true }]);
    expect(s.status).toBe('unsupported');
    expect(showsOfflineMask(s)).toBe(false);
  });

  it('starts masked when the room says the camera is offline', () => {
    expect(showsOfflineMask(initialPlayerState(false))).toBe(true);
    expect(showsOfflineMask(initialPlayerState(true))).toBe(false);
  });
});

describe('playbackSource', () => {
  const p = { flv_url: '/live/PH-0001.flv?sign=abc', hls_url: '/hls/PH-0001.m3u8' };

  it('plays FLV through MediaSource with an absolute address, even where native HLS is claimed', () => {
    expect(playbackSource(p, 'http://localhost:8080', { mse: true, flv: true, nativeHls: true })).toEqual({
      kind: 'flv',
      url: 'http://localhost:8080/live/PH-0001.flv?sign=abc',
    });
  });

  it('scaled out (no FLV, the edge’s absolute HLS address): HLS through hls.js, the address kept', () => {
    const edge = { flv_url: null, hls_url: 'https://edge.example/hls/PH-0001/index.m3u8?e=1&v=u1&s=x' };
    expect(playbackSource(edge, 'https://a.example', { mse: true, flv: true, nativeHls: false })).toEqual({
      kind: 'hlsjs',
      url: edge.hls_url,
    });
    expect(playbackSource(edge, 'https://a.example', { mse: false, flv: false, nativeHls: true })).toEqual({
      kind: 'hls',
      url: edge.hls_url,
    });
  });

  it('without MediaSource: native HLS when served, else nothing', () => {
    expect(playbackSource(p, 'https://a.example', { mse: false, flv: false, nativeHls: true })).toEqual({
      kind: 'hls',
      url: 'https://a.example/hls/PH-0001.m3u8',
    });
    expect(
      playbackSource({ ...p, hls_url: null }, 'https://a.example', { mse: false, flv: false, nativeHls: true }),
    ).toEqual({
      kind: 'none',
    });
    expect(playbackSource(p, 'https://a.example', { mse: false, flv: false, nativeHls: false })).toEqual({
      kind: 'none',
    });
  });

  it('where MediaSource cannot take FLV, HLS through hls.js', () => {
    expect(playbackSource(p, 'https://a.example', { mse: true, flv: false, nativeHls: false })).toEqual({
      kind: 'hlsjs',
      url: 'https://a.example/hls/PH-0001.m3u8',
    });
  });

  it('with ?player=hls: HLS, natively where the browser plays it, else through hls.js; FLV when there is no HLS', () => {
    expect(playbackSource(p, 'https://a.example', { mse: true, flv: true, nativeHls: false }, true)).toEqual({
      kind: 'hlsjs',
      url: 'https://a.example/hls/PH-0001.m3u8',
    });
    expect(playbackSource(p, 'https://a.example', { mse: false, flv: false, nativeHls: true }, true).kind).toBe('hls');
    expect(
      playbackSource({ ...p, hls_url: null }, 'https://a.example', { mse: true, flv: true, nativeHls: false }, true)
        .kind,
    ).toBe('flv');
    expect(playbackSource(p, 'https://a.example', { mse: false, flv: false, nativeHls: false }, true).kind).toBe(
      'none',
    );
  });
});

describe('the player per browser (what each exposes, and what it plays)', () => {
  const p = { flv_url: '/live/PH-0001.flv?s=x', hls_url: '/live/PH-0001.m3u8?s=x' };
  /** A constructor standing in for MediaSource or ManagedMediaSource (the choice asks only whether it is there). */
  const MediaSourceStub = function MediaSource() {
    return undefined;
  };
  const browsers: [string, PlaybackGlobals, PlaybackSource['kind']][] = [
    // No MediaSource on iPhone before iOS 17.1; Safari plays HLS itself.
    ['iOS 16 Safari', { canPlayHls: 'maybe' }, 'hls'],
    // iOS 17.1+: ManagedMediaSource, which mpegts.js uses: low-latency FLV.
    ['iOS 17.4 Safari', { ManagedMediaSource: MediaSourceStub, canPlayHls: 'maybe' }, 'flv'],
    // WeChat's WKWebView exposes no MediaSource of either kind, and plays HLS.
    ['WeChat on iOS', { canPlayHls: 'maybe' }, 'hls'],
    ['WeChat on Android', { MediaSource: MediaSourceStub, canPlayHls: '' }, 'flv'],
    // Chromium says "maybe" to HLS and cannot play it: its MediaSource decides.
    ['desktop Chrome', { MediaSource: MediaSourceStub, canPlayHls: 'maybe' }, 'flv'],
    ['Firefox', { MediaSource: MediaSourceStub, canPlayHls: '' }, 'flv'],
    ['a browser with neither', { canPlayHls: '' }, 'none'],
  ];
  for (const [name, globals, kind] of browsers) {
    it(`${name}: ${kind}`, () => {
      expect(playbackSource(p, 'https://a.example', playbackEnv(globals)).kind).toBe(kind);
    });
  }
});
