import { afterAll, afterEach, beforeAll } from 'vitest';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FeederAgent } from '../agent';
import type { FeederAgentOptions } from '../agent';
import { createSimulatedStation } from '../hardware/sim/station';
import type { SimStation, SimStationOptions } from '../hardware/sim/station';
import type { StationHardware } from '../hardware/ports';
import { Observer, startTestBroker } from './broker';
import { collectingLogger } from './collecting-logger';
import type { CollectingLogger } from './collecting-logger';
import type { Received, TestBroker } from './broker';

export { collectingLogger } from './collecting-logger';
export { commandOf, deviceConfig, dispenseCommand } from './commands';
export type { CommandBody } from './commands';
export type { CollectingLogger } from './collecting-logger';

/** Test support: agents on simulated stations against an in-process broker, watched by an Observer. */
export interface Device {
  id: string;
  secret: string;
}

export interface StartedAgent<H extends StationHardware = SimStation> {
  agent: FeederAgent;
  station: H;
  id: string;
  logger: CollectingLogger;
}

export interface StartOptions {
  sim?: SimStationOptions;
  extra?: Partial<FeederAgentOptions>;
  beforeStart?: (agent: FeederAgent) => void;
}

/**
 * One harness for a test file: made before its tests, its agents stopped after each test, closed at the end.
 * Returns the harness (a getter: it exists once the file's tests start).
 */
export function useAgentHarness(): () => AgentHarness {
  let harness: AgentHarness | undefined;
  const get = () => {
    if (!harness) throw new Error('the agent harness is made in beforeAll');
    return harness;
  };
  beforeAll(async () => {
    harness = await AgentHarness.create();
  });
  afterEach(async () => {
    await get().stopAll();
  });
  afterAll(async () => {
    await get().close();
  });
  return get;
}

export class AgentHarness {
  readonly running: FeederAgent[] = [];
  #counter = 0;

  private constructor(
    readonly broker: TestBroker,
    readonly observer: Observer,
    readonly stateDir: string,
    readonly secrets: Map<string, string>,
  ) {}

  /** A file of a device in the agents' state folder (`<id>.<suffix>`). */
  stateFile(id: string, suffix: string): string {
    return path.join(this.stateDir, `${id}.${suffix}`);
  }

  static async create(): Promise<AgentHarness> {
    const secrets = new Map<string, string>();
    const broker = await startTestBroker(secrets);
    const observer = await Observer.connect(broker.url);
    const stateDir = await mkdtemp(path.join(tmpdir(), 'feeder-agent-'));
    return new AgentHarness(broker, observer, stateDir, secrets);
  }

  newDevice(): Device {
    this.#counter += 1;
    const device = { id: `T-${String(this.#counter)}-${randomUUID().slice(0, 8)}`, secret: randomUUID() };
    this.secrets.set(device.id, device.secret);
    return device;
  }

  /** Starts an agent on a simulated station; resolves once it is ready (unless given another secret). */
  start(device: Device = this.newDevice(), options: StartOptions = {}): Promise<StartedAgent> {
    return this.startWith(device, (sim) => sim, options);
  }

  /** Starts an agent on hardware built from a simulated station. */
  async startWith<H extends StationHardware>(
    device: Device,
    hardware: (sim: SimStation) => H,
    options: StartOptions = {},
  ): Promise<StartedAgent<H>> {
    const sim = createSimulatedStation({ seed: 7, msPerGram: 1, settleMs: 0, ...options.sim });
    const station = hardware(sim);
    const logger = collectingLogger();
    const agent = new FeederAgent(
      {
        deviceId: device.id,
        secret: device.secret,
        brokerUrl: this.broker.url,
        stateDir: this.stateDir,
        backoff: { minMs: 10, maxMs: 50 },
        logger,
        ...options.extra,
      },
      station,
    );
    this.running.push(agent);
    options.beforeStart?.(agent);
    await agent.start();
    if (options.extra?.secret === undefined) await agent.whenReady();
    return { agent, station, id: device.id, logger };
  }

  async stopAll(): Promise<void> {
    await Promise.all(this.running.splice(0).map((a) => a.stop()));
  }

  async close(): Promise<void> {
    await this.stopAll();
    await this.observer.close();
    await this.broker.close();
    await rm(this.stateDir, { recursive: true, force: true });
  }

  /** The states the device published so far, oldest first. */
  states(deviceId: string): Record<string, unknown>[] {
    return this.observer.received
      .filter((r) => r.deviceId === deviceId && r.kind === 'state')
      .map((r) => r.payload as Record<string, unknown>);
  }

  /** The first state (already received or to come) that matches. */
  async state(deviceId: string, match: (state: Record<string, unknown>) => boolean): Promise<Record<string, unknown>> {
    const hit = await this.observer.waitFor(
      (r: Received) => r.deviceId === deviceId && r.kind === 'state' && match(r.payload as Record<string, unknown>),
    );
    return hit.payload as Record<string, unknown>;
  }
}
