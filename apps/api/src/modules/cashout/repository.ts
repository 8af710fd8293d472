import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { CashoutState } from '@petheart/contracts';
import type { Database } from '../../db/client';
import { cashoutEvents, cashouts, ledgerHolds, users } from '../../db/schema';
import { userMatches } from '../admin-money/filters';
import { retryOnConflict } from '../../db/sql-state';

export type CashoutRow = typeof cashouts.$inferSelect;
export type NewCashout = Omit<typeof cashouts.$inferInsert, 'id' | 'status' | 'holdId' | 'remark'>;
export type CashoutEventRow = typeof cashoutEvents.$inferSelect;
export type NewCashoutEvent = Omit<typeof cashoutEvents.$inferInsert, 'id'>;
export interface CashoutOwner {
  id: number;
  nickname: string;
  email: string | null;
}
export type CashoutWithOwner = CashoutRow & { owner: CashoutOwner };
export type EventWithActor = CashoutEventRow & { actorNickname: string | null };

const sumOf = (expr: SQL) => sql<number>`coalesce(sum(${expr}), 0)`.mapWith(Number);

/** The cashouts and cashout_events tables. Writes that move money run inside `transaction`. */
export class CashoutRepository {
  constructor(private readonly db: Database) {}

  /**
   * Runs `fn` in one database transaction with a repository (and the transaction, for the ledger) bound to
   * it; a deadlock or serialization failure runs it again (3 tries; every write in it is idempotent).
   */
  async transaction<T>(fn: (repo: CashoutRepository, tx: Database) => Promise<T>): Promise<T> {
    return retryOnConflict(() => this.db.transaction((tx) => fn(new CashoutRepository(tx), tx)));
  }

  /** Claims (user, idempotency key) with a new row; undefined when the key is already taken. */
  async insert(row: NewCashout): Promise<CashoutRow | undefined> {
    const rows = await this.db.insert(cashouts).values(row).onConflictDoNothing().returning();
    return rows[0];
  }

  async byKey(userId: number, key: string): Promise<CashoutRow | undefined> {
    const rows = await this.db
      .select()
      .from(cashouts)
      .where(and(eq(cashouts.userId, userId), eq(cashouts.idempotencyKey, key)))
      .limit(1);
    return rows[0];
  }

  async byId(id: number): Promise<CashoutRow | undefined> {
    const rows = await this.db.select().from(cashouts).where(eq(cashouts.id, id)).limit(1);
    return rows[0];
  }

  /** The row, locked until commit: one move of a cash-out at a time. */
  async lock(id: number): Promise<CashoutRow | undefined> {
    const rows = await this.db.select().from(cashouts).where(eq(cashouts.id, id)).limit(1).for('update');
    return rows[0];
  }

  async setHold(id: number, holdId: string): Promise<CashoutRow> {
    const rows = await this.db.update(cashouts).set({ holdId }).where(eq(cashouts.id, id)).returning();
    const row = rows[0];
    if (!row) throw new Error(`cash-out ${String(id)} vanished`);
    return row;
  }

  async setStatus(id: number, status: CashoutState, at: Date, remark?: string): Promise<CashoutRow> {
    const rows = await this.db
      .update(cashouts)
      .set({ status, updatedAt: at, ...(remark === undefined ? {} : { remark }) })
      .where(eq(cashouts.id, id))
      .returning();
    const row = rows[0];
    if (!row) throw new Error(`cash-out ${String(id)} vanished`);
    return row;
  }

  async insertEvent(event: NewCashoutEvent): Promise<void> {
    await this.db.insert(cashoutEvents).values(event);
  }

  /** A cash-out's history, oldest first, with the acting user's nickname. */
  async eventsOf(cashoutId: number): Promise<EventWithActor[]> {
    const rows = await this.db
      .select({ event: cashoutEvents, actorNickname: users.nickname })
      .from(cashoutEvents)
      .leftJoin(users, eq(users.id, cashoutEvents.actorId))
      .where(eq(cashoutEvents.cashoutId, cashoutId))
      .orderBy(asc(cashoutEvents.id));
    return rows.map((r) => ({ ...r.event, actorNickname: r.actorNickname }));
  }

  /** A user's cash-outs, newest first. */
  async listOf(userId: number, q: { page: number; limit: number; status?: CashoutState | undefined }) {
    const where = and(eq(cashouts.userId, userId), q.status ? eq(cashouts.status, q.status) : undefined);
    const [rows, counted] = await Promise.all([
      this.db
        .select()
        .from(cashouts)
        .where(where)
        .orderBy(desc(cashouts.createdAt), desc(cashouts.id))
        .limit(q.limit)
        .offset((q.page - 1) * q.limit),
      this.db.select({ n: count() }).from(cashouts).where(where),
    ]);
    return { rows, total: counted[0]?.n ?? 0 };
  }

  private withOwner() {
    return this.db
      .select({ cashout: cashouts, id: users.id, nickname: users.nickname, email: users.email })
      .from(cashouts)
      .innerJoin(users, eq(users.id, cashouts.userId));
  }

  /**
   * The console's list: by status (oldest first: the queue's order) or all (newest first); `user` is a user
   * id or part of their email.
   */
  async adminList(q: { page: number; limit: number; status?: CashoutState | undefined; user?: string | undefined }) {
    const user = q.user?.trim();
    const byUser = user ? userMatches(user) : undefined;
    const where = and(q.status ? eq(cashouts.status, q.status) : undefined, byUser);
    const order = q.status
      ? [asc(cashouts.createdAt), asc(cashouts.id)]
      : [desc(cashouts.createdAt), desc(cashouts.id)];
    const [rows, counted] = await Promise.all([
      this.withOwner()
        .where(where)
        .orderBy(...order)
        .limit(q.limit)
        .offset((q.page - 1) * q.limit),
      this.db.select({ n: count() }).from(cashouts).innerJoin(users, eq(users.id, cashouts.userId)).where(where),
    ]);
    const list: CashoutWithOwner[] = rows.map((r) => ({
      ...r.cashout,
      owner: { id: r.id, nickname: r.nickname, email: r.email },
    }));
    return { rows: list, total: counted[0]?.n ?? 0 };
  }

  async withOwnerById(id: number): Promise<CashoutWithOwner | undefined> {
    const rows = await this.withOwner().where(eq(cashouts.id, id)).limit(1);
    const r = rows[0];
    return r && { ...r.cashout, owner: { id: r.id, nickname: r.nickname, email: r.email } };
  }

  /** The state of a cash-out's hold and the transaction that posted it. */
  async holdState(holdId: string): Promise<{ status: 'pending' | 'posted' | 'voided'; transactionId: number | null }> {
    const rows = await this.db
      .select({ status: ledgerHolds.status, transactionId: ledgerHolds.transactionId })
      .from(ledgerHolds)
      .where(eq(ledgerHolds.id, holdId))
      .limit(1);
    const row = rows[0];
    if (!row) throw new Error(`ledger hold ${holdId} not found`);
    return row;
  }

  /** Successful cash-outs of a user: the coins paid out and the net amount (fen). */
  async cashedOut(userId: number): Promise<{ coins: number; net: number }> {
    const rows = await this.db
      .select({ coins: sumOf(sql`${cashouts.coins}`), net: sumOf(sql`${cashouts.netAmount}`) })
      .from(cashouts)
      .where(and(eq(cashouts.userId, userId), eq(cashouts.status, 'successful')));
    return { coins: rows[0]?.coins ?? 0, net: rows[0]?.net ?? 0 };
  }
}
