import {
  DeviceAckSchema,
  DeviceStateSchema,
  TOPIC_ROOT,
  parseDeviceTopic,
  type DeviceCommand,
  type DeviceState,
} from '@petheart/contracts';
import type { AppConfig } from '../../config/env';
import { GroupCommit } from '../../db/group-commit';
import { toDeviceStateEvent, type DeviceStateEvent } from '../device/presenter';
import { tellListeners } from '../../lib/listeners';
import type { DeviceRepository } from '../device/repository';
import type { DeviceSessionControl } from '../device/ports';
import { BrokerAuthenticator } from './auth';
import { startEmbeddedBroker, type EmbeddedBroker } from './broker';
import { connectServiceClient, type BrokerLink, type LinkOptions } from './client';
import {
  commandMessage,
  CommandDispatcher,
  type CommandOptions,
  type CommandRequest,
  type CommandResult,
  type IssuedCommand,
} from './commands';
import { ConfigSync, type ConfigSyncDeps } from './config-sync';
import type { CommandRepository } from './repository';

export type { DeviceStateEvent };
export type DeviceStateListener = (event: DeviceStateEvent) => void;
/** A command's end: the device's answer, or its expiry (the row in device_commands says the same). */
export type CommandSettledListener = (result: CommandResult) => void;

export interface DeviceGatewayDeps {
  mqtt: AppConfig['mqtt'];
  devices: Pick<DeviceRepository, 'credentials' | 'applyStates' | 'markAllOffline'>;
  commands: CommandRepository;
  /**
   * Whether a device's own camera_online claim is stored (default true). False when the media server, which
   * sees the stream itself, owns camera_online.
   */
  cameraFromState?: boolean;
  /**
   * A batch of state reports is written at least this long after the one before it (default 0): a device's
   * latest report in the meantime wins, so its row is written once per batch, not once per report.
   */
  stateSpacingMs?: number;
  /** The configuration each station should run (its portions and daily cap), published to it (ConfigSync). */
  configOf?: ConfigSyncDeps['configOf'];
  onError?: (error: unknown) => void;
}

function json(payload: Buffer): unknown {
  try {
    return JSON.parse(payload.toString('utf8'));
  } catch {
    return undefined;
  }
}

/**
 * The API's side of the device protocol. Embeds the broker (aedes) and links to it in process, unless MQTT_URL
 * names one (then connects to it as the service account): state reports update the devices table and reach the
 * `onDeviceState` listeners; acks settle commands sent with `sendCommand`.
 */
export class DeviceGateway implements DeviceSessionControl {
  private broker: EmbeddedBroker | undefined;
  private auth: BrokerAuthenticator | undefined;
  private link: BrokerLink | undefined;
  /** The external broker's address and the service account (MQTT_URL). */
  private external: { url: string; username: string; password: string } | undefined;
  private starting: Promise<void> | undefined;
  private readonly listeners = new Set<DeviceStateListener>();
  private readonly commandListeners = new Set<CommandSettledListener>();
  /** State reports, applied in batches (in arrival order; a device's latest report wins). */
  private readonly states: GroupCommit<{ id: string; state: DeviceState }, undefined>;
  private readonly statesApplying = new Set<Promise<void>>();
  private readonly dispatcher: CommandDispatcher;
  private readonly configSync: ConfigSync | undefined;
  private readonly onError: (error: unknown) => void;

  constructor(private readonly deps: DeviceGatewayDeps) {
    this.onError = deps.onError ?? (() => undefined);
    this.states = new GroupCommit((reports) => this.applyStates(reports), 500, deps.stateSpacingMs ?? 0);
    this.dispatcher = new CommandDispatcher({
      repository: deps.commands,
      publish: (topic, payload) => this.publish(topic, payload),
      now: () => Date.now(),
      onError: this.onError,
      onSettled: (result) => {
        tellListeners(this.commandListeners, result, this.onError);
      },
    });
    const { configOf } = deps;
    this.configSync = configOf
      ? new ConfigSync({
          configOf,
          publish: (topic, payload) => this.publish(topic, payload, true),
          now: () => Date.now(),
          onError: this.onError,
        })
      : undefined;
  }

  /** Sends a station the configuration it should run (after the console changed it). */
  async publishConfig(deviceId: string): Promise<void> {
    if (this.link) await this.configSync?.publish(deviceId);
  }

  /** Starts the embedded broker (if any) and connects; idempotent. */
  start(): Promise<void> {
    this.starting ??= this.doStart();
    return this.starting;
  }

  /** The broker devices on this machine connect to (mqtt://127.0.0.1:port when embedded). */
  get brokerUrl(): string | undefined {
    return this.external?.url ?? this.broker?.url;
  }

  /** The embedded broker's port (undefined with an external broker or before start). */
  get brokerPort(): number | undefined {
    return this.broker?.port;
  }

