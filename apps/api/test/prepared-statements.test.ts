import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchTransactions } from '../src/db/batch-transaction';
import type { DatabaseHandle } from '../src/db/client';
import { anyOf } from '../src/db/one-statement';
import { PreparedStatements } from '../src/db/prepared';
import { recordset, rowsOf } from '../src/db/rows';
import { openTestDatabase } from './harness';

/** Batch statements run as the server's prepared statements (decision 011), on PGlite or PostgreSQL. */
describe('prepared batch statements', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
    await database.db.execute(sql`CREATE TABLE ps_items (id int PRIMARY KEY, label text NOT NULL)`);
  });
  afterAll(async () => {
    await database.close();
  });

  /** Inserts `ids` (one recordset parameter) and reads them back by an array parameter. */
  const insertAndRead = (ids: number[]): SQL[] => [
    sql`INSERT INTO ps_items (id, label)
      SELECT v.id, v.label FROM jsonb_to_recordset(${recordset(ids.map((id) => ({ id, label: `it's ${String(id)}` })))}::jsonb)
        AS v(id int, label text)`,
    sql`SELECT id, label FROM ps_items WHERE id = ${anyOf(ids, 'int')} AND label <> ${''} ORDER BY id`,
  ];

  it('other values and other array lengths run the same prepared statement, and answer right', async () => {
    const prepared = new PreparedStatements();
    const transactions = batchTransactions(database, prepared);
    for (const ids of [[1], [2, 3, 4], [5, 6]]) {
      const [, read] = await transactions((tx) => tx.send(insertAndRead(ids), { commit: true }));
      expect(read).toEqual(ids.map((id) => ({ id, label: `it's ${String(id)}` })));
    }
    expect(prepared.texts).toBe(2);
    const names = await transactions(async (tx) => {
      const [rows] = await tx.send([
        sql`SELECT name, statement FROM pg_prepared_statements WHERE name LIKE ${'ph\\_%'}`,
      ]);
      return (rows ?? []).map((r) => String(r.statement));
    });
    // This connection prepared the reading statement with a parameter, not with the values written in.
    expect(
      names.some((s) => /PREPARE ph_\w+ AS SELECT id, label FROM ps_items WHERE id = ANY\(\$1::int\[\]\)/.test(s)),
    ).toBe(true);
  });

  it('a connection that lost its prepared statements runs the transaction again, which prepares them anew', async () => {
    const transactions = batchTransactions(database, new PreparedStatements());
    let attempts = 0;
    const read = await transactions(async (tx) => {
      attempts++;
      await tx.send([sql`SELECT count(*)::int AS c FROM ps_items WHERE id > ${0}`]);
      if (attempts === 1) {
        const ours = rowsOf<{ name: string }>(
          await tx.db.execute(sql`SELECT name FROM pg_prepared_statements WHERE name LIKE ${'ph\\_%'}`),
        );
        for (const { name } of ours) await tx.db.execute(sql.raw(`DEALLOCATE ${name}`));
      }
      const [rows] = await tx.send([sql`SELECT count(*)::int AS c FROM ps_items WHERE id > ${0}`]);
      return rows;
    });
    expect(attempts).toBe(2);
    expect(read).toEqual([{ c: 6 }]);
  });

  it('past its limit a connection prepares nothing more: further statements carry their values', async () => {
    const prepared = new PreparedStatements(1);
    const transactions = batchTransactions(database, prepared);
    const { answers, session } = await transactions(async (tx) => {
      const answers = await tx.send([
        sql`SELECT count(*)::int AS c FROM ps_items WHERE id < ${3}`,
        sql`SELECT label FROM ps_items WHERE id = ${2}`,
        sql`SELECT ${'text with a $1 and a \\ in it'}::text AS t`,
      ]);
      // The same connection (this transaction's) says what it has prepared.
      const [rows] = await tx.send([sql`SELECT statement FROM pg_prepared_statements WHERE name LIKE ${'ph\\_%'}`]);
      return { answers, session: (rows ?? []).map((r) => String(r.statement)) };
    });
    expect(answers).toEqual([[{ c: 2 }], [{ label: "it's 2" }], [{ t: 'text with a $1 and a \\ in it' }]]);
    expect(session.some((s) => s.includes('FROM ps_items WHERE id < $1'))).toBe(true);
    expect(session.some((s) => s.includes('SELECT label FROM ps_items'))).toBe(false);
    expect(session.some((s) => s.includes('::text AS t'))).toBe(false);
  });
});
