import { EventEmitter } from 'node:events';
import path from 'node:path';
import { DeviceCommandSchema, PROTOCOL_VERSION, deviceTopics } from '@petheart/contracts';
import type { DeviceAck, DeviceCommand, DeviceState } from '@petheart/contracts';
import type { Clock } from './clock';
import { systemClock } from './clock';
import { DeviceConnection } from './connection';
import { dispense } from './dispense';
import { ExecutedIdStore } from './executed-ids';
import { RecentAnswers } from './recent-answers';
import type { StationHardware } from './hardware/ports';
import type { Logger } from './logger';
import { consoleLogger } from './logger';
import { StateReporter } from './state-reporter';

export const FIRMWARE = 'petheart-feeder/0.1.0';

export interface FeederAgentOptions {
  deviceId: string;
  secret: string;
  /** mqtt://host:port or mqtts://… */
  brokerUrl: string;
  /** Folder for the agent's own files (the executed-command ids and the recent answers). */
  stateDir: string;
  /** Where the camera publishes (started with the agent when there is a camera). */
  rtmpUrl?: string;
  firmware?: string;
  protocolVersion?: 4 | 5;
  keepaliveSeconds?: number;
  /** TCP_NODELAY (default true). */
  tcpNoDelay?: boolean;
  backoff?: { minMs?: number; maxMs?: number };
  /** How many executed command ids are remembered (default 2,000). */
  executedIdCapacity?: number;
  /** The answers of executed commands re-sent after a reconnection: how many, how old at most (RECENT_ANSWERS). */
  recentAnswers?: { capacity?: number; maxAgeMs?: number };
  /** A change of the food stock alone is reported at most this often (default 1,000 ms; StateReporter). */
  stockReportMs?: number;
  logger?: Logger;
}

type AgentEvents = {
  /** Connected, subscribed to the command topic and the online state published. */
  ready: [];
  disconnected: [];
  refused: [code: number, message: string];
  /** A message on the command topic that was not a valid command (it is dropped). */
  ignored: [reason: string];
  acked: [ack: DeviceAck];
  /** Answers of recent executions published again after a (re)connection (not new executions). */
  resent: [acks: DeviceAck[]];
  state: [state: DeviceState];
};

/**
 * The program a feeding station runs: keeps an MQTT session to the broker, reports its state (retained, with a
 * last will for offline), and executes dispense commands one at a time, at most once each, never past their TTL.
 */
export class FeederAgent extends EventEmitter<AgentEvents> {
  readonly deviceId: string;
  readonly #options: FeederAgentOptions;
  readonly #hardware: StationHardware;
  readonly #clock: Clock;
  readonly #logger: Logger;
  readonly #topics: ReturnType<typeof deviceTopics>;
  readonly #connection: DeviceConnection;
  readonly #queue: DeviceCommand[] = [];
  readonly #unsubscribers: (() => void)[] = [];
  #store: ExecutedIdStore | undefined;
  #answers: RecentAnswers | undefined;
  #busy: Promise<void> | undefined;
  #ready = false;
  #stopped = false;
  readonly #state: StateReporter;

