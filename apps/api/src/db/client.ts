import path from 'node:path';
import { mkdirSync } from 'node:fs';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { PGliteThread, type EmbeddedDatabase } from './pglite-thread';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database type every repository takes: the same queries run on PGlite and on PostgreSQL. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** PGlite only: the engine on its own thread (batch transactions; tests dump data directories through it). */
  pglite?: EmbeddedDatabase;
  /** PostgreSQL only: the connection pool (batch transactions take a connection of their own). */
  pool?: pg.Pool;
}

export const MIGRATIONS_DIR = path.join(import.meta.dirname, '../../drizzle');

export interface DatabaseOptions {
  /** postgres:// URL; when set, PostgreSQL is used. */
  url?: string | undefined;
  /** PGlite data directory; `memory://` for an in-memory database. */
  pgliteDir?: string;
  /** PGlite: start from a dumped data directory (tests copy a migrated template). */
  loadDataDir?: Blob | File;
}

/** Opens the database (PostgreSQL when a URL is given, else PGlite) and applies pending migrations. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    // Bigint columns come back as strings from pg; schema columns use mode 'number' to agree with PGlite.
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    await migratePg(db as never, { migrationsFolder: MIGRATIONS_DIR });
    return { db, kind: 'postgres', pool, close: () => pool.end() };
  }
  const dir = options.pgliteDir ?? 'memory://';
  if (!dir.startsWith('memory://')) mkdirSync(dir, { recursive: true });
  const client = await PGliteThread.create(dir, options.loadDataDir ? { loadDataDir: options.loadDataDir } : {});
  // Drizzle's driver is typed for PGlite itself; it calls only query and transaction, which the thread has.
  const db = drizzlePglite(client as never, { schema }) as unknown as Database;
  await migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR });
  return { db, kind: 'pglite', pglite: client, close: () => client.close() };
}
