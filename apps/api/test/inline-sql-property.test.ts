import fc from 'fast-check';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/client';
import { inlineQuery } from '../src/db/inline-sql';
import { anyOf, arrayOf } from '../src/db/one-statement';
import { PreparedStatements } from '../src/db/prepared';
import { recordset, rowsOf } from '../src/db/rows';
import { openTestDatabase } from './harness';

/**
 * Property (decision 011, "Round trips" and "Prepared batch statements"): a statement with its parameters
 * written in as literals (`inlineQuery`), and the same statement prepared and run as `EXECUTE name(literals)`
 * (`PreparedStatements`), answer what the parameterised statement answers — the same rows, each value as
 * the same text and of the same type (`pg_typeof`) — for random values of every kind the inliner takes:
 * strings (quotes, backslashes, `$n`, comment marks, any unicode but NUL), int4 and int8 to their bounds,
 * safe integers, bigints, doubles, numerics, booleans, null, dates, and the array and jsonb parameters
 * (`arrayOf`/`anyOf`, `recordset`, JSON text). Each value stands in the contexts that type it: a cast, a
 * comparison with a typed value, a VALUES list next to a typed NULL, LIMIT/OFFSET, and untyped (as text).
 * The literals run in the batches' simple query, with standard_conforming_strings on or off at random.
 * PGlite by default, PostgreSQL with DATABASE_URL.
 *
 * Dates stand in timestamptz contexts only: there the server reads the same instant. Untyped (text), or as
 * `timestamp`/`date`, they differ on PostgreSQL: node-postgres sends a Date as local time with an offset
 * (`…+00:00`), the inliner as UTC (`…Z`). No inlined statement passes a Date there (days go as strings).
 */

type Result = pg.QueryResult<Record<string, unknown>>;

/** A value in one context: the statement answers rows (n, x); n orders them. */
type Context = (v: unknown) => SQL;

interface Kind {
  type: string;
  values: fc.Arbitrary<unknown>;
  contexts: Context[];
}

const NUL = '\0';
/** Strings that mean something to SQL's lexer, the E'' form or the inliner's scanner. */
const TRICKY = ["'", "''", '\\', '\\\\', '"', '$', '$1', '$12', '$$', '$a$', '--', '/*', '*/', '\n', '\r', '\t', 'E'];
const text = fc
  .oneof(
    fc.string({ unit: 'binary' }),
    fc.string({ unit: fc.constantFrom(...TRICKY, 'é', '中', '😀', '\u2028', '\uFEFF', ' ', 'x') }),
  )
  .filter((s) => !s.includes(NUL));

/** The contexts every scalar type is used in. */
function typed(type: string, values: fc.Arbitrary<unknown>, extra: Context[] = []): Kind {
  const t = sql.raw(type);
  return {
    type,
    values: fc.option(values, { nil: null, freq: 10 }),
    contexts: [
      (v) => sql`SELECT 1 AS n, ${v}::${t} AS x`,
      (v) => sql`SELECT 1 AS n, c AS x FROM (VALUES (${v}::${t})) AS t(c) WHERE c IS NOT DISTINCT FROM ${v}`,
      (v) => sql`SELECT n, x FROM (VALUES (1, NULL::${t}), (2, ${v})) AS t(n, x)`,
      ...extra,
    ],
  };
}

const untyped: Context = (v) => sql`SELECT 1 AS n, ${v} AS x`;
const INT8_MIN = -(2n ** 63n);
const INT8_MAX = 2n ** 63n - 1n;

const KINDS: Kind[] = [
  typed('text', text, [untyped, (v) => sql`SELECT 1 AS n, ${v}::varchar AS x`]),
  typed('int4', fc.oneof(fc.integer(), fc.constantFrom(-2147483648, 2147483647, 0, -1)), [untyped]),
  typed('int8', fc.oneof(fc.maxSafeInteger(), fc.constantFrom(Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER))),
  typed('int8', fc.oneof(fc.bigInt({ min: INT8_MIN, max: INT8_MAX }), fc.constantFrom(INT8_MIN, INT8_MAX)), [untyped]),
  typed('numeric', fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n })),
  typed('numeric', fc.double({ noNaN: true, noDefaultInfinity: true })),
  typed('float8', fc.double({ noNaN: true, noDefaultInfinity: true }), [untyped]),
  typed('bool', fc.boolean(), [untyped]),
  typed(
    'timestamptz',
    fc.date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59.999Z'), noInvalidDate: true }),
  ),
  // jsonb refuses \u0000 in its strings (as a parameter and as a literal): no statement could send one.
  typed(
    'jsonb',
    fc
      .jsonValue()
      .map((j) => JSON.stringify(j))
      .filter((j) => !j.includes('\\u0000')),
  ),
  {
    type: 'LIMIT',
    values: fc.tuple(fc.oneof(fc.nat(5), fc.constantFrom(2147483647, 9007199254740991)), fc.nat(4)),
    contexts: [
      (v) => {
        const [limit, offset] = v as [number, number];
        return sql`SELECT g AS n, g AS x FROM generate_series(1, 4) AS g ORDER BY g LIMIT ${limit} OFFSET ${offset}`;
      },
    ],
  },
  {
    type: 'int[]',
    values: fc.array(fc.integer({ min: -6, max: 6 }), { maxLength: 6 }),
    contexts: [
      (v) => sql`SELECT o AS n, x FROM unnest(${arrayOf(v as number[], 'int')}) WITH ORDINALITY AS u(x, o)`,
      (v) => sql`SELECT g AS n, g AS x FROM generate_series(-5, 5) AS g WHERE g = ${anyOf(v as number[], 'int')}`,
    ],
  },
  {
    type: 'text[]',
    values: fc.array(text, { maxLength: 4 }),
    contexts: [(v) => sql`SELECT o AS n, x FROM unnest(${arrayOf(v as string[], 'text')}) WITH ORDINALITY AS u(x, o)`],
  },
  {
    type: 'uuid[]',
    values: fc.array(fc.uuid(), { maxLength: 4 }),
    contexts: [(v) => sql`SELECT o AS n, x FROM unnest(${arrayOf(v as string[], 'uuid')}) WITH ORDINALITY AS u(x, o)`],
  },
  {
    type: 'jsonb recordset',
    values: fc.array(fc.record({ id: fc.integer(), label: text }), { maxLength: 4 }),
    contexts: [
      (v) => sql`SELECT o AS n, row(r.id, r.label) AS x
        FROM ROWS FROM (jsonb_to_recordset(${recordset(v as object[])}::jsonb) AS (id int, label text))
          WITH ORDINALITY AS r(id, label, o)`,
    ],
  },
];

