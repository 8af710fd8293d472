import {
  feedReasonMessage,
  type DeviceLiveState,
  type DevicePortion,
  type Feed,
  type MessageKey,
} from '@petheart/contracts';

/**
 * Why Feed is blocked, as the contracts message to show; null when it may go ahead. The feeder is checked
 * first, as the server does (PRODUCT.md §2).
 */
export function feedBlock(state: Pick<DeviceLiveState, 'feeder_online' | 'camera_online'>): MessageKey | null {
  if (!state.feeder_online) return 'error.feeder_offline';
  if (!state.camera_online) return 'error.camera_offline';
  return null;
}

/** A random idempotency key: crypto.randomUUID where the page is a secure context, else a v4 UUID by hand. */
export function newIdempotencyKey(c: Pick<Crypto, 'getRandomValues'> & { randomUUID?: () => string } = crypto): string {
  if (typeof c.randomUUID === 'function') return c.randomUUID();
  const b = c.getRandomValues(new Uint8Array(16));
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * One feeding intent: the chosen portion and its idempotency key. The key is made when a request is first
 * sent and kept for retries of that same intent (a lost answer must not feed twice); choosing another portion,
 * or a definite answer from the server, starts a new intent.
 */
export interface FeedIntent {
  portion: DevicePortion | null;
  key: string | null;
}

export type FeedIntentEvent =
  { type: 'choose'; portion: DevicePortion } | { type: 'send'; newKey: () => string } | { type: 'settled' };

export const EMPTY_INTENT: FeedIntent = { portion: null, key: null };

export function feedIntentReducer(state: FeedIntent, event: FeedIntentEvent): FeedIntent {
  switch (event.type) {
    case 'choose':
      if (state.portion?.grams === event.portion.grams && state.portion.coins === event.portion.coins) return state;
      return { portion: event.portion, key: null };
    case 'send':
      return state.key ? state : { ...state, key: event.newKey() };
    case 'settled':
      return { ...state, key: null };
  }
}

/**
 * Each status poll waits up to this long on the server (a long poll that answers the moment the feed ends),
 * kept under the request layer's 1 s loading delay so following a feed never shows the loading mask.
 */
export const FEED_POLL_WAIT_MS = 800;
/** A lost status answer (no response) is asked again after this long, this many times at most. */
export const FEED_POLL_RETRY_MS = 1_500;
export const FEED_POLL_MAX_RETRIES = 20;

/** What the user is told about a feed: where it is while open, then how it ended. */
export type FeedView =
  | { kind: 'queued'; position: number; waitSeconds: number }
  | { kind: 'dispensing' }
  | { kind: 'fed'; grams: number }
  | { kind: 'failed'; reason: MessageKey };

export function feedView(
  feed: Pick<Feed, 'status' | 'queue_position' | 'expected_wait_s' | 'grams_dispensed' | 'reason'>,
): FeedView {
  switch (feed.status) {
    case 'queued':
      return { kind: 'queued', position: feed.queue_position, waitSeconds: feed.expected_wait_s };
    case 'dispensing':
      return { kind: 'dispensing' };
    case 'succeeded':
      return { kind: 'fed', grams: feed.grams_dispensed };
    case 'failed':
      return { kind: 'failed', reason: feedReasonMessage(feed.reason ?? 'failed') };
  }
}

/** Whether a view is an end (the feed needs no more polling). */
export const isEnded = (view: FeedView): view is Extract<FeedView, { kind: 'fed' | 'failed' }> =>
  view.kind === 'fed' || view.kind === 'failed';
