import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, type TextTranslations } from './columns';
import { users } from './users';

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
    /**
     * The operator chose to publish the exact point (issue 28 §5). Otherwise tourists and users see it coarsened
     * (about 1 km) and no address (decision 037); the operator and admins see the exact point.
     */
    locationPublic: boolean('location_public').notNull().default(false),
    /** The language the operator wrote name and introduction in ('' before issue 29: unknown). */
    textLang: text('text_lang').notNull().default(''),
    /** The same texts in other languages, added in the console: `{ ja: { name, introduction } }`. */
    translations: jsonb('translations').$type<TextTranslations>().notNull().default({}),
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
    /** The live room's newest still, `/uploads/thumbs/{id}/{ms}.jpg` ('' before the first; issue 26 §2). */
    thumbnail: text('thumbnail').notNull().default(''),
    thumbnailAt: timestamp('thumbnail_at', { withTimezone: true }),
    /** When the camera last went offline (null while it is online, or before it ever was). */
    cameraOfflineAt: timestamp('camera_offline_at', { withTimezone: true }),
    /** The DeviceConfig version the console last set (raised with the portions or the daily cap). */
    configVersion: integer('config_version').notNull().default(1),
    /** The DeviceConfig version the station reports running (null before its first report of one). */
    configRunning: integer('config_running'),
    /** What the station last reported (issue 27 §4): hopper capacity, camera frame rate and bit rate, clock skew. */
    hopperCapacity: integer('hopper_capacity'),
    cameraFps: doublePrecision('camera_fps'),
    cameraKbps: integer('camera_kbps'),
    clockSkewMs: integer('clock_skew_ms'),
    /** An alert opens when the hopper holds less than this (grams). */
    hopperAlertGrams: integer('hopper_alert_grams').notNull().default(500),
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
    kind: text('kind', {
      enum: ['dispense', 'test_dispense', 'tare', 'calibrate', 'restart', 'report', 'refill'],
    }).notNull(),
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
    /** The console user who sent a care command (null for feeds). */
    issuedBy: integer('issued_by'),
    /** What a care command answered beyond its outcome (DeviceAckDetail). */
    detail: jsonb('detail'),
  },
  (t) => [
    index('device_commands_device_idx').on(t.deviceId, t.issuedAt),
    index('device_commands_open_idx')
      .on(t.status)
      .where(sql`${t.status} IN ('queued', 'sent')`),
  ],
);
