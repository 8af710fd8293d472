import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { type TextTranslations } from './columns';
import { users } from './users';
import { ledgerTransactions } from './ledger';
import { paymentOrders } from './payments';

/**
 * Support requests (decision 015): a shelter asks for help; the console reviews it: pending (0) → approved (1)
 * or rejected (2, with a reason the applicant sees). An approved application is a rescue station: support
 * events are published for it and help-pay pays to it (rescue_station_id = this id).
 */
export const supportApplications = pgTable(
  'support_applications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    animalNums: integer('animal_nums').notNull(),
    applicant: text('applicant').notNull(),
    mobile: text('mobile').notNull(),
    wechatNumber: text('wechat_number').notNull(),
    /** config support_types[].id at the time of applying. */
    applicationTypeId: integer('application_type_id').notNull(),
    address: text('address').notNull(),
    /** The shelter's name. */
    name: text('name').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    description: text('description').notNull().default(''),
    status: integer('status').notNull().default(0),
    reason: text('reason').notNull().default(''),
    reviewedBy: integer('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('support_applications_user_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('support_applications_status_idx').on(t.status, t.createdAt, t.id),
    check('support_applications_status', sql`${t.status} IN (0, 1, 2)`),
    check('support_applications_reviewed', sql`(${t.status} = 0) = (${t.reviewedAt} IS NULL)`),
    check('support_applications_reject_reason', sql`${t.status} <> 2 OR ${t.reason} <> ''`),
    check('support_applications_animals', sql`${t.animalNums} > 0`),
  ],
);

/** Support events: published by the console for an approved application; live (open) or closed. */
export const supportEvents = pgTable(
  'support_events',
  {
    id: serial('id').primaryKey(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => supportApplications.id),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** An upload path, or '' for none. */
    cover: text('cover').notNull().default(''),
    status: text('status', { enum: ['live', 'closed'] })
      .notNull()
      .default('live'),
    /** The language title and description were written in ('' before issue 29: unknown). */
    textLang: text('text_lang').notNull().default(''),
    /** The same texts in other languages, added in the console: `{ ja: { title, description } }`. */
    translations: jsonb('translations').$type<TextTranslations>().notNull().default({}),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('support_events_list_idx').on(t.status, t.createdAt.desc(), t.id.desc()),
    index('support_events_application_idx').on(t.applicationId),
  ],
);

/**
 * The items of an event: price per point (coins, fixed once created), the gift text, points wanted and given.
 * completed is the sum of the item's gifts (kept in the gift's transaction); gifts paid with coins never take
 * it past target, help-pay payments confirmed after it filled may (decision 015).
 */
export const supportItems = pgTable(
  'support_items',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => supportEvents.id),
    title: text('title').notNull(),
    price: integer('price').notNull(),
    gift: text('gift').notNull().default(''),
    target: integer('target').notNull(),
    completed: integer('completed').notNull().default(0),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('support_items_event_idx').on(t.eventId, t.sortOrder, t.id),
    check('support_items_price_positive', sql`${t.price} > 0`),
    check('support_items_target_positive', sql`${t.target} > 0`),
    check('support_items_completed_nonnegative', sql`${t.completed} >= 0`),
  ],
);

/**
 * Gifts to support items: points paid with coins (a ledger transaction wallet → support fund, unique per
 * user and idempotency key) or with money (help-pay: payment clearing → support fund when the order is paid,
 * once per order). Each row names the ledger transaction that moved its coins.
 */
export const supportGifts = pgTable(
  'support_gifts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    itemId: integer('item_id')
      .notNull()
      .references(() => supportItems.id),
    eventId: integer('event_id')
      .notNull()
      .references(() => supportEvents.id),
    points: integer('points').notNull(),
    /** Coins given (help-pay: the coin value of the payment). */
    coins: integer('coins').notNull(),
    source: text('source', { enum: ['coins', 'help_pay'] }).notNull(),
    /** The client's key (coins) or payment:<order_no> (help-pay). */
    idempotencyKey: text('idempotency_key').notNull(),
    ledgerTransactionId: bigint('ledger_transaction_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerTransactions.id),
    /** help-pay: the paid order, and what was paid for it (fen). */
    paymentOrderId: bigint('payment_order_id', { mode: 'number' }).references(() => paymentOrders.id),
    amount: integer('amount').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('support_gifts_user_key').on(t.userId, t.idempotencyKey),
    uniqueIndex('support_gifts_transaction_key').on(t.ledgerTransactionId),
    uniqueIndex('support_gifts_order_key')
      .on(t.paymentOrderId)
      .where(sql`${t.paymentOrderId} IS NOT NULL`),
    index('support_gifts_item_idx').on(t.itemId, t.id.desc()),
    index('support_gifts_event_idx').on(t.eventId, t.id.desc()),
    index('support_gifts_item_user_idx').on(t.itemId, t.userId),
    check('support_gifts_positive', sql`${t.points} > 0 AND ${t.coins} > 0 AND ${t.amount} >= 0`),
    check('support_gifts_source', sql`(${t.source} = 'help_pay') = (${t.paymentOrderId} IS NOT NULL)`),
  ],
);
