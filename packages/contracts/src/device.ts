import { z } from 'zod';
import { BooleanSchema, IntSchema, StringSchema } from './fields';

/**
 * The device protocol (MQTT 5), version 1. Every payload is JSON validated against these schemas on
 * both ends. Topics (one device may touch only its own):
 *   petheart/v1/devices/{id}/cmd    server → device   DeviceCommand (QoS 1)
 *   petheart/v1/devices/{id}/ack    device → server   DeviceAck (QoS 1)
 *   petheart/v1/devices/{id}/state  device → server   DeviceState (QoS 1, retained; the last will sets online=false)
 *   petheart/v1/devices/{id}/config server → device   DeviceConfig (QoS 1, retained; sent again when a state report
 *                                                      shows an older config_version)
 * The device signs in with username = device id, password = its secret; client id = `device-{id}`.
 * After every (re)connection a device re-sends the acks of the commands it executed in the last minutes (an
 * ack the broker took may never have reached the API); the server takes an ack once, and until 10 minutes
 * after its command's expiry (decision 026).
 */
export const PROTOCOL_VERSION = 1;
export const TOPIC_ROOT = `petheart/v${String(PROTOCOL_VERSION)}/devices`;
export const DeviceIdSchema = StringSchema.regex(/^[A-Za-z0-9_-]{3,64}$/);

export const deviceTopics = (deviceId: string) => ({
  cmd: `${TOPIC_ROOT}/${deviceId}/cmd`,
  ack: `${TOPIC_ROOT}/${deviceId}/ack`,
  state: `${TOPIC_ROOT}/${deviceId}/state`,
  config: `${TOPIC_ROOT}/${deviceId}/config`,
});

/** Parses `petheart/v1/devices/{id}/{kind}`; null for any other topic. */
export function parseDeviceTopic(topic: string): { deviceId: string; kind: 'cmd' | 'ack' | 'state' | 'config' } | null {
  const m = /^petheart\/v1\/devices\/([A-Za-z0-9_-]{3,64})\/(cmd|ack|state|config)$/.exec(topic);
  return m ? { deviceId: m[1] ?? '', kind: m[2] as 'cmd' | 'ack' | 'state' | 'config' } : null;
}

const commandFields = {
  v: z.literal(PROTOCOL_VERSION),
  id: z.uuid(),
  /** Wall-clock ms after which the device must drop the command unexecuted. */
  expires_at: IntSchema,
  issued_at: IntSchema,
};
const portionGrams = IntSchema.min(1).max(500);

/** A paid feed: food for an animal. */
export const DispenseCommandSchema = z.object({ ...commandFields, kind: z.literal('dispense'), grams: portionGrams });
/**
 * Care of a station from the console (issue 27 §3), acknowledged like a dispense. A test dispense moves food
 * without coins and is never counted as a feed; calibrate weighs a known weight the operator put on the tray.
 */
export const CareCommandSchemas = [
  z.object({ ...commandFields, kind: z.literal('test_dispense'), grams: portionGrams }),
  z.object({ ...commandFields, kind: z.literal('tare') }),
  z.object({ ...commandFields, kind: z.literal('calibrate'), known_grams: IntSchema.min(1).max(5000) }),
  z.object({ ...commandFields, kind: z.literal('restart') }),
  z.object({ ...commandFields, kind: z.literal('report'), log_lines: IntSchema.min(1).max(200) }),
  /** The operator filled the hopper with this much: an estimated hopper's level rises (a weighed one ignores it). */
  z.object({ ...commandFields, kind: z.literal('refill'), grams: IntSchema.min(1).max(100_000) }),
] as const;
export const DeviceCommandSchema = z.discriminatedUnion('kind', [DispenseCommandSchema, ...CareCommandSchemas]);
export type DeviceCommand = z.infer<typeof DeviceCommandSchema>;
export type DeviceCommandKind = DeviceCommand['kind'];
export const CARE_COMMAND_KINDS = ['test_dispense', 'tare', 'calibrate', 'restart', 'report', 'refill'] as const;
export type CareCommandKind = (typeof CARE_COMMAND_KINDS)[number];

/** `done`: a care command other than a dispense completed. */
export const DEVICE_OUTCOMES = ['dispensed', 'jammed', 'empty', 'failed', 'expired', 'duplicate', 'done'] as const;

/** What a care command answers beyond its outcome. */
export const DeviceAckDetailSchema = z.object({
  /** The scale's calibration after a tare or a calibration. */
  calibration: z.object({ zero: z.number(), counts_per_gram: z.number() }).optional(),
  versions: z
    .object({ agent: StringSchema.max(60), node: StringSchema.max(30), ffmpeg: StringSchema.max(120).optional() })
    .optional(),
  config_version: IntSchema.min(0).optional(),
  /** The newest lines of the agent's log, oldest first (secrets redacted). */
  log: z.array(StringSchema.max(500)).max(200).optional(),
  /** Why a command failed, in the agent's words. */
  message: StringSchema.max(300).optional(),
});
export type DeviceAckDetail = z.infer<typeof DeviceAckDetailSchema>;

export const DeviceAckSchema = z.object({
  v: z.literal(PROTOCOL_VERSION),
  id: z.uuid(),
  outcome: z.enum(DEVICE_OUTCOMES),
  /** Grams measured by the scale (0 when nothing fell). */
  grams: IntSchema.min(0).max(1000),
  at: IntSchema,
  detail: DeviceAckDetailSchema.optional(),
});
export type DeviceAck = z.infer<typeof DeviceAckSchema>;

/**
 * The station's configuration from the console, retained on the device's config topic and kept on the device:
 * the portions it may be asked for and its daily cap, which the agent enforces as a last line of defence.
 */
export const DeviceConfigSchema = z.object({
  v: z.literal(PROTOCOL_VERSION),
  /** Raised on every change; the device reports the one it runs in its state. */
  version: IntSchema.min(1),
  portions: z.array(z.object({ grams: portionGrams, coins: IntSchema.min(1) })).max(10),
  /** Grams the device may dispense per UTC day (paid feeds). */
  daily_gram_cap: IntSchema.min(1),
  issued_at: IntSchema,
});
export type DeviceConfig = z.infer<typeof DeviceConfigSchema>;

export const DeviceStateSchema = z.object({
  v: z.literal(PROTOCOL_VERSION),
  online: BooleanSchema,
  feeder_online: BooleanSchema,
  camera_online: BooleanSchema,
  /** Food left in the hopper, grams. */
  food_stock: IntSchema.min(0),
  firmware: StringSchema.max(40),
  at: IntSchema,
  /** The DeviceConfig version the station runs (absent: none received yet). */
  config_version: IntSchema.min(0).optional(),
  /** The hopper's capacity, grams (for "days of food left"). */
  hopper_capacity: IntSchema.min(0).optional(),
  /** What the camera sends: frames per second and kbit/s (absent without a camera). */
  camera_fps: z.number().min(0).max(120).optional(),
  camera_kbps: IntSchema.min(0).max(100_000).optional(),
  /** The station's clock minus the server's, as seen on the last command (absent before one). */
  clock_skew_ms: IntSchema.optional(),
});
export type DeviceState = z.infer<typeof DeviceStateSchema>;
