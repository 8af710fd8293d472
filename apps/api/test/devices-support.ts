import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import mqtt, { type MqttClient } from 'mqtt';
import {
  DeviceCommandSchema,
  deviceTopics,
  type DeviceAck,
  type DeviceCommand,
  type DeviceState,
} from '@petheart/contracts';

/** A device's state report with sensible defaults. */
export function stateReport(over: Partial<DeviceState> = {}): DeviceState {
  return {
    v: 1,
    online: true,
    feeder_online: true,
    camera_online: true,
    food_stock: 1000,
    firmware: 'test-1.0',
    at: Date.now(),
    ...over,
  };
}

/** The grams a command asks for (0 for care commands that dispense nothing). */
export const gramsOf = (command: DeviceCommand): number => ('grams' in command ? command.grams : 0);

export interface TestDeviceOptions {
  /** Client id (default device-{id}, as the protocol says). */
  clientId?: string;
  /** 'ack': dispense answers at once with the grams asked; 'silent': never answers; 'manual': the test answers. */
  mode?: 'ack' | 'silent' | 'manual';
  /** Subscribe to the own cmd topic after connecting (default true). */
  subscribe?: boolean;
}

/** A real mqtt.js client playing a feeder, the way the protocol describes it. */
export class TestDevice {
  /** Every command received, in order (re-sends included). */
  readonly received: DeviceCommand[] = [];
  /** Every message received on any topic. */
  readonly messages: { topic: string; payload: string }[] = [];
  mode: 'ack' | 'silent' | 'manual';
  private waiters: { count: number; distinct: boolean; resolve: () => void }[] = [];

  private constructor(
    readonly id: string,
    readonly client: MqttClient,
    mode: TestDeviceOptions['mode'],
  ) {
    this.mode = mode ?? 'ack';
    client.on('message', (topic, payload) => {
      this.messages.push({ topic, payload: payload.toString() });
      const parsed = DeviceCommandSchema.safeParse(JSON.parse(payload.toString()));
      if (topic !== deviceTopics(id).cmd || !parsed.success) return;
      this.received.push(parsed.data);
      this.waiters = this.waiters.filter((w) => {
        if ((w.distinct ? this.commands : this.received).length < w.count) return true;
        w.resolve();
        return false;
      });
      if (this.mode === 'ack') this.ack(parsed.data.id, 'dispensed', gramsOf(parsed.data));
    });
  }

  /** Connects (rejects with the broker's refusal code: 4 bad credentials, 5 not authorized). */
  static async connect(url: string, id: string, secret: string, options: TestDeviceOptions = {}): Promise<TestDevice> {
    const topics = deviceTopics(id);
    const client = mqtt.connect(url, {
      protocolVersion: 4,
      clientId: options.clientId ?? `device-${id}`,
      username: id,
      password: secret,
      clean: true,
      reconnectPeriod: 0,
      connectTimeout: 5_000,
      keepalive: 10,
      will: {
        topic: topics.state,
        payload: Buffer.from(
          JSON.stringify(stateReport({ online: false, feeder_online: false, camera_online: false })),
        ),
        qos: 1,
        retain: true,
      },
    });
    await new Promise<void>((resolve, reject) => {
      client.once('connect', () => {
        (client.stream as net.Socket).setNoDelay(true);
        resolve();
      });
      client.once('error', (error) => {
        client.end(true);
        reject(error);
      });
      client.once('close', () => {
        reject(new Error('closed before CONNACK'));
      });
    });
    const device = new TestDevice(id, client, options.mode);
    if (options.subscribe ?? true) await client.subscribeAsync(topics.cmd, { qos: 1 });
    return device;
  }

  /** Each command once, in order of first arrival (a re-send of an unanswered command is the same command). */
  get commands(): DeviceCommand[] {
    const seen = new Set<string>();
    return this.received.filter((c) => !seen.has(c.id) && Boolean(seen.add(c.id)));
  }

  /** Resolves once `count` commands in all have arrived (re-sends included). */
  waitForCommands(count: number): Promise<void> {
    if (this.received.length >= count) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ count, distinct: false, resolve }));
  }

  /** Resolves once `count` different commands have arrived (re-sends not counted). */
  waitForDistinct(count: number): Promise<void> {
    if (this.commands.length >= count) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ count, distinct: true, resolve }));
  }

  ack(id: string, outcome: DeviceAck['outcome'], grams: number, detail?: DeviceAck['detail']): void {
    const ack: DeviceAck = { v: 1, id, outcome, grams, at: Date.now(), ...(detail ? { detail } : {}) };
    this.client.publish(deviceTopics(this.id).ack, JSON.stringify(ack), { qos: 1 });
  }

  async publishState(over: Partial<DeviceState> = {}, retain = true): Promise<void> {
    await this.client.publishAsync(deviceTopics(this.id).state, JSON.stringify(stateReport(over)), { qos: 1, retain });
  }

  /** Resolves when the connection is closed (by the broker or by us). */
  closed(): Promise<void> {
    if (!this.client.connected) return Promise.resolve();
    return new Promise((resolve) => {
      this.client.once('close', () => {
        resolve();
      });
    });
  }

  /** Drops the TCP connection without DISCONNECT (the broker publishes the last will). */
  kill(): void {
    (this.client.stream as net.Socket).destroy();
    this.client.end(true);
  }

  /** A clean disconnect (no last will). */
  async end(): Promise<void> {
    if (this.client.connected) await this.client.endAsync();
    else this.client.end(true);
  }
}

