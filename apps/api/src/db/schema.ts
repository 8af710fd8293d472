import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email'),
    mobile: text('mobile'),
    passwordHash: text('password_hash'),
    nickname: text('nickname').notNull(),
    avatar: text('avatar').notNull().default(''),
    roles: text('roles')
      .array()
      .notNull()
      .default(sql`'{user}'::text[]`),
    status: text('status', { enum: ['normal', 'disabled'] })
      .notNull()
      .default('normal'),
    loginDays: integer('login_days').notNull().default(0),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /** Cached coin balance; the ledger (coins issue) is the source of truth. */
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_mobile_key').on(t.mobile),
    check('users_balance_nonnegative', sql`${t.balance} >= 0`),
  ],
);

/** Login tokens, stored as SHA-256 hashes: a leaked table does not leak sessions. */
export const userTokens = pgTable(
  'user_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('user_tokens_user_idx').on(t.userId)],
);

/** Auth codes sent by mail or SMS; codes are stored hashed, and each send is a row (rate limits count them). */
export const authCodes = pgTable(
  'auth_codes',
  {
    id: serial('id').primaryKey(),
    channel: text('channel', { enum: ['email', 'mobile'] }).notNull(),
    address: text('address').notNull(),
    event: text('event').notNull(),
    codeHash: text('code_hash').notNull(),
    ip: text('ip').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('auth_codes_address_idx').on(t.address, t.createdAt), index('auth_codes_ip_idx').on(t.ip, t.createdAt)],
);

/** Wrong-password counters per (account, client address): slows guessing without locking the owner out. */
export const loginFailures = pgTable(
  'login_failures',
  {
    account: text('account').notNull(),
    ip: text('ip').notNull(),
    failures: integer('failures').notNull().default(0),
    lastFailedAt: timestamp('last_failed_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.account, t.ip] })],
);

export const oauthIdentities = pgTable(
  'oauth_identities',
  {
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.subject] })],
);

export const uploads = pgTable('uploads', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  path: text('path').notNull(),
  mime: text('mime').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  bytes: integer('bytes').notNull(),
  createdAt: createdAt(),
});

