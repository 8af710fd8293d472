import { randomBytes } from 'node:crypto';
import mqtt from 'mqtt';
import { SERVICE_USERNAME } from './policy';

/** How the gateway reaches the broker: messages on its topics come in, commands go out (QoS 1). */
export interface BrokerLink {
  /** Resolves when the broker has taken the message (QoS 1); a retained one is kept for later subscribers. */
  publish(topic: string, payload: string, retain?: boolean): Promise<void>;
  /** Stops the messages and closes the link. */
  end(): Promise<void>;
}

export interface LinkOptions {
  /** Topic filters whose messages (the retained ones included) reach `onMessage`. */
  topics: string[];
  onMessage: (topic: string, payload: Buffer) => void;
  onError: (error: unknown) => void;
}

const CONNECT_TIMEOUT_MS = 10_000;

/**
 * The link to an external broker (MQTT_URL): an MQTT client of the service account, MQTT 3.1.1 (Mosquitto and
 * EMQX speak it), a unique client id per process, TCP_NODELAY on every connection; subscribed before it resolves.
 */
export async function connectServiceClient(
  credentials: { url: string; username: string; password: string },
  options: LinkOptions,
): Promise<BrokerLink> {
  const { url, username, password } = credentials;
  const client = mqtt.connect(url, {
    protocolVersion: 4,
    clientId: `${SERVICE_USERNAME}-${randomBytes(6).toString('hex')}`,
    username,
    password,
    clean: true,
    keepalive: 30,
    reconnectPeriod: 1_000,
    connectTimeout: CONNECT_TIMEOUT_MS,
    resubscribe: true,
  });
  client.on('connect', () => {
    (client.stream as { setNoDelay?: (on: boolean) => void }).setNoDelay?.(true);
  });
  client.on('message', (topic, payload) => {
    options.onMessage(topic, payload);
  });
  client.on('error', options.onError);
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new Error(`no MQTT connection to ${url} within ${String(CONNECT_TIMEOUT_MS)} ms`));
      }, CONNECT_TIMEOUT_MS);
      client.once('connect', () => {
        clearTimeout(timer);
        resolve();
      });
      client.once('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
    });
    await client.subscribeAsync(Object.fromEntries(options.topics.map((t) => [t, { qos: 1 as const }])));
  } catch (error) {
    await client.endAsync(true);
    throw error;
  }
  return {
    publish: (topic, payload, retain = false) =>
      client.publishAsync(topic, payload, { qos: 1, retain }).then(() => undefined),
    end: () => client.endAsync(true),
  };
}
