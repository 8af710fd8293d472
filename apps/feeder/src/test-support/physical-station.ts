import type { GpioLine } from '@petheart/contracts';
import type { Clock } from '../clock';
import type { LineDriver, LineValue, OutputLine } from '../hardware/gpio';
import { lineName } from '../hardware/gpio';
import type { ReadText } from '../hardware/iio';
import type { FakeIioTree } from '../hardware/iio/fake-iio';
import { seededRng } from '../hardware/sim/random';

export interface PhysicalStationOptions {
  clock: Clock;
  /** The relay's line: while it is on, the auger moves food. */
  motorLine: GpioLine;
  /** Grams per second the auger moves while on (each run varies by ±`flowSpread`, e.g. 0.05 = ±5 %). */
  gramsPerSecond: number;
  flowSpread?: number;
  /** The HX711's zero reading and counts per gram, and the noise of one reading (counts, ± uniform). */
  zero: number;
  countsPerGram: number;
  noiseCounts?: number;
  seed?: number;
  /** The auger is stuck: nothing falls while it runs. */
  jammed?: boolean;
}

/**
 * Test support: the physics behind a relay station's kernel interfaces. Lines go through the wrapped driver (so the
 * fake's edges are still recorded); while the motor line is on, food falls onto the tray at a rate that varies run to
 * run; the tray's HX711 reads zero + grams × counts per gram + noise. Feed `readRaw()` to the IIO fake's channel.
 */
export class PhysicalStation implements LineDriver {
  readonly #lines: LineDriver;
  readonly #o: Required<Omit<PhysicalStationOptions, 'jammed' | 'seed'>> & { jammed: boolean };
  readonly #rng: () => number;
  /** Food fallen before the current run, grams. */
  #fallen = 0;
  #run: { from: number; to: number | undefined; rate: number } | undefined;
  /** Grams placed by hand (a calibration weight). */
  placed = 0;

  constructor(lines: LineDriver, options: PhysicalStationOptions) {
    this.#lines = lines;
    this.#o = { flowSpread: 0.05, noiseCounts: 200, jammed: false, ...options };
    this.#rng = seededRng(options.seed ?? 1);
  }

  set jammed(value: boolean) {
    this.#o.jammed = value;
  }

  /** Grams on the tray now (what truly fell, plus any weight placed by hand). */
  trueGrams(): number {
    return this.#fallen + this.#runGrams(this.#o.clock.now()) + this.placed;
  }

  /** Empties the tray (the animals ate). */
  clearTray(): void {
    this.#fallen = 0 - this.#runGrams(this.#o.clock.now());
  }

  /** One HX711 reading, as the IIO driver would answer it. */
  readRaw(): number {
    const noise = (this.#rng() * 2 - 1) * this.#o.noiseCounts;
    return Math.round(this.#o.zero + this.trueGrams() * this.#o.countsPerGram + noise);
  }

  /**
   * The kernel interfaces a station file's drivers take (StationHardwareDeps): these lines, and the IIO tree
   * `tree` whose tray cell (`folder`) answers what lies on the tray at each read.
   */
  kernel(tree: FakeIioTree, folder = 'iio:device0'): { lines: LineDriver; iioRoot: string; readText: ReadText } {
    return {
      lines: this,
      iioRoot: tree.root,
      readText: async (file) => {
        if (file.endsWith('in_voltage0_raw')) tree.set(folder, 'in_voltage0_raw', this.readRaw());
        return tree.readText(file);
      },
    };
  }

  async request(gpio: GpioLine, value: LineValue): Promise<OutputLine> {
    const line = await this.#lines.request(gpio, value);
    const isMotor = lineName(gpio) === lineName(this.#o.motorLine);
    if (isMotor) this.#switch(value);
    return {
      set: async (next) => {
        await line.set(next);
        if (isMotor) this.#switch(next);
      },
      release: async () => {
        await line.release();
        if (isMotor) this.#switch(0);
      },
    };
  }

  #switch(value: LineValue): void {
    const now = this.#o.clock.now();
    if (value === 1 && (!this.#run || this.#run.to !== undefined)) {
      if (this.#run) this.#fallen += this.#runGrams(now);
      const spread = (this.#rng() * 2 - 1) * this.#o.flowSpread;
      this.#run = { from: now, to: undefined, rate: this.#o.jammed ? 0 : this.#o.gramsPerSecond * (1 + spread) };
    } else if (value === 0 && this.#run && this.#run.to === undefined) {
      this.#run.to = now;
    }
  }

  /** Grams the current (or last) run has moved by `now`. */
  #runGrams(now: number): number {
    const run = this.#run;
    if (!run) return 0;
    return (Math.max(0, Math.min(now, run.to ?? now) - run.from) * run.rate) / 1000;
  }
}
