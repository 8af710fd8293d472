import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Results } from '@electric-sql/pglite';

/** What the app asks of the embedded database: drizzle's PGlite driver, batch transactions, test dumps. */
export interface EmbeddedQueries {
  query<T = Record<string, unknown>>(
    text: string,
    params?: unknown[],
    options?: { rowMode?: 'array' | 'object'; parsers?: Record<number, unknown> },
  ): Promise<Results<T>>;
  exec(text: string): Promise<Results[]>;
}

export interface EmbeddedDatabase extends EmbeddedQueries {
  /** Runs statements in a read-only transaction of their own (one message): a statement that writes fails. */
  read(text: string): Promise<Results[]>;
  /** BEGIN, `work`, then COMMIT (ROLLBACK if it throws); other queries wait until it ends. */
  transaction<T>(work: (tx: EmbeddedQueries) => Promise<T>): Promise<T>;
  /** The data directory as a tarball (tests copy a migrated template). */
  dumpDataDir(compression: 'none' | 'gzip' | 'auto'): Promise<Blob>;
  close(): Promise<void>;
}

interface Reply {
  id?: number;
  ready?: boolean;
  value?: unknown;
  error?: Record<string, unknown> & { message: string };
}

/**
 * PGlite on a thread of its own (decision 017, `pglite-worker.mjs`). PGlite is PostgreSQL compiled to
 * WebAssembly: every statement ran on the API's event loop, which stood still meanwhile (at 500 feeds/s,
 * 57 % of its time was in the engine, and requests, device answers and live rooms waited behind it). Now
 * the engine runs on a worker thread and this side sends it messages: queries, exec, read-only statements,
 * transactions (held open in the worker until this side commits or rolls back: while they are, the engine
 * waits for this side, so hot paths send whole transactions instead, see batchTransactions), dumps.
 * Errors come back with PostgreSQL's fields (code, detail, constraint). The thread keeps the process alive
 * only while a call is under way.
 */
export class PGliteThread implements EmbeddedDatabase {
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>();
  private nextId = 1;
  private failure: Error | undefined;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (reply: Reply) => {
      if (reply.id === undefined) return;
      const call = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      if (this.pending.size === 0) worker.unref();
      if (!call) return;
      if (reply.error) call.reject(Object.assign(new Error(reply.error.message), reply.error));
      else call.resolve(reply.value);
    });
    const fail = (error: Error) => {
      this.failure = error;
      for (const call of this.pending.values()) call.reject(error);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => {
      fail(new Error(`the embedded database's thread stopped (exit code ${String(code)})`));
    });
  }

  /** Opens the data directory (`memory://` for none) on a new thread; `loadDataDir` starts it from a dump. */
  static async create(dir: string, options: { loadDataDir?: Blob } = {}): Promise<PGliteThread> {
    const loadDataDir = options.loadDataDir ? new Uint8Array(await options.loadDataDir.arrayBuffer()) : undefined;
    if (!loadDataDir && !dir.startsWith('memory://') && !existsSync(path.join(dir, 'PG_VERSION'))) await initdb(dir);
    const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
      workerData: { dir, loadDataDir, textTypes: [...DRIZZLE_PARSED] },
      // V8 let this thread's young generation grow to 32 MB while it was busy (start, a burst of feeds) and
      // kept it until the thread had been idle a minute or two. At 16 MB it holds 14-16 MB less; at 500 feeds/s
      // its garbage collection went from 2.9 to 3.4 % of the thread's busy time (decision 022).
      resourceLimits: { maxYoungGenerationSizeMb: 16 },
      ...(loadDataDir ? { transferList: [loadDataDir.buffer] } : {}),
    });
    await new Promise<void>((resolve, reject) => {
      const onMessage = (reply: Reply) => {
        if (!reply.ready) return;
        worker.off('error', reject);
        resolve();
      };
      worker.once('message', onMessage);
      worker.once('error', reject);
    });
    worker.unref();
    return new PGliteThread(worker);
  }

  async query<T>(
    text: string,
    params?: unknown[],
    options?: Parameters<EmbeddedQueries['query']>[2],
  ): Promise<Results<T>> {
    return (await this.call('query', queryFields(text, params, options))) as Results<T>;
  }

  exec(text: string): Promise<Results[]> {
    return this.call('exec', { text }) as Promise<Results[]>;
  }

  read(text: string): Promise<Results[]> {
    return this.call('read', { text }) as Promise<Results[]>;
  }

  async transaction<T>(work: (tx: EmbeddedQueries) => Promise<T>): Promise<T> {
    const tx = this.nextId++;
    await this.call('begin', { tx });
    const inside: EmbeddedQueries = {
      query: <R>(text: string, params?: unknown[], options?: Parameters<EmbeddedQueries['query']>[2]) =>
        this.call('query', { tx, ...queryFields(text, params, options) }) as Promise<Results<R>>,
      exec: (text) => this.call('exec', { tx, text }) as Promise<Results[]>,
    };
    let result: T;
    try {
      result = await work(inside);
    } catch (error) {
      await this.call('rollback', { tx });
      throw error;
    }
    await this.call('commit', { tx });
    return result;
  }

  async dumpDataDir(compression: 'none' | 'gzip' | 'auto'): Promise<Blob> {
    const bytes = (await this.call('dump', { compression })) as Uint8Array<ArrayBuffer>;
    return new Blob([bytes]);
  }

  async close(): Promise<void> {
    if (!this.failure) await this.call('close', {});
    await this.worker.terminate();
  }

  private call(op: string, fields: Record<string, unknown>): Promise<unknown> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.ref();
      this.worker.postMessage({ id, op, ...fields });
    });
  }
}

/**
 * Creates the cluster in an empty data directory in a process of its own (`pglite-initdb.mjs`, decision 022):
 * PGlite does it with a second engine and initdb's module, whose memory would otherwise stay in this process.
 */
async function initdb(dir: string): Promise<void> {
  const script = fileURLToPath(new URL('./pglite-initdb.mjs', import.meta.url));
  const child = spawn(process.execPath, [script, dir], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => (stderr += chunk));
  const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (c, s) => {
      resolve([c, s]);
    });
  });
  if (code !== 0)
    throw new Error(`creating the database in ${dir} failed (${String(signal ?? code)}): ${stderr.trim()}`);
}

/**
 * The types drizzle's PGlite driver keeps as text (timestamps, interval, date and their arrays, numeric[]):
 * the worker gets this list and parses them so.
 */
const DRIZZLE_PARSED = new Set([1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182]);

/** A query's message. Parsers cannot cross threads: drizzle's (dates stay text) are the only ones known. */
function queryFields(
  text: string,
  params: unknown[] | undefined,
  options: Parameters<EmbeddedQueries['query']>[2],
): Record<string, unknown> {
  for (const oid of Object.keys(options?.parsers ?? {}))
    if (!DRIZZLE_PARSED.has(Number(oid))) throw new Error(`no parser for type ${oid} on the database's thread`);
  return {
    text,
    params,
    rowMode: options?.rowMode,
    drizzleParsers: options?.parsers !== undefined,
  };
}
