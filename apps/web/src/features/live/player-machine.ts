/**
 * The video player's reconnect state machine, kept pure so it is tested without a player.
 *
 * requesting (mediaEndpoints.play in flight) → starting (player created, waiting for frames) → playing.
 * Any failure, a stream that ends or stalls, or the camera going offline → offline, which retries after a
 * growing delay (addresses expire, so every retry asks mediaEndpoints.play again) or at once when the `device`
 * event says the camera is back. Without MediaSource and without native HLS → unsupported (final).
 */
export type PlayerStatus = 'requesting' | 'starting' | 'playing' | 'offline' | 'unsupported';

export interface PlayerState {
  status: PlayerStatus;
  /** Failed attempts in a row (0 once frames play); drives the backoff. */
  failures: number;
  /** While offline: how long to wait before the next try. */
  retryInMs: number;
  /** Whether the camera is believed online (from mediaEndpoints.play and `device` events). */
  cameraOnline: boolean;
}

export type PlayerEvent =
  | { type: 'play_ok'; cameraOnline: boolean }
  | { type: 'play_failed' }
  | { type: 'stream_failed' }
  | { type: 'frames' }
  | { type: 'camera'; online: boolean }
  | { type: 'retry' }
  | { type: 'unsupported' };

export const RETRY_BASE_MS = 1_000;
export const RETRY_MAX_MS = 30_000;

/** 1 s, 2 s, 4 s … capped at 30 s (the cap is also the period of the checks while the camera stays offline). */
export function retryDelay(failures: number): number {
  const n = Math.max(1, failures);
  return Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** (n - 1));
}

export function initialPlayerState(cameraOnline = true): PlayerState {
  return { status: 'requesting', failures: 0, retryInMs: 0, cameraOnline };
}

function offline(state: PlayerState, cameraOnline = state.cameraOnline): PlayerState {
  const failures = state.failures + 1;
  return { status: 'offline', failures, retryInMs: retryDelay(failures), cameraOnline };
}

export function playerReducer(state: PlayerState, event: PlayerEvent): PlayerState {
  if (state.status === 'unsupported') return state;
  switch (event.type) {
    case 'unsupported':
      return { ...state, status: 'unsupported', retryInMs: 0 };
    case 'play_ok':
      if (state.status !== 'requesting') return state;
      return event.cameraOnline
        ? { ...state, status: 'starting', retryInMs: 0, cameraOnline: true }
        : offline(state, false);
    case 'play_failed':
      return state.status === 'requesting' ? offline(state) : state;
    case 'stream_failed':
      return state.status === 'starting' || state.status === 'playing' ? offline(state) : state;
    case 'frames':
      return state.status === 'starting' || state.status === 'playing'
        ? { ...state, status: 'playing', failures: 0, retryInMs: 0, cameraOnline: true }
        : state;
    case 'camera':
      if (!event.online) {
        // The picture is gone: show the mask now rather than when the stream notices.
        return state.status === 'offline' ? { ...state, cameraOnline: false } : offline(state, false);
      }
      // Back online: try again at once with a fresh address, and start the backoff over.
      if (state.status === 'offline') return { status: 'requesting', failures: 0, retryInMs: 0, cameraOnline: true };
      return { ...state, cameraOnline: true };
    case 'retry':
      return state.status === 'offline' ? { ...state, status: 'requesting', retryInMs: 0 } : state;
  }
}

/**
 * The offline mask covers the video while offline, and keeps covering it while a retry after a failure (or
 * with the camera believed offline) is on its way, so the label does not flicker between attempts.
 */
export function showsOfflineMask(state: PlayerState): boolean {
  if (state.status === 'playing' || state.status === 'unsupported') return false;
  return state.status === 'offline' || state.failures > 0 || !state.cameraOnline;
}

/** How to play an issued address here: FLV (mpegts.js), HLS the browser plays itself, HLS through hls.js, or not at all. */
export type PlaybackSource =
  { kind: 'flv'; url: string } | { kind: 'hls'; url: string } | { kind: 'hlsjs'; url: string } | { kind: 'none' };

/** What this browser can play (from `playbackEnv`). */
export interface PlaybackEnv {
  /** MediaSource or ManagedMediaSource (iOS 17.1+): what mpegts.js and hls.js play through. */
  mse: boolean;
  /** mpegts.js plays live FLV here (MediaSource that takes its codecs); playbackEnv assumes it does with mse. */
  flv: boolean;
  /** The browser plays HLS itself. Only counted without MediaSource: Chromium answers "maybe" and cannot. */
  nativeHls: boolean;
}

/** The parts of `window` and a `<video>` the choice reads. */
export interface PlaybackGlobals {
  MediaSource?: unknown;
  ManagedMediaSource?: unknown;
  /** `video.canPlayType('application/vnd.apple.mpegurl')`. */
  canPlayHls: string;
}

export function playbackEnv(g: PlaybackGlobals): PlaybackEnv {
  const mse = typeof g.MediaSource === 'function' || typeof g.ManagedMediaSource === 'function';
  return { mse, flv: mse, nativeHls: !mse && g.canPlayHls !== '' };
}

/**
 * Low-latency FLV where mpegts.js plays it; else HLS the browser plays itself (iOS Safari before 17.1, in-app
 * browsers on iOS); else HLS through hls.js where there is MediaSource; else nothing. `preferHls` (the live
 * page's `?player=hls`) takes HLS first where there is one; a deployment without FLV (scaled out on nginx
 * edges) gives HLS only. Addresses become absolute (mpegts.js needs that); an edge's are already.
 */
export function playbackSource(
  p: { flv_url: string | null; hls_url: string | null },
  origin: string,
  env: PlaybackEnv,
  preferHls = false,
): PlaybackSource {
  const abs = (url: string) => new URL(url, origin).href;
  const hls: PlaybackSource | undefined = !p.hls_url
    ? undefined
    : env.nativeHls
      ? { kind: 'hls', url: abs(p.hls_url) }
      : env.mse
        ? { kind: 'hlsjs', url: abs(p.hls_url) }
        : undefined;
  if (preferHls && hls) return hls;
  if (env.flv && p.flv_url) return { kind: 'flv', url: abs(p.flv_url) };
  return hls ?? { kind: 'none' };
}
