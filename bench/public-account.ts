import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config/env';
import { createContainer, type Container } from '../apps/api/src/container';
import { rowsOf } from '../apps/api/src/db/rows';
import { earningsOf, PAYMENT_CLEARING, PLATFORM_REVENUE, walletOf } from '../apps/api/src/modules/ledger/policy';
import { LedgerRepository } from '../apps/api/src/modules/ledger/repository';
import { FedGramsRepository } from '../apps/api/src/modules/transparency/fed-grams-repository';
import { seedDemo } from '../apps/api/src/seed/demo';
import { arg } from './lib';

/**
 * The public accounts (issue 28 §3) with many feeds: the API's container and app in this process on a fresh
 * PGlite (or DATABASE_URL), the demo data, then `--feeds` (100,000) acknowledged feeds, each with its ledger
 * posting (wallet −10 → the base operator's 30 % and platform revenue), spread over 12 months and the demo
 * devices (60 % on PH-0001), and 200 food purchases; VACUUM ANALYZE as the embedded maintenance would. Then each
 * request runs `--runs` times in turn after a warm-up: its median and range (ms) and the SQL statements it sent
 * (counted on the database client). An account is kept a minute: "read" rows drop it before each request (what
 * the first reader of a minute waits), "kept" rows do not. `--index` also creates the candidate index below and
 * measures again.
 */

const CANDIDATE_INDEX = `CREATE INDEX IF NOT EXISTS feeds_base_fed_idx ON feeds (base_id, created_at)
  INCLUDE (grams_dispensed, device_id) WHERE status = 'succeeded'`;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? (s[m] ?? 0) : ((s[m - 1] ?? 0) + (s[m] ?? 0)) / 2;
};
const ms = (x: number) => Math.round(x * 10) / 10;

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

export async function seedFeeds(container: Container, count: number): Promise<{ baseId: number }> {
  const { db } = container.database;
  const { users } = container.services;
  const feeder = await users.byEmail('friend@petheart.local');
  const operator = await users.byEmail('demo@petheart.local');
  if (!feeder || !operator) throw new Error('the demo users are missing');
  const ledger = new LedgerRepository(db);
  const id = async (ref: Parameters<LedgerRepository['ensureAccount']>[0]) =>
    (await ledger.ensureAccount(ref)).account.id;
  const [wallet, earnings, platform, clearing] = [
    await id(walletOf(feeder.id)),
    await id(earningsOf(operator.id)),
    await id(PLATFORM_REVENUE),
    await id(PAYMENT_CLEARING),
  ];
  const deviceRows = rowsOf<{ id: string; base_id: number }>(
    await db.execute(sql`SELECT id, base_id FROM devices ORDER BY id`),
  );
  const ids = deviceRows.map((d) => d.id);
  const now = container.clock.now().toISOString();
  const span = 365 * 86_400;
  // The coins first (a recharge), then the feeds, their postings (one statement: each balanced), balances.
  await db.execute(sql`INSERT INTO ledger_transactions (kind, idempotency_key, reference, created_at)
    VALUES ('recharge', 'bench:recharge', 'bench', ${now}::timestamptz - interval '366 days')`);
  await db.execute(sql`INSERT INTO ledger_entries (transaction_id, account_id, amount)
    SELECT t.id, a.account, a.amount FROM ledger_transactions t,
      (VALUES (${wallet}::int, ${count * 10}::bigint), (${clearing}::int, ${-count * 10}::bigint)) a(account, amount)
     WHERE t.idempotency_key = 'bench:recharge'`);
  await db.execute(sql`
    INSERT INTO feeds (id, user_id, idempotency_key, device_id, base_id, operator_id, revenue_share_bp, grams, coins,
                       status, command_id, expires_at, grams_dispensed, coins_charged, created_at, settled_at)
    SELECT md5('bench-feed-' || i)::uuid, ${feeder.id}::int, 'bench-feed-' || i, d.id, d.base_id, b.operator_id, 3000,
           10, 10, 'succeeded', md5('bench-command-' || i)::uuid, x.at + interval '13 s', 5 + i % 6, 10, x.at,
           x.at + interval '3 s'
      FROM generate_series(1, ${count}::int) i
     CROSS JOIN LATERAL (SELECT ${now}::timestamptz - (i * ${span / count}::float8) * interval '1 second' AS at,
                                (${`{${ids.join(',')}}`}::text[])[CASE WHEN i % 10 < 6 THEN 1 ELSE 1 + i % ${ids.length}::int END] AS device) x
      JOIN devices d ON d.id = x.device
      JOIN bases b ON b.id = d.base_id`);
  await db.execute(sql`INSERT INTO ledger_transactions (kind, idempotency_key, reference, created_at)
    SELECT 'feed', 'bench:' || f.idempotency_key, f.id::text, f.settled_at FROM feeds f
     WHERE f.idempotency_key LIKE 'bench-feed-%' ORDER BY f.settled_at`);
  await db.execute(sql`INSERT INTO ledger_entries (transaction_id, account_id, amount)
    SELECT t.id, e.account, e.amount FROM ledger_transactions t
      JOIN feeds f ON f.id::text = t.reference
     CROSS JOIN LATERAL (VALUES (${wallet}::int, -10),
                                (CASE WHEN f.operator_id IS NULL THEN NULL ELSE ${earnings}::int END, 3),
                                (${platform}::int, CASE WHEN f.operator_id IS NULL THEN 10 ELSE 7 END)) e(account, amount)
     WHERE t.idempotency_key LIKE 'bench:bench-feed-%' AND e.account IS NOT NULL`);
  await db.execute(sql`UPDATE ledger_accounts a SET balance = s.total
    FROM (SELECT account_id, sum(amount) AS total FROM ledger_entries GROUP BY 1) s WHERE s.account_id = a.id`);
  await db.execute(sql`
    INSERT INTO base_food_purchases (base_id, recorded_by, amount, currency, grams, receipt_photo, purchased_at)
    SELECT b.id, b.operator_id, 10000 + i, 'CNY', 5000, '/uploads/bench-receipt.jpg',
           ${now}::timestamptz - (i * interval '1 day')
      FROM generate_series(1, 200) i JOIN bases b ON b.id = (SELECT min(id) FROM bases) + i % 3`);
  const first = deviceRows.find((d) => d.id === ids[0]);
  return { baseId: first?.base_id ?? 1 };
}

