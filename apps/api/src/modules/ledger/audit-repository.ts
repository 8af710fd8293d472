import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  cashouts,
  ledgerAccounts,
  ledgerEntries,
  ledgerHolds,
  ledgerTransactions,
  supportGifts,
  supportItems,
  users,
} from '../../db/schema';

/** Rows of db.execute: PGlite and node-postgres both answer { rows } (bigints as numbers or strings). */
function rowsOf(result: unknown): Record<string, unknown>[] {
  return (result as { rows?: Record<string, unknown>[] }).rows ?? [];
}

const num = (v: unknown) => Number(v);
const text = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

export interface LedgerCounts {
  transactions: number;
  entries: number;
  accounts: number;
  pendingHolds: number;
}

/** The invariant checker's queries: each recomputes something from the entries and holds. */
export class LedgerAuditRepository {
  constructor(private readonly db: Database) {}

  /** Runs `fn` on one consistent snapshot (a read-only repeatable-read transaction). */
  async snapshot<T>(fn: (audit: LedgerAuditRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => fn(new LedgerAuditRepository(tx)), {
      isolationLevel: 'repeatable read',
      accessMode: 'read only',
    });
  }

  private async rows(query: SQL): Promise<Record<string, unknown>[]> {
    return rowsOf(await this.db.execute(query));
  }

  async counts(): Promise<LedgerCounts> {
    const [row] = await this.rows(sql`SELECT
      (SELECT count(*) FROM ${ledgerTransactions}) AS transactions,
      (SELECT count(*) FROM ${ledgerEntries}) AS entries,
      (SELECT count(*) FROM ${ledgerAccounts}) AS accounts,
      (SELECT count(*) FROM ${ledgerHolds} WHERE status = 'pending') AS pending_holds`);
    return {
      transactions: num(row?.transactions),
      entries: num(row?.entries),
      accounts: num(row?.accounts),
      pendingHolds: num(row?.pending_holds),
    };
  }

  /** Transactions whose entries do not sum to zero, or that move nothing (fewer than two entries). */
  async unbalancedTransactions(limit: number) {
    const rows = await this.rows(sql`
      SELECT t.id, coalesce(sum(e.amount), 0)::text AS total, count(e.id)::int AS entries
      FROM ${ledgerTransactions} t LEFT JOIN ${ledgerEntries} e ON e.transaction_id = t.id
      GROUP BY t.id HAVING coalesce(sum(e.amount), 0) <> 0 OR count(e.id) < 2
      ORDER BY t.id LIMIT ${limit}`);
    return rows.map((r) => ({ id: num(r.id), total: num(r.total), entries: num(r.entries) }));
  }

  /** Accounts whose cached balance differs from the sum of their entries, or whose held coins differ
   * from the sum of their pending holds. */
  async cacheMismatches(limit: number) {
    const rows = await this.rows(sql`
      SELECT x.id, x.kind, x.user_id, x.balance::text AS balance, x.held::text AS held,
        x.computed::text AS computed, x.pending::text AS pending
      FROM (
        SELECT a.id, a.kind, a.user_id, a.balance, a.held,
          coalesce((SELECT sum(e.amount) FROM ${ledgerEntries} e WHERE e.account_id = a.id), 0) AS computed,
          coalesce((SELECT sum(h.amount) FROM ${ledgerHolds} h
            WHERE h.account_id = a.id AND h.status = 'pending'), 0) AS pending
        FROM ${ledgerAccounts} a
      ) x
      WHERE x.balance <> x.computed OR x.held <> x.pending
      ORDER BY x.id LIMIT ${limit}`);
    return rows.map((r) => ({
      id: num(r.id),
      account: r.user_id === null ? text(r.kind) : `${text(r.kind)}:${text(r.user_id)}`,
      balance: num(r.balance),
      computed: num(r.computed),
      held: num(r.held),
      pending: num(r.pending),
    }));
  }

  /** Users' accounts that are negative or hold more than they have (by the cache or by the entries). */
  async negativeAccounts(limit: number) {
    const rows = await this.rows(sql`
      SELECT a.id, a.kind, a.user_id, a.balance::text AS balance, a.held::text AS held,
        coalesce(sum(e.amount), 0)::text AS computed
      FROM ${ledgerAccounts} a LEFT JOIN ${ledgerEntries} e ON e.account_id = a.id
      WHERE a.user_id IS NOT NULL
      GROUP BY a.id
      HAVING a.balance < 0 OR a.held < 0 OR a.held > a.balance OR coalesce(sum(e.amount), 0) < 0
      ORDER BY a.id LIMIT ${limit}`);
    return rows.map((r) => ({
      id: num(r.id),
      account: `${text(r.kind)}:${text(r.user_id)}`,
      balance: num(r.balance),
      held: num(r.held),
      computed: num(r.computed),
    }));
  }

  /** Pending holds past their expiry (`voidExpiredHolds` releases them). */
  async expiredHolds(now: Date, limit: number) {
    const rows = await this.rows(sql`
      SELECT id, account_id, amount::text AS amount, expires_at FROM ${ledgerHolds}
      WHERE status = 'pending' AND expires_at <= ${now.toISOString()}::timestamptz
      ORDER BY expires_at LIMIT ${limit}`);
    return rows.map((r) => ({
      id: text(r.id),
      accountId: num(r.account_id),
      amount: num(r.amount),
      expiresAt: new Date(r.expires_at as string),
    }));
  }

