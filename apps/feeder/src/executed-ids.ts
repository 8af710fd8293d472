import { mkdir, open, readFile, rename, writeFile, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from './logger';

/**
 * The ids of commands this device has accepted, bounded to `capacity` (the oldest are forgotten), kept in a
 * small JSON-lines file (one JSON string per line) so a restarted agent still refuses to run a command twice.
 * Each add is appended before the command runs, so a crash can lose a dispense but never repeat one; the file
 * is rewritten (temp file + rename) when it grows past twice the capacity. A torn last line is skipped. The
 * file stays open for appending between rewrites (one write per add, not an open, a write and a close).
 */
export class ExecutedIdStore {
  readonly #file: string;
  readonly #capacity: number;
  readonly #ids: Set<string>;
  #lines = 0;
  #writing: Promise<void> = Promise.resolve();
  #handle: FileHandle | undefined;

  private constructor(file: string, capacity: number, ids: string[]) {
    this.#file = file;
    this.#capacity = capacity;
    this.#ids = new Set(ids.slice(-capacity));
  }

  /** Opens (or starts) the store at `file`; unreadable lines are skipped (and logged). */
  static async open(file: string, options: { capacity?: number; logger?: Logger } = {}): Promise<ExecutedIdStore> {
    const capacity = Math.max(1, options.capacity ?? 2000);
    let text = '';
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    const ids: string[] = [];
    let skipped = 0;
    for (const line of text.split('\n')) {
      if (line === '') continue;
      try {
        const id: unknown = JSON.parse(line);
        if (typeof id === 'string') ids.push(id);
        else skipped += 1;
      } catch {
        skipped += 1;
      }
    }
    if (skipped > 0) options.logger?.warn('executed-id store: unreadable lines skipped', { file, skipped });
    await mkdir(path.dirname(file), { recursive: true });
    const store = new ExecutedIdStore(file, capacity, ids);
    await store.#compact();
    return store;
  }

  get size(): number {
    return this.#ids.size;
  }

  has(id: string): boolean {
    return this.#ids.has(id);
  }

  /** Records `id` (known to has() at once) and resolves once it is written. */
  add(id: string): Promise<void> {
    this.#ids.delete(id);
    this.#ids.add(id);
    while (this.#ids.size > this.#capacity) {
      const oldest = this.#ids.values().next();
      if (oldest.done) break;
      this.#ids.delete(oldest.value);
    }
    const write = this.#writing.then(async () => {
      if (this.#lines >= 2 * this.#capacity) await this.#compact();
      else {
        this.#handle ??= await open(this.#file, 'a');
        await this.#handle.write(`${JSON.stringify(id)}\n`);
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

  async #closeHandle(): Promise<void> {
    const handle = this.#handle;
    this.#handle = undefined;
    await handle?.close();
  }

  async #compact(): Promise<void> {
    await this.#closeHandle();
    const tmp = `${this.#file}.tmp`;
    await writeFile(tmp, [...this.#ids].map((id) => `${JSON.stringify(id)}\n`).join(''));
    await rename(tmp, this.#file);
    this.#lines = this.#ids.size;
  }
}
