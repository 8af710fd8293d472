import { z } from 'zod';
import type { Logger } from './logger';
import { PersistedJson } from './persisted-json';

const DailyGramsSchema = z.object({ day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/), grams: z.number().min(0) });
type Tally = z.infer<typeof DailyGramsSchema>;

/** The UTC day of `ms`, as YYYY-MM-DD. */
export const utcDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/**
 * Grams dispensed for paid feeds on the current UTC day (for the config's daily cap), kept in the state folder
 * so a restart does not reset it. A new day starts from 0.
 */
export class DailyGrams {
  readonly #file: PersistedJson<Tally>;
  #tally: Tally;

  private constructor(file: PersistedJson<Tally>, tally: Tally) {
    this.#file = file;
    this.#tally = tally;
  }

  static async open(file: string, logger: Logger): Promise<DailyGrams> {
    const persisted = new PersistedJson(file, DailyGramsSchema, 'daily grams', logger);
    return new DailyGrams(persisted, (await persisted.load()) ?? { day: '', grams: 0 });
  }

  /** Grams counted on the UTC day of `now`. */
  today(now: number): number {
    return this.#tally.day === utcDay(now) ? this.#tally.grams : 0;
  }

  /** Counts `grams` on the day of `now` (at once); resolves once written. */
  add(now: number, grams: number): Promise<void> {
    this.#tally = { day: utcDay(now), grams: this.today(now) + Math.max(0, grams) };
    return this.#file.save(this.#tally);
  }

  close(): Promise<void> {
    return this.#file.flush();
  }
}
