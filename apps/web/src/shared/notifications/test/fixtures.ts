import { notificationEndpoints, userEndpoints, type Notification, type UserInfo } from '@petheart/contracts';
import { demoUser, stubApi, type ApiCall } from '../../../test-support/app';

/** Test data for the notification centre (never imported by app code). */

/** A page's first render loads its lazy module (cold in a test run): wait longer for it. */
export const SLOW = { timeout: 10_000 };
const now = Math.floor(Date.now() / 1000);

export const USER: UserInfo = demoUser();

export const note = (id: number, over: Partial<Notification> = {}): Notification => ({
  id,
  kind: 'post_approved',
  title: `Notification ${String(id)}`,
  body: `What happened ${String(id)}`,
  link: `/pages/community/detail?id=${String(id)}`,
  read: false,
  created_at: now - 600 - id,
  ...over,
});

export interface InboxState {
  /** Newest first, as the server lists them. */
  rows: Notification[];
  /** Answer the list endpoint with a failure (404) while set. */
  failList?: boolean;
}

const unreadOf = (s: InboxState) => s.rows.filter((n) => !n.read).length;

/** A fake of the notification endpoints over a mutable inbox (and the signed-in user); `extra` answers first. */
export function stubInbox(state: InboxState, extra: (c: ApiCall) => unknown = () => undefined) {
  return stubApi((c) => {
    const own = extra(c);
    if (own !== undefined) return own;
    switch (c.endpoint) {
      case userEndpoints.index:
        return { userinfo: USER };
      case notificationEndpoints.unread:
        return { unread: unreadOf(state) };
      case notificationEndpoints.list: {
        if (state.failList) return undefined;
        const page = Number(c.body.page ?? 1);
        const limit = Number(c.body.limit ?? 10);
        const list = state.rows.slice((page - 1) * limit, page * limit);
        return { list, total: state.rows.length, page, limit, unread: unreadOf(state) };
      }
      case notificationEndpoints.read: {
        const ids = c.body.ids as number[];
        state.rows = state.rows.map((n) => (ids.includes(n.id) ? { ...n, read: true } : n));
        return { unread: unreadOf(state) };
      }
      case notificationEndpoints.readAll:
        state.rows = state.rows.map((n) => ({ ...n, read: true }));
        return { unread: 0 };
      default:
        return undefined;
    }
  });
}
