import { mkdir, open, readFile, rename } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { Logger } from '../../logger';
import { silentLogger } from '../../logger';
import type { Hopper } from '../ports';

export const HOPPER_LEVEL_FILE = 'hopper-level.json';

const LevelFileSchema = z.object({ level_grams: z.number() });

const clamp = (grams: number, capacity: number): number => Math.min(capacity, Math.max(0, grams));

export interface EstimatedHopperOptions {
  capacity: number;
  /** The agent's state folder; the level is kept in `hopper-level.json` there. */
  stateDir: string;
  logger?: Logger;
}

/**
 * A hopper without a sensor: the level falls by what the scale measured and rises on a refill. It is kept in
 * a file so a restart does not forget it, and starts full when there is none.
 */
export class EstimatedHopper implements Hopper {
  readonly capacity: number;
  readonly file: string;
  readonly #logger: Logger;
  readonly #listeners = new Set<() => void>();
  #level: number;
  #saving: Promise<void> = Promise.resolve();
  #queued = false;

  private constructor(options: EstimatedHopperOptions, level: number) {
    this.capacity = options.capacity;
    this.file = path.join(options.stateDir, HOPPER_LEVEL_FILE);
    this.#logger = options.logger ?? silentLogger;
    this.#level = clamp(level, options.capacity);
  }

  static async open(options: EstimatedHopperOptions): Promise<EstimatedHopper> {
    if (!(options.capacity > 0)) throw new Error(`hopper capacity must be above 0 g, got ${String(options.capacity)}`);
    const logger = options.logger ?? silentLogger;
    const file = path.join(options.stateDir, HOPPER_LEVEL_FILE);
    let level = options.capacity;
    try {
      level = LevelFileSchema.parse(JSON.parse(await readFile(file, 'utf8'))).level_grams;
    } catch (error) {
      // No file yet means a new station, filled when it was set up. A bad one (never torn: it is renamed
      // into place) is reported and also taken as full, rather than refusing to feed.
      if (!(error instanceof Error && 'code' in error && error.code === 'ENOENT')) {
        logger.warn('hopper level file unreadable, assuming full', { file, error: String(error) });
      }
    }
    return new EstimatedHopper(options, level);
  }

  level(): Promise<number> {
    return Promise.resolve(this.#level);
  }

  recordDispensed(grams: number): void {
    // The scale can read slightly negative after a failed run: that never adds food.
    if (!Number.isFinite(grams) || grams <= 0) return;
    this.#level = clamp(this.#level - grams, this.capacity);
    this.#save();
  }

  /** Adds `grams`, or fills it to capacity; tells the listeners. Resolves with the new level once saved. */
  async refill(grams?: number): Promise<number> {
    const add = grams === undefined ? this.capacity : grams;
    if (!Number.isFinite(add)) throw new Error(`refill grams must be a number, got ${String(grams)}`);
    this.#level = clamp(this.#level + add, this.capacity);
    this.#save();
    for (const listener of this.#listeners) listener();
    await this.#saving;
    return this.#level;
  }

  onChange(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Waits for pending writes (call before exiting). */
  async stop(): Promise<void> {
    await this.#saving;
  }

  /** Writes one at a time; a write not started yet takes the latest level, so a burst makes one more write. */
  #save(): void {
    if (this.#queued) return;
    this.#queued = true;
    this.#saving = this.#saving
      .then(() => {
        this.#queued = false;
        return this.#write();
      })
      .catch((error: unknown) => {
        this.#logger.error('could not save the hopper level', { file: this.file, error: String(error) });
      });
  }

  async #write(): Promise<void> {
    const tmp = `${this.file}.tmp`;
    await mkdir(path.dirname(this.file), { recursive: true });
    const handle = await open(tmp, 'w');
    try {
      await handle.writeFile(`${JSON.stringify({ level_grams: this.#level, capacity_grams: this.capacity })}\n`);
      // On the SD card of a station that loses power, the rename must not land before the data.
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(tmp, this.file);
  }
}
