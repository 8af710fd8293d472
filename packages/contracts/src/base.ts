import { z } from 'zod';
import { PageQuerySchema, pagedList } from './envelope';
import { FeedingPortionSchema } from './configuration';
import { BooleanSchema, int32, IntSchema, requiredText, rowId, StringSchema } from './fields';
import { ShownTextLangSchema } from './text-lang';

/** A feeding station as everyone sees it. Times are unix seconds. */
export const BaseSchema = z.object({
  id: IntSchema,
  name: StringSchema,
  address: StringSchema,
  latitude: z.number(),
  longitude: z.number(),
  animal_count: IntSchema,
  photos: z.array(StringSchema),
  introduction: StringSchema,
  created_at: IntSchema,
  /**
   * The language `name` and `introduction` are shown in (issue 29 §5): the reader's where a translation is there,
   * else the one the operator wrote them in ('' = unknown). The app marks them when it is not the reader's.
   */
  text_lang: ShownTextLangSchema,
});
export type Base = z.infer<typeof BaseSchema>;

/**
 * A device's live state. `online` = the device is connected (its feeder or its camera answers);
 * feeding needs both `feeder_online` and `camera_online`.
 */
export const DeviceLiveStateSchema = z.object({
  online: BooleanSchema,
  feeder_online: BooleanSchema,
  camera_online: BooleanSchema,
  /** Food left in the hopper, grams. */
  food_stock: IntSchema,
  /** Unix seconds of the last state report; null before the first. */
  last_seen_at: IntSchema.nullable(),
});
export type DeviceLiveState = z.infer<typeof DeviceLiveStateSchema>;

/**
 * A live room's still (issue 26 §2): a frame of its stream, taken every 15 s while the camera streams (so at most
 * 30 s old then); while the camera is offline, the last one it sent.
 */
export const RoomStillSchema = z.object({
  /** The still's address ('' before the first: the client shows the cover), as `cover`; it never changes bytes. */
  thumbnail: StringSchema,
  /** Unix seconds the still was taken; null before the first. */
  thumbnail_at: IntSchema.nullable(),
  /** Unix seconds the camera went offline; null while it is online, or when it never was. */
  camera_offline_at: IntSchema.nullable(),
});
export type RoomStill = z.infer<typeof RoomStillSchema>;

/** A feeder as everyone sees it (the lists that lead to the live room). */
export const PublicDeviceSchema = DeviceLiveStateSchema.extend({
  device_id: StringSchema,
  name: StringSchema,
  /** Days in operation, counting the day it first came online as day 1 (0 before that). */
  days_in_operation: IntSchema,
  portions: z.array(FeedingPortionSchema),
  ...RoomStillSchema.shape,
});
export type PublicDevice = z.infer<typeof PublicDeviceSchema>;
/** One portion a device offers (grams for coins). */
export type DevicePortion = z.infer<typeof FeedingPortionSchema>;

/**
 * Coordinates are kept to 7 decimals (about 1 cm): finer digits mean nothing for a place, and a value such as
 * 5e-323 (a denormal double) is out of PostgreSQL's float8 range.
 */
const toCentimetres = (v: number) => Math.round(v * 1e7) / 1e7 || 0;
export const LatitudeSchema = z
  .number({ error: 'v.latitude' })
  .min(-90, { error: 'v.latitude' })
  .max(90, { error: 'v.latitude' })
  .transform(toCentimetres);
export const LongitudeSchema = z
  .number({ error: 'v.longitude' })
  .min(-180, { error: 'v.longitude' })
  .max(180, { error: 'v.longitude' })
  .transform(toCentimetres);

// POST /api/device/list: bases with their (enabled) devices; nearest first when a location is given.
export const DeviceListBodySchema = PageQuerySchema.extend({
  keyword: StringSchema.trim().max(100, { error: 'v.tooLong' }).optional(),
  latitude: LatitudeSchema.optional(),
  longitude: LongitudeSchema.optional(),
});
export const BaseWithDevicesSchema = BaseSchema.extend({
  devices: z.array(PublicDeviceSchema),
  /** Metres from the given location (null without one). */
  distance: IntSchema.nullable(),
});
export type BaseWithDevices = z.infer<typeof BaseWithDevicesSchema>;
export const DeviceListDataSchema = pagedList(BaseWithDevicesSchema);
export type DeviceListData = z.infer<typeof DeviceListDataSchema>;

/** Fields an admin writes when creating a base (update takes the same, each optional). */
export const BaseFieldsSchema = z.object({
  name: requiredText('v.baseName', 100),
  address: requiredText('v.address', 300),
  latitude: LatitudeSchema,
  longitude: LongitudeSchema,
  animal_count: int32('v.animalCount').min(0, { error: 'v.animalCount' }),
  photos: z.array(StringSchema.trim().min(1).max(500, { error: 'v.tooLong' })).max(9, { error: 'v.tooMany' }),
  introduction: StringSchema.trim().max(5000, { error: 'v.tooLong' }),
  operator_id: rowId('v.invalid').nullable(),
});
