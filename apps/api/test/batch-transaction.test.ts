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

  it('sends statements together: each sees the ones before it; a later send and drizzle see the same transaction', async () => {
    const id = '6f1c3d2e-8a4b-4c5d-9e6f-7a8b9c0d1e2f';
    const label = `it's a \\ backslash, "quotes", 猫 and $1 in text`;
    const at = new Date('2026-11-21T10:11:12.345Z');
    const data = JSON.stringify([{ a: "o'k", b: '\\n' }]);
    const answer = await transactions(async (tx) => {
      const [inserted, seen] = await tx.send([
        sql`INSERT INTO bt_items (id, n, label, at, data) VALUES (${id}, ${41}, ${label}, ${at}, ${data}::jsonb) RETURNING n`,
        sql`SELECT n + ${1} AS next, label, at, data, n = ${'41'} AS same FROM bt_items WHERE id = ${anyOf([id], 'uuid')}`,
      ]);
      const later = await tx.send([sql`UPDATE bt_items SET n = n + 1 WHERE id = ${id} RETURNING n`]);
      const viaDrizzle = rowsOf<{ n: number }>(await tx.db.execute(sql`SELECT n FROM bt_items WHERE id = ${id}`));
      return { inserted, seen, later, viaDrizzle };
    });
    expect(answer.inserted).toEqual([{ n: 41 }]);
    const row = answer.seen?.[0];
    expect(row?.next).toBe(42);
    expect(row?.label).toBe(label);
    expect(new Date(row?.at as string | Date).toISOString()).toBe(at.toISOString());
    expect(row?.data).toEqual([{ a: "o'k", b: '\\n' }]);
    expect(row?.same).toBe(true);
    expect(answer.later).toEqual([[{ n: 42 }]]);
    expect(answer.viaDrizzle).toEqual([{ n: 42 }]);
    expect(await count()).toBe(1);
  });

  it('a failing statement rolls the whole transaction back, earlier sends included', async () => {
    const before = await count();
    await expect(
      transactions(async (tx) => {
        await tx.send([
          sql`INSERT INTO bt_items (id, n, label, at) VALUES (${'0b1c3d2e-8a4b-4c5d-9e6f-7a8b9c0d1e2f'}, 1, 'x', now())`,
        ]);
        await tx.send([sql`INSERT INTO bt_items (id, n, label, at) VALUES (${'not a uuid'}, 1, 'y', now())`]);
      }),
    ).rejects.toThrow(/uuid/);
    await expect(
      transactions(async (tx) => {
        await tx.send([
          sql`INSERT INTO bt_items (id, n, label, at) VALUES (${'1b1c3d2e-8a4b-4c5d-9e6f-7a8b9c0d1e2f'}, 1, 'x', now())`,
        ]);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await count()).toBe(before);
    // The connection is usable again.
    expect(await transactions(async (tx) => (await tx.send([sql`SELECT ${7}::int AS v`]))[0])).toEqual([{ v: 7 }]);
  });

  it('drizzle in the transaction runs inside it; on PostgreSQL it is refused before the first send (it would run outside)', async () => {
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
      await tx.send([sql`INSERT INTO bt_items (id, n, label, at) VALUES (${ids[1]}, 9, 'taken', now())`]);
      await write(2).q.run(tx, { commit: true });
    }).catch((error: unknown) => error);
    expect(statementCheckFailed(failed)).toBe('not every item was new');
    expect(await count()).toBe(before);

    const ok = write(2);
    await transactions((tx) => ok.q.run(tx, { commit: true }));
    expect(ok.inserted()).toBe(2);
    expect(await count()).toBe((before ?? 0) + 2);
  });
});
