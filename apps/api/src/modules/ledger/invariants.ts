import type { LedgerAuditRepository } from './audit-repository';

export type LedgerProblemCode =
  | 'unbalanced_transaction'
  | 'balance_mismatch'
  | 'held_mismatch'
  | 'negative_balance'
  | 'expired_hold'
  | 'posted_hold_mismatch'
  | 'user_balance_mismatch';

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
 * account by at most the held coins, and every user's shown balance is their wallet's available coins.
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
  const counts = await audit.counts();
  return { ok: problems.length === 0, checkedAt: now, ...counts, problems };
}
