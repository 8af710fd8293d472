import { describe, expect, it } from 'vitest';
import { CASHOUT_ADMIN_ACTIONS, CASHOUT_STATES, type CashoutAction, type CashoutState } from '@petheart/contracts';
import { ENDED_STATES, TRANSITIONS, adminActionsFor, isEnded, ledgerEffect, plan } from './policy';

const ACTIONS = Object.keys(TRANSITIONS) as CashoutAction[];

describe('the cash-out state machine', () => {
  it('follows PRODUCT.md §3: applying → 0 → 1 → 2 → 5, or 3 / 4, and rejection before processing', () => {
    const moves = ACTIONS.flatMap((a) => TRANSITIONS[a].from.map((f) => `${f}→${TRANSITIONS[a].to}`)).sort();
    expect(moves).toEqual(
      [
        'applying→under_review',
        'under_review→processing',
        'applying→rejected',
        'under_review→rejected',
        'processing→ready_to_claim',
        'processing→transfer_failed',
        'ready_to_claim→transfer_failed',
        'ready_to_claim→successful',
        'ready_to_claim→successful',
        'ready_to_claim→expired',
      ].sort(),
    );
  });

  it('never moves an ended cash-out, nor back to applying', () => {
    for (const state of ENDED_STATES)
      for (const action of ACTIONS) expect(plan(action, state).kind, `${action} on ${state}`).not.toBe('move');
    for (const action of ACTIONS) expect(TRANSITIONS[action].to).not.toBe('applying');
  });

  it('reaches every state from applying', () => {
    const reached = new Set<CashoutState>(['applying']);
    for (let changed = true; changed;) {
      changed = false;
      for (const a of ACTIONS)
        if (TRANSITIONS[a].from.some((f) => reached.has(f)) && !reached.has(TRANSITIONS[a].to)) {
          reached.add(TRANSITIONS[a].to);
          changed = true;
        }
    }
    expect([...reached].sort()).toEqual([...CASHOUT_STATES].sort());
  });

  it('pays out only on success and releases the hold on every other end', () => {
    expect(CASHOUT_STATES.filter((s) => ledgerEffect(s) === 'post')).toEqual(['successful']);
    expect(CASHOUT_STATES.filter((s) => ledgerEffect(s) === 'void').sort()).toEqual(
      ['expired', 'transfer_failed', 'rejected'].sort(),
    );
    for (const s of CASHOUT_STATES) expect(ledgerEffect(s) !== null).toBe(isEnded(s));
  });

  it('reviews first when approving a request nobody has taken yet', () => {
    expect(plan('approve', 'applying')).toEqual({
      kind: 'move',
      steps: [
        { action: 'review', from: 'applying', to: 'under_review' },
        { action: 'approve', from: 'under_review', to: 'processing' },
      ],
    });
  });

  it('treats a repeated action as done and refuses one out of order', () => {
    expect(plan('approve', 'processing').kind).toBe('already');
    expect(plan('reject', 'rejected').kind).toBe('already');
    expect(plan('transferred', 'under_review').kind).toBe('refused');
    expect(plan('claim', 'processing').kind).toBe('refused');
    expect(plan('reject', 'processing').kind).toBe('refused');
    expect(plan('expired', 'processing').kind).toBe('refused');
  });

  it('lets only the operator claim, and offers the console the actions that move', () => {
    expect(ACTIONS.filter((a) => TRANSITIONS[a].by === 'operator')).toEqual(['claim']);
    expect(adminActionsFor('applying')).toEqual(['review', 'approve', 'reject']);
    expect(adminActionsFor('under_review')).toEqual(['approve', 'reject']);
    expect(adminActionsFor('processing')).toEqual(['transferred', 'failed']);
    expect(adminActionsFor('ready_to_claim')).toEqual(['failed', 'succeeded', 'expired']);
    for (const s of ENDED_STATES) expect(adminActionsFor(s)).toEqual([]);
    for (const a of CASHOUT_ADMIN_ACTIONS) expect(TRANSITIONS[a].by).toBe('admin');
  });
});
