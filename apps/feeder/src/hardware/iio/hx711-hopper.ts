import type { Clock } from '../../clock';
import type { Logger } from '../../logger';
import { silentLogger } from '../../logger';
import type { Hopper } from '../ports';
import type { RawReader } from './iio';
import type { Calibration } from './load-cell';
import { LoadCell } from './load-cell';

export interface Hx711HopperOptions {
  reader: RawReader;
  calibration: Calibration;
  samples: number;
  capacity: number;
  clock: Clock;
  /** Time between readings while started, ms (default 5,000). */
  pollMs?: number;
  /** A move larger than this, g, is a change worth telling (default 2% of capacity, at least 50 g). */
  thresholdGrams?: number;
  logger?: Logger;
}

/** A hopper on its own load cell (a second HX711, or the second channel of the scale's). */
export class Hx711Hopper implements Hopper {
  readonly capacity: number;
  readonly #cell: LoadCell;
  readonly #clock: Clock;
  readonly #pollMs: number;
  readonly #threshold: number;
  readonly #logger: Logger;
  readonly #listeners = new Set<() => void>();
  /** The level at the last poll, and what was dispensed since (a fall that explains is not news). */
  #baseline: number | undefined;
  #dispensedSincePoll = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #running: Promise<void> | undefined;
  #started = false;
  #failing = false;

  constructor(options: Hx711HopperOptions) {
    if (!(options.capacity > 0)) throw new Error(`hopper capacity must be above 0 g, got ${String(options.capacity)}`);
    this.capacity = options.capacity;
    this.#cell = new LoadCell(options.reader, options.calibration, options.samples);
    this.#clock = options.clock;
    this.#pollMs = options.pollMs ?? 5000;
    this.#threshold = options.thresholdGrams ?? Math.max(50, options.capacity * 0.02);
    this.#logger = options.logger ?? silentLogger;
  }

  get calibration(): Calibration {
    return this.#cell.calibration;
  }

  set calibration(calibration: Calibration) {
    this.#cell.calibration = calibration;
  }

  /** Zeroes on the empty hopper. */
  tare(): Promise<void> {
    return this.#cell.tare();
  }

  /** With `knownGrams` in the hopper after a tare: sets and returns the calibration. */
  calibrate(knownGrams: number): Promise<Calibration> {
    return this.#cell.calibrate(knownGrams);
  }

  async level(): Promise<number> {
    return Math.min(this.capacity, Math.max(0, await this.#cell.grams()));
  }

  /** The cell measures the level itself; this only keeps a dispense from looking like a loss. */
  recordDispensed(grams: number): void {
    if (Number.isFinite(grams) && grams > 0) this.#dispensedSincePoll += grams;
  }

  onChange(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Reads the level now and every `pollMs`, telling the listeners when it moved (a refill, food taken out). */
  start(): void {
    if (this.#started) return;
    this.#started = true;
    this.#tick();
  }

  /** Ends polling; resolves once a reading in progress is over. */
  async stop(): Promise<void> {
    this.#started = false;
    if (this.#timer !== undefined) this.#clock.clearTimeout(this.#timer);
    this.#timer = undefined;
    await this.#running;
  }

  /** One reading: tells the listeners on a rise past the threshold, or a fall past it beyond what was dispensed. */
  async poll(): Promise<void> {
    const level = await this.level();
    const baseline = this.#baseline;
    const dispensed = this.#dispensedSincePoll;
    this.#baseline = level;
    this.#dispensedSincePoll = 0;
    if (baseline === undefined) return;
    const rise = level - baseline;
    const unexplainedFall = baseline - dispensed - level;
    if (rise > this.#threshold || unexplainedFall > this.#threshold) {
      for (const listener of this.#listeners) listener();
    }
  }

  #tick(): void {
    this.#timer = undefined;
    const running = this.poll()
      .then(() => {
        if (this.#failing) this.#logger.info('hopper load cell readable again');
        this.#failing = false;
      })
      .catch((error: unknown) => {
        // Once per failing stretch: a dead cell would otherwise log every few seconds.
        if (!this.#failing) this.#logger.warn('hopper level unreadable', { error: String(error) });
        this.#failing = true;
      })
      .finally(() => {
        // A stop() then start() during this reading began another loop: this one ends.
        if (this.#started && this.#running === running) {
          this.#timer = this.#clock.setTimeout(() => {
            this.#tick();
          }, this.#pollMs);
        }
      });
    this.#running = running;
  }
}
