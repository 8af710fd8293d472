import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { MIGRATIONS_DIR, openDatabase } from '../src/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: a migrated data directory dump (tar) every test file loads. */
    pgliteTemplate: string;
    /** PostgreSQL: a migrated database every test file's database is copied from. */
    pgTemplateDb: string;
  }
}

/** A digest of the migrations, so a cached template is reused only while they are unchanged. */
async function migrationsDigest(): Promise<string> {
  const hash = createHash('sha256');
  const walk = async (dir: string) => {
    for (const entry of (await readdir(dir, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else hash.update(entry.name).update(await readFile(full));
    }
  };
  await walk(MIGRATIONS_DIR);
  return hash.digest('hex').slice(0, 16);
}

/** Migrates ONE template database; each test file then starts from a copy of it. */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `ph_tpl_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const target = new URL(url);
    target.pathname = `/${name}`;
    const handle = await openDatabase({ url: target.toString() });
    await handle.close();
    project.provide('pgTemplateDb', name);
    project.provide('pgliteTemplate', '');
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    };
  }

  const file = path.join(os.tmpdir(), `petheart-pglite-template-${await migrationsDigest()}.tar`);
  if (!existsSync(file)) {
    const handle = await openDatabase({ pgliteDir: 'memory://' });
    if (!handle.pglite) throw new Error('expected PGlite');
    const dump = await handle.pglite.dumpDataDir('none');
    await handle.close();
    const partial = `${file}.${String(process.pid)}.tmp`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, file);
  }
  project.provide('pgliteTemplate', file);
  project.provide('pgTemplateDb', '');
  return async () => {
    // The template stays cached for the next run; remove stale ones from older migrations once they are a day
    // old (a run of another checkout with other migrations may be using its template right now).
    const dir = os.tmpdir();
    const dayAgo = Date.now() - 86_400_000;
    for (const name of await readdir(dir)) {
      const other = path.join(dir, name);
      if (!name.startsWith('petheart-pglite-template-') || other === file) continue;
      const info = await stat(other).catch(() => undefined);
      if (info && info.mtimeMs < dayAgo) await rm(other, { force: true });
    }
  };
}
