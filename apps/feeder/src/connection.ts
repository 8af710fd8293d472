import { EventEmitter } from 'node:events';
import mqtt from 'mqtt';
import type { IClientOptions, MqttClient } from 'mqtt';
import type { Clock } from './clock';
import type { Logger } from './logger';

export interface Will {
  topic: string;
  payload: string;
}

export interface ConnectionOptions {
  url: string;
  clientId: string;
  username: string;
  password: string;
  /** MQTT 5 by default; falls back to 3.1.1 once if the broker refuses 5 (aedes 1.x speaks only 3.1.1). */
  protocolVersion?: 4 | 5;
  keepaliveSeconds?: number;
  /** TCP_NODELAY on the socket (default true; false only to measure what Nagle costs). */
  tcpNoDelay?: boolean;
  /** Reconnect delays: doubling from minMs up to maxMs, with jitter. */
  backoff?: { minMs?: number; maxMs?: number };
  /** The last will (retained, QoS 1), computed afresh before every connection attempt. */
  will: () => Will;
  clock: Clock;
  logger: Logger;
  random?: () => number;
}

type ConnectionEvents = {
  connected: [];
  disconnected: [];
  /** The broker refused the connection (bad credentials: 4/5 in MQTT 3.1.1, 134/135 in MQTT 5). */
  refused: [code: number, message: string];
  message: [topic: string, payload: Buffer];
};

/** Codes meaning "I do not speak this protocol version" (3.1.1: 1, MQTT 5: 132). */
const UNSUPPORTED_PROTOCOL = new Set([1, 132]);

/**
 * One MQTT session to the broker with TCP_NODELAY, a last will, and reconnection with exponential backoff.
 * mqtt.js's own fixed-period reconnect is off; this class decides when to try again.
 */
export class DeviceConnection extends EventEmitter<ConnectionEvents> {
  readonly #options: ConnectionOptions;
  readonly #client: MqttClient;
  #protocolVersion: 4 | 5;
  #failures = 0;
  #retryNow = false;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #stopping = false;
  #wasConnected = false;

  constructor(options: ConnectionOptions) {
    super();
    this.#options = options;
    this.#protocolVersion = options.protocolVersion ?? 5;
    const clientOptions: IClientOptions = {
      manualConnect: true,
      reconnectPeriod: 0,
      resubscribe: false,
      clean: true,
      protocolVersion: this.#protocolVersion,
      clientId: options.clientId,
      username: options.username,
      password: options.password,
      keepalive: options.keepaliveSeconds ?? 15,
      connectTimeout: 10_000,
    };
    this.#client = mqtt.connect(options.url, clientOptions);
    this.#client.on('connect', () => {
      this.#failures = 0;
      this.#wasConnected = true;
      this.emit('connected');
    });
    this.#client.on('close', () => {
      if (this.#wasConnected) {
        this.#wasConnected = false;
        this.emit('disconnected');
      }
      if (!this.#stopping) this.#scheduleAttempt();
    });
    this.#client.on('error', (error) => {
      const code = (error as Error & { code?: unknown }).code;
      if (typeof code === 'number' && UNSUPPORTED_PROTOCOL.has(code) && this.#protocolVersion === 5) {
        this.#options.logger.info('broker refused MQTT 5, using MQTT 3.1.1');
        this.#protocolVersion = 4;
        this.#client.options.protocolVersion = 4;
        this.#retryNow = true;
        return;
      }
      if (typeof code === 'number') this.emit('refused', code, error.message);
      this.#options.logger.warn('connection error', { error: error.message });
    });
    this.#client.on('message', (topic, payload) => {
      this.emit('message', topic, payload);
    });
  }

  get connected(): boolean {
    return this.#client.connected;
  }

  get protocolVersion(): 4 | 5 {
    return this.#protocolVersion;
  }

  /** Starts connecting (and keeps reconnecting until stop()). */
  start(): void {
    this.#stopping = false;
    this.#attempt();
  }

  async subscribe(topic: string): Promise<void> {
    const grants = await this.#client.subscribeAsync(topic, { qos: 1 });
    if (grants.some((g) => g.qos >= 128)) throw new Error(`subscription to ${topic} refused`);
  }

  /** QoS 1 publish; while disconnected it is queued and sent after the reconnect. */
  async publish(topic: string, payload: string, retain = false): Promise<void> {
    await this.#client.publishAsync(topic, payload, { qos: 1, retain });
  }

  /** Disconnects cleanly (DISCONNECT: the broker does not send the will) and stops reconnecting. */
  async stop(): Promise<void> {
    this.#stopping = true;
    if (this.#timer) this.#options.clock.clearTimeout(this.#timer);
    this.#timer = undefined;
    await this.#client.endAsync(!this.#client.connected);
  }

  #attempt(): void {
    this.#timer = undefined;
    if (this.#stopping) return;
    this.#client.options.will = { ...this.#options.will(), qos: 1, retain: true };
    this.#client.connect();
    const stream = this.#client.stream as { setNoDelay?: (noDelay: boolean) => unknown };
    // Nagle's algorithm holds small packets back 40–90 ms; every command and ack is a small packet.
    stream.setNoDelay?.(this.#options.tcpNoDelay ?? true);
  }

  #scheduleAttempt(): void {
    if (this.#timer) return;
    let delay = 0;
    if (this.#retryNow) this.#retryNow = false;
    else {
      const min = this.#options.backoff?.minMs ?? 250;
      const max = this.#options.backoff?.maxMs ?? 30_000;
      const ceiling = Math.min(max, min * 2 ** this.#failures);
      delay = Math.round(ceiling / 2 + (ceiling / 2) * (this.#options.random ?? Math.random)());
      this.#failures += 1;
    }
    this.#timer = this.#options.clock.setTimeout(() => {
      this.#attempt();
    }, delay);
  }
}
