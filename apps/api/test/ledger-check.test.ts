import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/env';
import { createContainer } from '../src/container';
import { openDatabase } from '../src/db/client';
import { ledgerAccounts } from '../src/db/schema';
import { walletOf } from '../src/modules/ledger/policy';

const root = path.resolve(import.meta.dirname, '../../..');

/** Runs `npm run ledger:check`'s program on a data folder (always the embedded database). */
function check(dataDir: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'test' };
  delete env.DATABASE_URL;
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', path.join(root, 'apps/api/src/ledger-check.ts'), ...args],
      { cwd: root, env, timeout: 60_000 },
      (error, stdout, stderr) => {
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
      },
    );
  });
}

describe('ledger:check (the invariant checker command)', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'petheart-ledger-check-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('refuses an embedded database in use, passes a sound ledger, and exits 1 on a broken one', async () => {
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    const container = await createContainer(config);
    const { ledger, users } = container.services;
    const user = await users.createWithEmail('checked@example.com');
    await ledger.credit({ userId: user.id, amount: 40, idempotencyKey: 'order-1' });
    await ledger.hold({
      account: walletOf(user.id),
      amount: 15,
      idempotencyKey: 'feed-1',
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    const busy = await check(dataDir);
    await container.close();
    expect(busy.code).toBe(2);
    expect(busy.stderr).toContain('in use');

    const sound = await check(dataDir);
    expect(sound.stdout).toContain('Ledger OK: 1 transactions, 2 entries, 2 accounts, 1 pending holds');
    expect(sound.code).toBe(0);

    // The cached wallet balance no longer matches its entries.
    const db = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
    await db.db.execute(sql`UPDATE ${ledgerAccounts} SET balance = balance + 5 WHERE kind = 'user_wallet'`);
    await db.close();
    const broken = await check(dataDir, '--json');
    expect(broken.code).toBe(1);
    const report = JSON.parse(broken.stdout) as { ok: boolean; problems: { code: string; detail: string }[] };
    expect(report.ok).toBe(false);
    expect(report.problems.map((p) => p.code)).toEqual(['balance_mismatch', 'user_balance_mismatch']);
  }, 180_000);
});
