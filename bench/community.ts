import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { LoginDataSchema, envelope } from '@petheart/contracts';
import { openDatabase } from '../apps/api/src/db/client';
import { arg, argText, sleep, startApi } from './lib';

/**
 * Community list reads under load (issue 5): the API as its own process (PGlite, or PostgreSQL when
 * DATABASE_URL is set) with `--posts` published posts seeded straight into its database, then
 * POST /api/post/list at a fixed offered rate (open loop: requests leave on schedule whatever the answers do)
 * over keep-alive connections, for several reader mixes. Latency runs from the moment a request was due,
 * so queueing in the client counts. Targets: >= 3,000 req/s, p99 <= 30 ms on loopback with 10,000 posts.
 * Usage: npm run bench:community -w bench [-- --rate 3000 --seconds 10 --warmup 3 --connections 100
 *   --posts 10000 --only 1,2 --profile DIR]
 */

const now = () => performance.now();
function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}
const round = (n: number) => Math.round(n * 10) / 10;

/**
 * Seeds `count` published posts in one statement (authors and devices taken in turn from the demo's, one to
 * three images, like and comment counts spread out, published a minute apart), and has the demo user like
 * every third one (so a signed-in reader's `liked` is read from real rows).
 */
async function seedPosts(options: { url?: string; pgliteDir: string; count: number }) {
  const handle = await openDatabase(options.url ? { url: options.url } : { pgliteDir: options.pgliteDir });
  try {
    const { db } = handle;
    await db.execute(sql`
      INSERT INTO posts (user_id, device_id, content, images, status, like_count, comment_count, reviewed_by,
        reviewed_at, published_at, created_at, updated_at)
      SELECT ua[1 + g % cardinality(ua)], da[1 + g % cardinality(da)],
        'Bench post ' || g || ': ' || repeat('The cats came for dinner and everyone ate well. ', 1 + g % 5),
        (SELECT jsonb_agg('/uploads/bench/' || g || '-' || i || '.jpg') FROM generate_series(1, 1 + g % 3) i),
        'res', g % 97, g % 13, ua[1],
        now() - (${options.count} - g) * interval '1 minute', now() - (${options.count} - g) * interval '1 minute',
        now() - (${options.count} - g + 5) * interval '1 minute', now() - (${options.count} - g + 5) * interval '1 minute'
      FROM generate_series(1, ${options.count}::int) g,
        (SELECT array_agg(id ORDER BY id) AS ua FROM users) u,
        (SELECT array_agg(id ORDER BY id) AS da FROM devices) d`);
    await db.execute(sql`
      INSERT INTO post_likes (post_id, user_id, created_at)
      SELECT p.id, u.id, now() FROM posts p, users u WHERE u.email = 'demo@petheart.local' AND p.id % 3 = 0
      ON CONFLICT DO NOTHING`);
    await db.execute(sql`ANALYZE posts`);
    await db.execute(sql`ANALYZE post_likes`);
  } finally {
    await handle.close();
  }
}

interface Scenario {
  name: string;
  rate: number;
  token?: string;
  /** The page of the n-th request. */
  page: (n: number) => number;
}

/** One open-loop run: `rate` requests a second for warmup + seconds; only the last `seconds` are measured. */
async function run(base: string, s: Scenario, o: { seconds: number; warmup: number; connections: number }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: o.connections });
  const url = new URL(base);
  const latencies: number[] = [];
  let failures = 0;
  let shed = 0;
  let open = 0;
  let answeredInWindow = 0;
  const started = now();
  const windowFrom = started + o.warmup * 1000;
  const windowTo = windowFrom + o.seconds * 1000;
  const fire = (n: number, due: number) => {
    // Far behind: do not pile up more than the connections can carry.
    if (open >= o.connections * 4) {
      shed += due >= windowFrom ? 1 : 0;
      return;
    }
    open += 1;
    const payload = `{"page":${String(s.page(n))},"limit":10}`;
    const req = http.request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        method: 'POST',
        path: '/api/post/list',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          ...(s.token ? { token: s.token } : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          open -= 1;
          const done = now();
          if (due < windowFrom || due >= windowTo) return;
          if (res.statusCode !== 200 || !text.startsWith('{"code":1')) failures += 1;
          else latencies.push(done - due);
          if (done < windowTo) answeredInWindow += 1;
        });
      },
    );
    req.on('error', () => {
      open -= 1;
      if (due >= windowFrom && due < windowTo) failures += 1;
    });
    req.end(payload);
  };
  let sent = 0;
  while (now() < windowTo) {
    const due = Math.floor(((now() - started) * s.rate) / 1000) - sent;
    for (let k = 0; k < due; k++) {
      fire(sent, started + (sent * 1000) / s.rate);
      sent += 1;
    }
    await sleep(1);
  }
  const drainUntil = now() + 10_000;
  while (open > 0 && now() < drainUntil) await sleep(10);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    scenario: s.name,
    'offered/s': s.rate,
    'answered/s': Math.round(answeredInWindow / o.seconds),
    'p50 ms': round(percentile(latencies, 50)),
    'p90 ms': round(percentile(latencies, 90)),
    'p99 ms': round(percentile(latencies, 99)),
    'max ms': round(latencies.at(-1) ?? NaN),
    failures,
    shed,
  };
}

