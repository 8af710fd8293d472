import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { Aedes } from 'aedes';
import type { Client } from 'aedes';
import mqtt from 'mqtt';
import type { MqttClient } from 'mqtt';
import { TOPIC_ROOT, deviceTopics, parseDeviceTopic } from '@petheart/contracts';
import type { DeviceCommand, DeviceConfig } from '@petheart/contracts';

/** Test helpers: an in-process aedes broker on 127.0.0.1:0 and a "server" client that observes devices. */
export const SERVER_USER = 'server';
export const SERVER_SECRET = 'server-secret-for-tests';

export interface TestBroker {
  url: string;
  aedes: Aedes;
  /** The broker's side of a connected client (e.g. to destroy its socket). */
  client(clientId: string): Client | undefined;
  close(): Promise<void>;
}

export async function startTestBroker(secrets: Map<string, string>, noDelay = true): Promise<TestBroker> {
  const aedes = await Aedes.createBroker({
    authenticate: (client, username, password, done) => {
      const isServer = username === SERVER_USER && password?.toString() === SERVER_SECRET;
      const isDevice =
        username !== undefined && secrets.get(username) === password?.toString() && client.id === `device-${username}`;
      if (isServer || isDevice) {
        done(null, true);
        return;
      }
      const refused = Object.assign(new Error('bad username or password'), { returnCode: 4 }); // 4: bad credentials
      done(refused, null);
    },
  });
  const clients = new Map<string, Client>();
  aedes.on('client', (c) => clients.set(c.id, c));
  aedes.on('clientDisconnect', (c) => {
    if (clients.get(c.id) === c) clients.delete(c.id);
  });
  const server = net.createServer((socket) => {
    socket.setNoDelay(noDelay);
    aedes.handle(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `mqtt://127.0.0.1:${port}`,
    aedes,
    client: (id) => clients.get(id),
    close: async () => {
      await new Promise<void>((resolve) => {
        aedes.close(() => {
          resolve();
        });
      });
      await new Promise<void>((resolve) =>
        server.close(() => {
          resolve();
        }),
      );
    },
  };
}

export interface Received {
  deviceId: string;
  kind: 'ack' | 'state';
  payload: unknown;
  retain: boolean;
}

/** Plays the server's role: sends commands, collects every ack and state message. */
export class Observer {
  readonly received: Received[] = [];
  readonly #waiters = new Set<() => void>();

  private constructor(readonly client: MqttClient) {
    client.on('message', (topic, payload, packet) => {
      const parsed = parseDeviceTopic(topic);
      // Only what devices publish (it subscribes to nothing else; a config it sends is not echoed to it).
      if (!parsed || parsed.kind === 'cmd' || parsed.kind === 'config') return;
      this.received.push({
        deviceId: parsed.deviceId,
        kind: parsed.kind,
        payload: JSON.parse(payload.toString('utf8')) as unknown,
        retain: packet.retain,
      });
      for (const wake of this.#waiters) wake();
    });
  }

  static async connect(url: string, noDelay = true): Promise<Observer> {
    const client = await mqtt.connectAsync(url, {
      username: SERVER_USER,
      password: SERVER_SECRET,
      protocolVersion: 4,
      reconnectPeriod: 0,
    });
    (client.stream as net.Socket).setNoDelay(noDelay);
    await client.subscribeAsync([`${TOPIC_ROOT}/+/ack`, `${TOPIC_ROOT}/+/state`], { qos: 1 });
    return new Observer(client);
  }

  /** Resolves with the first message (already received or to come) that matches. */
  waitFor(match: (m: Received) => boolean): Promise<Received> {
    const found = this.received.find(match);
    if (found) return Promise.resolve(found);
    return new Promise((resolve) => {
      const wake = () => {
        const hit = this.received.find(match);
        if (!hit) return;
        this.#waiters.delete(wake);
        resolve(hit);
      };
      this.#waiters.add(wake);
    });
  }

  /** The ack for command `id`. */
  async ack(deviceId: string, id: string): Promise<Record<string, unknown>> {
    const m = await this.waitFor(
      (r) => r.deviceId === deviceId && r.kind === 'ack' && (r.payload as { id?: unknown }).id === id,
    );
    return m.payload as Record<string, unknown>;
  }

  async send(deviceId: string, command: DeviceCommand | string): Promise<void> {
    const payload = typeof command === 'string' ? command : JSON.stringify(command);
    await this.client.publishAsync(deviceTopics(deviceId).cmd, payload, { qos: 1 });
  }

  /** Publishes a config for the device (retained, as the API does; `null` clears the retained one). */
  async sendConfig(deviceId: string, config: DeviceConfig | string | null): Promise<void> {
    const payload = config === null ? '' : typeof config === 'string' ? config : JSON.stringify(config);
    await this.client.publishAsync(deviceTopics(deviceId).config, payload, { qos: 1, retain: true });
  }

  async close(): Promise<void> {
    await this.client.endAsync();
  }
}
