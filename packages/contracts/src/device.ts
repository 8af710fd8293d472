import { z } from 'zod';

/**
 * The device protocol (MQTT 5), version 1. Every payload is JSON validated against these schemas on
 * both ends. Topics (one device may touch only its own):
 *   petheart/v1/devices/{id}/cmd    server → device   DeviceCommand (QoS 1)
 *   petheart/v1/devices/{id}/ack    device → server   DeviceAck (QoS 1)
 *   petheart/v1/devices/{id}/state  device → server   DeviceState (QoS 1, retained; the last will sets online=false)
 * The device signs in with username = device id, password = its secret; client id = `device-{id}`.
 * After every (re)connection a device re-sends the acks of the commands it executed in the last minutes (an
 * ack the broker took may never have reached the API); the server takes an ack once, and until 10 minutes
 * after its command's expiry (decision 026).
 */
export const PROTOCOL_VERSION = 1;
export const TOPIC_ROOT = `petheart/v${String(PROTOCOL_VERSION)}/devices`;
export const DeviceIdSchema = z.string().regex(/^[A-Za-z0-9_-]{3,64}$/);

export const deviceTopics = (deviceId: string) => ({
  cmd: `${TOPIC_ROOT}/${deviceId}/cmd`,
  ack: `${TOPIC_ROOT}/${deviceId}/ack`,
  state: `${TOPIC_ROOT}/${deviceId}/state`,
});

/** Parses `petheart/v1/devices/{id}/{kind}`; null for any other topic. */
export function parseDeviceTopic(topic: string): { deviceId: string; kind: 'cmd' | 'ack' | 'state' } | null {
  const m = /^petheart\/v1\/devices\/([A-Za-z0-9_-]{3,64})\/(cmd|ack|state)$/.exec(topic);
  return m ? { deviceId: m[1] ?? '', kind: m[2] as 'cmd' | 'ack' | 'state' } : null;
}

export const DispenseCommandSchema = z.object({
  v: z.literal(PROTOCOL_VERSION),
  id: z.uuid(),
  kind: z.literal('dispense'),
  grams: z.number().int().min(1).max(500),
  /** Wall-clock ms after which the device must drop the command unexecuted. */
  expires_at: z.number().int(),
  issued_at: z.number().int(),
});
export const DeviceCommandSchema = z.discriminatedUnion('kind', [DispenseCommandSchema]);
export type DeviceCommand = z.infer<typeof DeviceCommandSchema>;

export const DEVICE_OUTCOMES = ['dispensed', 'jammed', 'empty', 'failed', 'expired', 'duplicate'] as const;
export const DeviceAckSchema = z.object({
  v: z.literal(PROTOCOL_VERSION),
  id: z.uuid(),
  outcome: z.enum(DEVICE_OUTCOMES),
  /** Grams measured by the scale (0 when nothing fell). */
  grams: z.number().int().min(0).max(1000),
  at: z.number().int(),
});
export type DeviceAck = z.infer<typeof DeviceAckSchema>;

export const DeviceStateSchema = z.object({
  v: z.literal(PROTOCOL_VERSION),
  online: z.boolean(),
  feeder_online: z.boolean(),
  camera_online: z.boolean(),
  /** Food left in the hopper, grams. */
  food_stock: z.number().int().min(0),
  firmware: z.string().max(40),
  at: z.number().int(),
});
export type DeviceState = z.infer<typeof DeviceStateSchema>;
