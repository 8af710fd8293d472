import type { LedgerAuditRepository } from './audit-repository';

export type LedgerProblemCode =
  | 'unbalanced_transaction'
  | 'balance_mismatch'
  | 'held_mismatch'
  | 'negative_balance'
  | 'expired_hold'
  | 'posted_hold_mismatch'
  | 'user_balance_mismatch'
  | 'support_fund_mismatch'
  | 'support_gift_mismatch'
  | 'support_progress_mismatch'
  | 'cashout_hold_mismatch';

export interface LedgerProblem {
  code: LedgerProblemCode;
  detail: string;
}

export interface InvariantReport {
  ok: boolean;
  checkedAt: Date;
  transactions: number;
  entries: number;
  accounts: number;
  pendingHolds: number;
  /** Up to `limit` problems of each kind. */
  problems: LedgerProblem[];
}

const s = String;

/**
 * Recomputes the ledger from its entries and holds: every transaction sums to zero (and has entries),
 * every cached balance and held amount equals what the entries and pending holds give, no user's
 * account is negative, no pending hold is past its expiry, every posted hold's transaction debits its
 * account by at most the held coins, every user's shown balance is their wallet's available coins, and the
 * support fund agrees with the support gifts (decision 016), and every cash-out agrees with its hold
 * (decision 015).
 */
export async function checkLedger(audit: LedgerAuditRepository, now: Date, limit = 100): Promise<InvariantReport> {
  const problems: LedgerProblem[] = [];
  for (const t of await audit.unbalancedTransactions(limit))
    problems.push({
      code: 'unbalanced_transaction',
      detail: `transaction ${s(t.id)}: ${s(t.entries)} entries summing to ${s(t.total)}`,
    });
  for (const a of await audit.cacheMismatches(limit)) {
    if (a.balance !== a.computed)
      problems.push({
        code: 'balance_mismatch',
        detail: `account ${s(a.id)} (${a.account}): cached ${s(a.balance)}, entries sum to ${s(a.computed)}`,
      });
    if (a.held !== a.pending)
      problems.push({
        code: 'held_mismatch',
        detail: `account ${s(a.id)} (${a.account}): held ${s(a.held)}, pending holds sum to ${s(a.pending)}`,
      });
  }
  for (const a of await audit.negativeAccounts(limit))
    problems.push({
      code: 'negative_balance',
      detail: `account ${s(a.id)} (${a.account}): balance ${s(a.balance)}, held ${s(a.held)}, entries ${s(a.computed)}`,
    });
  for (const h of await audit.expiredHolds(now, limit))
    problems.push({
      code: 'expired_hold',
      detail: `hold ${h.id} of ${s(h.amount)} on account ${s(h.accountId)} expired at ${h.expiresAt.toISOString()}`,
    });
  for (const h of await audit.postedHoldMismatches(limit))
    problems.push({
      code: 'posted_hold_mismatch',
      detail: `hold ${h.id} of ${s(h.amount)}: transaction ${s(h.transactionId)} debits ${s(h.debit ?? 'nothing')}`,
    });
  for (const u of await audit.userBalanceMismatches(limit))
    problems.push({
      code: 'user_balance_mismatch',
      detail: `user ${s(u.userId)}: shows ${s(u.shown)}, wallet has ${s(u.available)} available`,
    });
  const fund = await audit.supportFundMismatch();
  if (fund)
    problems.push({
      code: 'support_fund_mismatch',
      detail: `support fund: entries sum to ${s(fund.balance)}, gifts to ${s(fund.gifts)}`,
    });
  for (const g of await audit.supportGiftMismatches(limit))
    problems.push({
      code: 'support_gift_mismatch',
      detail: `support gift ${s(g.id)} of ${s(g.coins)}: transaction ${s(g.transactionId)} puts ${s(g.credited)} in the fund`,
    });
  for (const i of await audit.supportProgressMismatches(limit))
    problems.push({
      code: 'support_progress_mismatch',
      detail: `support item ${s(i.id)}: completed ${s(i.completed)}, gifts give ${s(i.given)} points`,
    });
  for (const c of await audit.cashoutHoldMismatches(limit))
    problems.push({
      code: 'cashout_hold_mismatch',
      detail: `cash-out ${s(c.id)} (${c.status}): its hold is ${c.holdStatus === 'null' ? 'missing' : c.holdStatus} or does not match`,
    });
  const counts = await audit.counts();
  return { ok: problems.length === 0, checkedAt: now, ...counts, problems };
}
