import type { SimStation } from '../sim/station';
import type { FfmpegCameraOptions } from './ffmpeg-camera';
import { FfmpegCamera } from './ffmpeg-camera';
import { FeedingScene } from './scene';

export interface SimulatedCameraOptions extends Omit<FfmpegCameraOptions, 'source'> {
  /** Seed of the scene's randomness (default: random). */
  seed?: number;
}

/** The simulated station's camera: ffmpeg publishing the feeding scene, in which dispensed food falls. */
export class SimulatedCamera extends FfmpegCamera {
  readonly scene: FeedingScene;

  constructor(scene: FeedingScene, options: Omit<SimulatedCameraOptions, 'seed'>) {
    super({ ...options, source: scene });
    this.scene = scene;
  }
}

/**
 * A camera for a simulated station: what the simulated motor drops onto the scale falls into the scene's bowl.
 * Start it with the device's publish address (camera.start(rtmpUrl), or the agent's `rtmpUrl`).
 */
export function createSimulatedCamera(
  deviceId: string,
  station: Pick<SimStation, 'onFood'>,
  options: SimulatedCameraOptions = {},
): SimulatedCamera {
  const { seed, ...cameraOptions } = options;
  const scene = new FeedingScene({ deviceId, seed });
  station.onFood((grams) => {
    scene.dropFood(grams);
  });
  return new SimulatedCamera(scene, cameraOptions);
}
