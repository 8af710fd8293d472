import { useCallback, useEffect, useReducer, useState, type RefObject } from 'react';
import type { Attached } from './attach-source';
import {
  LIVE,
  behindOf,
  replayBehind,
  rewindReducer,
  seekPosition,
  shownBehind,
  stepBack as stepBackFrom,
  type RewindState,
} from './rewind';

/** What the page's rewind controls read and call (issue 26 §3). */
export interface Rewind {
  /** The room's HLS can be played here and the video plays: the controls are shown. */
  available: boolean;
  state: RewindState;
  /** A seek on its way: a player attached now starts there (seconds behind live). */
  startTarget: number | undefined;
  /** Whole seconds behind live (0 at live). */
  behind: number;
  /** A seek the viewer asked for is on its way (the source switching, the playlist or a segment loading). */
  busy: boolean;
  scrub: (behind: number) => void;
  stepBack: () => void;
  toLive: () => void;
  /** Goes back to just before the viewer's own feed, which ended at `fedAtMs` (wall clock). */
  replay: (fedAtMs: number) => void;
}

/** How often the distance to live is measured while behind, ms. */
const MEASURE_MS = 500;
/** Events after which a waiting seek tries again (the new player has started, its playlist has come). */
const READY_EVENTS = ['loadeddata', 'canplay', 'playing', 'timeupdate', 'durationchange'] as const;

/**
 * Rewind over the attached player (attach-source.ts): the rewind state (rewind.ts); a seek waits until the
 * player has a window to seek in and has made its own start (hls.js seeks to its start once its first segment
 * is in, and would undo an earlier seek); while behind, hls.js stops chasing live and the distance is measured.
 * The source itself is chosen by the caller from `state` (HLS while behind; a new hls.js starts at the target,
 * `startTarget`). `hlsStays`: the page plays HLS at live too, so going back to live is a seek rather than a new
 * player. `renewAddress` runs before leaving FLV.
 */
export function useRewind(options: {
  videoRef: RefObject<HTMLVideoElement | null>;
  attached: Attached | null;
  available: boolean;
  hlsStays: boolean;
  renewAddress: () => Promise<void>;
}): Rewind {
  const { videoRef, attached, available, hlsStays, renewAddress } = options;
  const [state, dispatch] = useReducer(rewindReducer, LIVE);
  const [videoSeeking, setVideoSeeking] = useState(false);

  // No video to rewind any more (the stream ended or failed and starts again, at live).
  useEffect(() => {
    if (!available) dispatch({ type: 'live' });
  }, [available]);

  // At live, hls.js keeps to the live edge again.
  useEffect(() => {
    if (state.mode === 'live') attached?.chaseLive(true);
  }, [state.mode, attached]);

  const target = state.mode === 'behind' && state.seeking ? state.target : null;
  useEffect(() => {
    const video = videoRef.current;
    if (target === null || !attached || !video) return;
    const trySeek = () => {
      const window = attached.window();
      if (!window || video.readyState < HTMLMediaElement.HAVE_CURRENT_DATA) return false;
      // A player started for this rewind is there already; one that plays on is moved.
      if (attached.startedBehind !== target) {
        attached.chaseLive(false);
        video.currentTime = seekPosition(window, target);
      }
      dispatch({ type: 'seeked' });
      return true;
    };
    if (trySeek()) return;
    const onReady = () => {
      if (trySeek()) stop();
    };
    const stop = () => {
      for (const name of READY_EVENTS) video.removeEventListener(name, onReady);
    };
    for (const name of READY_EVENTS) video.addEventListener(name, onReady);
    return stop;
  }, [target, attached, videoRef]);

  const measuring = state.mode === 'behind' && !state.seeking;
  useEffect(() => {
    const video = videoRef.current;
    if (!measuring || !attached || !video) return;
    const id = setInterval(() => {
      const window = attached.window();
      if (window && !video.seeking) dispatch({ type: 'measured', behind: behindOf(window, video.currentTime) });
    }, MEASURE_MS);
    return () => {
      clearInterval(id);
    };
  }, [measuring, attached, videoRef]);

  // The browser's own seek (a segment loading) shows as busy too while behind.
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const update = () => {
      setVideoSeeking(video.seeking);
    };
    video.addEventListener('seeking', update);
    video.addEventListener('seeked', update);
    video.addEventListener('emptied', update);
    return () => {
      video.removeEventListener('seeking', update);
      video.removeEventListener('seeked', update);
      video.removeEventListener('emptied', update);
    };
  }, [videoRef]);

  const scrub = useCallback(
    (behind: number) => {
      const go = () => {
        dispatch({ type: 'scrub', behind });
      };
      // Leaving FLV for HLS: an address about to expire is renewed first (its playlist is reloaded every second).
      if (state.mode === 'live' && !hlsStays)
        void renewAddress()
          .catch(() => undefined)
          .finally(go);
      else go();
    },
    [state.mode, hlsStays, renewAddress],
  );

  const toLive = useCallback(() => {
    dispatch({ type: 'live' });
    // FLV comes back as a new player, at live; HLS that stays seeks to its live position.
    const video = videoRef.current;
    if (!hlsStays || !attached || !video) return;
    attached.chaseLive(true);
    const position = attached.livePosition();
    if (position !== null) video.currentTime = position;
  }, [hlsStays, attached, videoRef]);

  const stepBack = useCallback(() => {
    scrub(stepBackFrom(state));
  }, [scrub, state]);

  const replay = useCallback(
    (fedAtMs: number) => {
      scrub(replayBehind(fedAtMs, Date.now()));
    },
    [scrub],
  );

  return {
    available,
    state,
    startTarget: target ?? undefined,
    behind: shownBehind(state),
    busy: target !== null || (state.mode === 'behind' && videoSeeking),
    scrub,
    stepBack,
    toLive,
    replay,
  };
}
