import path from 'node:path';
import { FeederAgent } from './agent';
import type { FeederAgentOptions } from './agent';
import type { Clock } from './clock';
import { systemClock } from './clock';
import { resolveFfmpeg } from './hardware/camera/ffmpeg';
import type { SimulatedCameraOptions } from './hardware/camera/simulated';
import { createSimulatedCamera } from './hardware/camera/simulated';
import type { Camera } from './hardware/ports';
import type { SimStation, SimStationOptions } from './hardware/sim/station';
import { createSimulatedStation } from './hardware/sim/station';
import type { Logger } from './logger';
import { consoleLogger } from './logger';

export interface FleetDevice {
  id: string;
  secret: string;
  /** Where this device's camera publishes, e.g. rtmp://HOST:PORT/live/{id}?key={secret} (taken as given). */
  rtmpUrl?: string;
}

export interface SimulatedFleetOptions {
  devices: FleetDevice[];
  /** mqtt://host:port of the broker. */
  broker: string;
  /** Parent folder of the agents' files (default data/feeder under the working folder). */
  stateDir?: string;
  /** Simulated hardware settings shared by every device (seeds are derived per device from `seed`). */
  sim?: Omit<SimStationOptions, 'clock'>;
  /** A camera per device; without one, camera_online is false. Takes precedence over `simulatedCamera`. */
  createCamera?: (device: FleetDevice) => Camera | undefined;
  /**
   * Streams each device that has an `rtmpUrl` with a simulated camera (ffmpeg publishing a scene in which the
   * food the simulated motor dispenses falls into a bowl). `true` for the defaults, or camera settings.
   */
  simulatedCamera?: boolean | Omit<SimulatedCameraOptions, 'seed' | 'logger'>;
  agent?: Pick<FeederAgentOptions, 'protocolVersion' | 'backoff' | 'keepaliveSeconds' | 'firmware'>;
  logger?: (deviceId: string) => Logger;
  clock?: Clock;
}

export interface SimulatedFleet {
  agents: FeederAgent[];
  /** The simulated hardware of a device (to inject faults, refill, drain). */
  station(deviceId: string): SimStation;
  agent(deviceId: string): FeederAgent;
  /** Resolves when every agent is connected and has published its state. */
  ready(): Promise<void>;
  /** Stops every agent (offline state published, clean disconnect). */
  stop(): Promise<void>;
}

/** Runs one simulated feeder agent per device in this process (the embedded `npm start` runs at least 4). */
export async function startSimulatedFleet(options: SimulatedFleetOptions): Promise<SimulatedFleet> {
  const clock = options.clock ?? systemClock;
  const stateDir = options.stateDir ?? path.resolve('data', 'feeder');
  const stations = new Map<string, SimStation>();
  const agents = new Map<string, FeederAgent>();
  const cameraOptions = options.simulatedCamera === true ? {} : options.simulatedCamera || undefined;
  const ffmpegPath =
    cameraOptions && options.devices.some((d) => d.rtmpUrl) ? (cameraOptions.ffmpegPath ?? resolveFfmpeg()) : undefined;
  options.devices.forEach((device, index) => {
    const seed = options.sim?.seed === undefined ? undefined : options.sim.seed + index;
    const logger = options.logger?.(device.id) ?? consoleLogger(device.id);
    const station: SimStation = { ...createSimulatedStation({ ...options.sim, seed, clock }) };
    const camera =
      options.createCamera?.(device) ??
      (cameraOptions && device.rtmpUrl
        ? createSimulatedCamera(device.id, station, { ...cameraOptions, ffmpegPath, seed, logger })
        : undefined);
    if (camera) station.camera = camera;
    const agent = new FeederAgent(
      {
        ...options.agent,
        deviceId: device.id,
        secret: device.secret,
        brokerUrl: options.broker,
        stateDir,
        rtmpUrl: device.rtmpUrl,
        logger,
      },
      station,
      clock,
    );
    stations.set(device.id, station);
    agents.set(device.id, agent);
  });
  await Promise.all([...agents.values()].map((a) => a.start()));
  const pick = <T>(map: Map<string, T>, id: string): T => {
    const found = map.get(id);
    if (!found) throw new Error(`no simulated device ${id}`);
    return found;
  };
  return {
    agents: [...agents.values()],
    station: (id) => pick(stations, id),
    agent: (id) => pick(agents, id),
    ready: async () => {
      await Promise.all([...agents.values()].map((a) => a.whenReady()));
    },
    stop: async () => {
      await Promise.all([...agents.values()].map((a) => a.stop()));
    },
  };
}
