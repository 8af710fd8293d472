import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmbeddedMaintenance } from '../src/db/embedded-maintenance';
import { PGliteThread } from '../src/db/pglite-thread';
import { createTestApi } from './harness';

/**
 * The embedded database's autovacuum (decision 019), on a PGlite of its own: a prepared statement planned
 * while its table was small keeps scanning the whole table as it grows, until an ANALYZE makes it plan
 * again; dead rows stay until a VACUUM.
 */
describe('EmbeddedMaintenance', () => {
  let db: PGliteThread;
  let maintenance: EmbeddedMaintenance;
  const ids = ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002'];
  const planOfUpdate = async () =>
    (await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN EXECUTE settle('{${ids.join(',')}}')`)).rows
      .map((r) => r['QUERY PLAN'])
      .join('\n');
  const deadRows = async () => {
    await db.query('SELECT pg_stat_force_next_flush()');
    const { rows } = await db.query<{ dead: string }>(
      `SELECT n_dead_tup::text AS dead FROM pg_stat_user_tables WHERE relname = 'items'`,
    );
    return Number(rows[0]?.dead);
  };

  beforeAll(async () => {
    db = await PGliteThread.create('memory://');
    maintenance = new EmbeddedMaintenance({ database: db, intervalMs: 60_000 });
    await db.exec(`
      CREATE TABLE items (id uuid PRIMARY KEY, v int NOT NULL, settled_at timestamptz);
      INSERT INTO items SELECT ('00000000-0000-4000-8000-' || lpad(i::text, 12, '0'))::uuid, 0 FROM generate_series(1, 50) i;
    `);
  });
  afterAll(async () => {
    await maintenance.stop();
    await db.close();
  });

  it('analyzes a table once more than 50 + 10 % of its rows changed', async () => {
    expect((await maintenance.run()).done).toEqual([]);
    await db.exec(`UPDATE items SET v = 1 WHERE id = '${ids[0] ?? ''}'`);
    const { done } = await maintenance.run();
    expect(done).toEqual([{ table: 'items', work: 'ANALYZE', ms: expect.any(Number) as number }]);
    expect((await maintenance.run()).done).toEqual([]);
  });

  it('makes a statement planned on a small table plan again once the table has grown', async () => {
    await db.exec(`
      SET plan_cache_mode = force_generic_plan;
      PREPARE settle(uuid[]) AS UPDATE items SET v = v + 1 WHERE id = ANY($1) AND settled_at IS NULL;
    `);
    expect(await planOfUpdate()).toMatch(/Seq Scan on items/);
    await db.exec(
      `INSERT INTO items SELECT ('00000000-0000-4000-8000-' || lpad(i::text, 12, '0'))::uuid, 0 FROM generate_series(51, 30000) i`,
    );
    // The plan made for 20 rows is kept for 30,000: each execution reads the whole table.
    expect(await planOfUpdate()).toMatch(/Seq Scan on items/);
    const { done } = await maintenance.run();
    expect(done.map((d) => [d.table, d.work])).toEqual([['items', 'ANALYZE']]);
    const plan = await planOfUpdate();
    expect(plan).toMatch(/items_pkey/);
    expect(plan).not.toMatch(/Seq Scan/);
  });

  it('vacuums a table once a fifth of its rows are dead', async () => {
    await db.exec(`UPDATE items SET v = v + 1 WHERE id < '00000000-0000-4000-8000-000000002500'`);
    expect(await deadRows()).toBeGreaterThan(2000);
    expect((await maintenance.run()).done).toEqual([]);
    await db.exec(`UPDATE items SET v = v + 1 WHERE id >= '00000000-0000-4000-8000-000000002500'`);
    const { done } = await maintenance.run();
    expect(done.map((d) => [d.table, d.work])).toEqual([
      ['items', 'VACUUM'],
      ['items', 'ANALYZE'],
    ]);
    expect(await deadRows()).toBe(0);
  });
});

describe('EmbeddedMaintenance and the write-ahead log', () => {
  let db: PGliteThread;
  const redo = async () =>
    (await db.query<{ lsn: string }>('SELECT redo_lsn::text AS lsn FROM pg_control_checkpoint()')).rows[0]?.lsn;
  beforeAll(async () => {
    db = await PGliteThread.create('memory://');
    await db.exec('CREATE TABLE notes (id int PRIMARY KEY, body text NOT NULL)');
  });
  afterAll(async () => {
    await db.close();
  });
  const maintenanceWith = (checkpointLimits: { timeoutSeconds: number; walBytes: number }) =>
    new EmbeddedMaintenance({ database: db, intervalMs: 60_000, checkpointLimits });
  const checkpointed = async (maintenance: EmbeddedMaintenance) =>
    (await maintenance.run()).done.some((d) => d.work === 'CHECKPOINT');

  it('checkpoints once the log since the last checkpoint passes the limit, and not again until it does', async () => {
    const maintenance = maintenanceWith({ timeoutSeconds: 3_600, walBytes: 1_000_000 });
    await db.exec('CHECKPOINT');
    const before = await redo();
    await db.exec(`INSERT INTO notes SELECT i, repeat('x', 100) FROM generate_series(1, 1000) i`);
    expect(await checkpointed(maintenance)).toBe(false);
    expect(await redo()).toBe(before);
    await db.exec(`INSERT INTO notes SELECT i, repeat('x', 100) FROM generate_series(1001, 10000) i`);
    expect(await checkpointed(maintenance)).toBe(true);
    expect(await redo()).not.toBe(before);
    expect(await checkpointed(maintenance)).toBe(false);
  });

  it('checkpoints on time only when something was written since the last checkpoint', async () => {
    const maintenance = maintenanceWith({ timeoutSeconds: 0, walBytes: 1_000_000_000 });
    await db.exec('CHECKPOINT');
    expect((await maintenance.run()).done).toEqual([]);
    await db.exec(`UPDATE notes SET body = 'y' WHERE id = 1`);
    expect((await maintenance.run()).done).toEqual([
      { table: null, work: 'CHECKPOINT', ms: expect.any(Number) as number },
    ]);
  });
});

describe('the app and the embedded maintenance', () => {
  it('runs it on PGlite, whose tables it then keeps: not on PostgreSQL, which has autovacuum', async () => {
    const api = await createTestApi({ seed: false, serveWeb: false });
    try {
      const { database, services } = api.container;
      expect(services.databaseMaintenance === undefined).toBe(database.kind === 'postgres');
      // A run over the app's own tables (after migrations) goes through.
      if (database.kind === 'pglite') await expect(services.databaseMaintenance?.run()).resolves.toHaveProperty('done');
    } finally {
      await api.close();
    }
  });
});
