import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { baseStatements, bases } from '../../db/schema';
import { baseSupportGiftsSql } from '../transparency/base-support-sql';

/** A base and where its statements stand. */
export interface StatementBase {
  id: number;
  createdAt: Date;
  operatorId: number | null;
  /** The newest statement's month and hash (null before the first). */
  lastMonth: string | null;
  lastHash: string | null;
}

/** One ledger entry concerning a base, as the movements query reads it. */
export interface MovementRow {
  /** The transaction's time, ms since the epoch. */
  at: number;
  entry: number;
  tx: number;
  kind: 'feed' | 'gift' | 'help_pay' | 'cashout';
  account: string;
  /** Whom the line names (see docs/statements.md), or null. */
  userId: number | null;
  amount: number;
  grams: number;
  ref: string;
}

export type StatementRow = typeof baseStatements.$inferSelect;
export type NewStatement = Omit<typeof baseStatements.$inferInsert, 'id' | 'createdAt'>;
export type StatementSummaryRow = Omit<StatementRow, 'json' | 'csv'>;

/**
 * A feed's settled_at and its posting's time are read from the clock in the same settlement (decision 011):
 * they differ by far less than this. Filtering feeds on it first leaves older feeds' postings unread.
 */
const SETTLED_MARGIN_MS = 86_400_000;

const iso = (at: Date) => sql`${at.toISOString()}::timestamptz`;
const ms = (column: SQL) => sql`floor(extract(epoch from ${column}) * 1000)::float8`;
const msInt = (column: SQL) => sql`floor(extract(epoch from ${column}) * 1000)::bigint`;

/**
 * Every ledger entry concerning the base whose transaction's time is in [from, to) (docs/statements.md):
 * the entries of its feeds' postings (reference = the feed), of the gifts and help-pay payments to support
 * requests its operator applied for (baseSupportGiftsSql: the same gifts its public account counts), and of its
 * operator's paid cash-outs (reference 'cashout:<id>').
 */
function movementsSql(baseId: number, operatorId: number | null, from: Date, to: Date): SQL {
  const inRange = sql`t.created_at >= ${iso(from)} AND t.created_at < ${iso(to)}`;
  const operator = operatorId ?? 0;
  return sql`
    SELECT ${msInt(sql`t.created_at`)} AS at, e.id AS entry, t.id AS tx, 'feed' AS kind,
      a.kind AS account, a.user_id AS user_id, e.amount AS amount,
      CASE WHEN a.kind = 'user_wallet' THEN f.grams_dispensed ELSE 0 END AS grams, 'feed:' || f.id::text AS ref
    FROM feeds f
    JOIN ledger_transactions t ON t.kind = 'feed' AND t.reference = f.id::text
    JOIN ledger_entries e ON e.transaction_id = t.id
    JOIN ledger_accounts a ON a.id = e.account_id
    WHERE f.base_id = ${baseId} AND f.status = 'succeeded'
      AND f.settled_at >= ${iso(new Date(from.getTime() - SETTLED_MARGIN_MS))}
      AND f.settled_at < ${iso(new Date(to.getTime() + SETTLED_MARGIN_MS))} AND ${inRange}
    UNION ALL
    SELECT ${msInt(sql`t.created_at`)}, e.id, t.id, g.kind, a.kind,
      CASE WHEN a.user_id IS NOT NULL THEN a.user_id WHEN a.kind = 'payment_clearing' THEN g.user_id END,
      e.amount, 0, g.kind || ':' || g.id::text
    FROM (${baseSupportGiftsSql(operatorId)}) g
    JOIN ledger_transactions t ON t.id = g.transaction_id
    JOIN ledger_entries e ON e.transaction_id = t.id
    JOIN ledger_accounts a ON a.id = e.account_id
    WHERE ${inRange}
    UNION ALL
    SELECT ${msInt(sql`t.created_at`)}, e.id, t.id, 'cashout', a.kind, a.user_id, e.amount, 0,
      'cashout:' || c.id::text
    FROM cashouts c
    JOIN ledger_transactions t ON t.kind = 'cashout' AND t.reference = 'cashout:' || c.id::text
    JOIN ledger_entries e ON e.transaction_id = t.id
    JOIN ledger_accounts a ON a.id = e.account_id
    WHERE c.user_id = ${operator} AND ${inRange}`;
}

