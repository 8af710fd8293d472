import net from 'node:net';
import type { AddressInfo, Socket } from 'node:net';
import { Aedes, type AedesPublishPacket, type AuthenticateError, type Client } from 'aedes';
import type { BrokerAuthenticator } from './auth';
import type { BrokerLink, LinkOptions } from './client';
import { mayPublish, maySubscribe, type MqttIdentity } from './policy';

export interface EmbeddedBroker {
  /** The port it listens on (the real one when started on port 0). */
  readonly port: number;
  /** mqtt://host:port, for clients on this machine. */
  readonly url: string;
  /** Closes a device's live session (its last will is published). */
  disconnectDevice(deviceId: string): void;
  /**
   * The API's own link, in process: no socket and no MQTT packets between the gateway and the broker (each
   * loopback write costs the API's thread about 0.2 ms here). Messages on the topics reach `onMessage`, the
   * retained ones after subscribing, as a subscriber's would; publishes go out as the broker's own.
   */
  link(options: LinkOptions): Promise<BrokerLink>;
  close(): Promise<void>;
}

const BAD_USERNAME_OR_PASSWORD = 4;

function refused(): AuthenticateError {
  const error = new Error('bad username or password');
  // aedes types returnCode as a const enum (unusable under isolatedModules): 4 = bad username or password.
  Object.defineProperty(error, 'returnCode', { value: BAD_USERNAME_OR_PASSWORD, enumerable: true });
  return error as AuthenticateError;
}

/**
 * The in-process MQTT broker (aedes) of the embedded run: per-device credentials, an ACL that lets a
 * device touch only its own topics, TCP_NODELAY on every socket (else each command waits ~40 ms).
 */
export async function startEmbeddedBroker(options: {
  host: string;
  port: number;
  auth: BrokerAuthenticator;
  onError?: (error: Error) => void;
}): Promise<EmbeddedBroker> {
  const identities = new WeakMap<Client, MqttIdentity>();
  const broker = await Aedes.createBroker({
    authenticate(client, username, password, done) {
      options.auth.authenticate(client.id, username, password).then(
        (identity) => {
          if (!identity) {
            done(refused(), false);
            return;
          }
          identities.set(client, identity);
          done(null, true);
        },
        (error: unknown) => {
          options.onError?.(error instanceof Error ? error : new Error(String(error)));
          done(refused(), false);
        },
      );
    },
    authorizePublish(client, packet, done) {
      // client is null for the broker's own messages.
      const identity = client ? identities.get(client) : undefined;
      if (client && !(identity && mayPublish(identity, packet.topic))) {
        done(new Error('publish not authorized'));
        return;
      }
      done(null);
    },
    authorizeSubscribe(client, subscription, done) {
      const identity = identities.get(client);
      // null = refused: the client gets SUBACK 0x80 and receives nothing.
      done(null, identity && maySubscribe(identity, subscription.topic) ? subscription : null);
    },
  });

  const sockets = new Set<Socket>();
  const server = net.createServer((socket) => {
    socket.setNoDelay(true);
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    broker.handle(socket);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host === '0.0.0.0' || options.host === '::' ? '127.0.0.1' : options.host;
  const clients = (broker as unknown as { clients: Record<string, Client | undefined> }).clients;

  return {
    port,
    link: (link) => linkInProcess(broker, link),
    url: `mqtt://${host.includes(':') ? `[${host}]` : host}:${String(port)}`,
    disconnectDevice(deviceId) {
      clients[`device-${deviceId}`]?.close();
    },
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
        for (const socket of sockets) socket.destroy();
      });
      await new Promise<void>((resolve) => {
        broker.close(() => {
          resolve();
        });
      });
    },
  };
}

interface RetainedSource {
  createRetainedStreamCombi(patterns: string[]): AsyncIterable<AedesPublishPacket>;
}

async function linkInProcess(broker: Aedes, options: LinkOptions): Promise<BrokerLink> {
  const deliver = (packet: AedesPublishPacket, done: () => void) => {
    try {
      const { payload } = packet;
      options.onMessage(packet.topic, typeof payload === 'string' ? Buffer.from(payload) : payload);
    } catch (error) {
      options.onError(error);
    }
    done();
  };
  const each = (fn: (topic: string, done: () => void) => void) =>
    Promise.all(
      options.topics.map(
        (topic) =>
          new Promise<void>((resolve) => {
            fn(topic, resolve);
          }),
      ),
    );
  await each((topic, done) => {
    broker.subscribe(topic, deliver, done);
  });
  const persistence = (broker as unknown as { persistence: RetainedSource }).persistence;
  for await (const packet of persistence.createRetainedStreamCombi(options.topics)) deliver(packet, () => undefined);
  let open = true;
  return {
    publish: (topic, payload, retain = false) =>
      new Promise<void>((resolve, reject) => {
        if (!open) {
          reject(new Error('the broker link is closed'));
          return;
        }
        const message = { cmd: 'publish' as const, topic, payload: Buffer.from(payload), qos: 1 as const };
        broker.publish({ ...message, dup: false, retain }, (error) => {
          if (error) reject(error);
          else resolve();
        });
      }),
    async end() {
      if (!open) return;
      open = false;
      await each((topic, done) => {
        broker.unsubscribe(topic, deliver, done);
      });
    },
  };
}
