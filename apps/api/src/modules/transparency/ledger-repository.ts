import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { baseSupportGiftsSql } from './base-support-sql';

/** One group of postings: the sum of the entries of one kind of transaction on one kind of account. */
export interface PostingSum {
  /** The group (a UTC month YYYY-MM, or a base id). */
  key: string;
  /** The transaction's kind ('feed', 'support', 'help_pay', 'cashout'). */
  transaction: string;
  /** The account's kind ('user_wallet', 'operator_earnings', 'platform_revenue', 'support_fund'…). */
  account: string;
  /** The entries added up (+ into the account). */
  amount: number;
  /** How many entries (one per transaction and account). */
  entries: number;
}

/** An operator's earnings in the ledger: what feeds credited, what cash-outs took (coins and fees). */
export interface OperatorPostings {
  share: number;
  cashedOut: number;
  cashouts: number;
  feeCoins: number;
}

type Row = { key: string; transaction: string; account: string; amount: number | string; entries: number | string };
const toSums = (result: unknown): PostingSum[] =>
  rowsOf<Row>(result).map((r) => ({
    key: r.key,
    transaction: r.transaction,
    account: r.account,
    amount: Number(r.amount),
    entries: Number(r.entries),
  }));

/** The kinds of transactions a public account shows: feeds, gifts (support), help-pay and cash-outs. */
const SHOWN = sql`('feed', 'support', 'help_pay', 'cashout')`;

/**
 * The ledger's postings as the public accounts show them (issue 28 §3): sums of ledger entries, read from the
 * ledger itself (decision 009). A feed's posting names its feed (ledger_transactions.reference = feeds.id: the
 * hold's reference, carried by the posting), which is how the coins of a base's feeds are found.
 */
export class AccountLedgerRepository {
  constructor(private readonly db: Database) {}

  /**
   * The postings of the feeds made at `baseId` (every base when undefined), per UTC month of the posting or
   * per base, and per account kind: the wallets paid (negative), the operators' earnings and platform
   * revenue were credited.
   */
  async feedPostings(baseId: number | undefined, by: 'month' | 'base'): Promise<PostingSum[]> {
    const key = by === 'month' ? sql`to_char(t.created_at AT TIME ZONE 'UTC', 'YYYY-MM')` : sql`f.base_id::text`;
    const result = await this.db.execute(
      sql`SELECT ${key} AS key, 'feed' AS transaction, a.kind AS account,
                 sum(e.amount)::float8 AS amount, count(*)::int AS entries
            FROM feeds f
            JOIN ledger_transactions t ON t.kind = 'feed' AND t.reference = f.id::text
            JOIN ledger_entries e ON e.transaction_id = t.id
            JOIN ledger_accounts a ON a.id = e.account_id
           WHERE f.status = 'succeeded' ${baseId === undefined ? sql`` : sql`AND f.base_id = ${baseId}::int`}
           GROUP BY 1, 3 ORDER BY 1, 3`,
    );
    return toSums(result);
  }

  /**
   * The postings of the gifts and help-pay a base counts (baseSupportGiftsSql: to support requests its operator
   * `operatorId` applied for, as its statements list them), per UTC month of the posting and account kind. The
   * transaction is named as the ledger names it ('support' for a gift with coins, 'help_pay'), from the gift's
   * source as the statement's kind is.
   */
  async supportPostings(operatorId: number | null): Promise<PostingSum[]> {
    const result = await this.db.execute(
      sql`SELECT to_char(t.created_at AT TIME ZONE 'UTC', 'YYYY-MM') AS key,
                 CASE WHEN g.kind = 'gift' THEN 'support' ELSE 'help_pay' END AS transaction,
                 a.kind AS account, sum(e.amount)::float8 AS amount, count(*)::int AS entries
            FROM (${baseSupportGiftsSql(operatorId)}) g
            JOIN ledger_transactions t ON t.id = g.transaction_id
            JOIN ledger_entries e ON e.transaction_id = t.id
            JOIN ledger_accounts a ON a.id = e.account_id
           GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
    );
    return toSums(result);
  }

  /** Every posting of the shown kinds, per UTC month, transaction kind and account kind (the platform). */
  async platformPostings(): Promise<PostingSum[]> {
    const result = await this.db.execute(
      sql`SELECT to_char(t.created_at AT TIME ZONE 'UTC', 'YYYY-MM') AS key, t.kind AS transaction,
                 a.kind AS account, sum(e.amount)::float8 AS amount, count(*)::int AS entries
            FROM ledger_transactions t
            JOIN ledger_entries e ON e.transaction_id = t.id
            JOIN ledger_accounts a ON a.id = e.account_id
           WHERE t.kind IN ${SHOWN}
           GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
    );
    return toSums(result);
  }

  /**
   * One operator's earnings account: the share feeds credited it, and the cash-outs that took from it (coins
   * taken, how many, and their fees credited to platform revenue in the same transactions).
   */
  async operatorPostings(userId: number): Promise<OperatorPostings> {
    const result = await this.db.execute(
      sql`WITH mine AS (
            SELECT e.transaction_id, t.kind, e.amount
              FROM ledger_accounts a
              JOIN ledger_entries e ON e.account_id = a.id
              JOIN ledger_transactions t ON t.id = e.transaction_id
             WHERE a.kind = 'operator_earnings' AND a.user_id = ${userId}::int AND t.kind IN ('feed', 'cashout'))
          SELECT coalesce(sum(m.amount) FILTER (WHERE m.kind = 'feed'), 0)::float8 AS share,
                 coalesce(-sum(m.amount) FILTER (WHERE m.kind = 'cashout'), 0)::float8 AS cashed_out,
                 count(*) FILTER (WHERE m.kind = 'cashout')::int AS cashouts,
                 (SELECT coalesce(sum(e.amount), 0)::float8
                    FROM mine c
                    JOIN ledger_entries e ON e.transaction_id = c.transaction_id
                    JOIN ledger_accounts a ON a.id = e.account_id
                   WHERE c.kind = 'cashout' AND a.kind = 'platform_revenue') AS fee_coins
            FROM mine m`,
    );
    const [r] = rowsOf<Record<'share' | 'cashed_out' | 'cashouts' | 'fee_coins', number | string>>(result);
    return {
      share: Number(r?.share ?? 0),
      cashedOut: Number(r?.cashed_out ?? 0),
      cashouts: Number(r?.cashouts ?? 0),
      feeCoins: Number(r?.fee_coins ?? 0),
    };
  }

  /** The money successful cash-outs paid (net of fees), per currency: one operator's, or everyone's. */
  async cashoutsPaid(userId?: number): Promise<{ currency: string; amount: number }[]> {
    const result = await this.db.execute(
      sql`SELECT currency, sum(net_amount)::float8 AS amount FROM cashouts
           WHERE status = 'successful' ${userId === undefined ? sql`` : sql`AND user_id = ${userId}::int`}
           GROUP BY 1 ORDER BY 2 DESC, 1`,
    );
    return rowsOf<{ currency: string; amount: number | string }>(result).map((r) => ({
      currency: r.currency,
      amount: Number(r.amount),
    }));
  }
}
