import type { SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Database, DatabaseHandle } from './client';
import type { EmbeddedDatabase } from './pglite-thread';
import { PreparedStatements, UNKNOWN_PREPARED_STATEMENT } from './prepared';
import { retryOnConflict, sqlState } from './sql-state';

type Rows = Record<string, unknown>[];

/** Sends statements together: one round trip to PostgreSQL, one simple query to PGlite. */
export interface StatementSender {
  /**
   * Runs the statements in order (each sees what the ones before it did); answers each one's rows. With
   * `commit`, in a transaction, they are its last: its COMMIT goes with them (on PostgreSQL, in the same
   * round trip; if a statement fails, the COMMIT does not run and the transaction is rolled back).
   */
  send(statements: readonly SQL[], options?: { commit?: boolean }): Promise<Rows[]>;
}

/** A batch's transaction: its statements sent in as few round trips as it allows. */
export interface BatchTransaction extends StatementSender {
  /**
   * Drizzle for a query between sends (an account made on its first use): in the same transaction on
   * PostgreSQL, on its own on PGlite.
   */
  readonly db: Database;
}

/**
 * Runs `work` as one transaction whose statements go out together (decision 011, "Round trips"). Sends
 * before the last read; the last (`commit`) writes. On PostgreSQL the BEGIN travels with the first send
 * and the COMMIT with the last, so a batch that reads once and writes once costs two round trips instead
 * of five, and the whole is one transaction (its reads may lock rows for its write). On PGlite each send
 * is one message to the engine's thread and only the last is a transaction (pgliteTransaction). Each
 * statement is prepared once per connection and sent as `EXECUTE name(literals)` (PreparedStatements), so
 * the server neither parses nor plans it again. A deadlock or serialization failure runs `work` again
 * (3 tries). On PostgreSQL the transaction's drizzle (`db`) is made on first use: most batches never need it.
 */
export type BatchTransactions = <T>(work: (tx: BatchTransaction) => Promise<T>) => Promise<T>;

export function batchTransactions(
  handle: Pick<DatabaseHandle, 'kind' | 'db' | 'pglite' | 'pool'>,
  prepared = new PreparedStatements(),
): BatchTransactions {
  const once = handle.pool
    ? postgresTransaction(handle.pool, prepared)
    : handle.pglite
      ? pgliteTransaction(handle.pglite, handle.db, prepared)
      : undefined;
  if (!once) throw new Error(`no connection for ${handle.kind} batch transactions`);
  // A connection that lost its prepared statements (SQLSTATE 26000, forgotten by then) runs `work` once more.
  return (work) =>
    retryOnConflict(async () => {
      try {
        return await once(work);
      } catch (error) {
        if (sqlState(error) !== UNKNOWN_PREPARED_STATEMENT) throw error;
        return once(work);
      }
    });
}

/**
 * On PGlite, one process with one connection, a batch never holds the engine while this side works out
 * its writes (decision 017): each send before the last runs at once in a read-only transaction of its own
 * (a statement that writes fails; row locks end with it), and the last (`commit`) is one simple query, so
 * its statements are one transaction. Nothing else writes what a batch read unless it is this process's own
 * other work, so the last send's statements check what they depend on (a feed still pending, a hold that
 * still fits) and fail whole when it changed: the caller runs the batch again. `db` is the app's own drizzle,
 * outside any transaction (an account made on first use stays made).
 */
function pgliteTransaction(pglite: EmbeddedDatabase, db: Database, prepared: PreparedStatements): BatchTransactions {
  const once: BatchTransactions = (work) => {
    let last = false;
    return work({
      db,
      send: async (statements, options = {}) => {
        if (last) throw new Error('a batch transaction was used after its commit');
        last = options.commit === true;
        if (statements.length === 0) return [];
        const texts: string[] = [];
        for (const s of statements) texts.push(await prepared.textFor(pglite, s, (text) => pglite.exec(text)));
        const text = texts.join(';\n');
        const results = last ? await pglite.exec(text) : await pglite.read(text);
        return results.map((r) => r.rows as Rows);
      },
    });
  };
  return (work) =>
    once(work).catch((error: unknown) => {
      if (sqlState(error) === UNKNOWN_PREPARED_STATEMENT) prepared.forget(pglite);
      throw error;
    });
}

function postgresTransaction(pool: pg.Pool, prepared: PreparedStatements): BatchTransactions {
  return async (work) => {
    const client = await pool.connect();
    // Changed by `send` (TypeScript cannot see that through the closure, hence the object).
    const at: { state: 'new' | 'open' | 'ended' } = { state: 'new' };
    // Drizzle's queries must not run before the transaction has begun (they would run outside it).
    const guarded = {
      query: (...args: Parameters<pg.PoolClient['query']>) => {
        if (at.state !== 'open') throw new Error('a batch transaction was used before its first send');
        return (client.query as (...a: unknown[]) => unknown)(...args);
      },
    };
    let db: Database | undefined;
    let broken: Error | undefined;
    try {
      const result = await work({
        get db() {
          return (db ??= drizzlePg(guarded as unknown as pg.PoolClient) as unknown as Database);
        },
        send: async (statements, options = {}) => {
          if (at.state === 'ended') throw new Error('a batch transaction was used after its commit');
          if (statements.length === 0 && !options.commit) return [];
          // A PREPARE the connection still needs goes first, on its own (before the BEGIN, on the first send).
          const texts: string[] = [];
          for (const s of statements) texts.push(await prepared.textFor(client, s, (text) => client.query(text)));
          const opening = at.state === 'new';
          if (opening) texts.unshift('BEGIN');
          if (options.commit) texts.push('COMMIT');
          at.state = 'open';
          const answer = (await client.query(texts.join(';\n'))) as pg.QueryResult | pg.QueryResult[];
          // A failed statement fails the whole text: the COMMIT did not run, and the ROLLBACK below ends it.
          if (options.commit) at.state = 'ended';
          const results = Array.isArray(answer) ? answer : [answer];
          return results.slice(opening ? 1 : 0, results.length - (options.commit ? 1 : 0)).map((r) => r.rows as Rows);
        },
      });
      if (at.state === 'open') await client.query('COMMIT');
      at.state = 'ended';
      return result;
    } catch (error) {
      if (sqlState(error) === UNKNOWN_PREPARED_STATEMENT) prepared.forget(client);
      if (at.state === 'open')
        await client.query('ROLLBACK').catch((e: unknown) => {
          broken = e instanceof Error ? e : new Error(String(e));
        });
      at.state = 'ended';
      throw error;
    } finally {
      client.release(broken);
    }
  };
}
