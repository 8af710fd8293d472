import type { DeviceLiveState, DevicePortion, MessageKey } from '@petheart/contracts';

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