  constructor(options: FeederAgentOptions, hardware: StationHardware, clock: Clock = systemClock) {
    super();
    this.deviceId = options.deviceId;
    this.#options = options;
    this.#hardware = hardware;
    this.#clock = clock;
    this.#logger = options.logger ?? consoleLogger(options.deviceId);
    this.#topics = deviceTopics(options.deviceId);
    this.#connection = new DeviceConnection({
      url: options.brokerUrl,
      clientId: `device-${options.deviceId}`,
      username: options.deviceId,
      password: options.secret,
      protocolVersion: options.protocolVersion,
      keepaliveSeconds: options.keepaliveSeconds,
      tcpNoDelay: options.tcpNoDelay,
      backoff: options.backoff,
      clock,
      logger: this.#logger,
      will: () => ({ topic: this.#topics.state, payload: JSON.stringify(this.#state.offline()) }),
    });
    this.#state = new StateReporter({
      readings: {
        stock: () => hardware.hopper.level(),
        cameraOnline: () => hardware.camera?.online() ?? false,
        firmware: (options.firmware ?? FIRMWARE).slice(0, 40),
      },
      publish: async (state) => {
        this.emit('state', state);
        await this.#connection.publish(this.#topics.state, JSON.stringify(state), true);
      },
      connected: () => this.#connection.connected,
      clock,
      logger: this.#logger,
      stockReportMs: options.stockReportMs,
    });
    this.#connection.on('connected', () => void this.#onConnected());
    this.#connection.on('disconnected', () => {
      this.#ready = false;
      if (!this.#stopped) this.#logger.warn('disconnected from the broker; reconnecting');
      this.emit('disconnected');
    });
    this.#connection.on('refused', (code, message) => {
      this.#logger.error('the broker refused the connection', { code, message });
      this.emit('refused', code, message);
    });
    this.#connection.on('message', (topic, payload) => {
      this.#onMessage(topic, payload);
    });
  }

  get ready(): boolean {
    return this.#ready;
  }

  get protocolVersion(): 4 | 5 {
    return this.#connection.protocolVersion;
  }

  /** Opens the executed-id store, starts the camera and starts connecting (returns without waiting for it). */
  async start(): Promise<void> {
    this.#store = await ExecutedIdStore.open(path.join(this.#options.stateDir, `${this.deviceId}.executed.jsonl`), {
      capacity: this.#options.executedIdCapacity,
      logger: this.#logger,
    });
    this.#answers = await RecentAnswers.open(path.join(this.#options.stateDir, `${this.deviceId}.answers.jsonl`), {
      ...this.#options.recentAnswers,
      logger: this.#logger,
    });
    await this.#state.readStock();
    const refresh = () => void this.#state.report();
    const offHopper = this.#hardware.hopper.onChange?.(refresh);
    if (offHopper) this.#unsubscribers.push(offHopper);
    const camera = this.#hardware.camera;
    if (camera) {
      this.#unsubscribers.push(camera.onChange(refresh));
      if (this.#options.rtmpUrl)
        camera.start(this.#options.rtmpUrl).catch((error: unknown) => {
          this.#logger.error('camera did not start', { error: String(error) });
        });
    }
    this.#connection.start();
  }

  /** Resolves when the agent is (or next becomes) ready. */
  whenReady(): Promise<void> {
    if (this.#ready) return Promise.resolve();
    return new Promise((resolve) => this.once('ready', resolve));
  }

  /** Finishes the dispense in progress (queued ones are dropped), publishes offline and disconnects cleanly. */
  async stop(): Promise<void> {
    if (this.#stopped) return;
    this.#stopped = true;
    this.#state.stop();
    const dropped = this.#queue.splice(0).map((c) => c.id);
    if (dropped.length > 0) this.#logger.warn('stopping: queued commands dropped', { ids: dropped });
    await this.#busy;
    for (const off of this.#unsubscribers.splice(0)) off();
    await this.#hardware.camera?.stop().catch(() => undefined);
    if (this.#connection.connected) {
      const offline = this.#connection.publish(this.#topics.state, JSON.stringify(this.#state.offline()), true);
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timeout = new Promise<void>((resolve) => (timer = this.#clock.setTimeout(resolve, 2000)));
      await Promise.race([offline.catch(() => undefined), timeout]);
      if (timer) this.#clock.clearTimeout(timer);
    }
    this.#ready = false;
    await this.#connection.stop();
    await this.#store?.close();
    await this.#answers?.close();
  }

  async #onConnected(): Promise<void> {
    try {
      await this.#connection.subscribe(this.#topics.cmd);
      await this.#state.report(true);
      this.#ready = true;
      this.#logger.info('ready', { protocol: this.#connection.protocolVersion === 5 ? 'MQTT 5' : 'MQTT 3.1.1' });
      this.emit('ready');
    } catch (error) {
      this.#logger.error('could not subscribe or publish state', { error: String(error) });
      return;
    }
    // An answer the broker took may never have reached the API (it died before settling it, decision 026).
    const resent = this.#answers?.resend(this.#clock.now(), (ack) =>
      this.#connection.publish(this.#topics.ack, JSON.stringify(ack)),
    );
    if (resent && resent.length > 0) this.emit('resent', resent);
  }

  #onMessage(topic: string, payload: Buffer): void {
    if (topic !== this.#topics.cmd || this.#stopped) return;
    let json: unknown;
    try {
      json = JSON.parse(payload.toString('utf8'));
    } catch {
      this.#ignore('command is not JSON');
      return;
    }
    const parsed = DeviceCommandSchema.safeParse(json);
    if (!parsed.success) {
      this.#ignore(`invalid command: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`);
      return;
    }
    void this.#accept(parsed.data);
  }

  #ignore(reason: string): void {
    this.#logger.warn('command ignored', { reason });
    this.emit('ignored', reason);
  }

  async #accept(command: DeviceCommand): Promise<void> {
    const store = this.#store;
    if (!store) return;
    if (store.has(command.id)) {
      this.#ack(command.id, 'duplicate', 0);
      return;
    }
    if (this.#clock.now() > command.expires_at) {
      this.#ack(command.id, 'expired', 0);
      return;
    }
    try {
      // Recorded before it runs: after a crash the command is lost, never repeated.
      await store.add(command.id);
    } catch (error) {
      this.#logger.error('could not record the command id; not executing it', { error: String(error) });
      this.#ack(command.id, 'failed', 0);
      return;
    }
    if (this.#stopped) return;
    this.#queue.push(command);
    this.#busy ??= this.#drain();
  }

  async #drain(): Promise<void> {
    try {
      for (let next = this.#queue.shift(); next; next = this.#queue.shift()) await this.#execute(next);
    } finally {
      this.#busy = undefined;
    }
  }

  async #execute(command: DeviceCommand): Promise<void> {
    if (this.#clock.now() > command.expires_at) {
      this.#ack(command.id, 'expired', 0);
      return;
    }
    let result: Awaited<ReturnType<typeof dispense>> = { outcome: 'failed', grams: 0 };
    try {
      result = await dispense(this.#hardware, command.grams);
    } catch (error) {
      this.#logger.error('dispense failed', { id: command.id, error: String(error) });
    }
    const ack = this.#ack(command.id, result.outcome, result.grams);
    this.#answers?.add(ack).catch((error: unknown) => {
      this.#logger.error('could not record the answer', { id: command.id, error: String(error) });
    });
    void this.#state.report();
  }

  #ack(id: string, outcome: DeviceAck['outcome'], grams: number): DeviceAck {
    const ack: DeviceAck = { v: PROTOCOL_VERSION, id, outcome, grams, at: this.#clock.now() };
    this.#connection.publish(this.#topics.ack, JSON.stringify(ack)).catch((error: unknown) => {
      this.#logger.error('ack not delivered', { id, error: String(error) });
    });
    this.emit('acked', ack);
    return ack;
  }
}
