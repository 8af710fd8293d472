import type { Clock } from '../../clock';
import { sleep } from '../../clock';
import type { MotorDriver, MotorRunResult } from '../ports';
import type { SimHopper } from './hopper';
import type { SimScale } from './scale';

export type SimFault = 'jam' | 'fail';

export interface SimMotorOptions {
  clock: Clock;
  hopper: SimHopper;
  scale: SimScale;
  /** Run time per gram asked, ms (default 20: 10 g take 200 ms). */
  msPerGram?: number;
}

/**
 * A simulated auger: runs for a time proportional to the grams asked, then moves that much food (or what is
 * left) from the hopper onto the scale. Injected faults make the next runs jam (nothing falls) or fail.
 */
export class SimMotor implements MotorDriver {
  readonly #clock: Clock;
  readonly #hopper: SimHopper;
  readonly #scale: SimScale;
  readonly #msPerGram: number;
  readonly #faults: SimFault[] = [];
  #running = 0;
  /** Completed and failed runs so far. */
  runs = 0;
  /** The most runs that were ever in progress at once (the agent must keep this at 1). */
  maxConcurrentRuns = 0;

  constructor(options: SimMotorOptions) {
    this.#clock = options.clock;
    this.#hopper = options.hopper;
    this.#scale = options.scale;
    this.#msPerGram = options.msPerGram ?? 20;
  }

  /** The next `count` runs end with `fault`. */
  injectFault(fault: SimFault, count = 1): void {
    for (let i = 0; i < count; i += 1) this.#faults.push(fault);
  }

  get pendingFaults(): number {
    return this.#faults.length;
  }

  async run(grams: number): Promise<MotorRunResult> {
    this.#running += 1;
    this.maxConcurrentRuns = Math.max(this.maxConcurrentRuns, this.#running);
    try {
      const fault = this.#faults.shift();
      const ms = grams * this.#msPerGram;
      if (ms > 0) await sleep(this.#clock, fault ? ms / 2 : ms);
      if (fault === 'jam') return 'jammed';
      if (fault === 'fail') return 'failed';
      this.#scale.place(this.#hopper.take(grams));
      return 'ok';
    } finally {
      this.#running -= 1;
      this.runs += 1;
    }
  }
}