export interface CommunityBenchOptions {
  rate: number;
  seconds: number;
  warmup: number;
  connections: number;
  posts: number;
  /** Write a V8 CPU profile of the measured API process here. */
  profileDir?: string | undefined;
  /** Run only these scenarios (1-based). */
  only?: number[] | undefined;
}

export async function benchCommunity(o: CommunityBenchOptions) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'petheart-bench-community-'));
  const env = {
    DATA_DIR: dataDir,
    SIM_FEEDERS: '0',
    MEDIA_ENABLED: 'false',
    // The demo's Q&A, articles and community are not needed (the bench seeds its own posts).
    SEED_DEMO_CONTENT: 'false',
  };
  try {
    // A first start migrates the database and seeds the demo users and devices; the posts go in while the
    // API is stopped (PGlite is one process's), then the API starts again on the same data.
    const first = await startApi(env);
    await first.stop();
    await seedPosts({ url: process.env.DATABASE_URL, pgliteDir: path.join(dataDir, 'pglite'), count: o.posts });
    const api = await startApi(env, {
      nodeArgs: o.profileDir ? ['--cpu-prof', `--cpu-prof-dir=${o.profileDir}`] : [],
    });
    try {
      const login = await fetch(`${api.url}/api/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ account: 'demo@petheart.local', password: 'petheart-demo' }),
      });
      const token = envelope(LoginDataSchema).parse(await login.json()).data.userinfo.token;
      const check = await fetch(`${api.url}/api/post/list`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      const total = ((await check.json()) as { data: { total: number } }).data.total;
      if (total < o.posts)
        throw new Error(`expected ${String(o.posts)} published posts, the list says ${String(total)}`);
      const scenarios: Scenario[] = [
        { name: 'tourist, page 1', rate: o.rate, page: () => 1 },
        { name: 'signed in, page 1', rate: o.rate, token, page: () => 1 },
        { name: 'tourists, pages 1-5', rate: o.rate, page: (n) => 1 + (n % 5) },
        // Past the shared pages: every request is two queries (page by offset, count).
        { name: 'tourists, pages 6-105 (uncached)', rate: Math.round(o.rate / 3), page: (n) => 6 + (n % 100) },
      ];
      const results = [];
      for (const [i, s] of scenarios.entries()) {
        if (!o.only || o.only.includes(i + 1)) results.push(await run(api.url, s, o));
      }
      return { database: process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite', posts: total, results };
    } finally {
      await api.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1] ?? ''}`) {
  const options: CommunityBenchOptions = {
    rate: arg('rate', 3000),
    seconds: arg('seconds', 10),
    warmup: arg('warmup', 3),
    connections: arg('connections', 100),
    posts: arg('posts', 10_000),
    profileDir: argText('profile'),
    only: argText('only')?.split(',').map(Number),
  };
  console.log(
    `POST /api/post/list with ${String(options.posts)} published posts, ${String(options.rate)}/s offered for ` +
      `${String(options.seconds)} s over ${String(options.connections)} keep-alive connections ` +
      '(targets: >= 3,000 req/s, p99 <= 30 ms):',
  );
  const { database, posts, results } = await benchCommunity(options);
  console.log(`${database}, ${String(posts)} published posts`);
  console.table(results);
}
