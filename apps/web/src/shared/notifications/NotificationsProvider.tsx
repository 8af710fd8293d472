import { lazy, Suspense, useCallback, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSession } from '../session';
import { NotificationsContext, type NotificationsState } from './context';
import { unreadKey, type UnreadState } from './keys';
import type { OpenLiveSocket } from './live-socket';

/** The live part (count, socket, banner) loads once someone is signed in: none of it weighs on the entry chunk. */
const NotificationsLive = lazy(() => import('./NotificationsLive'));

export interface NotificationsProviderProps {
  /** Opens the live namespace's socket; without one the count is fetched but not kept live (page tests). */
  openSocket?: OpenLiveSocket;
  children: ReactNode;
}

/**
 * The notification centre's app-wide part (issue 29 §1): the signed-in user's unread count for the bell, kept
 * live by a socket open while someone is signed in. The count lives in react-query's cache (fetched there by
 * the live part; the inbox and its actions set it too) and is read here through the cache's own subscription:
 * useQuery's observer would add 2 KiB to the entry chunk, which has no room for it.
 */
export function NotificationsProvider({ openSocket, children }: NotificationsProviderProps) {
  const client = useQueryClient();
  const { token } = useSession();
  const count = useSyncExternalStore(
    useCallback((onChange: () => void) => client.getQueryCache().subscribe(onChange), [client]),
    () => (token ? client.getQueryData<UnreadState>(unreadKey(token))?.unread : undefined),
  );
  const unread = count ?? null;
  const value = useMemo<NotificationsState>(() => ({ unread }), [unread]);
  return (
    <NotificationsContext.Provider value={value}>
      {children}
      {token ? (
        <Suspense fallback={null}>
          <NotificationsLive token={token} openSocket={openSocket} />
        </Suspense>
      ) : null}
    </NotificationsContext.Provider>
  );
}
