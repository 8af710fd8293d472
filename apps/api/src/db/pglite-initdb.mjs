// PGlite's first start in an empty data directory, as a process of its own (decision 022): PGlite creates the
// cluster with a second engine and initdb's WebAssembly module beside its own, and their memories (about 0.3 GB)
// and the copies of the new cluster stayed in the API process until a garbage collection that an idle thread may
// never run. Here they end with the process. Plain JavaScript, run by node without a TypeScript loader.
// Usage: node pglite-initdb.mjs DIR
import { PGlite } from '@electric-sql/pglite';
import { startParams } from './pglite-options.mjs';

const dir = process.argv[2];
if (!dir) throw new Error('usage: node pglite-initdb.mjs DIR');
// The same settings as the database's thread: the cluster's second engine takes them too (this process's peak:
// 710-790 MB with them, 830-910 MB without).
const db = await PGlite.create(dir, { startParams: startParams(PGlite) });
await db.close();
