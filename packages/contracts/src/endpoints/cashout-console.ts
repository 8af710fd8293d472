import { post } from '../endpoint';
import { EmptySchema } from '../envelope';
import type { MessageKey } from '../messages/catalogue';
import {
  AdminCashoutActionBodySchema,
  AdminCashoutDetailSchema,
  AdminCashoutIdBodySchema,
  AdminCashoutListBodySchema,
  AdminCashoutListDataSchema,
  AdminCashoutReasonBodySchema,
  AdminCashoutSchema,
  CashoutSettingsSchema,
  CashoutSettingsUpdateBodySchema,
  type CashoutAdminAction,
} from '../operator';

const tag = 'admin';

/** A console action on one cash-out: {id, note}, the note optional. */
const act = (action: CashoutAdminAction, message: MessageKey) =>
  post(`/api/admin/cashout/${action}`, {
    auth: 'admin',
    tag,
    input: AdminCashoutActionBodySchema,
    data: AdminCashoutSchema,
    message,
  });

/** An action whose note, the reason the operator sees, is required (CASHOUT_NOTE_REQUIRED: reject, failed). */
const actWithReason = (action: CashoutAdminAction, message: MessageKey) =>
  post(`/api/admin/cashout/${action}`, {
    auth: 'admin',
    tag,
    input: AdminCashoutReasonBodySchema,
    data: AdminCashoutSchema,
    message,
  });

/**
 * /api/admin/cashout/*: the console processes cash-outs (list, detail, one endpoint per action of
 * CASHOUT_ADMIN_ACTIONS: review, approve, reject, transferred, failed, succeeded, expired) and edits the
 * cash-out rules (settings, settings/update); admins only.
 */
export const cashoutConsoleEndpoints = {
  list: post('/api/admin/cashout/list', {
    auth: 'admin',
    tag,
    input: AdminCashoutListBodySchema,
    data: AdminCashoutListDataSchema,
  }),
  detail: post('/api/admin/cashout/detail', {
    auth: 'admin',
    tag,
    input: AdminCashoutIdBodySchema,
    data: AdminCashoutDetailSchema,
  }),
  review: act('review', 'ok.cashoutReview'),
  approve: act('approve', 'ok.cashoutApprove'),
  reject: actWithReason('reject', 'ok.cashoutReject'),
  transferred: act('transferred', 'ok.cashoutTransferred'),
  failed: actWithReason('failed', 'ok.cashoutFailed'),
  succeeded: act('succeeded', 'ok.cashoutSucceeded'),
  expired: act('expired', 'ok.cashoutExpired'),
  settings: post('/api/admin/cashout/settings', {
    auth: 'admin',
    tag,
    input: EmptySchema.optional(),
    data: CashoutSettingsSchema,
  }),
  settingsUpdate: post('/api/admin/cashout/settings/update', {
    auth: 'admin',
    tag,
    input: CashoutSettingsUpdateBodySchema,
    data: CashoutSettingsSchema,
    message: 'ok.saved',
  }),
};
