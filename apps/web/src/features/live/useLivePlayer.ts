import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import type Mpegts from 'mpegts.js';
import type { Playback } from '@petheart/contracts';
import type { LiveApi } from './api';
import {
  initialPlayerState,
  playbackSource,
  playerReducer,
  showsOfflineMask,
  type PlayerStatus,
} from './player-machine';
import { VIDEO_STALL_NOTICE_MS, useBrowserOnline } from './connection';

/** What the video area shows. */
export interface PlayerView {
  status: PlayerStatus;
  /** The picture stalled, or failed and is being retried, while the camera is believed online (connection.ts). */
  lost: boolean;
  masked: boolean;
  loading: boolean;
  needsTap: boolean;
  muted: boolean;
}

/** No new frame for this long while "playing" = the stream died without saying so. */
const STALL_MS = 8_000;

const loadMpegts = () => import('mpegts.js').then((m) => m.default);

function hasMediaSource(): boolean {
  return typeof window.MediaSource === 'function' || 'ManagedMediaSource' in window;
}

/**
 * The room's video: asks mediaEndpoints.play for a fresh address, plays it with mpegts.js (loaded on demand) at low
 * latency, muted and inline; reconnects with backoff (player-machine.ts), at once when the camera comes back,
 * and destroys the player when it is not needed any more.
 */
export function useLivePlayer(deviceId: string, live: LiveApi, cameraOnline: boolean | undefined) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [state, dispatch] = useReducer(playerReducer, cameraOnline ?? true, initialPlayerState);
  const [playback, setPlayback] = useState<Playback | null>(null);
  const [muted, setMuted] = useState(true);
  const [needsTap, setNeedsTap] = useState(false);
  const [stalled, setStalled] = useState(false);

  // The room's camera state (detail and `device` events).
  useEffect(() => {
    if (cameraOnline !== undefined) dispatch({ type: 'camera', online: cameraOnline });
  }, [cameraOnline]);

  // requesting: a fresh address every time (they expire). The player's module downloads meanwhile, so the
  // stream can start as soon as the address arrives.
  useEffect(() => {
    if (state.status !== 'requesting' || !deviceId) return;
    if (hasMediaSource()) loadMpegts().catch(() => undefined);
    let stale = false;
    live.play(deviceId).then(
      (p) => {
        if (stale) return;
        setPlayback(p);
        dispatch({ type: 'play_ok', cameraOnline: p.camera_online });
      },
      () => {
        if (!stale) dispatch({ type: 'play_failed' });
      },
    );
    return () => {
      stale = true;
    };
  }, [state.status, deviceId, live]);

  // The network is back: try at once rather than after the backoff.
  const browserOnline = useBrowserOnline();
  useEffect(() => {
    if (browserOnline) dispatch({ type: 'retry' });
  }, [browserOnline]);

  // offline: the next try after the backoff delay.
  useEffect(() => {
    if (state.status !== 'offline') return;
    const id = setTimeout(() => {
      dispatch({ type: 'retry' });
    }, state.retryInMs);
    return () => {
      clearTimeout(id);
    };
  }, [state.status, state.failures, state.retryInMs]);

  // starting / playing: one player for the current address, destroyed when leaving these states.
  const active = state.status === 'starting' || state.status === 'playing';
  useEffect(() => {
    const video = videoRef.current;
    if (!active || !playback || !video) return;
    let disposed = false;
    let player: Mpegts.Player | undefined;
    const fail = () => {
      if (!disposed) dispatch({ type: 'stream_failed' });
    };
    const onPlaying = () => {
      setNeedsTap(false);
      dispatch({ type: 'frames' });
    };
    video.addEventListener('playing', onPlaying);
    video.addEventListener('ended', fail);
    let lastTime = -1;
    let lastChange = Date.now();
    // Every half second: a picture that stopped moving shows as stalled after VIDEO_STALL_NOTICE_MS (the page
    // says it is reconnecting), and after STALL_MS the stream is started again.
    const watchdog = setInterval(() => {
      if (video.currentTime !== lastTime) {
        lastTime = video.currentTime;
        lastChange = Date.now();
        setStalled(false);
        return;
      }
      const still = Date.now() - lastChange;
      if (!video.paused && lastTime >= 0 && still > VIDEO_STALL_NOTICE_MS) setStalled(true);
      if (still > STALL_MS) fail();
    }, 500);
    const start = (play: () => Promise<void> | void) => {
      Promise.resolve(play()).catch(() => {
        // Autoplay refused (even muted, e.g. in data-saver modes): a tap starts it.
        if (!disposed) setNeedsTap(true);
      });
    };

    const nativeHls = video.canPlayType('application/vnd.apple.mpegurl') !== '';
    void (hasMediaSource() ? loadMpegts() : Promise.resolve(null)).then((mpegts) => {
      if (disposed) return;
      const source = playbackSource(playback, window.location.origin, {
        mse: mpegts?.getFeatureList().mseLivePlayback ?? false,
        nativeHls,
      });
      if (source.kind === 'none' || (source.kind === 'flv' && !mpegts)) {
        dispatch({ type: 'unsupported' });
        return;
      }
      video.muted = true;
      if (source.kind === 'hls') {
        video.addEventListener('error', fail);
        video.src = source.url;
        start(() => video.play());
        return;
      }
      if (!mpegts) return;
      player = mpegts.createPlayer(
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
      const p = player;
      start(() => p.play());
    }, fail);

    return () => {
      disposed = true;
      clearInterval(watchdog);
      setStalled(false);
      video.removeEventListener('playing', onPlaying);
      video.removeEventListener('ended', fail);
      video.removeEventListener('error', fail);
      if (player) {
        player.pause();
        player.unload();
        player.detachMediaElement();
        player.destroy();
      } else if (video.getAttribute('src')) {
        video.removeAttribute('src');
        video.load();
      }
    };
  }, [active, playback]);

  const toggleMute = useCallback(() => {
    const video = videoRef.current;
    if (!video) return;
    video.muted = !video.muted;
    setMuted(video.muted);
  }, []);

  const tapToPlay = useCallback(() => {
    void videoRef.current?.play().catch(() => undefined);
  }, []);

  const view: PlayerView = {
    status: state.status,
    lost: state.cameraOnline && ((state.status === 'playing' && stalled) || state.failures > 0),
    masked: showsOfflineMask(state),
    loading: (state.status === 'requesting' || state.status === 'starting') && !showsOfflineMask(state),
    needsTap: needsTap && active,
    muted,
  };
  return { videoRef, view, toggleMute, tapToPlay };
}
