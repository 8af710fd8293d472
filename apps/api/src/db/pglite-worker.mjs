// The embedded database's own thread (decision 017): PGlite runs here, so its WebAssembly engine never
// holds the API's event loop. Plain JavaScript, so the worker loads without a TypeScript loader (tsx in the
// server, vite-node under vitest). Messages: { id, op, ... } in; { id, value } or { id, error } out.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { startParams } from './pglite-options.mjs';

if (!parentPort) throw new Error('pglite-worker.mjs runs as a worker thread');
const port = parentPort;

const same = (value) => value;
/** Drizzle's parsers (drizzle-orm/pglite): the types it keeps as text, named by the main thread. */
const DRIZZLE_PARSERS = Object.fromEntries(workerData.textTypes.map((oid) => [oid, same]));

/** Ends a transaction without committing (the main thread's work failed). */
class Rollback extends Error {}

const db = await PGlite.create(workerData.dir, {
  ...(workerData.loadDataDir ? { loadDataDir: new Blob([workerData.loadDataDir]) } : {}),
  // 16 MB of shared buffers, not 128 MB (decision 022).
  startParams: startParams(PGlite),
});
// A new write-ahead log segment is made by writing its last byte, not 16 MB of zeros: zeroing one through
// the engine's file system held every statement for 50 to 85 ms, every few seconds under load (decision 020).
// The segments the checkpoints recycle are reused as they are.
await db.exec('SET wal_init_zero = off');
/** Open transactions by id: PGlite's own, held open until the main thread commits or rolls back. */
const open = new Map();

async function handle(m) {
  const target = m.tx === undefined ? db : open.get(m.tx)?.tx;
  switch (m.op) {
    case 'query': {
      if (!target) throw new Error(`no open transaction ${String(m.tx)}`);
      const options = {};
      if (m.rowMode) options.rowMode = m.rowMode;
      if (m.drizzleParsers) options.parsers = DRIZZLE_PARSERS;
      return target.query(m.text, m.params, options);
    }
    case 'exec':
      if (!target) throw new Error(`no open transaction ${String(m.tx)}`);
      return target.exec(m.text);
    case 'read':
      // Statements that must not write, in a read-only transaction of their own (its SET's result dropped).
      return db.transaction(async (tx) => (await tx.exec(`SET TRANSACTION READ ONLY;\n${m.text}`)).slice(1));
    case 'begin': {
      let entered;
      const inside = new Promise((resolve) => (entered = resolve));
      const ended = db.transaction(
        (tx) =>
          new Promise((resolve, reject) => {
            open.set(m.tx, { tx, resolve, reject, ended: undefined });
            entered();
          }),
      );
      // A BEGIN that fails ends the transaction before it was entered.
      await Promise.race([inside, ended]);
      const t = open.get(m.tx);
      t.ended = ended.finally(() => open.delete(m.tx));
      // Its end is awaited by 'commit' or 'rollback'; never an unhandled rejection meanwhile.
      t.ended.catch(() => undefined);
      return null;
    }
    case 'commit': {
      const t = open.get(m.tx);
      if (!t) throw new Error(`no open transaction ${String(m.tx)}`);
      t.resolve();
      await t.ended;
      return null;
    }
    case 'rollback': {
      const t = open.get(m.tx);
      if (!t) return null;
      t.reject(new Rollback('rolled back'));
      await t.ended.catch((error) => {
        if (!(error instanceof Rollback)) throw error;
      });
      return null;
    }
    case 'dump': {
      const file = await db.dumpDataDir(m.compression);
      return new Uint8Array(await file.arrayBuffer());
    }
    case 'close':
      await db.close();
      return null;
    default:
      throw new Error(`unknown operation ${String(m.op)}`);
  }
}

/** An error as plain fields: its message and PostgreSQL's (code, detail, constraint, ...). */
function plain(error) {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields = { message: error.message, name: error.name, stack: error.stack };
  for (const [key, value] of Object.entries(error))
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
  return fields;
}

port.on('message', (m) => {
  handle(m).then(
    (value) => {
      port.postMessage({ id: m.id, value });
    },
    (error) => {
      port.postMessage({ id: m.id, error: plain(error) });
    },
  );
});
port.postMessage({ ready: true });
