import type { StationFile } from '@petheart/contracts';
import type { Clock } from '../clock';
import { systemClock } from '../clock';
import type { Logger } from '../logger';
import { FfmpegCamera } from './camera/ffmpeg-camera';
import { rtspInput } from './camera/rtsp';
import { FeedingScene } from './camera/scene';
import { SimulatedCamera, createSimulatedCamera } from './camera/simulated';
import { v4l2Input } from './camera/v4l2';
import type { LineDriver, PwmDriver } from './gpio';
import { GpiosetLineDriver, createMotor } from './gpio';
import type { ReadText } from './iio';
import { createHopper, createScale } from './iio';
import type { Camera, StationHardware } from './ports';
import { createSimulatedStation } from './sim/station';

export interface StationHardwareDeps {
  deviceId: string;
  stateDir: string;
  logger: Logger;
  clock?: Clock;
  /** The ffmpeg binary, resolved when a camera needs it (resolveFfmpeg spawns a process). */
  ffmpegPath: () => string;
  /** Kernel interfaces, replaced in tests: GPIO lines (default gpioset), PWM, the IIO sysfs tree. */
  lines?: LineDriver;
  pwm?: PwmDriver;
  iioRoot?: string;
  readText?: ReadText;
}

export interface BuiltStation {
  hardware: StationHardware;
  /** Ends what the parts run in the background (hopper polling, its last write, a run in progress). */
  close(): Promise<void>;
}

/** The hardware a station file describes: the simulator in this process, or the board's motor, cells and camera. */
export async function createStationHardware(station: StationFile, deps: StationHardwareDeps): Promise<BuiltStation> {
  const clock = deps.clock ?? systemClock;
  const { motor, scale, hopper, camera } = station.hardware;
  if (motor.kind === 'sim') {
    const sim = createSimulatedStation({
      clock,
      msPerGram: motor.ms_per_gram,
      capacity: hopper.kind === 'sim' ? hopper.capacity_grams : undefined,
    });
    const hardware: StationHardware = { motor: sim.motor, scale: sim.scale, hopper: sim.hopper };
    hardware.camera =
      camera.kind === 'sim'
        ? createSimulatedCamera(deps.deviceId, sim, { ffmpegPath: deps.ffmpegPath(), logger: deps.logger, clock })
        : await deviceCamera(station, deps);
    return { hardware, close: () => Promise.resolve() };
  }
  // The schema pairs a real motor with a real scale and hopper.
  if (scale.kind === 'sim' || hopper.kind === 'sim') throw new Error('a real motor needs a real scale and hopper');
  const iio = { iioRoot: deps.iioRoot, readText: deps.readText, clock, logger: deps.logger };
  const gpioMotor = createMotor(motor, {
    lines: deps.lines ?? new GpiosetLineDriver({ clock, logger: deps.logger }),
    pwm: deps.pwm,
    clock,
    logger: deps.logger,
  });
  const realHopper = await createHopper(hopper, { ...iio, stateDir: deps.stateDir });
  const hardware: StationHardware = { motor: gpioMotor, scale: createScale(scale, iio), hopper: realHopper };
  hardware.camera =
    camera.kind === 'sim'
      ? new SimulatedCamera(new FeedingScene({ deviceId: deps.deviceId }), {
          ffmpegPath: deps.ffmpegPath(),
          logger: deps.logger,
          clock,
        })
      : await deviceCamera(station, deps);
  return {
    hardware,
    close: async () => {
      await gpioMotor.close();
      await realHopper.stop();
    },
  };
}

async function deviceCamera(station: StationFile, deps: StationHardwareDeps): Promise<Camera | undefined> {
  const camera = station.hardware.camera;
  if (camera.kind === 'none' || camera.kind === 'sim') return undefined;
  const ffmpegPath = deps.ffmpegPath();
  const source =
    camera.kind === 'v4l2'
      ? v4l2Input(camera.device, camera)
      : await rtspInput(camera.url, {
          transport: camera.transport,
          reencode: camera.reencode,
          ffmpegPath,
          logger: deps.logger,
        });
  return new FfmpegCamera({ source, ffmpegPath, logger: deps.logger, clock: deps.clock });
}
