import { useContext, useEffect, useRef } from 'react';
import { SessionContext, type Session } from './SessionProvider';
import type { AppEvents } from './events';

export { SessionProvider, type Session, type SessionProviderProps } from './SessionProvider';
export { createEventBus, DEFAULT_LOCATION, type AppEvents, type AppLocation, type EventBus } from './events';
export { createTokenStore, PID_KEY, TOKEN_KEY, VERSION_KEY, type TokenStore } from './storage';
export { capturePid, pidFromSearch } from './pid';

/** The session: token, user, config, login/logout, pid, visitorId, location. */
export function useSession(): Session {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession() needs <SessionProvider>');
  return value;
}

/** Subscribes to an app event ('loginSuccess', 'logout', 'updateLocation') for the component's lifetime. */
export function useAppEvent<K extends keyof AppEvents>(name: K, handler: (payload: AppEvents[K]) => void): void {
  const { events } = useSession();
  const ref = useRef(handler);
  useEffect(() => {
    ref.current = handler;
  });
  useEffect(
    () =>
      events.on(name, (p) => {
        ref.current(p);
      }),
    [events, name],
  );
}
