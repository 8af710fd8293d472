import type { RawReader } from './iio';

/** A load cell's calibration: the raw reading with nothing on it, and raw counts per gram. */
export interface Calibration {
  zero: number;
  counts_per_gram: number;
}

/** The middle value (the mean of the two middle ones for an even count): one spike cannot move it. */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('median of no values');
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const upper = sorted[mid] ?? 0;
  return sorted.length % 2 === 1 ? upper : ((sorted[mid - 1] ?? upper) + upper) / 2;
}

function checked(calibration: Calibration): Calibration {
  const { zero, counts_per_gram } = calibration;
  if (!Number.isFinite(zero)) throw new Error(`calibration zero must be a number, got ${String(zero)}`);
  if (!Number.isFinite(counts_per_gram) || counts_per_gram === 0) {
    throw new Error(`counts_per_gram must be a number other than 0, got ${String(counts_per_gram)}`);
  }
  return { zero, counts_per_gram };
}

/** Raw counts → grams with a calibration, over the median of several readings. */
export class LoadCell {
  readonly #reader: RawReader;
  readonly #samples: number;
  #calibration: Calibration;

  constructor(reader: RawReader, calibration: Calibration, samples: number) {
    if (!Number.isInteger(samples) || samples < 1) throw new Error(`samples must be 1 or more, got ${String(samples)}`);
    this.#reader = reader;
    this.#samples = samples;
    this.#calibration = checked(calibration);
  }

  get calibration(): Calibration {
    return { ...this.#calibration };
  }

  set calibration(calibration: Calibration) {
    this.#calibration = checked(calibration);
  }

  /** The median of `samples` readings, read one after the other (the chip converts one at a time). */
  async medianCounts(): Promise<number> {
    const readings: number[] = [];
    for (let i = 0; i < this.#samples; i += 1) readings.push(await this.#reader.read());
    return median(readings);
  }

  toGrams(counts: number): number {
    return (counts - this.#calibration.zero) / this.#calibration.counts_per_gram;
  }

  async grams(): Promise<number> {
    return this.toGrams(await this.medianCounts());
  }

  /** One reading, no median (quick, for watching a motor run). */
  async quickGrams(): Promise<number> {
    return this.toGrams(await this.#reader.read());
  }

  async tare(): Promise<void> {
    this.#calibration = { ...this.#calibration, zero: await this.medianCounts() };
  }

  /** Counts per gram from `knownGrams` now on the cell (placed after a tare); returns the new calibration. */
  async calibrate(knownGrams: number): Promise<Calibration> {
    if (!Number.isFinite(knownGrams) || knownGrams <= 0) {
      throw new Error(`the known weight must be above 0 g, got ${String(knownGrams)}`);
    }
    const counts = (await this.medianCounts()) - this.#calibration.zero;
    if (counts === 0) throw new Error('the reading did not change since the tare: is the weight on the cell?');
    this.#calibration = { ...this.#calibration, counts_per_gram: counts / knownGrams };
    return this.calibration;
  }
}
