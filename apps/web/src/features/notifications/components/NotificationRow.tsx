import { useTranslation } from 'react-i18next';
import type { Notification } from '@petheart/contracts';
import { formatRelativeTime } from '../../../shared/format';
import { useLanguage } from '../../../shared/i18n';
import { KIND_TONE, KindIcon } from './KindIcon';
import styles from '../notifications.module.css';

/** One notification in the inbox: its kind's icon, title, body, when, and a dot while unread. */
export function NotificationRow({ notification: n, onOpen }: { notification: Notification; onOpen: () => void }) {
  const { t } = useTranslation('notifications');
  const { locale } = useLanguage();
  return (
    <button
      type="button"
      className={n.read ? styles.row : `${styles.row} ${styles.unread}`}
      data-testid="notification"
      data-id={n.id}
      data-read={String(n.read)}
      onClick={onOpen}
    >
      <span className={styles.icon} data-tone={KIND_TONE[n.kind]} aria-hidden="true">
        <KindIcon kind={n.kind} />
      </span>
      <span className={styles.text}>
        <span className={styles.top}>
          <strong className={styles.title}>
            {n.read ? null : <span className="ph-visually-hidden">{t('unread')}: </span>}
            {n.title}
          </strong>
          <time className={styles.time} dateTime={new Date(n.created_at * 1000).toISOString()}>
            {formatRelativeTime(n.created_at, locale)}
          </time>
        </span>
        {n.body ? <span className={styles.body}>{n.body}</span> : null}
      </span>
      {n.read ? null : <span className={styles.dot} aria-hidden="true" data-testid="unread-dot" />}
    </button>
  );
}
