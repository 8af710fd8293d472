import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { devices } from './devices';
import { users } from './users';

export const DEVICE_ALERT_KINDS = ['feeder_offline', 'camera_offline', 'hopper_low', 'jam'] as const;

/**
 * Alerts on stations (issue 27 §4): a feeder or camera offline for 5 minutes, a hopper below its threshold, a jam.
 * One open alert per device and kind; it is resolved when the condition ends (a jam: at the next good dispense).
 */
export const deviceAlerts = pgTable(
  'device_alerts',
  {
    id: serial('id').primaryKey(),
    deviceId: text('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: DEVICE_ALERT_KINDS }).notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    /** What opened it (the hopper's grams, the jammed command's id). */
    detail: jsonb('detail').$type<Record<string, string | number>>().notNull().default({}),
  },
  (t) => [
    uniqueIndex('device_alerts_open_uq')
      .on(t.deviceId, t.kind)
      .where(sql`${t.resolvedAt} IS NULL`),
    index('device_alerts_device_idx').on(t.deviceId, t.openedAt),
  ],
);

/** Refills of a station's hopper, recorded by its operator or an admin (the estimated hopper follows). */
export const deviceRefills = pgTable(
  'device_refills',
  {
    id: serial('id').primaryKey(),
    deviceId: text('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    grams: integer('grams').notNull(),
    /** An uploaded photo of the filled hopper ('' without one). */
    photo: text('photo').notNull().default(''),
    recordedBy: integer('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    /** The refill command sent to the station (null when the hopper measures itself). */
    commandId: text('command_id'),
    createdAt: createdAt(),
  },
  (t) => [index('device_refills_device_idx').on(t.deviceId, t.createdAt)],
);
