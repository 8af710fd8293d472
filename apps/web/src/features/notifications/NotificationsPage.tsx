import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { notificationEndpoints, type Notification, type NotificationListData } from '@petheart/contracts';
import { useApi } from '../../shared/api';
import { useLanguage } from '../../shared/i18n';
import { useSession } from '../../shared/session';
import { EmptyState, PageHeader, PagedList, PullToRefresh, usePagedList } from '../../shared/ui';
import { useNotificationActions } from '../../shared/notifications/actions';
import { useNotifications } from '../../shared/notifications/context';
import { inboxKey, unreadKey, type UnreadState } from '../../shared/notifications/keys';
import { NotificationRow } from './components/NotificationRow';
import styles from './notifications.module.css';

/**
 * /pages/mine/notifications (login required): the user's notifications, newest first, paged as they scroll,
 * with pull-down refresh. Tapping one marks it read and opens its page; "Mark all read" clears the bell. New ones
 * arrive over the socket (the app shell refreshes this list).
 */
export default function NotificationsPage() {
  const { t } = useTranslation('notifications');
  const api = useApi();
  const client = useQueryClient();
  const { token } = useSession();
  const { locale } = useLanguage();
  const { unread } = useNotifications();
  const { open, readAll } = useNotificationActions();
  const list = usePagedList<Notification>({
    // The server writes the texts in the reader's language: another language is another list.
    queryKey: [...inboxKey(token), locale],
    fetchPage: async (page, limit): Promise<NotificationListData> => {
      const data = await api.call(notificationEndpoints.list, { page, limit }, { silent: true });
      client.setQueryData<UnreadState>(unreadKey(token), { unread: data.unread });
      return data;
    },
  });
  const count = unread ?? 0;
  return (
    <div className={styles.page}>
      <PageHeader title={t('title')} />
      <PullToRefresh onRefresh={list.refresh}>
        <div className={styles.content} data-testid="notifications">
          {list.rows.length > 0 ? (
            <div className={styles.toolbar}>
              <span className={styles.summary} data-testid="unread-summary">
                {count > 0 ? t('unreadCount', { count }) : t('allRead')}
              </span>
              <button
                type="button"
                className="ph-link-button"
                disabled={count === 0}
                onClick={() => {
                  readAll().catch(() => undefined);
                }}
              >
                {t('markAllRead')}
              </button>
            </div>
          ) : null}
          {list.rows.length === 0 && !list.loading && !list.error ? (
            <EmptyState text={t('empty')} />
          ) : (
            <PagedList
              list={list}
              className={styles.list}
              keyOf={(n) => n.id}
              renderItem={(n) => (
                <NotificationRow
                  notification={n}
                  onOpen={() => {
                    open(n);
                  }}
                />
              )}
            />
          )}
        </div>
      </PullToRefresh>
    </div>
  );
}
