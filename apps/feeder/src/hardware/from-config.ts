import type { StationFile } from '@petheart/contracts';
import type { Clock } from '../clock';
import { systemClock } from '../clock';
import type { Logger } from '../logger';
import { FfmpegCamera } from './camera/ffmpeg-camera';
import { FeedingScene } from './camera/scene';
import { SimulatedCamera, createSimulatedCamera } from './camera/simulated';
import { v4l2Input } from './camera/v4l2';
import type { Camera, StationHardware } from './ports';
import { createSimulatedStation } from './sim/station';

export interface StationHardwareDeps {
  deviceId: string;
  stateDir: string;
  logger: Logger;
  clock?: Clock;
  /** The ffmpeg binary, resolved when a camera needs it (resolveFfmpeg spawns a process). */
  ffmpegPath: () => string;
  /** The real parts' drivers; a station file naming real parts needs them. */
  real?: RealParts;
}

/** Builds the real motor, scale and hopper of a station file (kept apart so the simulated path needs no drivers). */
export interface RealParts {
  build(hardware: StationFile['hardware'], deps: StationHardwareDeps): Promise<RealStation>;
  camera?(camera: StationFile['hardware']['camera'], deps: StationHardwareDeps): Promise<Camera | undefined>;
}

export interface RealStation extends Omit<StationHardware, 'camera'> {
  /** Ends what the parts run in the background (polling, held GPIO lines). */
  close(): Promise<void>;
}

export interface BuiltStation {
  hardware: StationHardware;
  close(): Promise<void>;
}

/** The hardware a station file describes: simulated parts in this process, or real ones through `deps.real`. */
export async function createStationHardware(station: StationFile, deps: StationHardwareDeps): Promise<BuiltStation> {
  const clock = deps.clock ?? systemClock;
  const { motor, camera } = station.hardware;
  if (motor.kind === 'sim') {
    const sim = createSimulatedStation({
      clock,
      msPerGram: motor.ms_per_gram,
      capacity: station.hardware.hopper.kind === 'sim' ? station.hardware.hopper.capacity_grams : undefined,
    });
    const hardware: StationHardware = { motor: sim.motor, scale: sim.scale, hopper: sim.hopper };
    hardware.camera =
      camera.kind === 'sim'
        ? createSimulatedCamera(deps.deviceId, sim, { ffmpegPath: deps.ffmpegPath(), logger: deps.logger, clock })
        : await deviceCamera(station, deps);
    return { hardware, close: () => Promise.resolve() };
  }
  if (!deps.real) throw new Error('this agent was built without hardware drivers');
  const real = await deps.real.build(station.hardware, deps);
  const hardware: StationHardware = { motor: real.motor, scale: real.scale, hopper: real.hopper };
  hardware.camera =
    camera.kind === 'sim'
      ? new SimulatedCamera(new FeedingScene({ deviceId: deps.deviceId }), {
          ffmpegPath: deps.ffmpegPath(),
          logger: deps.logger,
          clock,
        })
      : await deviceCamera(station, deps);
  return { hardware, close: () => real.close() };
}

async function deviceCamera(station: StationFile, deps: StationHardwareDeps): Promise<Camera | undefined> {
  const camera = station.hardware.camera;
  if (camera.kind === 'none' || camera.kind === 'sim') return undefined;
  if (camera.kind === 'v4l2')
    return new FfmpegCamera({
      source: v4l2Input(camera.device, camera),
      ffmpegPath: deps.ffmpegPath(),
      logger: deps.logger,
      clock: deps.clock,
    });
  if (!deps.real?.camera) throw new Error('this agent was built without the RTSP camera');
  return deps.real.camera(camera, deps);
}
