/** The inbox (issue 29 §1): a login-required page under Me. */
export const NOTIFICATIONS_PATH = '/pages/mine/notifications';

/** Every notification query of one signed-in session (the token keeps one account's cache from another's). */
export const notificationsKey = (token: string | null) => ['notifications', token] as const;
/** The unread count: `{ unread }` as the `unread` endpoint answers. */
export const unreadKey = (token: string | null) => [...notificationsKey(token), 'unread'] as const;
/** The inbox's pages (an infinite query of the `list` endpoint's answers). */
export const inboxKey = (token: string | null) => [...notificationsKey(token), 'list'] as const;

export interface UnreadState {
  unread: number;
}
