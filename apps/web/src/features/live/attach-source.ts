import type { PlaybackSource } from './player-machine';

/** Stops what attachSource started and frees the video element. */
export type Detach = () => void;

export const loadMpegts = () => import('mpegts.js').then((m) => m.default);
const loadHls = () => import('hls.js/light').then((m) => m.default);

/**
 * Plays `source` in `video` (muted; `start` calls play and handles a refused autoplay), reporting a failure of
 * the stream with `fail`. FLV through mpegts.js at low latency; HLS natively; HLS through hls.js (no worker:
 * the CSP allows none from blob: addresses). The video carries `data-player` with the kind it plays.
 */
export async function attachSource(
  video: HTMLVideoElement,
  source: Exclude<PlaybackSource, { kind: 'none' }>,
  fail: () => void,
  start: (play: () => Promise<void> | void) => void,
): Promise<Detach> {
  video.muted = true;
  video.dataset.player = source.kind;
  if (source.kind === 'hls') {
    video.addEventListener('error', fail);
    video.src = source.url;
    start(() => video.play());
    return () => {
      video.removeEventListener('error', fail);
      video.removeAttribute('src');
      video.load();
    };
  }
  if (source.kind === 'hlsjs') {
    const Hls = await loadHls();
    const hls = new Hls({
      enableWorker: false,
      liveSyncDurationCount: 1,
      liveMaxLatencyDurationCount: 4,
      backBufferLength: 30,
    });
    hls.on(Hls.Events.ERROR, (_event, data) => {
      if (data.fatal) fail();
    });
    hls.loadSource(source.url);
    hls.attachMedia(video);
    start(() => video.play());
    return () => {
      hls.destroy();
    };
  }
  const mpegts = await loadMpegts();
  const player = mpegts.createPlayer(
    { type: 'flv', isLive: true, url: source.url },
    {
      isLive: true,
      enableWorker: false,
      enableStashBuffer: false,
      stashInitialSize: 128,
      lazyLoad: false,
      autoCleanupSourceBuffer: true,
      liveBufferLatencyChasing: true,
      liveBufferLatencyMaxLatency: 1.5,
      liveBufferLatencyMinRemain: 0.3,
    },
  );
  player.on(mpegts.Events.ERROR, fail);
  player.on(mpegts.Events.LOADING_COMPLETE, fail);
  player.attachMediaElement(video);
  player.load();
  start(() => player.play());
  return () => {
    player.pause();
    player.unload();
    player.detachMediaElement();
    player.destroy();
  };
}