  /** Posted holds whose transaction does not debit the hold's account by at most the held amount. */
  async postedHoldMismatches(limit: number) {
    const rows = await this.rows(sql`
      SELECT h.id, h.transaction_id, h.amount::text AS amount, e.amount::text AS debit
      FROM ${ledgerHolds} h
      LEFT JOIN ${ledgerEntries} e ON e.transaction_id = h.transaction_id AND e.account_id = h.account_id
      WHERE h.status = 'posted' AND (e.id IS NULL OR e.amount >= 0 OR -e.amount > h.amount)
      ORDER BY h.created_at LIMIT ${limit}`);
    return rows.map((r) => ({
      id: text(r.id),
      transactionId: num(r.transaction_id),
      amount: num(r.amount),
      debit: r.debit === null ? null : num(r.debit),
    }));
  }

  /** Users whose shown balance (users.balance) is not their wallet's available coins. */
  async userBalanceMismatches(limit: number) {
    const rows = await this.rows(sql`
      SELECT u.id, u.balance::text AS shown, coalesce(a.balance - a.held, 0)::text AS available
      FROM ${users} u LEFT JOIN ${ledgerAccounts} a ON a.kind = 'user_wallet' AND a.user_id = u.id
      WHERE u.balance <> coalesce(a.balance - a.held, 0)
      ORDER BY u.id LIMIT ${limit}`);
    return rows.map((r) => ({ userId: num(r.id), shown: num(r.shown), available: num(r.available) }));
  }

  /**
   * Support (decision 016): the support fund holds exactly the coins of the gifts; each gift's transaction
   * puts exactly its coins into the fund; each item's completed points are the sum of its gifts' points.
   */
  async supportFundMismatch(): Promise<{ balance: number; gifts: number } | undefined> {
    const [row] = await this.rows(sql`
      SELECT coalesce((SELECT sum(e.amount) FROM ${ledgerEntries} e JOIN ${ledgerAccounts} a ON a.id = e.account_id
          WHERE a.kind = 'support_fund'), 0)::text AS balance,
        coalesce((SELECT sum(g.coins) FROM ${supportGifts} g), 0)::text AS gifts`);
    const balance = num(row?.balance);
    const gifts = num(row?.gifts);
    return balance === gifts ? undefined : { balance, gifts };
  }

  async supportGiftMismatches(limit: number) {
    const rows = await this.rows(sql`
      SELECT g.id, g.coins, g.ledger_transaction_id, coalesce(sum(e.amount), 0)::text AS credited
      FROM ${supportGifts} g
      LEFT JOIN ${ledgerEntries} e ON e.transaction_id = g.ledger_transaction_id
        AND e.account_id IN (SELECT id FROM ${ledgerAccounts} WHERE kind = 'support_fund')
      GROUP BY g.id, g.coins, g.ledger_transaction_id
      HAVING coalesce(sum(e.amount), 0) <> g.coins
      ORDER BY g.id LIMIT ${limit}`);
    return rows.map((r) => ({
      id: num(r.id),
      coins: num(r.coins),
      transactionId: num(r.ledger_transaction_id),
      credited: num(r.credited),
    }));
  }

  async supportProgressMismatches(limit: number) {
    const rows = await this.rows(sql`
      SELECT i.id, i.completed, coalesce(sum(g.points), 0)::text AS given
      FROM ${supportItems} i LEFT JOIN ${supportGifts} g ON g.item_id = i.id
      GROUP BY i.id, i.completed
      HAVING coalesce(sum(g.points), 0) <> i.completed
      ORDER BY i.id LIMIT ${limit}`);
    return rows.map((r) => ({ id: num(r.id), completed: num(r.completed), given: num(r.given) }));
  }

  /**
   * Cash-outs (decision 015) whose hold disagrees: the hold must be on the owner's earnings for the cash-out's
   * coins, pending while it is open, posted when successful (its transaction taking the coins from earnings,
   * the net to cash-out clearing and the fee to platform revenue), voided for every other end.
   */
  async cashoutHoldMismatches(limit: number) {
    const rows = await this.rows(sql`
      SELECT c.id, c.status, h.status AS hold_status FROM ${cashouts} c
      LEFT JOIN ${ledgerHolds} h ON h.id = c.hold_id
      LEFT JOIN ${ledgerAccounts} a ON a.id = h.account_id
      WHERE h.id IS NULL OR a.kind <> 'operator_earnings' OR a.user_id <> c.user_id OR h.amount <> c.coins
        OR h.status <> CASE WHEN c.status = 'successful' THEN 'posted'
          WHEN c.status IN ('expired', 'transfer_failed', 'rejected') THEN 'voided' ELSE 'pending' END
        OR (h.status = 'posted' AND (
          (SELECT coalesce(sum(e.amount), 0) FROM ${ledgerEntries} e
            WHERE e.transaction_id = h.transaction_id AND e.account_id = a.id) <> -c.coins
          OR (SELECT coalesce(sum(e.amount), 0) FROM ${ledgerEntries} e JOIN ${ledgerAccounts} x ON x.id = e.account_id
            WHERE e.transaction_id = h.transaction_id AND x.kind = 'cashout_clearing') <> c.coins - c.fee_coins
          OR (SELECT coalesce(sum(e.amount), 0) FROM ${ledgerEntries} e JOIN ${ledgerAccounts} x ON x.id = e.account_id
            WHERE e.transaction_id = h.transaction_id AND x.kind = 'platform_revenue') <> c.fee_coins))
      ORDER BY c.id LIMIT ${limit}`);
    return rows.map((r) => ({ id: num(r.id), status: String(r.status), holdStatus: String(r.hold_status) }));
  }
}
