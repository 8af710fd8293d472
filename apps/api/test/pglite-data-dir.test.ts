import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PGliteThread } from '../src/db/pglite-thread';

/** The embedded database in a data directory on disk (decision 022). */
describe('PGliteThread on a data directory', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'petheart-pglite-'));
  afterAll(() => {
    rmSync(root, { recursive: true, force: true });
  });

  it('creates the cluster in an empty directory (in a process of its own), then opens it again', async () => {
    const dir = path.join(root, 'data');
    const first = await PGliteThread.create(dir);
    expect(existsSync(path.join(dir, 'PG_VERSION'))).toBe(true);
    await first.exec('CREATE TABLE kept (id int PRIMARY KEY); INSERT INTO kept VALUES (7)');
    await first.close();

    const again = await PGliteThread.create(dir);
    expect((await again.query<{ id: number }>('SELECT id FROM kept')).rows).toEqual([{ id: 7 }]);
    // Small: the engine's memory never shrinks, and shared_buffers was taken whole at start.
    const setting = async (name: string) => (await again.query<Record<string, string>>(`SHOW ${name}`)).rows[0]?.[name];
    expect(await setting('shared_buffers')).toBe('16MB');
    expect(await setting('maintenance_work_mem')).toBe('16MB');
    await again.close();
  }, 60_000);

  it('says why when the cluster cannot be created', async () => {
    const file = path.join(root, 'not-a-directory');
    writeFileSync(file, 'x');
    await expect(PGliteThread.create(file)).rejects.toThrow(/creating the database in .*not-a-directory failed/);
  }, 60_000);
});
