import type { QueryClient } from '@tanstack/react-query';
import type { Notification } from '@petheart/contracts';
import type { ApiClient } from '../api';
import { NotificationEventSchema, NotificationUnreadEventSchema, notificationEndpoints } from './endpoints';
import { inboxKey, unreadKey, type UnreadState } from './keys';
import type { LiveSocketAuth, OpenLiveSocket } from './live-socket';

/** How many delivered ids are remembered, so one that arrives twice shows one banner. */
const SEEN_IDS = 50;

export interface NotificationsSession {
  client: QueryClient;
  api: ApiClient;
  auth: LiveSocketAuth;
  /** Without one the count is fetched but not kept live (page tests). */
  openSocket?: OpenLiveSocket;
  /** A new unread notification to show in the banner. */
  show: (n: Notification) => void;
}

/**
 * What runs while someone is signed in, loaded (with zod) only then: the unread count fetched into react-query's
 * cache, and a socket on the live namespace, whose `notification` events the server sends to that user's own
 * sockets. An event sets the count and refreshes the inbox; after a dropped socket is back, both are fetched
 * again (what arrived meanwhile was not sent). Returns the stop.
 */
export function startNotifications({ client, api, auth, openSocket, show }: NotificationsSession): () => void {
  const { token } = auth;
  const fetchCount = () => {
    client
      .query({
        queryKey: unreadKey(token),
        staleTime: 0,
        gcTime: Infinity,
        queryFn: (): Promise<UnreadState> => api.call(notificationEndpoints.unread, undefined, { silent: true }),
      })
      .catch(() => undefined);
  };
  fetchCount();
  if (!openSocket) return () => undefined;

  let stopped = false;
  let socket: { disconnect(): unknown } | undefined;
  let dropped = false;
  const seen: number[] = [];
  openSocket(auth)
    .then((s) => {
      if (stopped) {
        s.disconnect();
        return;
      }
      socket = s;
      s.on('connect', () => {
        if (dropped) {
          fetchCount();
          void client.invalidateQueries({ queryKey: inboxKey(token) });
        }
        dropped = false;
      });
      s.on('disconnect', () => {
        dropped = true;
      });
      s.on('notification', (raw) => {
        const parsed = NotificationEventSchema.safeParse(raw);
        if (!parsed.success) return;
        const { notification, unread } = parsed.data;
        client.setQueryData<UnreadState>(unreadKey(token), { unread });
        void client.invalidateQueries({ queryKey: inboxKey(token) });
        if (seen.includes(notification.id)) return;
        seen.push(notification.id);
        if (seen.length > SEEN_IDS) seen.shift();
        if (!notification.read) show(notification);
      });
      // Read in another tab or on another phone: the count, and the inbox's read marks.
      s.on('notification_unread', (raw) => {
        const parsed = NotificationUnreadEventSchema.safeParse(raw);
        if (!parsed.success) return;
        client.setQueryData<UnreadState>(unreadKey(token), { unread: parsed.data.unread });
        void client.invalidateQueries({ queryKey: inboxKey(token) });
      });
    })
    .catch(() => undefined);
  return () => {
    stopped = true;
    socket?.disconnect();
  };
}
