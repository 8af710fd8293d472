import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Payment orders (decision 010): one per payment the user starts with a provider. order_no is the
 * merchant's out_trade_no. Status moves created → paid exactly once (a conditional UPDATE in the same
 * transaction as the credit), or created → failed / closed; paid, failed and closed are final.
 */
export const paymentOrders = pgTable(
  'payment_orders',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderNo: text('order_no').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    purpose: text('purpose', { enum: ['recharge', 'help_pay'] }).notNull(),
    /** The recharge package (recharge) or the support item (help-pay) the order was made from. */
    packageId: integer('package_id'),
    /** help-pay: the rescue station paid to. */
    rescueStationId: integer('rescue_station_id'),
    /** What the payer pays, smallest currency unit (fen). */
    amount: integer('amount').notNull(),
    /** Coins credited when paid (package coins + bonus); 0 when the purpose credits none. */
    coins: integer('coins').notNull().default(0),
    currency: text('currency').notNull(),
    provider: text('provider', { enum: ['sandbox', 'wechat'] }).notNull(),
    status: text('status', { enum: ['created', 'paid', 'failed', 'closed'] })
      .notNull()
      .default('created'),
    /** Why a failed order failed (place_failed, amount_mismatch…): for the operators, not the client. */
    failureReason: text('failure_reason'),
    /** The payer as the provider knows them (WeChat openid). */
    payerId: text('payer_id'),
    providerTransactionId: text('provider_transaction_id'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('payment_orders_order_no_key').on(t.orderNo),
    uniqueIndex('payment_orders_provider_transaction_key')
      .on(t.provider, t.providerTransactionId)
      .where(sql`${t.providerTransactionId} IS NOT NULL`),
    index('payment_orders_user_idx').on(t.userId, t.createdAt),
    check('payment_orders_amount_positive', sql`${t.amount} > 0`),
    check('payment_orders_coins_nonnegative', sql`${t.coins} >= 0`),
    check('payment_orders_paid_at', sql`(${t.status} = 'paid') = (${t.paidAt} IS NOT NULL)`),
  ],
);

/**
 * Every notification a provider sent (the raw log). Verified ones are kept once per provider event id
 * (deliveries counts the repeats); rejected ones (forged, stale, malformed) are logged each time.
 */
export const paymentNotifications = pgTable(
  'payment_notifications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    provider: text('provider', { enum: ['sandbox', 'wechat'] }).notNull(),
    /** The provider's notification id; null when the notification could not be verified. */
    eventId: text('event_id'),
    orderNo: text('order_no'),
    verified: boolean('verified').notNull(),
    /** credited, duplicate, closed, amount_mismatch, unknown_order, ignored, or why it was rejected. */
    outcome: text('outcome').notNull(),
    deliveries: integer('deliveries').notNull().default(1),
    headers: jsonb('headers').$type<Record<string, string>>().notNull(),
    /** The body as received (cut at 16 KB): WeChat's stays encrypted here. */
    body: text('body').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    lastReceivedAt: timestamp('last_received_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('payment_notifications_event_key')
      .on(t.provider, t.eventId)
      .where(sql`${t.eventId} IS NOT NULL`),
    index('payment_notifications_order_idx').on(t.orderNo),
  ],
);
