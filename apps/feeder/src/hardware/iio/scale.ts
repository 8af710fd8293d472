import type { Clock } from '../../clock';
import { sleep } from '../../clock';
import type { Scale } from '../ports';
import type { RawReader } from './iio';
import type { Calibration } from './load-cell';
import { LoadCell } from './load-cell';

export interface Hx711ScaleOptions {
  reader: RawReader;
  calibration: Calibration;
  /** Readings per measurement; their median is taken. */
  samples: number;
  /** Wait before a settled measurement, ms (the tray still swings after food lands). */
  settleMs: number;
  clock: Clock;
}

/** The load cell under the dispensing tray, through an HX711. */
export class Hx711Scale implements Scale {
  readonly #cell: LoadCell;
  readonly #settleMs: number;
  readonly #clock: Clock;

  constructor(options: Hx711ScaleOptions) {
    this.#cell = new LoadCell(options.reader, options.calibration, options.samples);
    this.#settleMs = options.settleMs;
    this.#clock = options.clock;
  }

  /** The calibration in use (the agent persists it after a tare or a calibration). */
  get calibration(): Calibration {
    return this.#cell.calibration;
  }

  set calibration(calibration: Calibration) {
    this.#cell.calibration = calibration;
  }

  tare(): Promise<void> {
    return this.#cell.tare();
  }

  async measure(): Promise<number> {
    await this.#settle();
    return this.#cell.grams();
  }

  sample(): Promise<number> {
    return this.#cell.quickGrams();
  }

  /** With `knownGrams` placed on the tray after a tare: sets and returns the calibration. */
  async calibrate(knownGrams: number): Promise<Calibration> {
    await this.#settle();
    return this.#cell.calibrate(knownGrams);
  }

  async #settle(): Promise<void> {
    if (this.#settleMs > 0) await sleep(this.#clock, this.#settleMs);
  }
}
