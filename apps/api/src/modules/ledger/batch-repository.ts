import { sql, type SQL } from 'drizzle-orm';
import type { StatementSender } from '../../db/batch-transaction';
import type { Database } from '../../db/client';
import { anyOf, type Later, type OneStatement } from '../../db/one-statement';
import { recordset } from '../../db/rows';
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

/** A user's wallet row as a batch locked it. */
export interface WalletRow {
  id: number;
  userId: number;
  balance: number;
  held: number;
}

/** A posting of a batch: its transaction (by idempotency key) and its entries. */
export interface BatchPosting {
  kind: (typeof ledgerTransactions.$inferInsert)['kind'];
  idempotencyKey: string;
  reference: string;
  lines: { accountId: number; amount: number }[];
}

const num = (v: unknown) => Number(v);

/**
 * Set-based statements for the ledger's batches (decision 011, "Throughput"): each step is one part of a
 * statement (OneStatement) whatever the number of holds, always inside a transaction the caller runs. Row
 * locks are taken in one order (accounts by lockOrder, holds by id) so concurrent batches never wait on
 * each other in a circle. Part names start with `ledger_`.
 */
export class LedgerBatchRepository {
  /** With `sender`, a statement goes out with those before it (one round trip). */
  constructor(
    private readonly db: Database,
    private readonly sender?: StatementSender,
  ) {}

  run(statement: OneStatement): Promise<void> {
    return statement.run(this.sender ?? this.db);
  }

  /** Users' wallets, not locked (a writer locks them with lockAccountsIn when it changes them). */
  wallets(q: OneStatement, userIds: number[]): Later<WalletRow[]> {
    return q.add(
      'ledger_wallets',
      sql`SELECT a.id, a.user_id, a.balance, a.held FROM ${ledgerAccounts} a
        WHERE a.kind = 'user_wallet' AND a.user_id = ${anyOf(userIds, 'int')}`,
      (rows) =>
        rows.map((r) => ({ id: num(r.id), userId: num(r.user_id), balance: num(r.balance), held: num(r.held) })),
    );
  }

  /**
   * The holds with their accounts' owners (ids, or a set from the same statement); with `lock`, row-locked
   * in id order.
   */
  holds(q: OneStatement, ids: string[] | SQL, lock: boolean): Later<LockedHold[]> {
    return q.add(
      'ledger_locked_holds',
      sql`SELECT h.id, h.account_id, h.amount, h.status, h.reference, a.kind, a.user_id
        FROM ${ledgerHolds} h JOIN ${ledgerAccounts} a ON a.id = h.account_id
        WHERE ${Array.isArray(ids) ? sql`h.id = ${anyOf(ids, 'uuid')}` : sql`h.id IN ${ids}`}
        ORDER BY h.id${lock ? sql` FOR UPDATE OF h` : sql``}`,
      (rows) =>
        rows.map((r) => ({
          id: String(r.id),
          accountId: num(r.account_id),
          amount: num(r.amount),
          status: r.status as LockedHold['status'],
          reference: String(r.reference),
          accountKind: r.kind as AccountRow['kind'],
          userId: r.user_id === null ? null : num(r.user_id),
        })),
    );
  }

  /**
   * Accounts row-locked in lockOrder (users' wallets first, then the shared ones, each by id), by a statement
   * of its own just before `q`.
   */
  lockAccountsIn(q: OneStatement, ids: number[]): void {
    if (ids.length === 0) return;
    q.before(sql`
      SELECT a.id FROM ${ledgerAccounts} a
      WHERE a.id = ${anyOf(ids, 'int')}
      ORDER BY (a.kind <> 'user_wallet'), a.id FOR UPDATE`);
  }

  insertHolds(q: OneStatement, rows: NewHold[]): void {
    const values = recordset(
      rows.map((h) => ({
        id: h.id,
        a: h.accountId,
        m: h.amount,
        k: h.idempotencyKey,
        r: h.reference ?? '',
        c: h.createdAt.toISOString(),
        e: h.expiresAt.toISOString(),
      })),
    );
    q.add(
      'ledger_new_holds',
      sql`INSERT INTO ${ledgerHolds} (id, account_id, amount, status, idempotency_key, reference, created_at, expires_at)
        SELECT v.id, v.a, v.m, 'pending', v.k, v.r, v.c, v.e
        FROM jsonb_to_recordset(${values}::jsonb) AS v(id uuid, a int, m bigint, k text, r text, c timestamptz, e timestamptz)`,
    );
  }

