import { z } from 'zod';
import { IntSchema, StringSchema } from './fields';
import { DeviceLiveStateSchema } from './base';
import { DeviceIdSchema } from './device';
import { PageQuerySchema, pagedList } from './envelope';

/*
 * Looking after stations (issue 27 §4): a device's health, its alerts and its refills, for admins in the console
 * (/api/admin/device/health|refill|alerts) and for the base operator on the manage page (/api/manage/device/…).
 */

export const DEVICE_ALERT_KINDS = ['feeder_offline', 'camera_offline', 'hopper_low', 'jam'] as const;
export type DeviceAlertKind = (typeof DEVICE_ALERT_KINDS)[number];

export const DeviceAlertSchema = z.object({
  id: IntSchema,
  device_id: StringSchema,
  device_name: StringSchema,
  kind: z.enum(DEVICE_ALERT_KINDS),
  /** Unix ms. */
  opened_at: IntSchema,
  resolved_at: IntSchema.nullable(),
  /** What opened it: `grams` (hopper), `command_id` (jam). */
  detail: z.record(StringSchema, z.union([StringSchema, z.number()])),
});
export type DeviceAlert = z.infer<typeof DeviceAlertSchema>;

export const DeviceRefillSchema = z.object({
  id: IntSchema,
  grams: IntSchema,
  photo: StringSchema,
  recorded_by: StringSchema.nullable(),
  /** Unix ms. */
  created_at: IntSchema,
  /** The station's hopper: told (sent), took it (applied), or did not (failed, expired: record it again). */
  status: z.enum(['sent', 'applied', 'failed', 'expired']),
});
export type DeviceRefill = z.infer<typeof DeviceRefillSchema>;

export const DeviceHealthSchema = DeviceLiveStateSchema.extend({
  device_id: StringSchema,
  name: StringSchema,
  base_name: StringSchema,
  firmware: StringSchema,
  config_version: IntSchema,
  config_running: IntSchema.nullable(),
  /** Grams the hopper holds when full (null until the station reports it). */
  hopper_capacity: IntSchema.nullable(),
  hopper_alert_grams: IntSchema,
  /** Grams dispensed a day over the last 7 days (feeds and tests). */
  grams_per_day: IntSchema,
  /** Days of food left at that rate (null when nothing was dispensed). */
  days_left: z.number().nullable(),
  jams_24h: IntSchema,
  failed_24h: IntSchema,
  camera_fps: z.number().nullable(),
  camera_kbps: IntSchema.nullable(),
  clock_skew_ms: IntSchema.nullable(),
  alerts: z.array(DeviceAlertSchema),
  refills: z.array(DeviceRefillSchema),
});
export type DeviceHealth = z.infer<typeof DeviceHealthSchema>;

const DeviceField = z
  .string({ error: 'v.deviceId' })
  .trim()
  .refine((s) => DeviceIdSchema.safeParse(s).success, { error: 'v.deviceId' });

export const DeviceHealthBodySchema = z.object({ device_id: DeviceField });
export const DeviceRefillBodySchema = z.object({
  device_id: DeviceField,
  grams: z
    .number({ error: 'v.refillGrams' })
    .int({ error: 'v.refillGrams' })
    .min(1, { error: 'v.refillGrams' })
    .max(100_000, { error: 'v.refillGrams' }),
  /** An upload address (`/uploads/…`), or '' without a photo. */
  photo: z.string({ error: 'v.invalid' }).trim().max(500, { error: 'v.tooLong' }).default(''),
});
export type DeviceRefillBody = z.infer<typeof DeviceRefillBodySchema>;

export const DeviceAlertListBodySchema = PageQuerySchema.extend({
  /** Only alerts still open (default), or all, newest first. */
  open: z.boolean({ error: 'v.invalid' }).default(true),
});
export type DeviceAlertListBody = z.infer<typeof DeviceAlertListBodySchema>;
export const DeviceAlertListDataSchema = pagedList(DeviceAlertSchema);
export type DeviceAlertListData = z.infer<typeof DeviceAlertListDataSchema>;