  /** Listens to device state changes; returns the function that stops listening. */
  onDeviceState(listener: DeviceStateListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Listens to the end of every command this process issued (acked, failed or expired, after its row in
   * device_commands is settled); returns the function that stops listening. After a restart the rows are
   * the record: commands left open by a stopped process are expired when the gateway starts.
   */
  onCommandSettled(listener: CommandSettledListener): () => void {
    this.commandListeners.add(listener);
    return () => this.commandListeners.delete(listener);
  }

  /** Queues a command for a device; answers at once with its id and place in the device's queue. */
  issueCommand(deviceId: string, request: CommandRequest, options?: CommandOptions): Promise<IssuedCommand> {
    if (!this.link) return Promise.reject(new Error('the device gateway is not started'));
    return this.dispatcher.issue(deviceId, request, options);
  }

  /**
   * A command's message, expiring `ttlMs` from now, for a caller that stores its row itself (then issues it
   * with `stored`).
   */
  prepareCommand(id: string, request: CommandRequest, ttlMs: number): DeviceCommand {
    return commandMessage(id, request, Date.now(), ttlMs);
  }

  /** Sends a command and waits for the device's answer or the command's expiry. */
  async sendCommand(deviceId: string, request: CommandRequest, options?: CommandOptions): Promise<CommandResult> {
    return (await this.issueCommand(deviceId, request, options)).result;
  }

  /** Commands waiting on a device, the one in flight included. */
  queueLength(deviceId: string): number {
    return this.dispatcher.queueLength(deviceId);
  }

  /** Old credentials stop working: cached verifications go, the live session is closed (embedded broker). */
  revoke(deviceId: string): void {
    this.auth?.forget(deviceId);
    this.broker?.disconnectDevice(deviceId);
  }

  /** Expires open commands, disconnects, closes the embedded broker. */
  async stop(): Promise<void> {
    const starting = this.starting;
    if (!starting) return;
    await starting.catch(() => undefined);
    await this.dispatcher.stop();
    await this.stopClient();
    await this.broker?.close();
    this.broker = undefined;
    await Promise.all(this.statesApplying);
  }

  /** Closes the link to the broker only (the embedded broker keeps running). */
  async stopClient(): Promise<void> {
    const link = this.link;
    this.link = undefined;
    await link?.end();
  }

  /** (Re)links to the broker, subscribed to every device's state and acks (retained states arrive). */
  async startClient(): Promise<void> {
    if (this.link) return;
    const options: LinkOptions = {
      topics: [`${TOPIC_ROOT}/+/state`, `${TOPIC_ROOT}/+/ack`],
      onMessage: (topic, payload) => {
        this.onMessage(topic, payload);
      },
      onError: this.onError,
    };
    if (this.broker) this.link = await this.broker.link(options);
    else if (this.external) this.link = await connectServiceClient(this.external, options);
    else throw new Error('the device gateway is not started');
  }

  private async doStart(): Promise<void> {
    await this.deps.commands.expireOverdue(new Date());
    const { mqtt } = this.deps;
    if (mqtt.url) {
      this.external = { url: mqtt.url, username: mqtt.username, password: mqtt.password ?? '' };
    } else {
      // A broker that has just started has no device connected.
      await this.deps.devices.markAllOffline();
      this.auth = new BrokerAuthenticator(this.deps.devices);
      this.broker = await startEmbeddedBroker({
        host: mqtt.host,
        port: mqtt.port,
        auth: this.auth,
        onError: this.onError,
      });
    }
    await this.startClient();
  }

  private publish(topic: string, payload: string, retain = false): Promise<void> {
    const link = this.link;
    if (!link) return Promise.reject(new Error('the device gateway is not connected'));
    return link.publish(topic, payload, retain);
  }

  private onMessage(topic: string, payload: Buffer): void {
    const parsed = parseDeviceTopic(topic);
    if (!parsed || payload.length === 0) return;
    if (parsed.kind === 'state') {
      const state = DeviceStateSchema.safeParse(json(payload));
      if (state.success) this.queueState(parsed.deviceId, state.data);
    } else if (parsed.kind === 'ack') {
      const ack = DeviceAckSchema.safeParse(json(payload));
      if (ack.success) this.dispatcher.handleAck(parsed.deviceId, ack.data).catch(this.onError);
    }
  }

  /** State reports apply in arrival order, those arriving together in one statement. */
  private queueState(deviceId: string, state: DeviceState): void {
    const applying = this.states.submit({ id: deviceId, state }).catch(this.onError);
    this.statesApplying.add(applying);
    void applying.then(() => this.statesApplying.delete(applying));
  }

  private async applyStates(reports: { id: string; state: DeviceState }[]): Promise<undefined[]> {
    const latest = new Map(reports.map((r) => [r.id, r]));
    const rows = await this.deps.devices.applyStates([...latest.values()], new Date(), {
      camera: this.deps.cameraFromState ?? true,
    });
    for (const row of rows) {
      tellListeners(this.listeners, toDeviceStateEvent(row), this.onError);
      const state = latest.get(row.id)?.state;
      if (state?.online && this.link) this.configSync?.reported(row.id, state.config_version, row.configVersion);
    }
    return reports.map(() => undefined);
  }
}
