import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useNotifications } from './context';
import { LineIcon, type IconProps } from '../ui/icons';
import { NOTIFICATIONS_PATH } from './keys';
import styles from './bell.module.css';

/** The bell (the notification centre's icon), in the app's line-icon frame. */
export const BellIcon = (p: IconProps) => (
  <LineIcon {...p}>
    <path d="M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15z" />
    <path d="M10 20.5a2 2 0 0 0 4 0" />
  </LineIcon>
);

/** The badge's text: the count, or 99+ above 99. */
export function badgeText(count: number): string {
  return count > 99 ? '99+' : String(count);
}

/**
 * The bell (Me and the home header): a link to the inbox with a red badge of the unread count, its accessible
 * name saying how many. A tourist's bell has no badge and leads to the login page (the inbox needs a login).
 */
export function Bell() {
  const { t } = useTranslation('common');
  const { unread } = useNotifications();
  const count = unread ?? 0;
  return (
    <Link
      to={NOTIFICATIONS_PATH}
      className={`ph-icon-button ${styles.bell}`}
      aria-label={count > 0 ? t('notificationsUnread', { count }) : t('notifications')}
      data-testid="bell"
    >
      <BellIcon />
      {count > 0 ? (
        <span className={styles.badge} aria-hidden="true" data-testid="bell-badge">
          {badgeText(count)}
        </span>
      ) : null}
    </Link>
  );
}