/** Operator-editable settings (recharge packages, portions, cash-out rules…), one JSON value per key. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Feeding stations (bases): where feeders stand. An admin may assign a base operator (a user). */
export const bases = pgTable(
  'bases',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    address: text('address').notNull().default(''),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    animalCount: integer('animal_count').notNull().default(0),
    photos: text('photos')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    introduction: text('introduction').notNull().default(''),
    operatorId: integer('operator_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('bases_operator_idx').on(t.operatorId)],
);

/** Feeders. The id is the device ID printed on the unit (PH-0001); the secret is stored only as a hash. */
export const devices = pgTable(
  'devices',
  {
    id: text('id').primaryKey(),
    baseId: integer('base_id')
      .notNull()
      .references(() => bases.id),
    name: text('name').notNull(),
    secretHash: text('secret_hash').notNull(),
    feederOnline: boolean('feeder_online').notNull().default(false),
    cameraOnline: boolean('camera_online').notNull().default(false),
    /** Food left in the hopper, grams (as last reported). */
    foodStock: integer('food_stock').notNull().default(0),
    /** Portions offered on this device; null = the configured defaults. */
    portions: jsonb('portions').$type<{ grams: number; coins: number }[]>(),
    /** The base operator's revenue share, basis points (10000 = 100 %). */
    revenueShareBp: integer('revenue_share_bp').notNull().default(0),
    /** Grams this device may dispense per day (UTC), feeds waiting included: the bowl must not overflow. */
    dailyGramCap: integer('daily_gram_cap').notNull().default(2000),
    firstOnlineAt: timestamp('first_online_at', { withTimezone: true }),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    disabled: boolean('disabled').notNull().default(false),
    firmware: text('firmware').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('devices_base_idx').on(t.baseId),
    check('devices_revenue_share_range', sql`${t.revenueShareBp} BETWEEN 0 AND 10000`),
    check('devices_daily_gram_cap_positive', sql`${t.dailyGramCap} > 0`),
  ],
);

/** Commands sent to devices (dispense), with their delivery attempts and the device's answer. */
export const deviceCommands = pgTable(
  'device_commands',
  {
    id: uuid('id').primaryKey(),
    deviceId: text('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['dispense'] }).notNull(),
    payload: jsonb('payload').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    status: text('status', { enum: ['queued', 'sent', 'acked', 'failed', 'expired'] })
      .notNull()
      .default('queued'),
    /** The device's outcome (dispensed, jammed, empty, failed, expired), or null before an answer. */
    outcome: text('outcome'),
    /** Grams the device measured. */
    grams: integer('grams'),
    ackedAt: timestamp('acked_at', { withTimezone: true }),
  },
  (t) => [
    index('device_commands_device_idx').on(t.deviceId, t.issuedAt),
    index('device_commands_open_idx')
      .on(t.status)
      .where(sql`${t.status} IN ('queued', 'sent')`),
  ],
);

/** Live-room comments. The bigserial id is the comment's sequence number (increasing within every room). */
export const liveComments = pgTable(
  'live_comments',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    deviceId: text('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('live_comments_room_idx').on(t.deviceId, t.id)],
);

/** Users following live rooms. */
export const liveFollows = pgTable(
  'live_follows',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceId: text('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.deviceId] }), index('live_follows_device_idx').on(t.deviceId)],
);

/** Fan-group members of a live room; the level is derived from the points (contracts `fanLevel`). */
export const fanMembers = pgTable(
  'fan_members',
  {
    deviceId: text('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    points: integer('points').notNull().default(0),
    /** The day (YYYY-MM-DD, UTC) of the last visit point, and the comment points earned that day. */
    pointsDay: text('points_day').notNull().default(''),
    commentPointsToday: integer('comment_points_today').notNull().default(0),
    joinedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.userId] }), index('fan_members_points_idx').on(t.deviceId, t.points)],
);

/** Problem reports about a device, from its live room. */
export const problemReports = pgTable(
  'problem_reports',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceId: text('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    status: text('status', { enum: ['open', 'resolved'] })
      .notNull()
      .default('open'),
    remark: text('remark').notNull().default(''),
    createdAt: createdAt(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    index('problem_reports_status_idx').on(t.status, t.createdAt),
    index('problem_reports_device_idx').on(t.deviceId),
  ],
);

/** Clips of live streams (Record): the last ~15 s cut on the server, private until published. */
export const liveClips = pgTable(
  'live_clips',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceId: text('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    durationMs: integer('duration_ms').notNull(),
    bytes: integer('bytes').notNull(),
    published: boolean('published').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('live_clips_device_idx').on(t.deviceId, t.published, t.createdAt),
    index('live_clips_user_idx').on(t.userId),
  ],
);

/** Ledger account kinds: a wallet and an earnings account per user, and the platform's own accounts. */
export const LEDGER_ACCOUNT_KINDS = [
  'user_wallet',
  'operator_earnings',
  'platform_revenue',
  'payment_clearing',
  'cashout_clearing',
] as const;
export const LEDGER_TRANSACTION_KINDS = ['recharge', 'feed', 'refund', 'cashout', 'transfer', 'correction'] as const;

/**
 * Coin ledger accounts (decision 009). balance = the sum of the account's entries (cached, checked by
 * the invariant checker); held = the sum of its pending holds. Wallets and earnings never go below zero
 * nor below what is held; the platform's accounts (no user) may go negative (clearing accounts do).
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: LEDGER_ACCOUNT_KINDS }).notNull(),
    userId: integer('user_id').references(() => users.id),
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    held: bigint('held', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_user_key')
      .on(t.kind, t.userId)
      .where(sql`${t.userId} IS NOT NULL`),
    uniqueIndex('ledger_accounts_platform_key')
      .on(t.kind)
      .where(sql`${t.userId} IS NULL`),
    check(
      'ledger_accounts_owner',
      sql`(${t.userId} IS NOT NULL) = (${t.kind} IN ('user_wallet', 'operator_earnings'))`,
    ),
    check(
      'ledger_accounts_nonnegative',
      sql`${t.userId} IS NULL OR (${t.balance} >= 0 AND ${t.held} >= 0 AND ${t.held} <= ${t.balance})`,
    ),
    check('ledger_accounts_platform_unheld', sql`${t.userId} IS NOT NULL OR ${t.held} = 0`),
  ],
);

/** One movement of coins. Append-only (a trigger refuses UPDATE and DELETE); corrections are new rows. */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: LEDGER_TRANSACTION_KINDS }).notNull(),
    /** The caller's key: the same key never moves coins twice. */
    idempotencyKey: text('idempotency_key').notNull(),
    /** What it is about: a payment order, a device command, a cash-out… */
    reference: text('reference').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('ledger_transactions_idempotency_key').on(t.idempotencyKey),
    index('ledger_transactions_reference_idx').on(t.kind, t.reference),
  ],
);

