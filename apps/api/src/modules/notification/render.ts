import {
  MESSAGE_PLACEHOLDER,
  cashoutStatusMessage,
  translate,
  type CashoutStatus,
  type Locale,
  type NotificationKind,
} from '@petheart/contracts';
import type { NotificationParams } from './ports';

/** A notification in one language. */
export interface RenderedNotification {
  title: string;
  body: string;
}

/** Kinds whose `reason` param, when given, is added to the body on a line of its own. */
const WITH_REASON: ReadonlySet<NotificationKind> = new Set(['post_rejected', 'support_reviewed', 'cashout_status']);

/** Params stored as codes, shown in the reader's words: a cash-out's status, a review's outcome, a station's part. */
function localParams(kind: NotificationKind, params: NotificationParams, locale: Locale): NotificationParams {
  const out = { ...params };
  if (kind === 'cashout_status' && params.status !== undefined)
    out.status = translate(locale, cashoutStatusMessage(params.status as CashoutStatus));
  if (kind === 'support_reviewed')
    out.status = translate(locale, Number(params.status) === 1 ? 'notify.status.approved' : 'notify.status.rejected');
  if (kind === 'station_offline')
    out.detail = translate(locale, params.detail === 'camera' ? 'notify.part.camera' : 'notify.part.feeder');
  return out;
}

/** A text with its placeholders filled; a param the row lacks (an older row) leaves nothing, not `{{name}}`. */
function fill(locale: Locale, key: string, params: NotificationParams): string {
  return translate(locale, key).replace(MESSAGE_PLACEHOLDER, (_m, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : '',
  );
}

/**
 * A notification's title and body in `locale`, from its kind and params (messages `notify.<kind>.title` and
 * `.body`). The same for the inbox, the socket and web push: what is stored is never text in one language.
 */
export function renderNotification(
  kind: NotificationKind,
  params: NotificationParams,
  locale: Locale,
): RenderedNotification {
  const p = localParams(kind, params, locale);
  const title = fill(locale, `notify.${kind}.title`, p);
  let body = fill(locale, `notify.${kind}.body`, p);
  const reason = typeof params.reason === 'string' ? params.reason.trim() : '';
  if (WITH_REASON.has(kind) && reason !== '') body += `\n${fill(locale, 'notify.reason', { reason })}`;
  return { title, body };
}
