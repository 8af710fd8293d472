import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../apps/api/src/config/env';
import { createContainer, type Container } from '../apps/api/src/container';
import { rowsOf } from '../apps/api/src/db/rows';
import { earningsOf, PAYMENT_CLEARING, PLATFORM_REVENUE, walletOf } from '../apps/api/src/modules/ledger/policy';
import { LedgerRepository } from '../apps/api/src/modules/ledger/repository';
import { checkStatement } from '../scripts/verify-statement.mjs';
import { arg } from './lib';

/**
 * Monthly statement generation (issue 28 §4) for one base with `--feeds` (100,000) acknowledged feeds in one
 * month, each with its ledger posting (the donor's wallet −10 → the operator's 3 and platform revenue's 7): the
 * API's container in this process on a fresh PGlite (or DATABASE_URL), VACUUM ANALYZE as the embedded
 * maintenance would, then the month's statement generated `--runs` times (deleted in between; the app never
 * deletes one): time, SQL statements sent (counted on the database client), lines and bytes; and the time the
 * standalone verifier takes to check the JSON.
 */

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? (s[m] ?? 0) : ((s[m - 1] ?? 0) + (s[m] ?? 0)) / 2;
};
const ms = (x: number) => Math.round(x);

/** Counts the statements sent to the database (PGlite's thread, or the pg pool). */
function countStatements(container: Container): () => number {
  let n = 0;
  const target = (container.database.pglite ?? container.database.pool) as unknown as Record<
    string,
    (...args: unknown[]) => unknown
  >;
  for (const method of ['query', 'exec']) {
    const original = target[method];
    if (typeof original !== 'function') continue;
    target[method] = (...args: unknown[]) => {
      n += 1;
      return original.apply(target, args);
    };
  }
  return () => n;
}

/** A base, its operator, a device, a donor, and `count` settled feeds spread over the month before `now`. */
async function seed(container: Container, count: number, now: Date): Promise<number> {
  const { db } = container.database;
  const { users } = container.services;
  const operator = await users.createWithEmail('bench-operator@example.com', { nickname: 'Operator' });
  const donor = await users.createWithEmail('bench-donor@example.com', { nickname: 'Donor' });
  const [base] = rowsOf<{ id: number }>(
    await db.execute(sql`INSERT INTO bases (name, latitude, longitude, operator_id)
      VALUES ('Bench Base', 31.2, 121.5, ${operator.id}::int) RETURNING id`),
  );
  if (!base) throw new Error('no base');
  await db.execute(sql`INSERT INTO devices (id, base_id, name, secret_hash, revenue_share_bp)
    VALUES ('BENCH-001', ${base.id}::int, 'Bench Feeder', 'x', 3000)`);
  const ledger = new LedgerRepository(db);
  const id = async (ref: Parameters<LedgerRepository['ensureAccount']>[0]) =>
    (await ledger.ensureAccount(ref)).account.id;
  const [wallet, earnings, platform, clearing] = [
    await id(walletOf(donor.id)),
    await id(earningsOf(operator.id)),
    await id(PLATFORM_REVENUE),
    await id(PAYMENT_CLEARING),
  ];
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const span = 27 * 86_400;
  await db.execute(sql`INSERT INTO ledger_transactions (kind, idempotency_key, reference, created_at)
    VALUES ('recharge', 'bench:recharge', 'bench', ${monthStart.toISOString()}::timestamptz)`);
  await db.execute(sql`INSERT INTO ledger_entries (transaction_id, account_id, amount)
    SELECT t.id, a.account, a.amount FROM ledger_transactions t,
      (VALUES (${wallet}::int, ${count * 10}::bigint), (${clearing}::int, ${-count * 10}::bigint)) a(account, amount)
     WHERE t.idempotency_key = 'bench:recharge'`);
  await db.execute(sql`
    INSERT INTO feeds (id, user_id, idempotency_key, device_id, base_id, operator_id, revenue_share_bp, grams, coins,
                       status, command_id, expires_at, grams_dispensed, coins_charged, created_at, settled_at)
    SELECT md5('bench-feed-' || i)::uuid, ${donor.id}::int, 'bench-feed-' || i, 'BENCH-001', ${base.id}::int,
           ${operator.id}::int, 3000, 10, 10, 'succeeded', md5('bench-command-' || i)::uuid, x.at + interval '13 s',
           5 + i % 6, 10, x.at, x.at + interval '3 s'
      FROM generate_series(1, ${count}::int) i
     CROSS JOIN LATERAL (SELECT ${monthStart.toISOString()}::timestamptz + interval '1 hour'
                                + (i * ${span / count}::float8) * interval '1 second' AS at) x`);
  await db.execute(sql`INSERT INTO ledger_transactions (kind, idempotency_key, reference, created_at)
    SELECT 'feed', 'bench:' || f.idempotency_key, f.id::text, f.settled_at FROM feeds f ORDER BY f.settled_at`);
  await db.execute(sql`INSERT INTO ledger_entries (transaction_id, account_id, amount)
    SELECT t.id, e.account, e.amount FROM ledger_transactions t
      JOIN feeds f ON f.id::text = t.reference
     CROSS JOIN LATERAL (VALUES (${wallet}::int, -10), (${earnings}::int, 3), (${platform}::int, 7)) e(account, amount)
     WHERE t.kind = 'feed'`);
  await db.execute(sql`UPDATE ledger_accounts a SET balance = s.total
    FROM (SELECT account_id, sum(amount) AS total FROM ledger_entries GROUP BY 1) s WHERE s.account_id = a.id`);
  return base.id;
}

