/**
 * A cash-out's state machine (PRODUCT.md §3, decision 015): applying → under review (0) → processing (1) →
 * ready to claim (2) → successful (5), or expired (3) / transfer failed (4); rejected (6) ends a request
 * before it is processed. Ending states never change again. The ledger follows the end: successful posts
 * the hold (paid out), every other end voids it (the coins are available again).
 */
import {
  CASHOUT_ADMIN_ACTIONS,
  type CashoutAction,
  type CashoutAdminAction,
  type CashoutState,
} from '@petheart/contracts';

export interface Transition {
  from: readonly CashoutState[];
  to: CashoutState;
  /** Who may take it. */
  by: 'admin' | 'operator';
}

/** Every allowed move, by the action that makes it. */
export const TRANSITIONS: Record<CashoutAction, Transition> = {
  review: { from: ['applying'], to: 'under_review', by: 'admin' },
  approve: { from: ['under_review'], to: 'processing', by: 'admin' },
  reject: { from: ['applying', 'under_review'], to: 'rejected', by: 'admin' },
  transferred: { from: ['processing'], to: 'ready_to_claim', by: 'admin' },
  failed: { from: ['processing', 'ready_to_claim'], to: 'transfer_failed', by: 'admin' },
  succeeded: { from: ['ready_to_claim'], to: 'successful', by: 'admin' },
  expired: { from: ['ready_to_claim'], to: 'expired', by: 'admin' },
  claim: { from: ['ready_to_claim'], to: 'successful', by: 'operator' },
};

export const ENDED_STATES: readonly CashoutState[] = ['expired', 'transfer_failed', 'successful', 'rejected'];

export const isEnded = (state: CashoutState) => ENDED_STATES.includes(state);

/** What a state does to the cash-out's hold when it is reached. */
export function ledgerEffect(state: CashoutState): 'post' | 'void' | null {
  if (state === 'successful') return 'post';
  return isEnded(state) ? 'void' : null;
}

export interface Step {
  action: CashoutAction;
  from: CashoutState;
  to: CashoutState;
}

export type Plan = { kind: 'move'; steps: Step[] } | { kind: 'already' } | { kind: 'refused' };

/**
 * What `action` does to a cash-out in `state`: the steps to take (approving a request nobody has taken
 * for review yet reviews it first, recorded as two steps), `already` when it is where the action leads
 * (a repeated click changes nothing), or `refused`.
 */
export function plan(action: CashoutAction, state: CashoutState): Plan {
  const t = TRANSITIONS[action];
  if (t.from.includes(state)) return { kind: 'move', steps: [{ action, from: state, to: t.to }] };
  if (action === 'approve' && state === 'applying')
    return {
      kind: 'move',
      steps: [
        { action: 'review', from: 'applying', to: 'under_review' },
        { action, from: 'under_review', to: t.to },
      ],
    };
  if (state === t.to) return { kind: 'already' };
  return { kind: 'refused' };
}

/** The console's actions that move a cash-out in `state` now (its buttons). */
export function adminActionsFor(state: CashoutState): CashoutAdminAction[] {
  return CASHOUT_ADMIN_ACTIONS.filter((a) => plan(a, state).kind === 'move');
}
