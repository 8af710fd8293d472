import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt } from './columns';
import { users } from './users';

/**
 * What happened while a user was not looking (issue 29 §1): one row per reader. The text is not stored: `kind`
 * and `params` are rendered in the reader's language when read (and when pushed). `link` is the app route the
 * notification opens. `dedupe_key` keeps one row per reader for the same happening (a room that came back
 * online at a given moment, a review queue's reminder of a day), so a retried fan-out writes nothing twice.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    params: jsonb('params').$type<Record<string, string | number>>().notNull().default({}),
    link: text('link').notNull().default(''),
    dedupeKey: text('dedupe_key'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.id.desc()),
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} IS NULL`),
    uniqueIndex('notifications_dedupe_key').on(t.userId, t.dedupeKey),
    index('notifications_created_idx').on(t.createdAt),
  ],
);

/**
 * A user's delivery choices (issue 29 §2): the kinds pushed to their devices, the kinds also sent by e-mail
 * (operators' station alerts), quiet hours as minutes of the day in their time zone (no push inside them),
 * and the language pushes and e-mails are written in (the app's language when last saved). No row: defaults.
 */
export const notificationSettings = pgTable('notification_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  pushKinds: text('push_kinds')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  emailKinds: text('email_kinds')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  quietStart: smallint('quiet_start'),
  quietEnd: smallint('quiet_end'),
  timeZone: text('time_zone').notNull().default('UTC'),
  lang: text('lang').notNull().default('en'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Web Push subscriptions (RFC 8030 / 8291): one per browser the user allowed. Removed at logout and when the
 * push service answers 404 or 410.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** The login token's hash it was made under (removed with that token at logout); '' when unknown. */
    tokenHash: text('token_hash').notNull().default(''),
    lang: text('lang').notNull().default('en'),
    userAgent: text('user_agent').notNull().default(''),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
    failures: integer('failures').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);
