import { and, asc, count, desc, eq, getTableColumns, ilike, type SQL } from 'drizzle-orm';
import type { ConsolePaymentListBody } from '@petheart/contracts';
import type { Database } from '../../db/client';
import { paymentNotifications, paymentOrders, users } from '../../db/schema';
import { contains, createdWithin, userMatches } from './filters';

export type ConsoleOrderRow = typeof paymentOrders.$inferSelect & { userEmail: string | null; userNickname: string };
export type NotificationRow = typeof paymentNotifications.$inferSelect;

const withUser = { ...getTableColumns(paymentOrders), userEmail: users.email, userNickname: users.nickname };

/** The console's reads of payment orders (with their payer) and of the notification log. */
export class PaymentSearchRepository {
  constructor(private readonly db: Database) {}

  /** Orders matching the filters, newest first. */
  async list(q: ConsolePaymentListBody): Promise<{ rows: ConsoleOrderRow[]; total: number }> {
    const conditions: (SQL | undefined)[] = [...createdWithin(paymentOrders.createdAt, q)];
    if (q.order_no) conditions.push(ilike(paymentOrders.orderNo, contains(q.order_no)));
    if (q.user) conditions.push(userMatches(q.user));
    if (q.status) conditions.push(eq(paymentOrders.status, q.status));
    if (q.provider) conditions.push(eq(paymentOrders.provider, q.provider));
    if (q.purpose) conditions.push(eq(paymentOrders.purpose, q.purpose));
    const where = and(...conditions);
    const [rows, totals] = await Promise.all([
      this.db
        .select(withUser)
        .from(paymentOrders)
        .innerJoin(users, eq(users.id, paymentOrders.userId))
        .where(where)
        .orderBy(desc(paymentOrders.id))
        .limit(q.limit)
        .offset((q.page - 1) * q.limit),
      this.db
        .select({ n: count() })
        .from(paymentOrders)
        .innerJoin(users, eq(users.id, paymentOrders.userId))
        .where(where),
    ]);
    return { rows, total: totals[0]?.n ?? 0 };
  }

  async byOrderNo(orderNo: string): Promise<ConsoleOrderRow | undefined> {
    const rows = await this.db
      .select(withUser)
      .from(paymentOrders)
      .innerJoin(users, eq(users.id, paymentOrders.userId))
      .where(eq(paymentOrders.orderNo, orderNo))
      .limit(1);
    return rows[0];
  }

  /** The notifications about an order, oldest first. */
  async notificationsOf(orderNo: string): Promise<NotificationRow[]> {
    return this.db
      .select()
      .from(paymentNotifications)
      .where(eq(paymentNotifications.orderNo, orderNo))
      .orderBy(asc(paymentNotifications.id));
  }
}
