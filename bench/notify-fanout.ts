import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../apps/api/src/config/env';
import { createContainer, type Container } from '../apps/api/src/container';
import { rowsOf } from '../apps/api/src/db/rows';
import { FAN_OUT_CHUNK, NotificationRepository } from '../apps/api/src/modules/notification/repository';
import { NotificationService } from '../apps/api/src/modules/notification/service';
import { arg } from './lib';

/**
 * The notification centre's fan-out (issue 29 §1): one device's room with `--followers` (10,000) followers comes
 * back online `--runs` times (a new online episode each: a new dedupe key), on the API's container in this
 * process (a fresh PGlite, or DATABASE_URL). Per run: the time to write every follower's notification, the SQL
 * statements sent for it (counted on the database client; `--chunk` followers per statement, 1,000 as the app
 * does) and the longest of them (how long it holds PGlite's one thread); then the same episode again (every row
 * kept out by its dedupe key), and the unread counts of all the followers in one query (what the sockets ask
 * when every follower has the app open). Medians over the runs.
 */

const DEVICE = 'BENCH-FANOUT';

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? (s[m] ?? 0) : ((s[m - 1] ?? 0) + (s[m] ?? 0)) / 2;
};
const ms = (x: number) => Math.round(x * 10) / 10;

/**
 * Counts the statements sent to the database (PGlite's thread, or the pg pool), and times the fan-out's own
 * (its INSERT, or its chunks: how long each holds the embedded database's one thread).
 */
function countStatements(container: Container) {
  const seen = { all: 0, fanOut: 0, longestMs: 0 };
  const target = (container.database.pglite ?? container.database.pool) as unknown as Record<
    string,
    (...args: unknown[]) => unknown
  >;
  for (const method of ['query', 'exec']) {
    const original = target[method];
    if (typeof original !== 'function') continue;
    target[method] = (...args: unknown[]) => {
      seen.all += 1;
      const text = String(args[0]);
      if (!text.startsWith('INSERT INTO "notifications"') && !text.startsWith('WITH chunk AS'))
        return original.apply(target, args);
      seen.fanOut += 1;
      const t0 = performance.now();
      const answer = original.apply(target, args) as Promise<unknown>;
      void answer.finally(() => {
        seen.longestMs = Math.max(seen.longestMs, performance.now() - t0);
      });
      return answer;
    };
  }
  return seen;
}

/** A base, its device, and `count` users who follow the device's room. */
async function seed(container: Container, count: number): Promise<number[]> {
  const { db } = container.database;
  const [base] = rowsOf<{ id: number }>(
    await db.execute(
      sql`INSERT INTO bases (name, latitude, longitude) VALUES ('Bench Base', 31.2, 121.5) RETURNING id`,
    ),
  );
  if (!base) throw new Error('no base');
  await db.execute(sql`INSERT INTO devices (id, base_id, name, secret_hash, revenue_share_bp)
    VALUES (${DEVICE}, ${base.id}::int, 'Bench Feeder', 'x', 0)`);
  const users = rowsOf<{ id: number }>(
    await db.execute(sql`INSERT INTO users (nickname, email)
      SELECT 'Fan ' || i, 'fan-' || i || '@bench.local' FROM generate_series(1, ${count}::int) i RETURNING id`),
  );
  await db.execute(sql`INSERT INTO live_follows (user_id, device_id)
    SELECT id, ${DEVICE} FROM users WHERE email LIKE 'fan-%@bench.local'`);
  return users.map((u) => u.id);
}

export async function benchNotifyFanout(o: { followers: number; runs: number; chunk: number }) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'petheart-bench-fanout-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
  });
  const container = await createContainer(config);
  try {
    const started = performance.now();
    const userIds = await seed(container, o.followers);
    const seeded = performance.now() - started;
    if (container.database.pglite) await container.database.pglite.exec('VACUUM ANALYZE');
    else await container.database.db.execute(sql`VACUUM ANALYZE`);
    // The service as the container makes it, with `chunk` readers per statement and no listeners (the sockets'
    // and web push's work is theirs, after each statement).
    const notifications = new NotificationService({
      repo: new NotificationRepository(container.database.db, o.chunk),
      clock: container.clock,
      listeners: [],
      onError: (error) => {
        throw error;
      },
    });
    const sent = countStatements(container);
    const runs = () => ({
      times: [] as number[],
      statements: [] as number[],
      longest: [] as number[],
      rows: [] as number[],
    });
    const fresh = runs();
    const repeat = runs();
    const unread: number[] = [];
    const timed = async (into: typeof fresh, key: string) => {
      const before = sent.fanOut;
      sent.longestMs = 0;
      const t0 = performance.now();
      const rows = await notifications.notifyFollowers(DEVICE, key);
      into.times.push(performance.now() - t0);
      into.statements.push(sent.fanOut - before);
      into.longest.push(sent.longestMs);
      into.rows.push(rows.length);
    };
    for (let run = 0; run < o.runs; run++) {
      const key = `online:${DEVICE}:bench-${String(run)}`;
      await timed(fresh, key);
      await timed(repeat, key);
      const t0 = performance.now();
      const counts = await notifications.unreadCounts(userIds);
      unread.push(performance.now() - t0);
      if (counts.size !== o.followers) throw new Error(`unread counts of ${String(counts.size)} followers`);
    }
    if (fresh.rows.some((n) => n !== o.followers)) throw new Error(`rows written: ${fresh.rows.join(', ')}`);
    const line = (what: string, r: typeof fresh) => ({
      what,
      'rows written': median(r.rows),
      'median ms': ms(median(r.times)),
      'range ms': `${String(ms(Math.min(...r.times)))}–${String(ms(Math.max(...r.times)))}`,
      'SQL statements': median(r.statements),
      'longest statement ms': ms(median(r.longest)),
    });
    return {
      database: container.database.kind === 'pglite' ? 'PGlite' : 'PostgreSQL',
      seedSeconds: Math.round(seeded / 100) / 10,
      result: [
        line('room online: every follower notified', fresh),
        line('the same episode again (dedupe)', repeat),
        {
          what: 'unread counts of every follower',
          'rows written': 0,
          'median ms': ms(median(unread)),
          'range ms': `${String(ms(Math.min(...unread)))}–${String(ms(Math.max(...unread)))}`,
          'SQL statements': 1,
          'longest statement ms': ms(median(unread)),
        },
      ],
    };
  } finally {
    await container.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1] ?? ''}`) {
  const options = { followers: arg('followers', 10_000), runs: arg('runs', 5), chunk: arg('chunk', FAN_OUT_CHUNK) };
  console.log(
    `A room with ${String(options.followers)} followers comes back online, ${String(options.runs)} times ` +
      `(each a new online episode), ${String(options.chunk)} followers per statement:`,
  );
  const { database, seedSeconds, result } = await benchNotifyFanout(options);
  console.log(`${database}; seeded in ${String(seedSeconds)} s`);
  console.table(result);
}