export async function benchStatements(o: { feeds: number; runs: number }) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'petheart-bench-statements-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
  });
  const now = new Date();
  const container = await createContainer(config);
  try {
    const started = performance.now();
    const baseId = await seed(container, o.feeds, now);
    const seeded = performance.now() - started;
    if (container.database.pglite) await container.database.pglite.exec('VACUUM ANALYZE');
    else await container.database.db.execute(sql`VACUUM ANALYZE`);
    const { statements } = container.services;
    const sent = countStatements(container);
    const times: number[] = [];
    let queries = 0;
    let stored = 0;
    for (let i = 0; i < o.runs; i++) {
      await container.database.db.execute(sql`DELETE FROM base_statements`);
      const before = sent();
      const t0 = performance.now();
      stored = await statements.generateDue();
      times.push(performance.now() - t0);
      queries = sent() - before;
    }
    const [row] = rowsOf<{ month: string; lines: number; json: string; csv: string }>(
      await container.database.db.execute(
        sql`SELECT month, lines, json, csv FROM base_statements WHERE base_id = ${baseId}::int`,
      ),
    );
    if (!row) throw new Error('no statement generated');
    const bytes = Buffer.from(row.json, 'utf8');
    const t0 = performance.now();
    const checked = checkStatement(bytes);
    const verifyMs = performance.now() - t0;
    if (checked.problems.length > 0) throw new Error(`the statement does not verify: ${checked.problems.join('; ')}`);
    return {
      database: container.database.kind === 'pglite' ? 'PGlite' : 'PostgreSQL',
      seedSeconds: Math.round(seeded / 100) / 10,
      result: {
        month: row.month,
        'statements stored': stored,
        lines: row.lines,
        'median ms': ms(median(times)),
        'range ms': `${String(ms(Math.min(...times)))}–${String(ms(Math.max(...times)))}`,
        'SQL statements': queries,
        'JSON bytes': bytes.length,
        'CSV bytes': Buffer.byteLength(row.csv, 'utf8'),
        'verify ms': ms(verifyMs),
      },
    };
  } finally {
    await container.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1] ?? ''}`) {
  const options = { feeds: arg('feeds', 100_000), runs: arg('runs', 3) };
  console.log(
    `Monthly statement of one base with ${String(options.feeds)} acknowledged feeds in the month ` +
      `(3 ledger entries each), generated ${String(options.runs)} times:`,
  );
  const { database, seedSeconds, result } = await benchStatements(options);
  console.log(`${database}; seeded in ${String(seedSeconds)} s`);
  console.table([result]);
}
