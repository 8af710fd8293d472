import type { Locale } from '@petheart/contracts';

/** What the app needs of a socket.io client socket on the `/live` namespace (tests hand in a stand-in). */
export interface LiveSocket {
  on(event: string, listener: (payload?: unknown) => void): unknown;
  disconnect(): unknown;
}

/** The handshake's `auth`: the session's token and the language the server writes its texts in. */
export interface LiveSocketAuth {
  token: string;
  lang: Locale;
}

/** Opens a socket to the live namespace (socket.io reconnects it by itself, with backoff, until disconnected). */
export type OpenLiveSocket = (auth: LiveSocketAuth) => Promise<LiveSocket>;

/**
 * The real opener: socket.io-client and the namespace's name load on first use (a signed-in user's first page),
 * never with the entry chunk.
 */
export const openLiveSocket: OpenLiveSocket = async (auth) => {
  const [{ io }, { LIVE_NAMESPACE }] = await Promise.all([import('socket.io-client'), import('./endpoints')]);
  return io(LIVE_NAMESPACE, { path: '/socket.io', auth });
};
