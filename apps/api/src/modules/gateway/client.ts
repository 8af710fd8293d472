import { randomBytes } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import { SERVICE_USERNAME } from './policy';

/**
 * The API's MQTT client (service account): MQTT 3.1.1 (aedes 1.x speaks nothing newer; Mosquitto and
 * EMQX speak both), a unique client id per process, TCP_NODELAY on every connection.
 */
export function connectServiceClient(url: string, username: string, password: string): MqttClient {
  const client = mqtt.connect(url, {
    protocolVersion: 4,
    clientId: `${SERVICE_USERNAME}-${randomBytes(6).toString('hex')}`,
    username,
    password,
    clean: true,
    keepalive: 30,
    reconnectPeriod: 1_000,
    connectTimeout: 10_000,
    resubscribe: true,
  });
  client.on('connect', () => {
    (client.stream as { setNoDelay?: (on: boolean) => void }).setNoDelay?.(true);
  });
  return client;
}
