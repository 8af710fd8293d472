import { z } from 'zod';
import { PageQuerySchema, pagedList } from './envelope';
import { BaseFieldsSchema, BaseSchema, DeviceLiveStateSchema } from './base';
import { DailyGramCapSchema, PortionInputSchema } from './console-money';
import { CARE_COMMAND_KINDS, DeviceAckDetailSchema, DeviceIdSchema } from './device';
import { BooleanSchema, IntSchema, requiredText, rowId, StringSchema } from './fields';
import { BaseTranslationsInputSchema, BaseTranslationsSchema, WrittenInSchema } from './text-lang';

// ---- Bases: POST /api/admin/base/list|create|update (admins only) ----

export const AdminBaseSchema = BaseSchema.extend({
  operator_id: IntSchema.nullable(),
  device_count: IntSchema,
  /** The operator published the exact location (else everyone else sees it coarse: decision 037). */
  location_public: BooleanSchema,
  /** The console sees the texts as written (`text_lang` is their language) and their translations (issue 29 §5). */
  translations: BaseTranslationsSchema.default({}),
});
export type AdminBase = z.infer<typeof AdminBaseSchema>;
export const AdminBaseListBodySchema = PageQuerySchema.extend({
  keyword: StringSchema.trim().max(100, { error: 'v.tooLong' }).optional(),
});
export const AdminBaseListDataSchema = pagedList(AdminBaseSchema);
export type AdminBaseListData = z.infer<typeof AdminBaseListDataSchema>;
export const AdminBaseCreateBodySchema = BaseFieldsSchema.extend({
  animal_count: BaseFieldsSchema.shape.animal_count.default(0),
  photos: BaseFieldsSchema.shape.photos.default([]),
  introduction: BaseFieldsSchema.shape.introduction.default(''),
  operator_id: BaseFieldsSchema.shape.operator_id.default(null),
  location_public: z.boolean({ error: 'v.invalid' }).default(false),
  /** The language name and introduction are written in; absent = the request's language. */
  text_lang: WrittenInSchema.optional(),
  translations: BaseTranslationsInputSchema.default({}),
});
export type AdminBaseCreateBody = z.infer<typeof AdminBaseCreateBodySchema>;
export const AdminBaseUpdateBodySchema = BaseFieldsSchema.partial().extend({
  id: rowId('v.invalid'),
  location_public: z.boolean({ error: 'v.invalid' }).optional(),
  /** Absent: the request's language when name or introduction change, else as it was. */
  text_lang: WrittenInSchema.optional(),
  /** The whole set (languages left out are removed); absent = unchanged. */
  translations: BaseTranslationsInputSchema.optional(),
});
export type AdminBaseUpdateBody = z.infer<typeof AdminBaseUpdateBodySchema>;

// ---- Devices: POST /api/admin/device/list|provision|update|rotate|disable|enable (admins only) ----

const DeviceIdField = z
  .string({ error: 'v.deviceId' })
  .trim()
  .refine((s) => DeviceIdSchema.safeParse(s).success, { error: 'v.deviceId' });
const RevenueShareBpSchema = z
  .number({ error: 'v.revenueShare' })
  .int({ error: 'v.revenueShare' })
  .min(0, { error: 'v.revenueShare' })
  .max(10000, { error: 'v.revenueShare' });
const PortionsSchema = z.array(PortionInputSchema).max(10, { error: 'v.tooMany' }).nullable();

export const AdminDeviceSchema = DeviceLiveStateSchema.extend({
  device_id: StringSchema,
  base_id: IntSchema,
  base_name: StringSchema,
  name: StringSchema,
  /** Portions for this device; null = the configured defaults. */
  portions: PortionsSchema,
  /** Revenue share rate in basis points (3000 = 30 %). */
  revenue_share_bp: IntSchema,
  /** Grams it may dispense per UTC day, feeds waiting included. */
  daily_gram_cap: IntSchema,
  days_in_operation: IntSchema,
  first_online_at: IntSchema.nullable(),
  disabled: BooleanSchema,
  firmware: StringSchema,
  /** The configuration (portions, daily cap) the console set, and the one the station reports running. */
  config_version: IntSchema,
  config_running: IntSchema.nullable(),
  created_at: IntSchema,
});
export type AdminDevice = z.infer<typeof AdminDeviceSchema>;
export const AdminDeviceListBodySchema = PageQuerySchema.extend({
  base_id: rowId().optional(),
  keyword: StringSchema.trim().max(100, { error: 'v.tooLong' }).optional(),
});
export const AdminDeviceListDataSchema = pagedList(AdminDeviceSchema);
export type AdminDeviceListData = z.infer<typeof AdminDeviceListDataSchema>;

