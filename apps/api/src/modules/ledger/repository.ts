import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { ledgerAccounts, ledgerEntries, ledgerHolds, ledgerTransactions, users } from '../../db/schema';
import { retryOnConflict } from '../../db/sql-state';
import { isUserAccount, type AccountRef } from './policy';

export type AccountRow = typeof ledgerAccounts.$inferSelect;
export type TransactionRow = typeof ledgerTransactions.$inferSelect;
export type HoldRow = typeof ledgerHolds.$inferSelect;
export type NewHold = Omit<typeof ledgerHolds.$inferInsert, 'status' | 'settledAt' | 'transactionId'>;

export interface EntryRow {
  accountId: number;
  kind: AccountRow['kind'];
  userId: number | null;
  amount: number;
}

const ownerIs = (ref: AccountRef) =>
  isUserAccount(ref)
    ? and(eq(ledgerAccounts.kind, ref.kind), eq(ledgerAccounts.userId, ref.userId))
    : and(eq(ledgerAccounts.kind, ref.kind), isNull(ledgerAccounts.userId));

/**
 * The ledger tables. Money changes happen inside `transaction`, which the service drives: accounts are
 * changed with conditional updates (the row lock orders concurrent writers; the condition re-checks the
 * balance after the wait), holds are locked with SELECT … FOR UPDATE, keys are claimed with ON CONFLICT.
 */
export class LedgerRepository {
  /**
   * `joined`: `db` is a transaction the caller runs, and the ledger's work joins it (no savepoint of its own:
   * the caller's transaction is the unit, and it retries). Otherwise the ledger runs its own transactions.
   */
  constructor(
    private readonly db: Database,
    private readonly options: { joined?: boolean } = {},
  ) {}

  /** Runs `fn` in one database transaction; a deadlock or serialization failure runs it again (3 tries). */
  async transaction<T>(fn: (repo: LedgerRepository) => Promise<T>): Promise<T> {
    if (this.options.joined) return fn(this);
    return retryOnConflict(() => this.db.transaction((tx) => fn(new LedgerRepository(tx))));
  }

  async findAccount(ref: AccountRef): Promise<AccountRow | undefined> {
    const rows = await this.db.select().from(ledgerAccounts).where(ownerIs(ref)).limit(1);
    return rows[0];
  }

