import { createHash, randomBytes } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { LRUCache } from 'lru-cache';
import { lruCache } from '../lib/lru';
import { inlineQuery, literal } from './inline-sql';

/** SQLSTATE 26000: `EXECUTE` of a name the session does not have (its prepared statements were lost). */
export const UNKNOWN_PREPARED_STATEMENT = '26000';

/**
 * Batch statements as the server's own prepared statements (decision 011, "Prepared batch statements").
 * A batch's statements travel in one simple-query text, which cannot carry parameters, so each used to
 * be sent with its values written in, and the server parsed and planned every one of them again: at
 * 500 feeds/s that was a quarter of PostgreSQL's time. Now each distinct statement text (drizzle's, with
 * `$n` parameters) is prepared once per connection (`PREPARE name AS text`, a query of its own the first
 * time), and a batch sends `EXECUTE name(values as literals)`. The server types each parameter from its
 * context when it prepares, as it types a literal in the same place.
 *
 * A statement's name is a hash of its text, behind a prefix of this instance's own: two instances over
 * one database never name different texts alike, and never find a name taken. A text whose values are
 * written into it (its own text each time) would fill the server's memory, so a connection prepares at
 * most `maxPerConnection` texts; past that, statements are sent with their values written in, as before.
 * A PREPARE lasts until the session ends, also when its transaction rolls back.
 */
export class PreparedStatements {
  private readonly dialect = new PgDialect();
  private readonly prefix = `ph_${randomBytes(4).toString('hex')}_`;
  /**
   * Names by text. Texts are few (one per statement shape); a runaway of one-off texts must not grow this
   * forever, so the least recently used names go past 4096 (a name is the same hash when made again).
   */
  private readonly names: LRUCache<string, string> = lruCache({ max: 4096 });
  private readonly prepared = new WeakMap<object, Set<string>>();

  constructor(private readonly maxPerConnection = 64) {}

  /**
   * The text that runs `statement` on `connection`. When the connection has not prepared it yet,
   * `prepare` sends the PREPARE first (and its failure is the statement's failure).
   */
  async textFor(connection: object, statement: SQL, prepare: (text: string) => Promise<unknown>): Promise<string> {
    const query = this.dialect.sqlToQuery(statement);
    const { sql: text, params } = query;
    const name = this.nameOf(text);
    let done = this.prepared.get(connection);
    if (!done) this.prepared.set(connection, (done = new Set()));
    if (!done.has(name)) {
      if (done.size >= this.maxPerConnection) return inlineQuery(query);
      await prepare(`PREPARE ${name} AS ${text}`);
      done.add(name);
    }
    return params.length === 0 ? `EXECUTE ${name}` : `EXECUTE ${name}(${params.map(literal).join(', ')})`;
  }

  /** The connection lost its prepared statements (SQLSTATE 26000): they are made again on next use. */
  forget(connection: object): void {
    this.prepared.delete(connection);
  }

  /** How many different statement texts have been seen (each is prepared once per connection). */
  get texts(): number {
    return this.names.size;
  }

  private nameOf(text: string): string {
    let name = this.names.get(text);
    if (name === undefined) {
      name = this.prefix + createHash('sha1').update(text).digest('hex').slice(0, 24);
      this.names.set(text, name);
    }
    return name;
  }
}
