import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGliteThread } from '../src/db/pglite-thread';
import { sqlState } from '../src/db/sql-state';

/** PGlite on its own thread (decision 017): what crosses the thread, and what does not. */
describe('the embedded database thread', () => {
  let db: PGliteThread;
  beforeAll(async () => {
    db = await PGliteThread.create('memory://');
    await db.exec('CREATE TABLE t (id int PRIMARY KEY, at timestamptz NOT NULL)');
  });
  afterAll(async () => {
    await db.close();
  });
  const count = async () => (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM t')).rows[0]?.n;

  it('answers queries with parameters; drizzle’s parsers keep timestamps as text', async () => {
    await db.query('INSERT INTO t VALUES ($1, $2)', [1, '2026-11-22T01:02:03Z']);
    const plain = await db.query<{ at: unknown }>('SELECT at FROM t WHERE id = $1', [1]);
    expect(plain.rows[0]?.at).toBeInstanceOf(Date);
    const drizzle = await db.query('SELECT at FROM t WHERE id = $1', [1], {
      rowMode: 'array',
      parsers: { 1184: String },
    });
    expect(drizzle.rows[0]).toEqual(['2026-11-22 01:02:03+00']);
    await expect(db.query('SELECT 1', [], { parsers: { 25: String } })).rejects.toThrow(/no parser for type 25/);
  });

  it('makes new write-ahead log segments without writing 16 MB of zeros first (decision 020)', async () => {
    expect((await db.query<{ wal_init_zero: string }>('SHOW wal_init_zero')).rows[0]?.wal_init_zero).toBe('off');
  });

  it('fails with PostgreSQL’s fields, and stays usable', async () => {
    const error = await db.query('SELECT * FROM missing').catch((e: unknown) => e);
    expect(sqlState(error)).toBe('42P01');
    expect(String(error)).toMatch(/missing/);
    expect((await db.exec('SELECT 1 AS one'))[0]?.rows).toEqual([{ one: 1 }]);
  });

  it('a transaction commits, or rolls back when its work throws; statements outside wait for it', async () => {
    const before = await count();
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO t VALUES (2, now())');
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await count()).toBe(before);
    let outside: Promise<number | undefined> | undefined;
    await db.transaction(async (tx) => {
      await tx.query('INSERT INTO t VALUES (3, now())');
      outside = count();
      await tx.query('INSERT INTO t VALUES (4, now())');
    });
    // The count asked during the transaction saw it whole.
    expect(await outside).toBe((before ?? 0) + 2);
  });

  it('runs `read` in a read-only transaction: a statement that writes fails and nothing stays', async () => {
    expect((await db.read('SELECT 7 AS v; SELECT 8 AS w')).map((r) => r.rows)).toEqual([[{ v: 7 }], [{ w: 8 }]]);
    const before = await count();
    const refused = await db.read('INSERT INTO t VALUES (9, now())').catch((e: unknown) => e);
    expect(sqlState(refused)).toBe('25006');
    expect(await count()).toBe(before);
  });

  it('refuses calls once closed (and closes twice without harm)', async () => {
    await db.close();
    await expect(db.exec('SELECT 1')).rejects.toThrow(/stopped/);
  });
});