  async accountById(id: number): Promise<AccountRow | undefined> {
    const rows = await this.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.id, id)).limit(1);
    return rows[0];
  }

  /**
   * The account, created (empty) when it does not exist yet; `created` when this call inserted it (inside a
   * transaction that may still roll back).
   */
  async ensureAccount(ref: AccountRef): Promise<{ account: AccountRow; created: boolean }> {
    const existing = await this.findAccount(ref);
    if (existing) return { account: existing, created: false };
    const userId = isUserAccount(ref) ? ref.userId : null;
    await this.db.execute(sql`
      INSERT INTO ${ledgerAccounts} (kind, user_id) VALUES (${ref.kind}, ${userId}::int)
      ON CONFLICT DO NOTHING`);
    const created = await this.findAccount(ref);
    if (!created) throw new Error(`ledger account ${ref.kind} could not be created`);
    return { account: created, created: true };
  }

  /** Claims an idempotency key for a new transaction; undefined when the key is already taken. */
  async insertTransaction(row: typeof ledgerTransactions.$inferInsert): Promise<TransactionRow | undefined> {
    const rows = await this.db.insert(ledgerTransactions).values(row).onConflictDoNothing().returning();
    return rows[0];
  }

  async transactionByKey(key: string): Promise<TransactionRow | undefined> {
    const rows = await this.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.idempotencyKey, key))
      .limit(1);
    return rows[0];
  }

  async transactionById(id: number): Promise<TransactionRow | undefined> {
    const rows = await this.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.id, id)).limit(1);
    return rows[0];
  }

  async insertEntries(transactionId: number, entries: { accountId: number; amount: number }[]): Promise<void> {
    await this.db
      .insert(ledgerEntries)
      .values(entries.map((e) => ({ transactionId, accountId: e.accountId, amount: e.amount })));
  }

  async entriesOf(transactionId: number): Promise<EntryRow[]> {
    return this.db
      .select({
        accountId: ledgerEntries.accountId,
        kind: ledgerAccounts.kind,
        userId: ledgerAccounts.userId,
        amount: ledgerEntries.amount,
      })
      .from(ledgerEntries)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
      .where(eq(ledgerEntries.transactionId, transactionId))
      .orderBy(asc(ledgerEntries.id));
  }

  /**
   * Adds `delta` to an account's balance and `heldDelta` to its held coins. On a user's account the
   * update happens only if the available balance (balance − held) stays >= 0 afterwards; undefined when
   * it would not (the caller answers insufficient_balance). Takes the account's row lock until commit.
   */
  async adjust(accountId: number, delta: number, heldDelta = 0): Promise<AccountRow | undefined> {
    const rows = await this.db
      .update(ledgerAccounts)
      .set({
        balance: sql`${ledgerAccounts.balance} + ${delta}::bigint`,
        held: sql`${ledgerAccounts.held} + ${heldDelta}::bigint`,
      })
      .where(
        and(
          eq(ledgerAccounts.id, accountId),
          sql`(${ledgerAccounts.userId} IS NULL
            OR ${ledgerAccounts.balance} + ${delta}::bigint - ${ledgerAccounts.held} - ${heldDelta}::bigint >= 0)`,
        ),
      )
      .returning();
    return rows[0];
  }

  /** users.balance (the coin balance the app shows) = the wallet's available coins; same transaction. */
  async showUserBalance(userId: number, available: number): Promise<void> {
    await this.db.update(users).set({ balance: available }).where(eq(users.id, userId));
  }

  /** Inserts a hold; undefined when its idempotency key is already taken. */
  async insertHold(row: NewHold): Promise<HoldRow | undefined> {
    const rows = await this.db.insert(ledgerHolds).values(row).onConflictDoNothing().returning();
    return rows[0];
  }

  async holdByKey(key: string): Promise<HoldRow | undefined> {
    const rows = await this.db.select().from(ledgerHolds).where(eq(ledgerHolds.idempotencyKey, key)).limit(1);
    return rows[0];
  }

  async holdById(id: string): Promise<HoldRow | undefined> {
    const rows = await this.db.select().from(ledgerHolds).where(eq(ledgerHolds.id, id)).limit(1);
    return rows[0];
  }

  /**
   * The hold with its account's owner, the hold row-locked until commit (posting and voiding one hold never
   * run side by side).
   */
  async lockHold(id: string): Promise<(HoldRow & { account: Pick<AccountRow, 'kind' | 'userId'> }) | undefined> {
    const rows = await this.db
      .select({ hold: ledgerHolds, kind: ledgerAccounts.kind, userId: ledgerAccounts.userId })
      .from(ledgerHolds)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerHolds.accountId))
      .where(eq(ledgerHolds.id, id))
      .limit(1)
      .for('update', { of: ledgerHolds });
    const row = rows[0];
    return row && { ...row.hold, account: { kind: row.kind, userId: row.userId } };
  }

  async settleHold(id: string, status: 'posted' | 'voided', at: Date, transactionId: number | null): Promise<HoldRow> {
    const rows = await this.db
      .update(ledgerHolds)
      .set({ status, settledAt: at, transactionId })
      .where(and(eq(ledgerHolds.id, id), eq(ledgerHolds.status, 'pending')))
      .returning();
    const row = rows[0];
    if (!row) throw new Error(`ledger hold ${id} is not pending`);
    return row;
  }

  /** Pending holds whose expiry has come (expires_at <= now, oldest first). */
  async expiredHoldIds(now: Date, limit: number): Promise<string[]> {
    const rows = await this.db
      .select({ id: ledgerHolds.id })
      .from(ledgerHolds)
      .where(and(eq(ledgerHolds.status, 'pending'), lte(ledgerHolds.expiresAt, now)))
      .orderBy(asc(ledgerHolds.expiresAt))
      .limit(limit);
    return rows.map((r) => r.id);
  }

  async accountsOf(userId: number): Promise<AccountRow[]> {
    return this.db
      .select()
      .from(ledgerAccounts)
      .where(
        and(eq(ledgerAccounts.userId, userId), inArray(ledgerAccounts.kind, ['user_wallet', 'operator_earnings'])),
      );
  }
}