export async function benchPublicAccount(o: { feeds: number; runs: number; index: boolean }) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'petheart-bench-account-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SEED_DEMO_CONTENT: 'true',
    MQTT_PORT: '0',
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
  });
  const container = await createContainer(config);
  const app = await buildApp(container, { serveWeb: false });
  try {
    await seedDemo(container);
    const started = performance.now();
    const { baseId } = await seedFeeds(container, o.feeds);
    const seeded = performance.now() - started;
    const vacuum = async () => {
      if (container.database.pglite) await container.database.pglite.exec('VACUUM ANALYZE');
      else await container.database.db.execute(sql`VACUUM ANALYZE`);
    };
    await vacuum();
    const statements = countStatements(container);
    // An account is read anew once a minute (AccountService's cache): "read" drops it before each request.
    const { accounts } = container.services;
    const targets = [
      { name: 'base account (read)', url: '/api/transparency/base', body: { base_id: baseId }, fresh: true },
      { name: 'base account (kept)', url: '/api/transparency/base', body: { base_id: baseId }, fresh: false },
      { name: 'platform account (read)', url: '/api/transparency/platform', body: {}, fresh: true },
      { name: 'platform account (kept)', url: '/api/transparency/platform', body: {}, fresh: false },
      { name: 'base page (grams fed read)', url: '/api/base/detail', body: { id: baseId }, fresh: false },
    ];
    // The base page's grams fed, read anew: the one query (FedGramsRepository) it answers.
    const fed = new FedGramsRepository(container.database.db);
    const measure = async (label: string) => {
      const rows = [];
      for (const t of targets) {
        const call = () => app.inject({ method: 'POST', url: t.url, payload: t.body });
        for (let i = 0; i < 2; i++) await call(); // warm-up: plans, the engine's buffers
        const times: number[] = [];
        let sent = 0;
        for (let i = 0; i < o.runs; i++) {
          if (t.fresh) accounts.invalidate();
          const before = statements();
          const t0 = performance.now();
          const r = await call();
          times.push(performance.now() - t0);
          sent = statements() - before;
          if (r.statusCode !== 200) throw new Error(`${t.url}: HTTP ${String(r.statusCode)} ${r.body}`);
        }
        rows.push({
          setup: label,
          request: t.name,
          'median ms': ms(median(times)),
          'range ms': `${String(ms(Math.min(...times)))}–${String(ms(Math.max(...times)))}`,
          'SQL statements': sent,
        });
      }
      const times: number[] = [];
      let sent = 0;
      for (let i = 0; i < o.runs + 2; i++) {
        const before = statements();
        const t0 = performance.now();
        await fed.total({ baseId });
        if (i >= 2) times.push(performance.now() - t0);
        sent = statements() - before;
      }
      rows.push({
        setup: label,
        request: 'grams fed of the base (the query, read)',
        'median ms': ms(median(times)),
        'range ms': `${String(ms(Math.min(...times)))}–${String(ms(Math.max(...times)))}`,
        'SQL statements': sent,
      });
      return rows;
    };
    const results = await measure('indexes of the migrations');
    if (o.index) {
      await container.database.db.execute(sql.raw(CANDIDATE_INDEX));
      await vacuum();
      results.push(...(await measure('+ feeds_base_fed_idx')));
    }
    return {
      database: container.database.kind === 'pglite' ? 'PGlite' : 'PostgreSQL',
      seedSeconds: Math.round(seeded / 100) / 10,
      results,
    };
  } finally {
    await app.close();
    await container.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1] ?? ''}`) {
  const options = { feeds: arg('feeds', 100_000), runs: arg('runs', 15), index: process.argv.includes('--index') };
  console.log(
    `Public accounts with ${String(options.feeds)} acknowledged feeds (and their ledger postings), ` +
      `${String(options.runs)} requests each:`,
  );
  const { database, seedSeconds, results } = await benchPublicAccount(options);
  console.log(`${database}; seeded in ${String(seedSeconds)} s`);
  console.table(results);
}
