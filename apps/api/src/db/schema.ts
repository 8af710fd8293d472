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
    firstOnlineAt: timestamp('first_online_at', { withTimezone: true }),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    disabled: boolean('disabled').notNull().default(false),
    firmware: text('firmware').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('devices_base_idx').on(t.baseId),
    check('devices_revenue_share_range', sql`${t.revenueShareBp} BETWEEN 0 AND 10000`),
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
