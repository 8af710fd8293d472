import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { recordset, rowsOf } from '../../db/rows';
import { ledgerAccounts, ledgerEntries, ledgerHolds, ledgerTransactions, users } from '../../db/schema';
import type { AccountRow, NewHold } from './repository';

/** A hold as a batch settlement sees it, row-locked, with its account's owner. */
export interface LockedHold {
  id: string;
  accountId: number;
  amount: number;
  status: 'pending' | 'posted' | 'voided';
  reference: string;
  accountKind: AccountRow['kind'];
  userId: number | null;
}

/** An account's change in a batch: coins added to its balance and to its held coins. */
export interface AccountDelta {
  accountId: number;
  delta: number;
  heldDelta: number;
}

/** An account after a batch changed it. */
export interface ChangedAccount {
  id: number;
  kind: AccountRow['kind'];
  userId: number | null;
  balance: number;
  held: number;
}

/**
 * Set-based statements for the ledger's batches (decision 011, "Throughput"): one statement per step
 * whatever the number of holds, always inside a transaction the caller runs. Row locks are taken in one
 * order (accounts by lockOrder, holds by id) so concurrent batches never wait on each other in a circle.
 */
export class LedgerBatchRepository {
  constructor(private readonly db: Database) {}

  /** Users' wallets, row-locked in id order (wallets are the first accounts every writer locks). */
  async lockWallets(userIds: number[]): Promise<AccountRow[]> {
    if (userIds.length === 0) return [];
    return this.db
      .select()
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.kind, 'user_wallet'), inArray(ledgerAccounts.userId, userIds)))
      .orderBy(asc(ledgerAccounts.id))
      .for('update');
  }

  /** Accounts row-locked in lockOrder: users' wallets first, then the shared ones, each by id. */
  async lockAccounts(ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .select({ id: ledgerAccounts.id })
      .from(ledgerAccounts)
      .where(inArray(ledgerAccounts.id, ids))
      .orderBy(sql`(${ledgerAccounts.kind} <> 'user_wallet')`, asc(ledgerAccounts.id))
      .for('update');
  }

  async insertHolds(rows: NewHold[]): Promise<void> {
    if (rows.length > 0) await this.db.insert(ledgerHolds).values(rows);
  }

  /** The holds with their accounts' owners, row-locked in id order. */
  async lockHolds(ids: string[]): Promise<LockedHold[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .select({
        id: ledgerHolds.id,
        accountId: ledgerHolds.accountId,
        amount: ledgerHolds.amount,
        status: ledgerHolds.status,
        reference: ledgerHolds.reference,
        accountKind: ledgerAccounts.kind,
        userId: ledgerAccounts.userId,
      })
      .from(ledgerHolds)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerHolds.accountId))
      .where(inArray(ledgerHolds.id, ids))
      .orderBy(asc(ledgerHolds.id))
      .for('update', { of: ledgerHolds });
    return rows;
  }

  /** Inserts transactions (their keys must be new); their ids by idempotency key. */
  async insertTransactions(rows: (typeof ledgerTransactions.$inferInsert)[]): Promise<Map<string, number>> {
    if (rows.length === 0) return new Map();
    const inserted = await this.db
      .insert(ledgerTransactions)
      .values(rows)
      .returning({ id: ledgerTransactions.id, key: ledgerTransactions.idempotencyKey });
    return new Map(inserted.map((r) => [r.key, r.id]));
  }

  async insertEntries(rows: { transactionId: number; accountId: number; amount: number }[]): Promise<void> {
    if (rows.length > 0) await this.db.insert(ledgerEntries).values(rows);
  }

  /** Ends pending holds (posted with their transaction, or voided); the number ended. */
  async settleHolds(
    rows: { id: string; status: 'posted' | 'voided'; transactionId: number | null }[],
    at: Date,
  ): Promise<number> {
    if (rows.length === 0) return 0;
    const result = await this.db.execute(sql`
      UPDATE ${ledgerHolds} AS h
      SET status = v.status, settled_at = ${at.toISOString()}::timestamptz, transaction_id = v.transaction_id
      FROM jsonb_to_recordset(${recordset(rows.map((r) => ({ id: r.id, status: r.status, transaction_id: r.transactionId })))}::jsonb)
        AS v(id uuid, status text, transaction_id bigint)
      WHERE h.id = v.id AND h.status = 'pending'
      RETURNING h.id`);
    return rowsOf(result).length;
  }

  /**
   * Adds each delta to its account. A user's account is changed only while its available coins stay >= 0
   * (the database's own check refuses the rest too); the accounts changed, with their new figures.
   */
  async adjust(deltas: AccountDelta[]): Promise<ChangedAccount[]> {
    if (deltas.length === 0) return [];
    const values = recordset(deltas.map((d) => ({ id: d.accountId, d: d.delta, h: d.heldDelta })));
    const result = await this.db.execute(sql`
      UPDATE ${ledgerAccounts} AS a SET balance = a.balance + v.d, held = a.held + v.h
      FROM jsonb_to_recordset(${values}::jsonb) AS v(id int, d bigint, h bigint)
      WHERE a.id = v.id AND (a.user_id IS NULL OR a.balance + v.d - a.held - v.h >= 0)
      RETURNING a.id, a.kind, a.user_id, a.balance::float8 AS balance, a.held::float8 AS held`);
    return rowsOf<{ id: number; kind: AccountRow['kind']; user_id: number | null; balance: number; held: number }>(
      result,
    ).map((r) => ({ id: r.id, kind: r.kind, userId: r.user_id, balance: r.balance, held: r.held }));
  }

  /** users.balance (the coins the app shows) = each changed wallet's available coins. */
  async showBalances(wallets: { userId: number; available: number }[]): Promise<void> {
    if (wallets.length === 0) return;
    const values = recordset(wallets.map((w) => ({ id: w.userId, b: w.available })));
    await this.db.execute(sql`
      UPDATE ${users} AS u SET balance = v.b
      FROM jsonb_to_recordset(${values}::jsonb) AS v(id int, b bigint)
      WHERE u.id = v.id`);
  }
}
