import type { Clock } from '../../clock';
import { sleep } from '../../clock';
import type { Scale } from '../ports';
import type { Rng } from './random';
import { bell } from './random';

export interface SimScaleOptions {
  clock: Clock;
  rng: Rng;
  /** Relative error bound (default 0.03 = ±3%, bell-shaped inside it). */
  noise?: number;
  /** Time a reading takes to settle, ms (default 0). */
  settleMs?: number;
}

/** A simulated load cell: integer grams with ±3% bell-shaped noise on what was placed since the tare. */
export class SimScale implements Scale {
  readonly #clock: Clock;
  readonly #rng: Rng;
  readonly #noise: number;
  readonly #settleMs: number;
  #load = 0;
  #zero = 0;

  constructor(options: SimScaleOptions) {
    this.#clock = options.clock;
    this.#rng = options.rng;
    this.#noise = options.noise ?? 0.03;
    this.#settleMs = options.settleMs ?? 0;
  }

  /** Food lands on the tray (called by the simulated motor). */
  place(grams: number): void {
    this.#load += grams;
  }

  tare(): Promise<void> {
    this.#zero = this.#load;
    return Promise.resolve();
  }

  async measure(): Promise<number> {
    if (this.#settleMs > 0) await sleep(this.#clock, this.#settleMs);
    const grams = this.#load - this.#zero;
    if (grams === 0) return 0;
    return Math.max(0, Math.round(grams * (1 + bell(this.#rng) * this.#noise)));
  }
}
