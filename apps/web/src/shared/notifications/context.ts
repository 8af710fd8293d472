import { createContext, useContext } from 'react';

export interface NotificationsState {
  /** The signed-in user's unread notifications; null for a tourist, or until the first count has arrived. */
  unread: number | null;
}

export const NotificationsContext = createContext<NotificationsState>({ unread: null });

/** The unread count the bell shows, kept live while the app is open. */
export function useNotifications(): NotificationsState {
  return useContext(NotificationsContext);
}
