import { mkdir, open, readFile, rename, writeFile, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from './logger';

export interface JsonLinesOptions<T> {
  /** How many items are remembered (the oldest are forgotten). */
  capacity: number;
  /** An item from a parsed line; undefined for a line that is not one (it is skipped). */
  parse: (value: unknown) => T | undefined;
  /** An item's key: an item added again under its key replaces the earlier one (and becomes the newest). */
  key: (item: T) => string;
  /** Named in the warning about skipped lines. */
  label: string;
  logger?: Logger;
}

/**
 * The newest `capacity` items, kept in memory by key and in a small JSON-lines file (one JSON value per
 * line) so that a restarted agent still has them. Each add is appended; the file is rewritten (temp file +
 * rename) when it grows past twice the capacity. A torn or foreign line is skipped. The file stays open for
 * appending between rewrites (one write per add, not an open, a write and a close).
 */
export class BoundedJsonLines<T> {
  readonly #file: string;
  readonly #options: JsonLinesOptions<T>;
  readonly #items = new Map<string, T>();
  #lines = 0;
  #writing: Promise<void> = Promise.resolve();
  #handle: FileHandle | undefined;

  private constructor(file: string, options: JsonLinesOptions<T>) {
    this.#file = file;
    this.#options = options;
  }

  /** Opens (or starts) the file; unreadable lines are skipped (and logged). */
  static async open<T>(file: string, options: JsonLinesOptions<T>): Promise<BoundedJsonLines<T>> {
    const store = new BoundedJsonLines(file, { ...options, capacity: Math.max(1, options.capacity) });
    let text = '';
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    let skipped = 0;
    for (const line of text.split('\n')) {
      if (line === '') continue;
      let item: T | undefined;
      try {
        item = options.parse(JSON.parse(line));
      } catch {
        item = undefined;
      }
      if (item === undefined) skipped += 1;
      else store.#remember(item);
    }
    if (skipped > 0) options.logger?.warn(`${options.label}: unreadable lines skipped`, { file, skipped });
    await mkdir(path.dirname(file), { recursive: true });
    await store.#compact();
    return store;
  }

  get size(): number {
    return this.#items.size;
  }

  has(key: string): boolean {
    return this.#items.has(key);
  }

  /** The items remembered, oldest first. */
  values(): T[] {
    return [...this.#items.values()];
  }

  /** Records `item` (known at once) and resolves once it is written. */
  add(item: T): Promise<void> {
    this.#remember(item);
    const write = this.#writing.then(async () => {
      if (this.#lines >= 2 * this.#options.capacity) await this.#compact();
      else {
        this.#handle ??= await open(this.#file, 'a');
        await this.#handle.write(`${JSON.stringify(item)}\n`);
        this.#lines += 1;
      }
    });
    this.#writing = write.catch(() => undefined);
    return write;
  }

  /** Waits for the writes under way and closes the file (a later add opens it again). */
  async close(): Promise<void> {
    await this.#writing;
    await this.#closeHandle();
  }

  #remember(item: T): void {
    const key = this.#options.key(item);
    this.#items.delete(key);
    this.#items.set(key, item);
    while (this.#items.size > this.#options.capacity) {
      const oldest = this.#items.keys().next();
      if (oldest.done) break;
      this.#items.delete(oldest.value);
    }
  }

  async #closeHandle(): Promise<void> {
    const handle = this.#handle;
    this.#handle = undefined;
    await handle?.close();
  }

  async #compact(): Promise<void> {
    await this.#closeHandle();
    const tmp = `${this.#file}.tmp`;
    await writeFile(
      tmp,
      this.values()
        .map((item) => `${JSON.stringify(item)}\n`)
        .join(''),
    );
    await rename(tmp, this.#file);
    this.#lines = this.#items.size;
  }
}
