import type { PlaybackSource } from './player-machine';
import { seekPosition, type SeekWindow } from './rewind';

/** What attachSource started: stop it, and what rewinding needs of it. */
export interface Attached {
  /** Stops the player and frees the video element. */
  detach: () => void;
  /** The part of the live stream the viewer can seek in; null for FLV, or before the playlist is known. */
  window: () => SeekWindow | null;
  /** Where playing live is (media seconds); null where unknown. */
  livePosition: () => number | null;
  /** hls.js: jump back to live when far behind it (on, the default), or stay where the viewer went (off). */
  chaseLive: (on: boolean) => void;
  /** Started this far behind live (hls.js for a rewind: its first picture is already there). */
  startedBehind?: number;
}

/** hls.js jumps back to live when it falls this many segments behind (while chasing live). */
const MAX_LATENCY_SEGMENTS = 4;
/** Safari keeps about three target durations behind the end of a live playlist. */
const NATIVE_HOLD_BACK_S = 3;

/** The media element's own seekable range (native HLS: the live playlist's window). */
function seekableWindow(video: HTMLVideoElement): SeekWindow | null {
  const ranges = video.seekable;
  if (ranges.length === 0) return null;
  const end = ranges.end(ranges.length - 1);
  return Number.isFinite(end) ? { start: ranges.start(0), end } : null;
}

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
  options: { startBehind?: number } = {},
): Promise<Attached> {
  video.muted = true;
  video.dataset.player = source.kind;
  if (source.kind === 'hls') {
    video.addEventListener('error', fail);
    video.src = source.url;
    start(() => video.play());
    return {
      detach: () => {
        video.removeEventListener('error', fail);
        video.removeAttribute('src');
        video.load();
      },
      window: () => seekableWindow(video),
      livePosition: () => {
        const w = seekableWindow(video);
        return w ? Math.max(w.start, w.end - NATIVE_HOLD_BACK_S) : null;
      },
      chaseLive: () => undefined,
    };
  }
  if (source.kind === 'hlsjs') {
    const Hls = await loadHls();
    const { startBehind } = options;
    const hls = new Hls({
      enableWorker: false,
      liveSyncDurationCount: 1,
      liveMaxLatencyDurationCount: startBehind === undefined ? MAX_LATENCY_SEGMENTS : Number.POSITIVE_INFINITY,
      backBufferLength: 30,
      // A rewind starts where the viewer asked, once the playlist says where that is (not at live, then back).
      autoStartLoad: startBehind === undefined,
    });
    hls.on(Hls.Events.ERROR, (_event, data) => {
      if (data.fatal) fail();
    });
    if (startBehind !== undefined)
      hls.once(Hls.Events.LEVEL_LOADED, (_event, { details }) => {
        hls.startLoad(seekPosition({ start: details.fragmentStart, end: details.edge }, startBehind));
      });
    hls.loadSource(source.url);
    hls.attachMedia(video);
    start(() => video.play());
    return {
      detach: () => {
        hls.destroy();
      },
      window: () => {
        const details = hls.latestLevelDetails;
        return details?.live && details.fragments.length > 0
          ? { start: details.fragmentStart, end: details.edge }
          : null;
      },
      livePosition: () => hls.liveSyncPosition,
      chaseLive: (on) => {
        // hls.js reads its config as it goes: off, a rewound viewer is not sent back to live at the next reload.
        hls.config.liveMaxLatencyDurationCount = on ? MAX_LATENCY_SEGMENTS : Number.POSITIVE_INFINITY;
      },
      startedBehind: startBehind,
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
      // Playback starts at the keyframe the server cached, up to a GOP (1 s) behind; a viewer who joined late in
      // the GOP would stay that far behind (chasing only seeks past 1.5 s). Played a little faster instead until
      // the buffer is down to half a second.
      liveSync: true,
      liveSyncMaxLatency: 0.8,
      liveSyncTargetLatency: 0.5,
      liveSyncPlaybackRate: 1.2,
    },
  );
  player.on(mpegts.Events.ERROR, fail);
  player.on(mpegts.Events.LOADING_COMPLETE, fail);
  player.attachMediaElement(video);
  player.load();
  start(() => player.play());
  return {
    detach: () => {
      player.pause();
      player.unload();
      player.detachMediaElement();
      player.destroy();
    },
    // mpegts.js keeps only the last seconds: FLV cannot seek back (the page switches to HLS for that).
    window: () => null,
    livePosition: () => null,
    chaseLive: () => undefined,
  };
}
