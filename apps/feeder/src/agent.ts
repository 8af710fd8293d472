import { EventEmitter } from 'node:events';
import { PROTOCOL_VERSION, deviceTopics } from '@petheart/contracts';
import type { DeviceAck, DeviceAckDetail, DeviceCommand, DeviceConfig } from '@petheart/contracts';
import type { AgentFiles } from './agent-files';
import { openAgentFiles } from './agent-files';
import { FIRMWARE } from './agent-options';
import type { AgentEvents, FeederAgentOptions } from './agent-options';
import type { Clock } from './clock';
import { systemClock } from './clock';
import { ClockCheck } from './clock-check';
import { DeviceConnection } from './connection';
import type { StationHardware } from './hardware/ports';
import type { Logger } from './logger';
import { consoleLogger } from './logger';
import { parseInbound } from './inbound';
import { RingLogger } from './ring-logger';
import { StateReporter } from './state-reporter';

export { FIRMWARE } from './agent-options';
export type { AgentEvents, FeederAgentOptions } from './agent-options';

/** How long a restart waits for its ack to reach the broker (it is re-sent after the restart anyway), ms. */
const RESTART_ACK_WAIT_MS = 5000;

/**
 * The program a feeding station runs: keeps an MQTT session to the broker, reports its state (retained, with a
 * last will for offline), runs the retained config of its config topic, and executes commands (dispenses and
 * care) one at a time, at most once each, never past their TTL.
 */
export class FeederAgent extends EventEmitter<AgentEvents> {
  readonly deviceId: string;
  readonly #options: FeederAgentOptions;
  readonly #hardware: StationHardware;
  readonly #clock: Clock;
  readonly #logger: RingLogger;
  readonly #topics: ReturnType<typeof deviceTopics>;
  readonly #connection: DeviceConnection;
  readonly #clockCheck: ClockCheck;
  readonly #queue: DeviceCommand[] = [];
  readonly #unsubscribers: (() => void)[] = [];
  #files: AgentFiles | undefined;
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
    this.#logger = new RingLogger(options.logger ?? consoleLogger(options.deviceId), clock, [options.secret]);
    this.#clockCheck = new ClockCheck(clock, this.#logger);
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
        configVersion: () => this.#files?.config.version ?? 0,
        hopperCapacity: () => hardware.hopper.capacity,
        cameraStats: () => hardware.camera?.stats?.(),
        clockSkewMs: () => this.#clockCheck.skewMs,
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

  /** The agent's logger (the device secret redacted; its newest lines answer a `report` command). */
  get logger(): Logger {
    return this.#logger;
  }

  /** Opens the agent's files, starts the camera and starts connecting (returns without waiting for it). */
  async start(): Promise<void> {
    this.#files = await openAgentFiles(this.#options, {
      hardware: this.#hardware,
      logger: this.#logger,
      clock: this.#clock,
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

  /** Finishes the command in progress (queued ones are dropped), publishes offline and disconnects cleanly. */
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
      await this.#within(offline, 2000);
    }
    this.#ready = false;
    await this.#connection.stop();
    await this.#files?.close();
  }

  async #onConnected(): Promise<void> {
    try {
      // The config is retained: the broker sends the newest one on subscription, so before any command.
      await this.#connection.subscribe(this.#topics.config);
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
    const resent = this.#files?.answers.resend(this.#clock.now(), (ack) =>
      this.#connection.publish(this.#topics.ack, JSON.stringify(ack)),
    );
    if (resent && resent.length > 0) this.emit('resent', resent);
  }

  #onMessage(topic: string, payload: Buffer): void {
    if (this.#stopped || (topic !== this.#topics.cmd && topic !== this.#topics.config)) return;
    // An empty config is the retained one being cleared: the station keeps running the one it has.
    if (topic === this.#topics.config && payload.length === 0) return;
    const inbound = parseInbound(topic === this.#topics.cmd ? 'command' : 'config', payload);
    if (inbound.kind === 'command') void this.#accept(inbound.command);
    else if (inbound.kind === 'config') this.#onConfig(inbound.config);
    else {
      this.#logger.warn(`${inbound.what} ignored`, { reason: inbound.reason });
      this.emit('ignored', inbound.reason);
    }
  }

  #onConfig(config: DeviceConfig): void {
    const kept = this.#files?.config;
    if (!kept) return;
    const offered = kept.offer(config);
    if (!offered.applied) {
      if (config.version < kept.version) {
        this.#logger.info('older config ignored', { version: config.version, running: kept.version });
      }
      return;
    }
    this.#logger.info('config applied', { version: config.version, daily_gram_cap: config.daily_gram_cap });
    this.emit('config', config);
    // Enforced and reported at once. A failed write is logged by the store; the config is used until the agent stops.
    offered.saved.catch(() => undefined);
    void this.#state.report();
  }

  async #accept(command: DeviceCommand): Promise<void> {
    const store = this.#files?.executed;
    if (!store) return;
    this.#clockCheck.observe(command);
    if (store.has(command.id)) {
      this.#ack(command.id, { outcome: 'duplicate', grams: 0 });
      return;
    }
    if (this.#clock.now() > command.expires_at) {
      this.#ack(command.id, { outcome: 'expired', grams: 0 });
      return;
    }
    try {
      // Recorded before it runs: after a crash the command is lost, never repeated.
      await store.add(command.id);
    } catch (error) {
      this.#logger.error('could not record the command id; not executing it', { error: String(error) });
      this.#ack(command.id, { outcome: 'failed', grams: 0 });
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
    const files = this.#files;
    if (!files) return;
    if (this.#clock.now() > command.expires_at) {
      this.#ack(command.id, { outcome: 'expired', grams: 0 });
      return;
    }
    const result = await files.executor.execute(command);
    const { ack, delivered } = this.#ack(command.id, result);
    const recorded = files.answers.add(ack).catch((error: unknown) => {
      this.#logger.error('could not record the answer', { id: command.id, error: String(error) });
    });
    if (command.kind !== 'restart') return;
    // The answer goes out first (or is on disk, re-sent after the restart); then main.ts stops and exits.
    await Promise.all([recorded, this.#within(delivered, RESTART_ACK_WAIT_MS)]);
    this.emit('restart');
  }

  #ack(id: string, result: { outcome: DeviceAck['outcome']; grams: number; detail?: DeviceAckDetail }) {
    const ack: DeviceAck = { v: PROTOCOL_VERSION, id, ...result, at: this.#clock.now() };
    const delivered = this.#connection.publish(this.#topics.ack, JSON.stringify(ack));
    delivered.catch((error: unknown) => {
      this.#logger.error('ack not delivered', { id, error: String(error) });
    });
    this.emit('acked', ack);
    void this.#state.report();
    return { ack, delivered };
  }

  /** Waits for `promise` to settle, at most `ms` (its failure is someone else's to report). */
  async #within(promise: Promise<unknown>, ms: number): Promise<void> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<void>((resolve) => (timer = this.#clock.setTimeout(resolve, ms)));
    await Promise.race([promise.catch(() => undefined), timeout]);
    if (timer) this.#clock.clearTimeout(timer);
  }
}
