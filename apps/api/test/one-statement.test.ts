import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anyOf, fromJsonRow, OneStatement } from '../src/db/one-statement';
import { rowsOf } from '../src/db/rows';
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createTestApi, type TestApi } from './harness';

const items = pgTable('one_statement_items', {
  id: text('id').primaryKey(),
  n: integer('n').notNull(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
});

describe('OneStatement (a batch’s reads or writes as one statement)', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi({ seed: false, serveWeb: false });
    await api.container.database.db.execute(
      sql`CREATE TABLE one_statement_items (id text PRIMARY KEY, n int NOT NULL, at timestamptz NOT NULL DEFAULT now())`,
    );
  });
  afterAll(async () => {
    await api.close();
  });

  it('runs every part in one statement: a later part reads an earlier one by name, each answers its rows', async () => {
    const db = api.container.database.db;
    const q = new OneStatement();
    q.add('added', sql`INSERT INTO one_statement_items (id, n) VALUES ('a', 1), ('b', 2) RETURNING id`);
    const doubled = q.add(
      'doubled',
      sql`INSERT INTO one_statement_items (id, n) SELECT a.id || '2', 2 FROM added a RETURNING id, n`,
      (rows) => rows.map((r) => `${String(r.id)}=${String(r.n)}`).sort(),
    );
    // Every part sees the table as it was before the statement.
    const before = q.add('before', sql`SELECT count(*)::int AS c FROM one_statement_items`, (rows) => rows[0]?.c);
    await q.run(db);
    expect(doubled()).toEqual(['a2=2', 'b2=2']);
    expect(before()).toBe(0);
    const [row] = rowsOf<{ c: number }>(await db.execute(sql`SELECT count(*)::int AS c FROM one_statement_items`));
    expect(row?.c).toBe(4);
  });

  it('a failing check rolls its transaction back; a bad or repeated name is refused', async () => {
    const db = api.container.database.db;
    await expect(
      db.transaction(async (tx) => {
        const q = new OneStatement();
        q.add('gone', sql`DELETE FROM one_statement_items WHERE id LIKE '%2' RETURNING id`, (rows) => {
          if (rows.length !== 3) throw new Error(`deleted ${String(rows.length)}`);
        });
        await q.run(tx);
      }),
    ).rejects.toThrow('deleted 2');
    const [row] = rowsOf<{ c: number }>(await db.execute(sql`SELECT count(*)::int AS c FROM one_statement_items`));
    expect(row?.c).toBe(4);
    const q = new OneStatement();
    expect(() => {
      q.add('Bad-Name', sql`SELECT 1`);
    }).toThrow();
    q.add('twice', sql`SELECT 1`);
    expect(() => {
      q.add('twice', sql`SELECT 1`);
    }).toThrow();
  });

  it('anyOf takes any text (quotes, backslashes, commas, braces); rows come back as a select gives them', async () => {
    const db = api.container.database.db;
    const odd = ['q"uote', 'back\\slash', 'com,ma', '{brace}', 'sp ace', 'NULL'];
    await db.execute(
      sql`INSERT INTO one_statement_items (id, n) SELECT v, 9 FROM jsonb_array_elements_text(${JSON.stringify(odd)}::jsonb) v`,
    );
    const q = new OneStatement();
    const found = q.add(
      'found',
      sql`SELECT id FROM one_statement_items WHERE id = ${anyOf([...odd, 'absent'], 'text')}`,
      (rows) => rows.map((r) => String(r.id)).sort(),
    );
    const none = q.add('none', sql`SELECT id FROM one_statement_items WHERE id = ${anyOf([], 'text')}`, (r) => r);
    const first = q.add('first', sql`SELECT * FROM ${items} WHERE id = 'a'`, (rows) =>
      rows.map((r) => fromJsonRow(items, r)),
    );
    await q.run(db);
    expect(found()).toEqual([...odd].sort());
    expect(none()).toEqual([]);
    expect(first()).toEqual([{ id: 'a', n: 1, at: expect.any(Date) as Date }]);
  });
});
