import { mkdir, open, readFile, rename } from 'node:fs/promises';
import path from 'node:path';
import type { z } from 'zod';
import type { Logger } from './logger';

/**
 * One small JSON value kept in a file of the agent's state folder. Writes go one at a time to a temp file that is
 * synced and renamed into place, so the file is never torn, even on a station that loses power; a write not started
 * yet takes the latest value (a burst of saves makes one more write, not one each).
 */
export class PersistedJson<T> {
  readonly file: string;
  readonly #schema: z.ZodType<T>;
  readonly #logger: Logger;
  readonly #label: string;
  #value: T | undefined;
  #queued = false;
  #saving: Promise<void> = Promise.resolve();

  constructor(file: string, schema: z.ZodType<T>, label: string, logger: Logger) {
    this.file = file;
    this.#schema = schema;
    this.#label = label;
    this.#logger = logger;
  }

  /** The value in the file; undefined when there is none, or a bad one (logged). */
  async load(): Promise<T | undefined> {
    let text: string;
    try {
      text = await readFile(this.file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
        this.#logger.warn(`${this.#label} file unreadable, ignored`, { file: this.file, error: String(error) });
      }
      return undefined;
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    const parsed = this.#schema.safeParse(json);
    if (parsed.success) return parsed.data;
    this.#logger.warn(`${this.#label} file invalid, ignored`, { file: this.file });
    return undefined;
  }

  /** Writes `value`; resolves once it (or a later value) is on disk. A failure is logged and rejects. */
  save(value: T): Promise<void> {
    this.#value = value;
    if (!this.#queued) {
      this.#queued = true;
      this.#saving = this.#saving
        .catch(() => undefined)
        .then(() => {
          this.#queued = false;
          return this.#write(this.#value);
        });
      this.#saving.catch((error: unknown) => {
        this.#logger.error(`could not save the ${this.#label}`, { file: this.file, error: String(error) });
      });
    }
    return this.#saving;
  }

  /** Waits for the writes under way (errors were logged). */
  async flush(): Promise<void> {
    await this.#saving.catch(() => undefined);
  }

  async #write(value: T | undefined): Promise<void> {
    const tmp = `${this.file}.tmp`;
    await mkdir(path.dirname(this.file), { recursive: true });
    const handle = await open(tmp, 'w');
    try {
      await handle.writeFile(`${JSON.stringify(value)}\n`);
      // On an SD card that loses power, the rename must not land before the data.
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(tmp, this.file);
  }
}
