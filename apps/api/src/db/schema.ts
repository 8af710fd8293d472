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
    // What each device dispensed since a time (the live room's grams today), without its older commands.
    index('device_commands_acked_idx')
      .on(t.deviceId, t.ackedAt)
      .where(sql`${t.status} = 'acked'`),
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
    /** The resolution note (the console's report queue). */
    remark: text('remark').notNull().default(''),
    createdAt: createdAt(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    /** The admin who resolved it. */
    resolvedBy: integer('resolved_by').references(() => users.id, { onDelete: 'set null' }),
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
  'support_fund',
] as const;
export const LEDGER_TRANSACTION_KINDS = [
  'recharge',
  'feed',
  'refund',
  'cashout',
  'transfer',
  'correction',
  'support',
  'help_pay',
] as const;

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

/**
 * Community posts. Review: ped (pending) → res (published) or rej (rejected, with a remark the author sees);
 * an edit sends it back to ped. Deleting removes the row (likes and comments go with it). like_count and
 * comment_count follow post_likes and post_comments (kept in the same transaction).
 */
export const POST_STATUSES = ['ped', 'res', 'rej'] as const;
export const posts = pgTable(
  'posts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The device the post is about; null once the device is deleted. */
    deviceId: text('device_id').references(() => devices.id, { onDelete: 'set null' }),
    content: text('content').notNull(),
    /** Upload paths (/uploads/…), the author's own. */
    images: jsonb('images').$type<string[]>().notNull().default([]),
    /** A video post: the author's clip, and its file (live_clips.path) kept with the post. */
    clipId: uuid('clip_id').references(() => liveClips.id, { onDelete: 'set null' }),
    videoPath: text('video_path'),
    status: text('status', { enum: POST_STATUSES }).notNull().default('ped'),
    remark: text('remark').notNull().default(''),
    likeCount: integer('like_count').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    reviewedBy: integer('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /** When it was last approved: the community's order. */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    // The community list: published, newest published first.
    index('posts_published_idx')
      .on(t.publishedAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'res'`),
    // My posts, newest first.
    index('posts_user_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    // The console's queue by status.
    index('posts_status_idx').on(t.status, t.createdAt, t.id),
    check('posts_counts_nonnegative', sql`${t.likeCount} >= 0 AND ${t.commentCount} >= 0`),
    check('posts_published_at', sql`${t.status} <> 'res' OR ${t.publishedAt} IS NOT NULL`),
  ],
);

/** Who likes which post (one row per user and post: liking twice changes nothing). */
export const postLikes = pgTable(
  'post_likes',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] }), index('post_likes_user_idx').on(t.userId)],
);

/** Comments on posts. */
export const postComments = pgTable(
  'post_comments',
  {
    id: serial('id').primaryKey(),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('post_comments_post_idx').on(t.postId, t.id.desc()), index('post_comments_user_idx').on(t.userId)],
);

/** A text in the four product languages ('' where not written); decision 013. */
type LocalizedColumn = Record<'en' | 'ja' | 'zh-CN' | 'zh-TW', string>;
const noText = (): LocalizedColumn => ({ en: '', ja: '', 'zh-CN': '', 'zh-TW': '' });

/**
 * Operator-written content (decision 013): Q&A entries, articles, pages (by key: custom, web, single,
 * video) and home banners. Texts are jsonb in the four languages; bodies are in their written form
 * (a Markdown subset, parsed into a block tree for readers). Images are upload paths.
 */
export const contentItems = pgTable(
  'content_items',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: ['qa', 'article', 'page', 'banner'] }).notNull(),
    /** Pages: the key their route names (?key=…); null for the other kinds. */
    key: text('key'),
    pageKind: text('page_kind', { enum: ['custom', 'web', 'onePage', 'video'] }),
    /** The question (Q&A), title (article, page, banner). */
    title: jsonb('title').$type<LocalizedColumn>().notNull(),
    summary: jsonb('summary').$type<LocalizedColumn>().notNull().default(noText()),
    /** The answer (Q&A), the text (article, page). */
    body: jsonb('body').$type<LocalizedColumn>().notNull().default(noText()),
    /** Web page or video address (pages), where a banner leads. */
    url: text('url').notNull().default(''),
    /** Cover (article, page) or the banner image: an upload path. */
    cover: text('cover').notNull().default(''),
    /** Articles shown first in What's New. */
    highlight: boolean('highlight').notNull().default(false),
    published: boolean('published').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('content_items_page_key')
      .on(t.key)
      .where(sql`${t.kind} = 'page'`),
    index('content_items_list_idx').on(t.kind, t.published, t.sortOrder, t.createdAt),
    check(
      'content_items_page_fields',
      sql`(${t.kind} = 'page') = (${t.key} IS NOT NULL AND ${t.pageKind} IS NOT NULL)`,
    ),
  ],
);

/** The pet corner: animals living at a base, kept by operators; names and stories in the four languages. */
export const pets = pgTable(
  'pets',
  {
    id: serial('id').primaryKey(),
    baseId: integer('base_id')
      .notNull()
      .references(() => bases.id, { onDelete: 'cascade' }),
    name: jsonb('name').$type<LocalizedColumn>().notNull(),
    species: text('species', { enum: ['cat', 'dog', 'rabbit', 'bird', 'other'] }).notNull(),
    /** Upload paths. */
    photos: jsonb('photos').$type<string[]>().notNull().default([]),
    story: jsonb('story').$type<LocalizedColumn>().notNull().default(noText()),
    published: boolean('published').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('pets_base_idx').on(t.baseId), index('pets_list_idx').on(t.published, t.sortOrder, t.id)],
);

/**
 * Cash-outs of base operators' earnings (decision 015). The coins are held on the operator's earnings (the
 * hold made in the transaction that inserts the row) until the cash-out ends: successful posts the hold
 * (net coins to cash-out clearing, the fee's coins to platform revenue); expired, transfer failed and
 * rejected void it. The figures are kept as computed at request time. The card number is stored only
 * AES-256-GCM encrypted (card_cipher) with its last four digits for masking.
 */
export const CASHOUT_STATES = [
  'applying',
  'under_review',
  'processing',
  'ready_to_claim',
  'expired',
  'transfer_failed',
  'successful',
  'rejected',
] as const;
export const cashouts = pgTable(
  'cashouts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** The client's key: one request per key per user. */
    idempotencyKey: text('idempotency_key').notNull(),
    status: text('status', { enum: CASHOUT_STATES }).notNull().default('applying'),
    /** Asked, fee and paid out (net), fen; the coins held and the fee's coins; coin value (fen) and currency used. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    fee: bigint('fee', { mode: 'number' }).notNull(),
    netAmount: bigint('net_amount', { mode: 'number' }).notNull(),
    coins: bigint('coins', { mode: 'number' }).notNull(),
    feeCoins: bigint('fee_coins', { mode: 'number' }).notNull(),
    coinValue: integer('coin_value').notNull(),
    currency: text('currency').notNull(),
    bank: text('bank').notNull(),
    holderName: text('holder_name').notNull(),
    mobile: text('mobile').notNull(),
    /** v1.<iv>.<tag>.<ciphertext> (base64url), bound to the user; never the plain number. */
    cardCipher: text('card_cipher').notNull(),
    cardLast4: text('card_last4').notNull(),
    /** The hold on the operator's earnings (set in the transaction that inserts the row). */
    holdId: uuid('hold_id').references(() => ledgerHolds.id),
    /** The console's latest note (the reason of a rejection or a failed transfer). */
    remark: text('remark').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('cashouts_user_key').on(t.userId, t.idempotencyKey),
    index('cashouts_user_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('cashouts_status_idx').on(t.status, t.createdAt, t.id),
    check('cashouts_amounts', sql`${t.coins} > 0 AND ${t.feeCoins} >= 0 AND ${t.feeCoins} < ${t.coins}`),
    check(
      'cashouts_money',
      sql`${t.amount} = ${t.coins} * ${t.coinValue} AND ${t.fee} = ${t.feeCoins} * ${t.coinValue} AND ${t.netAmount} = ${t.amount} - ${t.fee}`,
    ),
    check('cashouts_coin_value_positive', sql`${t.coinValue} > 0`),
    check('cashouts_card_last4', sql`${t.cardLast4} ~ '^[0-9]{4}$'`),
  ],
);

/** Every move of a cash-out: from → to, who (the operator, an admin, the system), the note, when. Append-only. */
export const cashoutEvents = pgTable(
  'cashout_events',
  {
    id: serial('id').primaryKey(),
    cashoutId: integer('cashout_id')
      .notNull()
      .references(() => cashouts.id),
    /** null for the request itself. */
    fromStatus: text('from_status', { enum: CASHOUT_STATES }),
    toStatus: text('to_status', { enum: CASHOUT_STATES }).notNull(),
    actorRole: text('actor_role', { enum: ['operator', 'admin', 'system'] }).notNull(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('cashout_events_cashout_idx').on(t.cashoutId, t.id)],
);

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
