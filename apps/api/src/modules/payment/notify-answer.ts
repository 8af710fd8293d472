import type { IncomingNotification } from './provider';
import type { OrderRow } from './repository';

/** What the provider's notification endpoint answers (both providers read only the status). */
export interface NotifyAnswer {
  status: 200 | 401 | 503;
  body: { code: 'SUCCESS' | 'FAIL'; message: string };
}

/** What a verified notification did to its order (kept in the notification log). */
export type NotifyOutcome =
  | 'credited'
  | 'credited_after_expiry'
  | 'paid'
  | 'duplicate'
  | 'closed'
  | 'amount_mismatch'
  | 'unknown_order'
  | 'ignored'
  | `after_${OrderRow['status']}`;

export const ANSWER_OK: NotifyAnswer = { status: 200, body: { code: 'SUCCESS', message: '成功' } };
export const rejectedAnswer = (reason: string): NotifyAnswer => ({
  status: 401,
  body: { code: 'FAIL', message: reason },
});

export const LOGGED_BODY_MAX = 16 * 1024;

/** Headers worth keeping in the notification log (the provider's own, and the content type). */
export function loggedHeaders(n: IncomingNotification): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(n.headers)) {
    if (value === undefined) continue;
    if (/^(wechatpay-|sandbox-|content-type$|user-agent$)/.test(name))
      kept[name] = (Array.isArray(value) ? value.join(', ') : value).slice(0, 1024);
  }
  return kept;
}