/** A port nothing listens on right now. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const run = promisify(execFile);

/**
 * A real Mosquitto (MOSQUITTO_BIN) on a free loopback port with a password file and the protocol's ACL:
 * devices read their own cmd and write their own ack and state; the service account has petheart/v1/#.
 */
export class Mosquitto {
  private readonly users = new Map<string, string>();
  private process: ChildProcess | undefined;
  /** What Mosquitto wrote to stderr (errors and warnings). */
  log = '';
  url = '';

  private constructor(
    private readonly bin: string,
    private readonly dir: string,
    readonly port: number,
  ) {}

  static async start(bin: string, service: { username: string; password: string }): Promise<Mosquitto> {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'petheart-mosquitto-'));
    const broker = new Mosquitto(bin, dir, await freePort());
    broker.users.set(service.username, service.password);
    await writeFile(
      path.join(dir, 'acl'),
      [
        'pattern read petheart/v1/devices/%u/cmd',
        'pattern read petheart/v1/devices/%u/config',
        'pattern write petheart/v1/devices/%u/ack',
        'pattern write petheart/v1/devices/%u/state',
        '',
        `user ${service.username}`,
        'topic readwrite petheart/v1/#',
        '',
      ].join('\n'),
    );
    await writeFile(
      path.join(dir, 'mosquitto.conf'),
      [
        `listener ${String(broker.port)} 127.0.0.1`,
        'allow_anonymous false',
        `password_file ${path.join(dir, 'passwd')}`,
        `acl_file ${path.join(dir, 'acl')}`,
        `pid_file ${path.join(dir, 'mosquitto.pid')}`,
        'set_tcp_nodelay true',
        'persistence false',
        // Started as root, Mosquitto would switch to the `mosquitto` user and lose the files above.
        ...(process.getuid?.() === 0 ? ['user root'] : []),
        'max_queued_messages 10000',
        'log_dest stderr',
        'log_type error',
        'log_type warning',
        '',
      ].join('\n'),
    );
    await broker.writePasswords();
    broker.process = spawn(bin, ['-c', path.join(dir, 'mosquitto.conf')], { stdio: ['ignore', 'ignore', 'pipe'] });
    broker.process.stderr?.on('data', (chunk: Buffer) => {
      broker.log += chunk.toString();
    });
    broker.url = `mqtt://127.0.0.1:${String(broker.port)}`;
    await broker.waitForPort();
    return broker;
  }

  /** The password file and pid file (the API keeps device accounts there with MQTT_PASSWORD_FILE / MQTT_PID_FILE). */
  get files(): { passwordFile: string; pidFile: string } {
    return { passwordFile: path.join(this.dir, 'passwd'), pidFile: path.join(this.dir, 'mosquitto.pid') };
  }

  /** Adds devices to the password file and makes Mosquitto reload it (resolves once the last one is accepted). */
  async addUsers(users: { id: string; secret: string }[]): Promise<void> {
    for (const u of users) this.users.set(u.id, u.secret);
    await this.writePasswords();
    this.process?.kill('SIGHUP');
    const last = users.at(-1);
    if (!last) return;
    // The reload is asynchronous: the signal that it is done is the broker accepting the new account.
    for (let attempt = 0; ; attempt++) {
      try {
        const probe = await TestDevice.connect(this.url, last.id, last.secret, { subscribe: false });
        await probe.end();
        return;
      } catch (error) {
        if (attempt > 100) throw error;
        await new Promise((r) => setTimeout(r, 20));
      }
    }
  }

  private async writePasswords(): Promise<void> {
    const file = path.join(this.dir, 'passwd');
    await writeFile(file, [...this.users].map(([u, p]) => `${u}:${p}`).join('\n') + '\n', { mode: 0o600 });
    const passwdBin =
      process.env.MOSQUITTO_PASSWD_BIN ?? path.join(path.dirname(this.bin), '..', 'bin', 'mosquitto_passwd');
    await run(passwdBin, ['-U', file]).catch(() => run('mosquitto_passwd', ['-U', file]));
  }

  private async waitForPort(): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      const open = await new Promise<boolean>((resolve) => {
        const socket = net.connect(this.port, '127.0.0.1');
        socket.once('connect', () => {
          socket.destroy();
          resolve(true);
        });
        socket.once('error', () => {
          resolve(false);
        });
      });
      if (open) return;
      if (attempt > 250 || this.process?.exitCode != null) throw new Error(`mosquitto did not start: ${this.log}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  async stop(): Promise<void> {
    const child = this.process;
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await rm(this.dir, { recursive: true, force: true });
  }
}

/** p-th percentile (0..100) of a sorted list. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i] ?? Number.NaN;
}
