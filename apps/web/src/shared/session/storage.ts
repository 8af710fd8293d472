/** Stored keys (spec §3): localStorage `token` and `version`; sessionStorage `pid`. */
export const TOKEN_KEY = 'token';
export const VERSION_KEY = 'version';
export const PID_KEY = 'pid';

/** The login token in localStorage, observable so the API client and the session agree. */
export interface TokenStore {
  get: () => string | null;
  set: (token: string) => void;
  remove: () => void;
  subscribe: (listener: () => void) => () => void;
}

export function createTokenStore(storage: Storage): TokenStore {
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const l of listeners) l();
  };
  return {
    get: () => storage.getItem(TOKEN_KEY) || null,
    set(token) {
      storage.setItem(TOKEN_KEY, token);
      notify();
    },
    remove() {
      if (storage.getItem(TOKEN_KEY) === null) return;
      storage.removeItem(TOKEN_KEY);
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
