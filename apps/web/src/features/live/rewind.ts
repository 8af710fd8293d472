/**
 * Rewind (issue 26 §3), kept pure so it is tested without a player: the viewer scrubs back up to a minute into
 * the room's live HLS (its playlist reaches back 64 s) and returns to live. `behind` is in seconds behind the
 * playlist's live edge. While behind, the page plays HLS (FLV cannot seek back) and the LIVE badge is grey with
 * how far behind; back at live it plays what it played before (FLV where that was the choice).
 */

/** How far back the viewer can go, s. */
export const REWIND_MAX_S = 60;
/** The "back 10 s" button's step, s. */
export const REWIND_STEP_S = 10;
/**
 * Closer to the live edge than this counts as live: hls.js plays about a segment and a half behind the edge
 * (liveSyncDurationCount 1 of 1 s segments), so a measured 1–2 s is live, not "behind".
 */
export const LIVE_SNAP_S = 3;
/**
 * A drop of the measured distance this large to under LIVE_SNAP_S is the player jumping back to live by itself
 * (a picture stalled out of the window); smaller ones are the edge's 1 s steps and the seek landing short.
 */
export const LIVE_JUMP_S = 5;
/** Kept between a seek and the oldest segment listed, s: the playlist slides on while the seek is served. */
export const WINDOW_MARGIN_S = 1;
/**
 * A replay of the viewer's own feed starts this long before the moment the page learnt it ended: the food
 * falls during the dispense, just before the feeder reports it, and the HLS edge is itself a second or two
 * behind the camera.
 */
export const REPLAY_LEAD_S = 3;
/** A playback address this close to expiring is renewed before a switch to HLS, ms. */
export const ADDRESS_RENEW_MS = 120_000;

export type RewindState =
  | { mode: 'live' }
  /**
   * target: where the viewer asked to be; seeking: the seek waits for the HLS window (the source is switching
   * or its playlist is loading); shown: whole seconds behind the edge as measured (what the badge says).
   */
  | { mode: 'behind'; target: number; seeking: boolean; shown: number };

export type RewindEvent =
  | { type: 'scrub'; behind: number }
  | { type: 'seeked' }
  | { type: 'measured'; behind: number }
  /** Back to live: asked by the viewer, or the stream failed (a new start plays live). */
  | { type: 'live' };

export const LIVE: RewindState = { mode: 'live' };

/** Seconds behind live within what the viewer may ask: 0 … REWIND_MAX_S. */
export function clampBehind(seconds: number): number {
  if (!Number.isFinite(seconds)) return 0;
  return Math.min(REWIND_MAX_S, Math.max(0, seconds));
}

export function rewindReducer(state: RewindState, event: RewindEvent): RewindState {
  switch (event.type) {
    case 'scrub': {
      const behind = clampBehind(event.behind);
      if (behind < LIVE_SNAP_S) return LIVE;
      return { mode: 'behind', target: behind, seeking: true, shown: Math.round(behind) };
    }
    case 'seeked':
      return state.mode === 'behind' && state.seeking ? { ...state, seeking: false } : state;
    case 'measured': {
      if (state.mode !== 'behind' || state.seeking) return state;
      // The player went back to live by itself (the picture stalled out of the window): so does the page.
      if (event.behind < LIVE_SNAP_S && state.shown - event.behind >= LIVE_JUMP_S) return LIVE;
      // Near live by choice (a replay just after a feed), it stays behind: never "−0 s".
      const shown = Math.max(1, Math.round(event.behind));
      return shown === state.shown ? state : { ...state, shown };
    }
    case 'live':
      return state.mode === 'live' ? state : LIVE;
  }
}

/** The part of the stream that can be sought, in the media's own seconds. */
export interface SeekWindow {
  start: number;
  end: number;
}

/** Where to seek for `behind` seconds behind the edge, kept inside the window (a little after its start). */
export function seekPosition(window: SeekWindow, behind: number): number {
  const earliest = Math.min(window.end, window.start + WINDOW_MARGIN_S);
  return Math.max(earliest, window.end - clampBehind(behind));
}

/** How far behind the edge `currentTime` is, s (never negative). */
export function behindOf(window: SeekWindow, currentTime: number): number {
  return Math.max(0, window.end - currentTime);
}

/** Seconds behind live as the badge and the slider show them (0 at live). */
export function shownBehind(state: RewindState): number {
  return state.mode === 'behind' ? state.shown : 0;
}

/** The timeline slider runs from REWIND_MAX_S behind (0, on the left) to live (REWIND_MAX_S, on the right). */
export const sliderValue = (behind: number): number => REWIND_MAX_S - Math.round(clampBehind(behind));
export const behindFromSlider = (value: number): number => clampBehind(REWIND_MAX_S - value);

/** Where "back 10 s" goes from here. */
export function stepBack(state: RewindState): number {
  return clampBehind(shownBehind(state) + REWIND_STEP_S);
}

/** How far behind to go to watch the viewer's own feed again (it ended at `fedAtMs`, wall clock). */
export function replayBehind(fedAtMs: number, nowMs: number): number {
  return Math.max(0, nowMs - fedAtMs) / 1000 + REPLAY_LEAD_S;
}

/** How long the feed can still be replayed, ms (0: it has left the minute the playlist reaches back). */
export function replayLeftMs(fedAtMs: number | null, nowMs: number): number {
  if (fedAtMs === null) return 0;
  return Math.max(0, (REWIND_MAX_S - replayBehind(fedAtMs, nowMs)) * 1000);
}

/** Whether a playback address (expires_at, unix s) must be renewed before switching to its HLS. */
export function needsNewAddress(expiresAtS: number, nowMs: number): boolean {
  return expiresAtS * 1000 - nowMs < ADDRESS_RENEW_MS;
}

/**
 * What the LIVE badge says: 'live' (red), 'behind' (grey, with how far, and a way back), 'stale' (grey: the
 * page is reconnecting, what it shows may be behind) or 'off' (grey: the camera is offline). Reconnecting
 * wins over behind: a lost link is said before a choice of the viewer.
 */
export type LiveBadgeState = 'live' | 'behind' | 'stale' | 'off';

export function liveBadgeState(s: { stale: boolean; cameraOnline: boolean; behind: boolean }): LiveBadgeState {
  if (s.stale) return 'stale';
  if (!s.cameraOnline) return 'off';
  return s.behind ? 'behind' : 'live';
}
