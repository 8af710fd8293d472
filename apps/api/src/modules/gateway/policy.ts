import { DeviceIdSchema, deviceTopics } from '@petheart/contracts';

/** The API's own broker account (full access under petheart/v1/). */
export const SERVICE_USERNAME = 'petheart-api';
const SERVICE_ROOT = 'petheart/v1/';

/** Who a broker connection belongs to. */
export type MqttIdentity = { kind: 'device'; deviceId: string } | { kind: 'service' };

/** The client id each identity must use: `device-{id}` (so no device can take over another's session). */
export function clientIdAllowed(identity: MqttIdentity, clientId: string): boolean {
  if (identity.kind === 'service') return clientId.startsWith(SERVICE_USERNAME);
  return clientId === `device-${identity.deviceId}`;
}

/** A device publishes only its own ack and state; the service account anything under petheart/v1/. */
export function mayPublish(identity: MqttIdentity, topic: string): boolean {
  if (identity.kind === 'service') return topic.startsWith(SERVICE_ROOT);
  const own = deviceTopics(identity.deviceId);
  return topic === own.ack || topic === own.state;
}

/** A device subscribes only to its own cmd topic (no wildcards); the service account to anything under petheart/v1/. */
export function maySubscribe(identity: MqttIdentity, filter: string): boolean {
  if (identity.kind === 'service') return filter.startsWith(SERVICE_ROOT);
  return filter === deviceTopics(identity.deviceId).cmd;
}

/** A username that can be a device id (the service account's name is never one). */
export function isDeviceUsername(username: string): boolean {
  return username !== SERVICE_USERNAME && DeviceIdSchema.safeParse(username).success;
}
