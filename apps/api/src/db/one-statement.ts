import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { StatementSender } from './batch-transaction';
import type { Database } from './client';
import { rowsOf } from './rows';

type Rows = Record<string, unknown>[];

/** A part's answer, there once the statement has run. */
export interface Later<T> {
  (): T;
}

interface Part {
  name: string;
  query: SQL;
  /** Reads its rows (or its RETURNING rows); undefined: nothing is read back. */
  take?: (rows: Rows) => void;
}

/**
 * Statements sent as one (decision 011, "Throughput"): each part is a common table expression of a single
 * statement, so a batch's reads, or its writes, cost one round trip (PostgreSQL) or one call into the
 * engine (PGlite). Every part sees the database as it was when the statement began; a part sees an earlier
 * part's rows only through its name (`... FROM <name>`). Constraints and triggers still apply: foreign keys
 * and the ledger's balance trigger are checked at the end of the statement. A read part runs only if it
 * returns rows (`map`); a data-modifying part always runs.
 */
export class OneStatement {
  private readonly parts: Part[] = [];
  private readonly ahead: SQL[] = [];

  /**
   * A statement of its own that runs just before this one (a lock, a setting), sent in the same round trip
   * when run by a StatementSender. This one sees what it did (each statement takes a fresh snapshot).
   */
  before(query: SQL): void {
    this.ahead.push(query);
  }

  /**
   * A condition on what the parts did (`(SELECT count(*) FROM <part>) = n`), checked inside the statement:
   * when false, the statement fails with `message` (SQLSTATE PH001, statementCheckFailed), so nothing it
   * did stays, and a COMMIT sent with it does not run (migration 0014).
   */
  check(name: string, ok: SQL, message: string): void {
    this.add(name, sql`SELECT statement_check(${ok}, ${message}) AS ok`, () => undefined);
  }

  /**
   * Adds a part named `name` (a plain identifier, unique in the statement). `map` turns its rows into the
   * answer (it may throw, failing the statement's transaction); without it, nothing is read back.
   */
  add(name: string, query: SQL): void;
  add<T>(name: string, query: SQL, map: (rows: Rows) => T): Later<T>;
  add<T>(name: string, query: SQL, map?: (rows: Rows) => T): Later<T> | undefined {
    if (!/^[a-z_][a-z0-9_]*$/.test(name) || this.parts.some((p) => p.name === name))
      throw new Error(`bad or repeated statement part ${name}`);
    if (!map) {
      this.parts.push({ name, query });
      return undefined;
    }
    let value: { v: T } | undefined;
    this.parts.push({
      name,
      query,
      take: (rows) => {
        value = { v: map(rows) };
      },
    });
    return () => {
      if (!value) throw new Error(`part ${name} has not run`);
      return value.v;
    };
  }

  /**
   * Runs the statements before it, then every part in one statement; then hands each reading part its rows
   * (in the order added). A StatementSender sends them all at once, and with `commit` its transaction's
   * COMMIT too (the transaction's last statement: what it checks, it checks with `check`).
   */
  async run(on: Database | StatementSender, options: { commit?: boolean } = {}): Promise<void> {
    const main = this.statement();
    let answer: unknown;
    if (isSender(on)) {
      const results = await on.send(main ? [...this.ahead, main] : this.ahead, options);
      answer = main ? results.at(-1)?.[0]?.rows : undefined;
    } else {
      for (const query of this.ahead) await on.execute(query);
      if (main) answer = rowsOf<{ rows?: unknown }>(await on.execute(main))[0]?.rows;
    }
    const all = (typeof answer === 'string' ? JSON.parse(answer) : answer) as Record<string, Rows> | undefined;
    for (const p of this.parts) p.take?.((all && typeof all === 'object' ? all[p.name] : undefined) ?? []);
  }

  /** The parts as one statement answering `... AS rows` (a JSON object of each reading part's rows). */
  private statement(): SQL | undefined {
    if (this.parts.length === 0) return undefined;
    const ctes = sql.join(
      this.parts.map((p) => sql`${sql.identifier(p.name)} AS (${p.query})`),
      sql`, `,
    );
    const reading = this.parts.filter((p) => p.take);
    const answer =
      reading.length === 0
        ? sql`SELECT 1 AS rows`
        : sql`SELECT json_build_object(${sql.join(
            reading.map(
              (p) =>
                sql`${sql.raw(`'${p.name}'`)}, (SELECT coalesce(json_agg(r), '[]'::json) FROM ${sql.identifier(p.name)} r)`,
            ),
            sql`, `,
          )}) AS rows`;
    return sql`WITH ${ctes} ${answer}`;
  }
}

function isSender(on: Database | StatementSender): on is StatementSender {
  return typeof (on as Partial<StatementSender>).send === 'function';
}

/** A table's row from its JSON form (columns by their database names), as a select would answer it. */
export function fromJsonRow<T extends PgTable>(table: T, json: Record<string, unknown>): T['$inferSelect'] {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = json[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row;
}

/**
 * `= ${anyOf(ids, 'uuid')}`: membership in a list given as one array parameter. The planner sees how many
 * ids there are (a set from jsonb is guessed at 100 rows, which made it scan whole tables to hash-join
 * them), so a key's index is used whatever the batch size.
 */
export function anyOf(ids: readonly (string | number)[], type: 'uuid' | 'text' | 'int'): SQL {
  return sql`ANY(${arrayOf(ids, type)})`;
}

/** The list as one array parameter of that type. */
export function arrayOf(ids: readonly (string | number)[], type: 'uuid' | 'text' | 'int'): SQL {
  const literal = `{${ids.map((id) => (typeof id === 'number' ? String(id) : `"${id.replace(/["\\]/g, '\\$&')}"`)).join(',')}}`;
  return sql`${literal}::${sql.raw(type)}[]`;
}
