import {
  CASHOUT_NOTE_REQUIRED,
  CASHOUT_STATUS_IDS,
  type CashoutAdminAction,
  type CashoutSettings,
  type CashoutStatus,
  type MessageKey,
} from '@petheart/contracts';
import { bpToPercent, percentToBp } from '../shared/forms';
import { fenToYuan, yuanToFen } from '../shared/money-forms';

/** The console's buttons in the order a cash-out moves: forward first, then the ways it can end badly. */
export const ACTION_ORDER: readonly CashoutAdminAction[] = [
  'review',
  'approve',
  'transferred',
  'succeeded',
  'reject',
  'failed',
  'expired',
];

/** The buttons for a cash-out: exactly the actions the server allows now (AdminCashout.actions), in order. */
export function actionButtons(allowed: readonly CashoutAdminAction[]): CashoutAdminAction[] {
  return ACTION_ORDER.filter((a) => allowed.includes(a));
}

/** Actions that release the hold or refuse: shown as danger buttons. */
export function isDangerAction(action: CashoutAdminAction): boolean {
  return action === 'reject' || action === 'failed' || action === 'expired';
}

export function noteRequired(action: CashoutAdminAction): boolean {
  return CASHOUT_NOTE_REQUIRED.includes(action);
}

/** The message (contracts MESSAGES) the console shows when an action is done. */
export const ACTION_DONE: Record<CashoutAdminAction, MessageKey> = {
  review: 'ok.cashoutReview',
  approve: 'ok.cashoutApprove',
  reject: 'ok.cashoutReject',
  transferred: 'ok.cashoutTransferred',
  failed: 'ok.cashoutFailed',
  succeeded: 'ok.cashoutSucceeded',
  expired: 'ok.cashoutExpired',
};

/** The status filter's value ('' = any) → the request's status. */
export function statusFromFilter(value: string): CashoutStatus | undefined {
  return CASHOUT_STATUS_IDS.find((s) => String(s) === value);
}

// ---- The cash-out rules form: the console shows yuan and percent, the API keeps fen and basis points ----

export interface RulesFormValues {
  min_amount: string;
  /** Percent as typed (the body's fee_rate_bp, so a message lands on this box). */
  fee_rate_bp: string;
  fee_fixed: string;
  coin_value: string;
}

export function rulesToForm(s: CashoutSettings): RulesFormValues {
  return {
    min_amount: fenToYuan(s.min_amount),
    fee_rate_bp: bpToPercent(s.fee_rate_bp),
    fee_fixed: fenToYuan(s.fee_fixed),
    coin_value: fenToYuan(s.coin_value),
  };
}

/** The body of cashoutConsoleEndpoints.settingsUpdate (NaN for what is not a number: the schema names it). */
export function rulesFormToBody(v: RulesFormValues) {
  return {
    min_amount: yuanToFen(v.min_amount),
    fee_rate_bp: percentToBp(v.fee_rate_bp),
    fee_fixed: v.fee_fixed.trim() === '' ? 0 : yuanToFen(v.fee_fixed),
    coin_value: yuanToFen(v.coin_value),
  };
}