/** A random value of a random kind (its index in KINDS) in one of its contexts (an index). */
const CASE = fc.oneof(
  ...KINDS.map((kind, k) =>
    fc.record({ kind: fc.constant(k), value: kind.values, context: fc.nat(kind.contexts.length - 1) }),
  ),
);

const innerOf = (c: { kind: number; value: unknown; context: number }): SQL =>
  (KINDS[c.kind]?.contexts[c.context] as Context)(c.value);

/**
 * One statement for several cases (so parameters number past $9), each case's rows as JSON text of
 * [value as text, its type], around text the inliner must leave alone ($n in strings, quoted names,
 * dollar quotes and comments).
 */
function statementOf(inners: SQL[]): SQL {
  const columns = inners.map(
    (inner, i) =>
      sql`(SELECT coalesce(json_agg(json_build_array(s.x::text, pg_typeof(s.x)::text) ORDER BY s.n), '[]')::text
        FROM (${inner}) AS s) AS ${sql.raw(`c${String(i)}`)}`,
  );
  return sql`SELECT /* $1 '$2 */ '$1 ''$2''' AS "q$1""", $$ $1 $$ AS dq, $t$ '$2' $t$ AS tag, -- $1 '
    ${sql.join(columns, sql`, `)}`;
}

describe('inlined SQL answers as the parameterised statement (fast-check)', () => {
  const dialect = new PgDialect();
  let database: DatabaseHandle;
  let client: pg.PoolClient | undefined;
  /** Runs text as the batches do (one simple query), with standard_conforming_strings as given. */
  let simple: (text: string, conforming?: boolean) => Promise<Record<string, unknown>[]>;

  beforeAll(async () => {
    database = await openTestDatabase();
    const { pglite, pool } = database;
    if (pool) {
      const c = (client = await pool.connect());
      const run = async (text: string) => {
        const answer = (await c.query(text)) as Result | Result[];
        return Array.isArray(answer) ? answer.map((r) => r.rows) : [answer.rows];
      };
      simple = (text, conforming) => inTransaction(run, text, conforming);
    } else if (pglite) {
      const run = async (text: string) => (await pglite.exec(text)).map((r) => r.rows as Record<string, unknown>[]);
      simple = (text, conforming) => inTransaction(run, text, conforming);
    } else throw new Error('no database');
  });
  afterAll(async () => {
    client?.release();
    await database.close();
  });

  it('for random values of every kind, in every context', async () => {
    // Enough room that every statement shape is prepared (past the limit, EXECUTE would not be tested).
    const prepared = new PreparedStatements(10_000);
    const connection = client ?? database.pglite ?? {};
    await fc.assert(
      fc.asyncProperty(fc.array(CASE, { minLength: 1, maxLength: 6 }), fc.boolean(), async (cases, conforming) => {
        const statement = statementOf(cases.map(innerOf));
        const expected = rowsOf(await database.db.execute(statement));
        expect(expected).toHaveLength(1);
        const inlined = inlineQuery(dialect.sqlToQuery(statement));
        expect(await simple(inlined, conforming)).toEqual(expected);
        const executed = await prepared.textFor(connection, statement, (text) => simple(text));
        expect(executed).toMatch(/^EXECUTE ph_/);
        expect(await simple(executed, conforming)).toEqual(expected);
      }),
      { seed: 20_250_521, numRuns: 200 },
    );
  });
});

/**
 * `text` alone in a transaction whose standard_conforming_strings is `conforming` (unchanged when
 * undefined); answers its rows. A failure rolls the transaction back before it is thrown.
 */
async function inTransaction(
  run: (text: string) => Promise<Record<string, unknown>[][]>,
  text: string,
  conforming: boolean | undefined,
): Promise<Record<string, unknown>[]> {
  if (conforming === undefined) return (await run(text)).at(-1) ?? [];
  const setting = conforming ? 'on' : 'off';
  try {
    const results = await run(`BEGIN; SET LOCAL standard_conforming_strings = ${setting}; ${text}; COMMIT`);
    return results[2] ?? [];
  } catch (error) {
    await run('ROLLBACK');
    throw error;
  }
}
