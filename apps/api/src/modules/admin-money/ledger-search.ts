import { and, asc, count, desc, eq, exists, getTableColumns, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { ConsoleLedgerAccountListBody, ConsoleLedgerTransactionListBody } from '@petheart/contracts';
import type { Database } from '../../db/client';
import { ledgerAccounts, ledgerEntries, ledgerTransactions, users } from '../../db/schema';
import { contains, createdWithin, userMatches } from './filters';

export type TransactionRow = typeof ledgerTransactions.$inferSelect;
export type ConsoleAccountRow = typeof ledgerAccounts.$inferSelect & {
  userEmail: string | null;
  userNickname: string | null;
};
export interface ConsoleEntryRow {
  transactionId: number;
  accountId: number;
  kind: (typeof ledgerAccounts.$inferSelect)['kind'];
  userId: number | null;
  userEmail: string | null;
  amount: number;
}

const accountWithUser = {
  ...getTableColumns(ledgerAccounts),
  userEmail: users.email,
  userNickname: users.nickname,
};

/** The console's reads of the coin ledger (decision 009): transactions with their entries, accounts. */
export class LedgerSearchRepository {
  constructor(private readonly db: Database) {}

  /** Transactions matching the filters, newest first. */
  async transactions(q: ConsoleLedgerTransactionListBody): Promise<{ rows: TransactionRow[]; total: number }> {
    const conditions: (SQL | undefined)[] = [...createdWithin(ledgerTransactions.createdAt, q)];
    if (q.kind) conditions.push(eq(ledgerTransactions.kind, q.kind));
    if (q.key) {
      const like = contains(q.key);
      conditions.push(or(ilike(ledgerTransactions.reference, like), ilike(ledgerTransactions.idempotencyKey, like)));
    }
    if (q.account_id !== undefined) conditions.push(this.hasEntryOn(eq(ledgerEntries.accountId, q.account_id)));
    if (q.user) {
      const matching = this.db.select({ id: users.id }).from(users).where(userMatches(q.user));
      const accounts = this.db
        .select({ id: ledgerAccounts.id })
        .from(ledgerAccounts)
        .where(inArray(ledgerAccounts.userId, matching));
      conditions.push(this.hasEntryOn(inArray(ledgerEntries.accountId, accounts)));
    }
    const where = and(...conditions);
    const [rows, totals] = await Promise.all([
      this.db
        .select()
        .from(ledgerTransactions)
        .where(where)
        .orderBy(desc(ledgerTransactions.id))
        .limit(q.limit)
        .offset((q.page - 1) * q.limit),
      this.db.select({ n: count() }).from(ledgerTransactions).where(where),
    ]);
    return { rows, total: totals[0]?.n ?? 0 };
  }

  /** The transaction has an entry matching `condition`. */
  private hasEntryOn(condition: SQL): SQL {
    return exists(
      this.db
        .select({ one: ledgerEntries.id })
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.transactionId, ledgerTransactions.id), condition)),
    );
  }

  async transactionByKey(key: string): Promise<TransactionRow | undefined> {
    const rows = await this.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.idempotencyKey, key))
      .limit(1);
    return rows[0];
  }

  /** The entries of these transactions with their accounts and users, in entry order. */
  async entriesOf(transactionIds: number[]): Promise<ConsoleEntryRow[]> {
    if (transactionIds.length === 0) return [];
    return this.db
      .select({
        transactionId: ledgerEntries.transactionId,
        accountId: ledgerEntries.accountId,
        kind: ledgerAccounts.kind,
        userId: ledgerAccounts.userId,
        userEmail: users.email,
        amount: ledgerEntries.amount,
      })
      .from(ledgerEntries)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
      .leftJoin(users, eq(users.id, ledgerAccounts.userId))
      .where(inArray(ledgerEntries.transactionId, transactionIds))
      .orderBy(asc(ledgerEntries.id));
  }

  /** Accounts matching the filters: the platform's first, then by id. */
  async accounts(q: ConsoleLedgerAccountListBody): Promise<{ rows: ConsoleAccountRow[]; total: number }> {
    const conditions: (SQL | undefined)[] = [];
    if (q.kind) conditions.push(eq(ledgerAccounts.kind, q.kind));
    if (q.user) conditions.push(userMatches(q.user));
    const where = and(...conditions);
    const [rows, totals] = await Promise.all([
      this.db
        .select(accountWithUser)
        .from(ledgerAccounts)
        .leftJoin(users, eq(users.id, ledgerAccounts.userId))
        .where(where)
        .orderBy(sql`${ledgerAccounts.userId} IS NOT NULL`, asc(ledgerAccounts.id))
        .limit(q.limit)
        .offset((q.page - 1) * q.limit),
      this.db
        .select({ n: count() })
        .from(ledgerAccounts)
        .leftJoin(users, eq(users.id, ledgerAccounts.userId))
        .where(where),
    ]);
    return { rows, total: totals[0]?.n ?? 0 };
  }
}