export const DeviceProvisionBodySchema = z.object({
  base_id: rowId('v.base'),
  name: requiredText('v.deviceName', 100),
  /** The ID printed on the unit; omitted = the next free PH-NNNN. */
  device_id: DeviceIdField.optional(),
  revenue_share_bp: RevenueShareBpSchema.default(0),
  portions: PortionsSchema.default(null),
  /** Omitted = the database's default (2000 g). */
  daily_gram_cap: DailyGramCapSchema.optional(),
});
export type DeviceProvisionBody = z.infer<typeof DeviceProvisionBodySchema>;
/** The device and its secret: the secret is shown this once and never again (only its hash is kept). */
export const DeviceCredentialsSchema = z.object({
  device: AdminDeviceSchema,
  secret: StringSchema,
  /** Where the device connects as this server sees it: its MQTT broker, and its camera's RTMP publish address
   * (the secret is the stream key); null when this server runs no media server. */
  broker_url: StringSchema,
  rtmp_url: StringSchema.nullable(),
  /** The RTMP ingest without the device (a station file's media.ingest); null without a media server. */
  media_ingest: StringSchema.nullable(),
  /** The one line that installs the agent on a board, next to the downloaded station.json (docs/stations.md). */
  install_command: StringSchema,
});
export type DeviceCredentials = z.infer<typeof DeviceCredentialsSchema>;

export const AdminDeviceIdBodySchema = z.object({ device_id: DeviceIdField });
export const AdminDeviceUpdateBodySchema = AdminDeviceIdBodySchema.extend({
  base_id: DeviceProvisionBodySchema.shape.base_id.optional(),
  name: requiredText('v.deviceName', 100).optional(),
  revenue_share_bp: RevenueShareBpSchema.optional(),
  portions: PortionsSchema.optional(),
  daily_gram_cap: DailyGramCapSchema.optional(),
});
export type AdminDeviceUpdateBody = z.infer<typeof AdminDeviceUpdateBodySchema>;

// ---- Station care: POST /api/admin/device/care (a command, answered), /api/admin/device/care/log (admins only) ----

/** A care command as the console asks for it (issue 27 §3). */
export const DeviceCareCommandSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('test_dispense'),
      grams: z
        .number({ error: 'v.testGrams' })
        .int({ error: 'v.testGrams' })
        .min(1, { error: 'v.testGrams' })
        .max(500, { error: 'v.testGrams' }),
    }),
    z.object({ kind: z.literal('tare') }),
    z.object({
      kind: z.literal('calibrate'),
      known_grams: z
        .number({ error: 'v.knownGrams' })
        .int({ error: 'v.knownGrams' })
        .min(1, { error: 'v.knownGrams' })
        .max(5000, { error: 'v.knownGrams' }),
    }),
    z.object({ kind: z.literal('restart') }),
    z.object({
      kind: z.literal('report'),
      log_lines: z
        .number({ error: 'v.logLines' })
        .int({ error: 'v.logLines' })
        .min(1, { error: 'v.logLines' })
        .max(200, { error: 'v.logLines' })
        .default(50),
    }),
  ],
  { error: 'v.invalid' },
);
export type DeviceCareCommand = z.infer<typeof DeviceCareCommandSchema>;
export const DeviceCareBodySchema = AdminDeviceIdBodySchema.extend({ command: DeviceCareCommandSchema });
export type DeviceCareBody = z.infer<typeof DeviceCareBodySchema>;

/** A care command sent to a station and what it answered: the audit (who, when, answer). */
export const DeviceCareEntrySchema = z.object({
  id: StringSchema,
  device_id: StringSchema,
  kind: z.enum(CARE_COMMAND_KINDS),
  /** What was asked (grams, known_grams, log_lines). */
  params: z.record(StringSchema, z.number()),
  /** acked: answered done or dispensed; failed: answered otherwise; expired: no answer in time. */
  status: z.enum(['queued', 'sent', 'acked', 'failed', 'expired']),
  outcome: StringSchema.nullable(),
  grams: IntSchema.nullable(),
  detail: DeviceAckDetailSchema.nullable(),
  issued_by: z.object({ id: IntSchema, name: StringSchema }).nullable(),
  issued_at: IntSchema,
  answered_at: IntSchema.nullable(),
});
export type DeviceCareEntry = z.infer<typeof DeviceCareEntrySchema>;
export const DeviceCareLogBodySchema = PageQuerySchema.extend({ device_id: DeviceIdField });
export const DeviceCareLogDataSchema = pagedList(DeviceCareEntrySchema);
export type DeviceCareLogData = z.infer<typeof DeviceCareLogDataSchema>;
