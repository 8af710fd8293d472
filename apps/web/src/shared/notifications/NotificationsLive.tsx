import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { Notification } from '@petheart/contracts';
import { useApi } from '../api';
import { useLanguage } from '../i18n';
import { startNotifications } from './channel';
import { NOTIFICATIONS_PATH } from './keys';
import type { OpenLiveSocket } from './live-socket';
import NotificationBanner from './NotificationBanner';

/**
 * While someone is signed in (its own chunk, with zod, loaded only then): the count and the socket
 * (channel.ts), and the banner for each notification that arrives, except over the inbox, which lists it.
 */
export default function NotificationsLive({ token, openSocket }: { token: string; openSocket?: OpenLiveSocket }) {
  const api = useApi();
  const client = useQueryClient();
  const { locale } = useLanguage();
  const { pathname } = useLocation();
  const [banner, setBanner] = useState<Notification | null>(null);

  const onInbox = useRef(false);
  useEffect(() => {
    onInbox.current = pathname === NOTIFICATIONS_PATH;
  }, [pathname]);

  useEffect(
    () =>
      startNotifications({
        client,
        api,
        auth: { token, lang: locale },
        openSocket,
        show: (n) => {
          if (!onInbox.current) setBanner(n);
        },
      }),
    [token, locale, openSocket, client, api],
  );

  return banner ? (
    <NotificationBanner
      key={banner.id}
      notification={banner}
      onClose={() => {
        setBanner(null);
      }}
    />
  ) : null;
}
