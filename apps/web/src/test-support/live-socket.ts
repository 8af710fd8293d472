import type { LiveSocket, LiveSocketAuth, OpenLiveSocket } from '../shared/notifications/live-socket';

/**
 * A stand-in for the app's live-namespace socket (never imported by app code): records the handshake's auth,
 * lets the test fire server events, and knows whether the app closed it.
 */
export class FakeLiveSocket implements LiveSocket {
  readonly handlers = new Map<string, ((payload?: unknown) => void)[]>();
  disconnected = false;
  constructor(readonly auth: LiveSocketAuth) {}
  on(event: string, listener: (payload?: unknown) => void) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), listener]);
    return this;
  }
  disconnect() {
    this.disconnected = true;
    return this;
  }
  /** Delivers a server event (or `connect` / `disconnect`) to the app's listeners. */
  fire(event: string, payload?: unknown) {
    for (const fn of this.handlers.get(event) ?? []) fn(payload);
  }
}

/** An opener for `renderApp({ openSocket })` and the sockets it opened, newest last. */
export function fakeLiveSockets(): { open: OpenLiveSocket; sockets: FakeLiveSocket[] } {
  const sockets: FakeLiveSocket[] = [];
  return {
    sockets,
    open: (auth) => {
      const s = new FakeLiveSocket(auth);
      sockets.push(s);
      return Promise.resolve(s);
    },
  };
}
