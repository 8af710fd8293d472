import { DeviceIdSchema, deviceTopics } from '@petheart/contracts';

/**
 * The API's account on an external broker (MQTT_URL; full access under petheart/v1/ in its ACL). The embedded
 * broker has no such account: the API links to it in process.
 */
export const SERVICE_USERNAME = 'petheart-api';

/** Who a connection to the embedded broker belongs to: a device. */
export interface MqttIdentity {
  kind: 'device';
  deviceId: string;
}

/** The client id a device must use: `device-{id}` (so no device can take over another's session). */
export function clientIdAllowed(identity: MqttIdentity, clientId: string): boolean {
  return clientId === `device-${identity.deviceId}`;
}

/** A device publishes only its own ack and state. */
export function mayPublish(identity: MqttIdentity, topic: string): boolean {
  const own = deviceTopics(identity.deviceId);
  return topic === own.ack || topic === own.state;
}

/** A device subscribes only to its own cmd and config topics (no wildcards); only the API publishes there. */
export function maySubscribe(identity: MqttIdentity, filter: string): boolean {
  const own = deviceTopics(identity.deviceId);
  return filter === own.cmd || filter === own.config;
}

/** A username that can be a device id (the service account's name is never one). */
export function isDeviceUsername(username: string): boolean {
  return username !== SERVICE_USERNAME && DeviceIdSchema.safeParse(username).success;
}
