import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import type { Playback } from '@petheart/contracts';
import type { LiveApi } from './api';
import { attachSource, loadMpegts, type Attached } from './attach-source';
import {
  initialPlayerState,
  playbackEnv,
  playbackSource,
  playerReducer,
  showsOfflineMask,
  type PlaybackGlobals,
  type PlayerStatus,
} from './player-machine';
import { VIDEO_STALL_NOTICE_MS, useBrowserOnline } from './connection';
import { needsNewAddress } from './rewind';
import { useRewind } from './useRewind';

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

/** What the player choice reads of this browser (and of the video element, once there is one). */
function browserGlobals(video?: HTMLVideoElement): PlaybackGlobals {
  return {
    MediaSource: window.MediaSource,
    ManagedMediaSource: (window as { ManagedMediaSource?: unknown }).ManagedMediaSource,
    canPlayHls: video?.canPlayType('application/vnd.apple.mpegurl') ?? '',
  };
}

/** No new frame for this long while "playing" = the stream died without saying so. */
const STALL_MS = 8_000;

/**
 * The room's video: asks mediaEndpoints.play for a fresh address, plays it with mpegts.js (loaded on demand) at low
 * latency, muted and inline; reconnects with backoff (player-machine.ts), at once when the camera comes back,
 * and destroys the player when it is not needed any more. Rewind (useRewind.ts): while the viewer is behind
 * live the page plays the room's HLS, which reaches back a minute; back at live, what it played before.
 */
export function useLivePlayer(
  deviceId: string,
  live: LiveApi,
  cameraOnline: boolean | undefined,
  options: { preferHls?: boolean } = {},
) {
  const preferHls = options.preferHls ?? false;
  const videoRef = useRef<HTMLVideoElement>(null);
  const [state, dispatch] = useReducer(playerReducer, cameraOnline ?? true, initialPlayerState);
  const [playback, setPlayback] = useState<Playback | null>(null);
  const [muted, setMuted] = useState(true);
  const [needsTap, setNeedsTap] = useState(false);
  const [stalled, setStalled] = useState(false);
  const [attached, setAttached] = useState<Attached | null>(null);

  // The room's camera state (detail and `device` events).
  useEffect(() => {
    if (cameraOnline !== undefined) dispatch({ type: 'camera', online: cameraOnline });
  }, [cameraOnline]);

  // requesting: a fresh address every time (they expire). The player's module downloads meanwhile, so the
  // stream can start as soon as the address arrives.
  useEffect(() => {
    if (state.status !== 'requesting' || !deviceId) return;
    if (playbackEnv(browserGlobals()).mse) loadMpegts().catch(() => undefined);
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

  // Rewind: where the room's HLS plays (natively, or through hls.js with MediaSource) and the video plays.
  const [hlsPlayable] = useState(() => {
    const here = playbackEnv(browserGlobals(document.createElement('video')));
    return here.mse || here.nativeHls;
  });
  const renewAddress = useCallback(async () => {
    if (!playback || !needsNewAddress(playback.expires_at, Date.now())) return;
    setPlayback(await live.play(deviceId));
  }, [playback, live, deviceId]);
  const rewind = useRewind({
    videoRef,
    attached,
    available: state.status === 'playing' && Boolean(playback?.hls_url) && hlsPlayable,
    hlsStays: preferHls,
    renewAddress,
  });
  const hlsFirst = preferHls || rewind.state.mode === 'behind';
  // The watchdog reads it: a seek the viewer asked for is no stall. A player attached for a rewind starts there.
  const seekingByChoice = useRef(false);
  const startBehind = useRef<number | undefined>(undefined);
  useEffect(() => {
    seekingByChoice.current = rewind.busy;
    startBehind.current = rewind.startTarget;
  }, [rewind.busy, rewind.startTarget]);

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
    // An object, not a variable: the checks after an await read it as it is then.
    const life = { disposed: false };
    const isDisposed = () => life.disposed;
    let current: Attached | undefined;
    const fail = () => {
      if (!life.disposed) dispatch({ type: 'stream_failed' });
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
      const byChoice = video.seeking || seekingByChoice.current;
      if (!video.paused && !byChoice && lastTime >= 0 && still > VIDEO_STALL_NOTICE_MS) setStalled(true);
      if (still > STALL_MS) fail();
    }, 500);
    const start = (play: () => Promise<void> | void) => {
      Promise.resolve(play()).catch(() => {
        // Autoplay refused (even muted, e.g. in data-saver modes): a tap starts it.
        if (!life.disposed) setNeedsTap(true);
      });
    };

    const env = playbackEnv(browserGlobals(video));
    void (env.mse ? loadMpegts() : Promise.resolve(null))
      .then(async (mpegts) => {
        if (life.disposed) return;
        // FLV needs what mpegts.js needs (H.264 in MediaSource), not only MediaSource.
        const flv = env.flv && (mpegts?.getFeatureList().mseLivePlayback ?? false);
        const source = playbackSource(playback, window.location.origin, { ...env, flv }, hlsFirst);
        if (source.kind === 'none') {
          dispatch({ type: 'unsupported' });
          return;
        }
        const attached = await attachSource(video, source, fail, start, { startBehind: startBehind.current });
        // Left meanwhile (the player's module was loading): undo at once.
        if (isDisposed()) attached.detach();
        else {
          current = attached;
          setAttached(attached);
        }
      })
      .catch(fail);

    return () => {
      life.disposed = true;
      clearInterval(watchdog);
      setStalled(false);
      video.removeEventListener('playing', onPlaying);
      video.removeEventListener('ended', fail);
      current?.detach();
      setAttached(null);
    };
  }, [active, playback, hlsFirst]);

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
  return { videoRef, view, toggleMute, tapToPlay, rewind };
}
