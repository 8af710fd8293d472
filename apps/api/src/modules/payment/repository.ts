import { and, count, desc, eq, isNotNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { PaymentOrderStatus, PaymentPurpose } from '@petheart/contracts';
import type { Database } from '../../db/client';
import { paymentNotifications, paymentOrders } from '../../db/schema';
import { retryOnConflict } from '../../db/sql-state';
import { EXPIRED_REASON } from './policy';

export type OrderRow = typeof paymentOrders.$inferSelect;
export type NewOrder = Omit<typeof paymentOrders.$inferInsert, 'id' | 'status' | 'paidAt' | 'providerTransactionId'>;
export type NotificationRow = typeof paymentNotifications.$inferSelect;
export type NewNotification = Omit<typeof paymentNotifications.$inferInsert, 'id' | 'deliveries' | 'lastReceivedAt'>;

/**
 * Payment orders and the notification log. Status changes are conditional UPDATEs (`WHERE status =
 * 'created'`): under concurrent notifications exactly one of them changes the order, on PGlite and on
 * PostgreSQL (the row lock makes the others wait, then re-check the condition and change nothing).
 */
export class PaymentRepository {
  constructor(private readonly db: Database) {}

  /** Runs `fn` in one database transaction (`tx` for the other repositories that take part). */
  async transaction<T>(fn: (repo: PaymentRepository, tx: Database) => Promise<T>): Promise<T> {
    return retryOnConflict(() => this.db.transaction((tx) => fn(new PaymentRepository(tx), tx)));
  }

  async insertOrder(row: NewOrder): Promise<OrderRow> {
    const rows = await this.db.insert(paymentOrders).values(row).returning();
    const inserted = rows[0];
    if (!inserted) throw new Error('payment order insert returned nothing');
    return inserted;
  }

  async byOrderNo(orderNo: string): Promise<OrderRow | undefined> {
    const rows = await this.db.select().from(paymentOrders).where(eq(paymentOrders.orderNo, orderNo)).limit(1);
    return rows[0];
  }

  /** The order, row-locked until commit. */
  async lockByOrderNo(orderNo: string): Promise<OrderRow | undefined> {
    const rows = await this.db
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.orderNo, orderNo))
      .limit(1)
      .for('update');
    return rows[0];
  }

  /**
   * created → paid, or closed for being left unpaid (EXPIRED_REASON) → paid: the payer did pay. Undefined when
   * the order could not take a payment any more (paid, failed, closed by the provider): nothing changed.
   */
  async markPaid(
    id: number,
    paid: { transactionId: string | null; payerId: string | null; paidAt: Date; now: Date },
  ): Promise<OrderRow | undefined> {
    const rows = await this.db
      .update(paymentOrders)
      .set({
        status: 'paid',
        paidAt: paid.paidAt,
        providerTransactionId: paid.transactionId,
        payerId: sql`coalesce(${paid.payerId}::text, ${paymentOrders.payerId})`,
        failureReason: null,
        updatedAt: paid.now,
      })
      .where(
        and(
          eq(paymentOrders.id, id),
          or(
            eq(paymentOrders.status, 'created'),
            and(eq(paymentOrders.status, 'closed'), eq(paymentOrders.failureReason, EXPIRED_REASON)),
          ),
        ),
      )
      .returning();
    return rows[0];
  }

  /** created → failed | closed; undefined when the order was not 'created' any more. */
  async finish(id: number, status: 'failed' | 'closed', reason: string, now: Date): Promise<OrderRow | undefined> {
    const rows = await this.db
      .update(paymentOrders)
      .set({ status, failureReason: reason, updatedAt: now })
      .where(and(eq(paymentOrders.id, id), eq(paymentOrders.status, 'created')))
      .returning();
    return rows[0];
  }

  /**
   * Recharge orders still 'created' that were made at or before `cutoff` → closed (EXPIRED_REASON); all of them,
   * or one user's. Answers how many it closed. One conditional UPDATE: an order paid meanwhile stays paid.
   */
  async closeExpired(cutoff: Date, now: Date, userId?: number): Promise<number> {
    const conditions: SQL[] = [
      eq(paymentOrders.status, 'created'),
      eq(paymentOrders.purpose, 'recharge'),
      lte(paymentOrders.createdAt, cutoff),
    ];
    if (userId !== undefined) conditions.push(eq(paymentOrders.userId, userId));
    const rows = await this.db
      .update(paymentOrders)
      .set({ status: 'closed', failureReason: EXPIRED_REASON, updatedAt: now })
      .where(and(...conditions))
      .returning({ id: paymentOrders.id });
    return rows.length;
  }

  /** A user's orders, newest first. */
  async listByUser(
    userId: number,
    filter: { purpose?: PaymentPurpose | undefined; status?: PaymentOrderStatus | undefined },
    page: number,
    limit: number,
  ): Promise<{ rows: OrderRow[]; total: number }> {
    const conditions: SQL[] = [eq(paymentOrders.userId, userId)];
    if (filter.purpose) conditions.push(eq(paymentOrders.purpose, filter.purpose));
    if (filter.status) conditions.push(eq(paymentOrders.status, filter.status));
    const where = and(...conditions);
    const [rows, totals] = await Promise.all([
      this.db
        .select()
        .from(paymentOrders)
        .where(where)
        .orderBy(desc(paymentOrders.createdAt), desc(paymentOrders.id))
        .limit(limit)
        .offset((page - 1) * limit),
      this.db.select({ n: count() }).from(paymentOrders).where(where),
    ]);
    return { rows, total: totals[0]?.n ?? 0 };
  }

  /**
   * Logs a notification. A verified one is kept once per (provider, event id): a repeat only counts
   * (deliveries + 1) and keeps the first outcome. A rejected one (no event id) is a row of its own.
   */
  async logNotification(row: NewNotification): Promise<void> {
    const values = { ...row, lastReceivedAt: row.receivedAt };
    if (row.eventId === null || row.eventId === undefined) {
      await this.db.insert(paymentNotifications).values(values);
      return;
    }
    await this.db
      .insert(paymentNotifications)
      .values(values)
      .onConflictDoUpdate({
        target: [paymentNotifications.provider, paymentNotifications.eventId],
        targetWhere: isNotNull(paymentNotifications.eventId),
        set: { deliveries: sql`${paymentNotifications.deliveries} + 1`, lastReceivedAt: row.receivedAt },
      });
  }

  async notificationsOf(orderNo: string): Promise<NotificationRow[]> {
    return this.db
      .select()
      .from(paymentNotifications)
      .where(eq(paymentNotifications.orderNo, orderNo))
      .orderBy(paymentNotifications.id);
  }
}
