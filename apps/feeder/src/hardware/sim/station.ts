import type { Clock } from '../../clock';
import { systemClock } from '../../clock';
import type { StationHardware } from '../ports';
import { SimHopper } from './hopper';
import { SimMotor } from './motor';
import { seededRng } from './random';
import { SimScale } from './scale';

export interface SimStationOptions {
  clock?: Clock;
  /** Seed of the scale noise (default: random). */
  seed?: number;
  capacity?: number;
  stock?: number;
  msPerGram?: number;
  settleMs?: number;
  noise?: number;
}

export interface SimStation extends StationHardware {
  motor: SimMotor;
  scale: SimScale;
  hopper: SimHopper;
}

/** A motor, scale and hopper wired together: what the motor moves leaves the hopper and lands on the scale. */
export function createSimulatedStation(options: SimStationOptions = {}): SimStation {
  const clock = options.clock ?? systemClock;
  const hopper = new SimHopper({ capacity: options.capacity, stock: options.stock });
  const scale = new SimScale({
    clock,
    rng: seededRng(options.seed ?? Math.floor(Math.random() * 2 ** 32)),
    noise: options.noise,
    settleMs: options.settleMs ?? 100,
  });
  const motor = new SimMotor({ clock, hopper, scale, msPerGram: options.msPerGram });
  return { motor, scale, hopper };
}
