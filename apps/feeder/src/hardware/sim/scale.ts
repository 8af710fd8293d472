import type { Clock } from '../../clock';
import { sleep } from '../../clock';
import type { Scale, ScaleCalibration } from '../ports';
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

/** The simulated cell's raw counts with an empty tray, and per gram (its starting calibration is right). */
export const SIM_RAW_ZERO = 8000;
export const SIM_COUNTS_PER_GRAM = 400;

/**
 * A simulated load cell: integer grams with ±3% bell-shaped noise on what was placed since the tare. It reads
 * raw counts through a calibration like a real cell, so a calibration with a known weight can be played.
 */
export class SimScale implements Scale {
  readonly #clock: Clock;
  readonly #rng: Rng;
  readonly #noise: number;
  readonly #settleMs: number;
  #load = 0;
  #calibration: ScaleCalibration = { zero: SIM_RAW_ZERO, counts_per_gram: SIM_COUNTS_PER_GRAM };

  constructor(options: SimScaleOptions) {
    this.#clock = options.clock;
    this.#rng = options.rng;
    this.#noise = options.noise ?? 0.03;
    this.#settleMs = options.settleMs ?? 0;
  }

  get calibration(): ScaleCalibration {
    return { ...this.#calibration };
  }

  set calibration(calibration: ScaleCalibration) {
    if (!Number.isFinite(calibration.zero) || !Number.isFinite(calibration.counts_per_gram)) {
      throw new Error('calibration values must be numbers');
    }
    if (calibration.counts_per_gram === 0) throw new Error('counts_per_gram must not be 0');
    this.#calibration = { zero: calibration.zero, counts_per_gram: calibration.counts_per_gram };
  }

  /** Food (or a weight, or a negative amount taking it off) lands on the tray. */
  place(grams: number): void {
    this.#load += grams;
  }

  tare(): Promise<void> {
    this.#calibration = { ...this.#calibration, zero: this.#raw() };
    return Promise.resolve();
  }

  async measure(): Promise<number> {
    if (this.#settleMs > 0) await sleep(this.#clock, this.#settleMs);
    const grams = (this.#raw() - this.#calibration.zero) / this.#calibration.counts_per_gram;
    if (grams === 0) return 0;
    return Math.max(0, Math.round(grams * (1 + bell(this.#rng) * this.#noise)));
  }

  /** Counts per gram from `knownGrams` on the tray since the tare (read without noise). */
  async calibrate(knownGrams: number): Promise<ScaleCalibration> {
    if (this.#settleMs > 0) await sleep(this.#clock, this.#settleMs);
    if (!(knownGrams > 0)) throw new Error(`the known weight must be above 0 g, got ${String(knownGrams)}`);
    const counts = this.#raw() - this.#calibration.zero;
    if (counts === 0) throw new Error('the reading did not change since the tare: is the weight on the tray?');
    this.#calibration = { ...this.#calibration, counts_per_gram: counts / knownGrams };
    return this.calibration;
  }

  #raw(): number {
    return SIM_RAW_ZERO + this.#load * SIM_COUNTS_PER_GRAM;
  }
}
