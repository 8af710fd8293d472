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
  /** Calls `listener` with the grams whenever food falls onto the tray (the simulated camera shows it). */
  onFood(listener: (grams: number) => void): () => void;
}

/** The simulated scale, telling listeners when food lands on it. */
class ObservedScale extends SimScale {
  readonly listeners = new Set<(grams: number) => void>();

  override place(grams: number): void {
    super.place(grams);
    if (grams > 0) for (const listener of this.listeners) listener(grams);
  }
}

/** A motor, scale and hopper wired together: what the motor moves leaves the hopper and lands on the scale. */
export function createSimulatedStation(options: SimStationOptions = {}): SimStation {
  const clock = options.clock ?? systemClock;
  const hopper = new SimHopper({ capacity: options.capacity, stock: options.stock });
  const scale = new ObservedScale({
    clock,
    rng: seededRng(options.seed ?? Math.floor(Math.random() * 2 ** 32)),
    noise: options.noise,
    settleMs: options.settleMs ?? 100,
  });
  const motor = new SimMotor({ clock, hopper, scale, msPerGram: options.msPerGram });
  const onFood = (listener: (grams: number) => void) => {
    scale.listeners.add(listener);
    return () => {
      scale.listeners.delete(listener);
    };
  };
  return { motor, scale, hopper, onFood };
}
