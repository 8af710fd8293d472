import { useCallback } from 'react';
import { useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { Notification, NotificationListData } from '@petheart/contracts';
import { useApi } from '../api';
import { useNavigator } from '../navigation';
import { useSession } from '../session';
import { notificationEndpoints } from './endpoints';
import { inboxKey, notificationsKey, unreadKey, type UnreadState } from './keys';

/** Marks the inbox's cached rows that `match` as read (every page of every language's list). */
function markCachedRead(client: QueryClient, token: string | null, match: (n: Notification) => boolean) {
  client.setQueriesData<InfiniteData<NotificationListData>>({ queryKey: inboxKey(token) }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((p) => ({
            ...p,
            list: p.list.map((n) => (!n.read && match(n) ? { ...n, read: true } : n)),
          })),
        }
      : data,
  );
}

/** Whether a notification's link is one of the app's own pages ('' or anything else is not followed). */
export function isAppLink(link: string): boolean {
  return link.startsWith('/') && !link.startsWith('//');
}

/** The operator console is its own app shell: it opens by a full page load. */
export function isConsoleLink(link: string): boolean {
  return link === '/admin' || /^\/admin[/?#]/.test(link);
}

/**
 * Opening a notification (from the inbox or the in-app banner) and marking all read. Opening marks it read at
 * once in the bell and the inbox (the server's count follows), then goes to the page it is about.
 */
export function useNotificationActions() {
  const api = useApi();
  const client = useQueryClient();
  const { token } = useSession();
  const { navigateTo } = useNavigator();

  const open = useCallback(
    (n: Notification) => {
      if (!n.read) {
        markCachedRead(client, token, (row) => row.id === n.id);
        client.setQueryData<UnreadState>(unreadKey(token), (old) =>
          old ? { unread: Math.max(0, old.unread - 1) } : old,
        );
        api
          .call(notificationEndpoints.read, { ids: [n.id] }, { silent: true })
          .then((data) => {
            client.setQueryData<UnreadState>(unreadKey(token), data);
          })
          .catch(() => {
            void client.invalidateQueries({ queryKey: notificationsKey(token) });
          });
      }
      if (!isAppLink(n.link)) return;
      if (isConsoleLink(n.link)) window.location.assign(n.link);
      else navigateTo(n.link);
    },
    [api, client, token, navigateTo],
  );

  const readAll = useCallback(async () => {
    const data = await api.call(notificationEndpoints.readAll, undefined, { task: 'notificationsReadAll' });
    markCachedRead(client, token, () => true);
    client.setQueryData<UnreadState>(unreadKey(token), data);
  }, [api, client, token]);

  return { open, readAll };
}
