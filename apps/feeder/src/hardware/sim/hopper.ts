import type { Hopper } from '../ports';

export interface SimHopperOptions {
  /** Grams the hopper holds when full (default 5,000). */
  capacity?: number;
  /** Grams in it at start (default: full). */
  stock?: number;
}

/** A simulated hopper: the simulated motor takes food out of it; it reports the true level. */
export class SimHopper implements Hopper {
  readonly capacity: number;
  #stock: number;
  readonly #listeners = new Set<() => void>();

  constructor(options: SimHopperOptions = {}) {
    this.capacity = Math.max(0, Math.floor(options.capacity ?? 5000));
    this.#stock = Math.min(this.capacity, Math.max(0, Math.floor(options.stock ?? this.capacity)));
  }

  get stock(): number {
    return this.#stock;
  }

  level(): Promise<number> {
    return Promise.resolve(this.#stock);
  }

  /** The simulator knows the true level, so what the scale measured is not needed. */
  recordDispensed(): void {
    /* nothing to estimate */
  }

  /** Removes up to `grams` (what can fall); returns what was actually taken. */
  take(grams: number): number {
    const taken = Math.min(this.#stock, Math.max(0, Math.floor(grams)));
    this.#stock -= taken;
    return taken;
  }

  /** Adds `grams` (default: fills it up to capacity). */
  refill(grams?: number): void {
    const add = grams === undefined ? this.capacity : Math.max(0, Math.floor(grams));
    this.#stock = Math.min(this.capacity, this.#stock + add);
    for (const listener of this.#listeners) listener();
  }

  /** Empties the hopper (tests, demos). */
  drain(): void {
    this.#stock = 0;
    for (const listener of this.#listeners) listener();
  }

  onChange(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}