/** A movement as the query's JSON array holds it: at, entry, tx, kind, account, user, amount, grams, ref. */
type RawMovement = [number, number, number, MovementRow['kind'], string, number | null, number, number, string];

/** base_statements, and the ledger, feeds, gifts and cash-outs a statement reads. Never updates a statement. */
export class StatementRepository {
  constructor(private readonly db: Database) {}

  /** Every base with its newest statement. */
  async bases(): Promise<StatementBase[]> {
    const result = await this.db.execute(sql`
      SELECT b.id, ${ms(sql`b.created_at`)} AS created_ms, b.operator_id, s.month, s.hash
      FROM bases b
      LEFT JOIN LATERAL (SELECT month, hash FROM base_statements WHERE base_id = b.id ORDER BY month DESC LIMIT 1) s
        ON true
      ORDER BY b.id`);
    return rowsOf<{
      id: number;
      created_ms: number;
      operator_id: number | null;
      month: string | null;
      hash: string | null;
    }>(result).map((r) => ({
      id: r.id,
      createdAt: new Date(r.created_ms),
      operatorId: r.operator_id === null ? null : r.operator_id,
      lastMonth: r.month,
      lastHash: r.hash,
    }));
  }

  /**
   * The base's movements in [from, to), in no particular order. They come as one JSON text (a month of a busy
   * base is 100,000s of rows: one value crosses from the database far faster than as many rows).
   */
  async movements(baseId: number, operatorId: number | null, from: Date, to: Date): Promise<MovementRow[]> {
    const result = await this.db.execute(sql`
      SELECT coalesce(json_agg(json_build_array(m.at, m.entry, m.tx, m.kind, m.account, m.user_id, m.amount, m.grams,
        m.ref)), '[]')::text AS rows
      FROM (${movementsSql(baseId, operatorId, from, to)}) m`);
    const text = rowsOf<{ rows: string }>(result)[0]?.rows ?? '[]';
    return (JSON.parse(text) as RawMovement[]).map(([at, entry, tx, kind, account, userId, amount, grams, ref]) => ({
      at,
      entry,
      tx,
      kind,
      account,
      userId,
      amount,
      grams,
      ref,
    }));
  }

  /**
   * Stores a month's statement unless one exists (the unique index on (base, month) settles two processes
   * generating at once); answers the stored row either way.
   */
  async insert(row: NewStatement): Promise<StatementRow> {
    const inserted = await this.db.insert(baseStatements).values(row).onConflictDoNothing().returning();
    const stored = inserted[0] ?? (await this.byMonth(row.baseId, row.month));
    if (!stored) throw new Error(`statement ${String(row.baseId)} ${row.month} neither inserted nor found`);
    return stored;
  }

  async byMonth(baseId: number, month: string): Promise<StatementRow | undefined> {
    const rows = await this.db
      .select()
      .from(baseStatements)
      .where(and(eq(baseStatements.baseId, baseId), eq(baseStatements.month, month)))
      .limit(1);
    return rows[0];
  }

  /** The base's statements, newest month first, without their bytes. */
  async list(baseId: number): Promise<StatementSummaryRow[]> {
    return this.db
      .select({
        id: baseStatements.id,
        baseId: baseStatements.baseId,
        month: baseStatements.month,
        lines: baseStatements.lines,
        prevHash: baseStatements.prevHash,
        hash: baseStatements.hash,
        createdAt: baseStatements.createdAt,
      })
      .from(baseStatements)
      .where(eq(baseStatements.baseId, baseId))
      .orderBy(desc(baseStatements.month));
  }

  async baseExists(baseId: number): Promise<boolean> {
    const rows = await this.db.select({ id: bases.id }).from(bases).where(eq(bases.id, baseId)).limit(1);
    return rows.length > 0;
  }
}
