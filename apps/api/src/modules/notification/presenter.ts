import type { Locale, Notification, NotificationKind } from '@petheart/contracts';
import { seconds } from '../../lib/time';
import type { NotificationParams } from './ports';
import { renderNotification } from './render';

/** A stored notification (a row of the inbox, or one just created: unread). */
export interface StoredNotification {
  id: number;
  kind: string;
  params: NotificationParams;
  link: string;
  createdAt: Date;
  readAt?: Date | null;
}

/** A notification as its reader sees it: rendered in their language. */
export function toNotification(n: StoredNotification, locale: Locale): Notification {
  const kind = n.kind as NotificationKind;
  return {
    id: n.id,
    kind,
    ...renderNotification(kind, n.params, locale),
    link: n.link,
    read: n.readAt != null,
    created_at: seconds(n.createdAt),
  };
}