/** The entries of a transaction: signed amounts (+ into the account) that sum to zero per transaction. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    transactionId: bigint('transaction_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerTransactions.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (t) => [
    uniqueIndex('ledger_entries_transaction_account_key').on(t.transactionId, t.accountId),
    index('ledger_entries_account_idx').on(t.accountId, t.transactionId),
    check('ledger_entries_nonzero', sql`${t.amount} <> 0`),
  ],
);

/** Coins set aside on a wallet (or earnings) until posted (charged, one transaction) or voided (released). */
export const ledgerHolds = pgTable(
  'ledger_holds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: integer('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    status: text('status', { enum: ['pending', 'posted', 'voided'] })
      .notNull()
      .default('pending'),
    idempotencyKey: text('idempotency_key').notNull(),
    reference: text('reference').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /** The posting transaction (posted holds only). */
    transactionId: bigint('transaction_id', { mode: 'number' }).references(() => ledgerTransactions.id),
  },
  (t) => [
    uniqueIndex('ledger_holds_idempotency_key').on(t.idempotencyKey),
    index('ledger_holds_account_idx').on(t.accountId, t.status),
    index('ledger_holds_pending_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'pending'`),
    check('ledger_holds_amount_positive', sql`${t.amount} > 0`),
    check('ledger_holds_posted_transaction', sql`(${t.status} = 'posted') = (${t.transactionId} IS NOT NULL)`),
  ],
);

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

/**
 * Feeds (PRODUCT.md §2, decision 011): one per tap, unique per (user, idempotency key). Made in one
 * transaction with the hold on the user's wallet; the dispense command (its id chosen here) is issued
 * after the commit. The device's answer (or its absence) ends the feed once: pending → succeeded (the hold
 * posted for what fell) or failed (the hold voided). Queued / dispensing are read from the command.
 */
export const FEED_ROW_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export const feeds = pgTable(
  'feeds',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    idempotencyKey: text('idempotency_key').notNull(),
    deviceId: text('device_id')
      .notNull()
      .references(() => devices.id),
    baseId: integer('base_id')
      .notNull()
      .references(() => bases.id),
    /** Who is credited a share when it succeeds, and how much (as they were when the user fed). */
    operatorId: integer('operator_id').references(() => users.id, { onDelete: 'set null' }),
    revenueShareBp: integer('revenue_share_bp').notNull(),
    /** The portion: grams asked and its price. */
    grams: integer('grams').notNull(),
    coins: integer('coins').notNull(),
    status: text('status', { enum: FEED_ROW_STATUSES }).notNull().default('pending'),
    /** Why it failed (jammed, empty, failed, timeout, offline). */
    reason: text('reason', { enum: ['jammed', 'empty', 'failed', 'timeout', 'offline'] }),
    /** The hold on the wallet (set in the transaction that inserts the feed). */
    holdId: uuid('hold_id').references(() => ledgerHolds.id),
    /** The dispense command's id (device_commands.id once issued; no row when the process died first). */
    commandId: uuid('command_id').notNull(),
    /** When the command expires; the hold expires a margin later. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    gramsDispensed: integer('grams_dispensed').notNull().default(0),
    coinsCharged: integer('coins_charged').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('feeds_user_key').on(t.userId, t.idempotencyKey),
    uniqueIndex('feeds_command_key').on(t.commandId),
    index('feeds_user_idx').on(t.userId, t.createdAt),
    index('feeds_device_idx').on(t.deviceId, t.createdAt),
    // Feed statistics (decision 012): the leaderboard's periods and a base's feeders, acknowledged feeds only.
    index('feeds_succeeded_idx')
      .on(t.createdAt, t.userId, t.gramsDispensed)
      .where(sql`${t.status} = 'succeeded'`),
    index('feeds_base_succeeded_idx')
      .on(t.baseId, t.userId)
      .where(sql`${t.status} = 'succeeded'`),
    index('feeds_pending_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'pending'`),
    check('feeds_portion_positive', sql`${t.grams} > 0 AND ${t.coins} > 0`),
    check('feeds_charged_range', sql`${t.coinsCharged} BETWEEN 0 AND ${t.coins} AND ${t.gramsDispensed} >= 0`),
    check('feeds_failed_reason', sql`(${t.status} = 'failed') = (${t.reason} IS NOT NULL)`),
    check('feeds_settled_at', sql`(${t.status} = 'pending') = (${t.settledAt} IS NULL)`),
    check('feeds_failed_uncharged', sql`${t.status} <> 'failed' OR ${t.coinsCharged} = 0`),
  ],
);
