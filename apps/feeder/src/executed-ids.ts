import { BoundedJsonLines } from './jsonl-store';
import type { Logger } from './logger';

/**
 * The ids of commands this device has accepted, bounded to `capacity` (the oldest are forgotten), kept in a
 * small JSON-lines file (one JSON string per line, BoundedJsonLines) so a restarted agent still refuses to run
 * a command twice. Each add is appended before the command runs, so a crash can lose a dispense but never
 * repeat one.
 */
export class ExecutedIdStore {
  readonly #lines: BoundedJsonLines<string>;

  private constructor(lines: BoundedJsonLines<string>) {
    this.#lines = lines;
  }

  /** Opens (or starts) the store at `file`; unreadable lines are skipped (and logged). */
  static async open(file: string, options: { capacity?: number; logger?: Logger } = {}): Promise<ExecutedIdStore> {
    const lines = await BoundedJsonLines.open<string>(file, {
      capacity: options.capacity ?? 2000,
      parse: (value) => (typeof value === 'string' ? value : undefined),
      key: (id) => id,
      label: 'executed-id store',
      logger: options.logger,
    });
    return new ExecutedIdStore(lines);
  }

  get size(): number {
    return this.#lines.size;
  }

  has(id: string): boolean {
    return this.#lines.has(id);
  }

  /** Records `id` (known to has() at once) and resolves once it is written. */
  add(id: string): Promise<void> {
    return this.#lines.add(id);
  }

  /** Waits for the writes under way and closes the file (a later add opens it again). */
  close(): Promise<void> {
    return this.#lines.close();
  }
}
