import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchTransactions, type BatchTransactions } from '../src/db/batch-transaction';
import type { DatabaseHandle } from '../src/db/client';
import { anyOf, OneStatement } from '../src/db/one-statement';
import { rowsOf } from '../src/db/rows';
import { statementCheckFailed } from '../src/db/sql-state';
import { openTestDatabase } from './harness';

/** Batch transactions (statements sent together, parameters written in as literals), on PGlite or PostgreSQL. */
describe('batch transactions', () => {
  let database: DatabaseHandle;
  let transactions: BatchTransactions;
  const count = async () =>
    rowsOf<{ c: number }>(await database.db.execute(sql`SELECT count(*)::int AS c FROM bt_items`))[0]?.c;

  beforeAll(async () => {
    database = await openTestDatabase();
    transactions = batchTransactions(database);
    await database.db.execute(
      sql`CREATE TABLE bt_items (id uuid PRIMARY KEY, n int NOT NULL, label text NOT NULL, at timestamptz NOT NULL, data jsonb)`,
    );
  });
  afterAll(async () => {
    await database.close();
  });

  it('sends statements together: each sees the ones before it; the last send sees what an earlier one read', async () => {
    const id = '6f1c3d2e-8a4b-4c5d-9e6f-7a8b9c0d1e2f';
    const label = `it's a \\ backslash, "quotes", 猫 and $1 in text`;
    const at = new Date('2026-11-21T10:11:12.345Z');
    const data = JSON.stringify([{ a: "o'k", b: '\\n' }]);
    const answer = await transactions(async (tx) => {
      const [read] = await tx.send([sql`SELECT count(*)::int AS c FROM bt_items WHERE id = ${id}`]);
      const [inserted, seen, later] = await tx.send(
        [
          sql`INSERT INTO bt_items (id, n, label, at, data) VALUES (${id}, ${41}, ${label}, ${at}, ${data}::jsonb) RETURNING n`,
          sql`SELECT n + ${1} AS next, label, at, data, n = ${'41'} AS same FROM bt_items WHERE id = ${anyOf([id], 'uuid')}`,
          sql`UPDATE bt_items SET n = n + 1 WHERE id = ${id} RETURNING n`,
        ],
        { commit: true },
      );
      return { read, inserted, seen, later };
    });
    expect(answer.read).toEqual([{ c: 0 }]);
    expect(answer.inserted).toEqual([{ n: 41 }]);
    const row = answer.seen?.[0];
    expect(row?.next).toBe(42);
    expect(row?.label).toBe(label);
    expect(new Date(row?.at as string | Date).toISOString()).toBe(at.toISOString());
    expect(row?.data).toEqual([{ a: "o'k", b: '\\n' }]);
    expect(row?.same).toBe(true);
    expect(answer.later).toEqual([{ n: 42 }]);
    expect(await count()).toBe(1);
  });

  it('a failing statement fails its whole send: nothing it or the transaction wrote stays', async () => {
    const before = await count();
    const insert = (id: string) => sql`INSERT INTO bt_items (id, n, label, at) VALUES (${id}, 1, 'x', now())`;
    await expect(
      transactions(async (tx) => {
        await tx.send([sql`SELECT 1 AS one`]);
        await tx.send([insert('0b1c3d2e-8a4b-4c5d-9e6f-7a8b9c0d1e2f'), insert('not a uuid')], { commit: true });
      }),
    ).rejects.toThrow(/uuid/);
    await expect(
      transactions(async (tx) => {
        await tx.send([sql`SELECT 1 AS one`]);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await count()).toBe(before);
    // The connection is usable again.
    expect(await transactions(async (tx) => (await tx.send([sql`SELECT ${7}::int AS v`]))[0])).toEqual([{ v: 7 }]);
  });

  it('sends before the last read: on PostgreSQL their writes roll back with the transaction; PGlite refuses them', async () => {
    const before = await count();
    const attempt = transactions(async (tx) => {
      await tx.send([
        sql`INSERT INTO bt_items (id, n, label, at) VALUES (${'1b1c3d2e-8a4b-4c5d-9e6f-7a8b9c0d1e2f'}, 1, 'x', now())`,
      ]);
      throw new Error('changed my mind');
    });
    // PGlite runs a send before the last in a read-only transaction of its own (decision 017).
    await expect(attempt).rejects.toThrow(database.kind === 'postgres' ? 'changed my mind' : /read-only transaction/);
    expect(await count()).toBe(before);
  });

  it('drizzle in the transaction: on PostgreSQL inside it, refused before the first send; on PGlite on its own', async () => {
    const attempt = transactions((tx) => tx.db.execute(sql`SELECT 1 AS one`));
    if (database.kind === 'postgres')
      // Drizzle wraps the refusal in its "Failed query" error.
      await expect(attempt.catch((error: unknown) => String((error as { cause?: unknown }).cause))).resolves.toMatch(
        /before its first send/,
      );
    else expect(rowsOf(await attempt)).toEqual([{ one: 1 }]);
  });

  it('the last send carries the COMMIT: its rows answer, what it wrote stays, and nothing more may be sent', async () => {
    const before = await count();
    const id = '2c1c3d2e-8a4b-4c5d-9e6f-7a8b9c0d1e2f';
    const after = await transactions(async (tx) => {
      const [read] = await tx.send([sql`SELECT count(*)::int AS c FROM bt_items`]);
      const [written] = await tx.send(
        [sql`INSERT INTO bt_items (id, n, label, at) VALUES (${id}, 5, 'c', now()) RETURNING n`],
        {
          commit: true,
        },
      );
      await expect(tx.send([sql`SELECT 1 AS one`])).rejects.toThrow(/after its commit/);
      return { read, written };
    });
    expect(after).toEqual({ read: [{ c: before }], written: [{ n: 5 }] });
    expect(await count()).toBe((before ?? 0) + 1);
  });

  it("a statement's check that fails fails it with its message, and the COMMIT sent with it commits nothing", async () => {
    const before = await count();
    const ids = ['3c1c3d2e-8a4b-4c5d-9e6f-7a8b9c0d1e2f', '4c1c3d2e-8a4b-4c5d-9e6f-7a8b9c0d1e2f'];
    const write = (expected: number) => {
      const q = new OneStatement();
      const inserted = q.add(
        'bt_new',
        sql`INSERT INTO bt_items (id, n, label, at)
          SELECT v::uuid, 1, 'k', now() FROM unnest(${`{${ids.join(',')}}`}::text[]) v ON CONFLICT (id) DO NOTHING RETURNING id`,
        (rows) => rows.length,
      );
      q.check('bt_new_all', sql`(SELECT count(*) FROM bt_new) = ${expected}`, 'not every item was new');
      return { q, inserted };
    };
    const failed = await transactions(async (tx) => {
      // The second id is taken just before, by a statement of the same send.
      const taken = write(2);
      taken.q.before(sql`INSERT INTO bt_items (id, n, label, at) VALUES (${ids[1]}, 9, 'taken', now())`);
      await taken.q.run(tx, { commit: true });
    }).catch((error: unknown) => error);
    expect(statementCheckFailed(failed)).toBe('not every item was new');
    expect(await count()).toBe(before);

    const ok = write(2);
    await transactions((tx) => ok.q.run(tx, { commit: true }));
    expect(ok.inserted()).toBe(2);
    expect(await count()).toBe((before ?? 0) + 2);
  });
});