  /**
   * Postings: their transactions, then their entries (which name them by key). The ledger's trigger checks
   * that each transaction's entries sum to zero when the statement ends.
   */
  insertPostings(q: OneStatement, postings: BatchPosting[], at: Date): void {
    if (postings.length === 0) return;
    const txs = recordset(postings.map((p) => ({ k: p.idempotencyKey, kind: p.kind, r: p.reference })));
    const lines = recordset(
      postings.flatMap((p) => p.lines.map((l) => ({ k: p.idempotencyKey, a: l.accountId, m: l.amount }))),
    );
    q.add(
      'ledger_postings',
      sql`INSERT INTO ${ledgerTransactions} (kind, idempotency_key, reference, created_at)
        SELECT v.kind, v.k, v.r, ${at.toISOString()}::timestamptz FROM jsonb_to_recordset(${txs}::jsonb) AS v(k text, kind text, r text)
        RETURNING id, idempotency_key`,
    );
    q.add(
      'ledger_posting_lines',
      sql`INSERT INTO ${ledgerEntries} (transaction_id, account_id, amount)
        SELECT t.id, v.a, v.m FROM jsonb_to_recordset(${lines}::jsonb) AS v(k text, a int, m bigint)
        JOIN ledger_postings t ON t.idempotency_key = v.k`,
    );
  }

  /**
   * Ends pending holds: posted with their posting (by key, added by insertPostings in the same statement),
   * or voided. The statement fails with `refusal` unless every one of them ended. Pending is written
   * `settled_at IS NULL` (the same, by the check ledger_holds_settled_at), so that the planner looks the
   * ids up instead of scanning ledger_holds_pending_idx (decision 018).
   */
  endHolds(
    q: OneStatement,
    rows: { id: string; status: 'posted' | 'voided'; postingKey: string | null }[],
    at: Date,
    refusal: string,
  ): void {
    const values = recordset(rows.map((r) => ({ id: r.id, s: r.status, k: r.postingKey })));
    const postings = rows.some((r) => r.postingKey !== null)
      ? sql`LEFT JOIN ledger_postings t ON t.idempotency_key = v.k`
      : sql`LEFT JOIN (SELECT NULL::bigint AS id, NULL::text AS idempotency_key) t ON false`;
    q.add(
      'ledger_ended_holds',
      sql`UPDATE ${ledgerHolds} AS h
        SET status = v.s, settled_at = ${at.toISOString()}::timestamptz, transaction_id = t.id
        FROM jsonb_to_recordset(${values}::jsonb) AS v(id uuid, s text, k text) ${postings}
        WHERE h.id = v.id AND h.id = ${anyOf(
          rows.map((r) => r.id),
          'uuid',
        )} AND h.settled_at IS NULL
        RETURNING h.id`,
    );
    q.check('ledger_ended_holds_all', sql`(SELECT count(*) FROM ledger_ended_holds) = ${rows.length}`, refusal);
  }

  /**
   * Adds each delta to its account, and users.balance (the coins the app shows) follows each changed
   * wallet. A user's account is changed only while its available coins stay >= 0 (the database's own
   * check refuses the rest too); the statement fails with `refusal` unless every account changed.
   */
  adjust(q: OneStatement, deltas: AccountDelta[], refusal: string): void {
    const values = recordset(deltas.map((d) => ({ id: d.accountId, d: d.delta, h: d.heldDelta })));
    q.add(
      'ledger_adjusted',
      sql`UPDATE ${ledgerAccounts} AS a SET balance = a.balance + v.d, held = a.held + v.h
        FROM jsonb_to_recordset(${values}::jsonb) AS v(id int, d bigint, h bigint)
        WHERE a.id = v.id AND a.id = ${anyOf(
          deltas.map((d) => d.accountId),
          'int',
        )} AND (a.user_id IS NULL OR a.balance + v.d - a.held - v.h >= 0)
        RETURNING a.id, a.kind, a.user_id, a.balance, a.held`,
    );
    q.check('ledger_adjusted_all', sql`(SELECT count(*) FROM ledger_adjusted) = ${deltas.length}`, refusal);
    q.add(
      'ledger_shown_balances',
      sql`UPDATE ${users} AS u SET balance = a.balance - a.held
        FROM ledger_adjusted a WHERE a.kind = 'user_wallet' AND u.id = a.user_id`,
    );
  }
}
