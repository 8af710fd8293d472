import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Notification } from '@petheart/contracts';
import { useNotificationActions } from './actions';
import { BellIcon } from './Bell';
import styles from './banner.module.css';

/** How long the banner stays (unless the reader is on it). */
export const BANNER_MS = 5000;

/**
 * A notification that arrived while the app is open: a banner at the top, as phones show them. Tapping it
 * opens what it is about (and marks it read); it leaves by itself after 5 s, or with its close button.
 */
export default function NotificationBanner({
  notification,
  onClose,
}: {
  notification: Notification;
  onClose: () => void;
}) {
  const { t } = useTranslation('common');
  const { open } = useNotificationActions();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });
  const start = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      close.current();
    }, BANNER_MS);
  };
  const pause = () => {
    clearTimeout(timer.current);
  };
  useEffect(() => {
    start();
    return pause;
  }, []);

  return (
    <div
      className={styles.banner}
      role="status"
      data-testid="notification-banner"
      onPointerEnter={pause}
      onPointerLeave={start}
      onFocus={pause}
      onBlur={start}
    >
      <button
        type="button"
        className={styles.bannerOpen}
        onClick={() => {
          open(notification);
          onClose();
        }}
      >
        <span className={styles.bannerIcon} aria-hidden="true">
          <BellIcon />
        </span>
        <span className={styles.bannerText}>
          <strong className={styles.bannerTitle}>{notification.title}</strong>
          {notification.body ? <span className={styles.bannerBody}>{notification.body}</span> : null}
        </span>
      </button>
      <button type="button" className={styles.bannerClose} aria-label={t('dismiss')} onClick={onClose}>
        <svg viewBox="0 0 24 24" width="1em" height="1em" aria-hidden="true" focusable="false">
          <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth={2} strokeLinecap="round" />
        </svg>
      </button>
    </div>
  );
}
