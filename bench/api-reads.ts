import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { LoginDataSchema, envelope } from '@petheart/contracts';
import { freePort, root, startApi } from './lib';

/** The bare Fastify server (bare-fastify.ts) as its own process, as the API is. */
async function startBareFastify() {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'bench/bare-fastify.ts')], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [line] = (await once(createInterface({ input: child.stdout }), 'line')) as [string];
  const { port } = JSON.parse(line) as { port: number };
  return {
    url: `http://127.0.0.1:${String(port)}`,
    async stop() {
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? (s[m] ?? 0) : ((s[m - 1] ?? 0) + (s[m] ?? 0)) / 2;
};
const spread = (xs: number[]) => `${String(Math.min(...xs))}–${String(Math.max(...xs))}`;

/**
 * Reads under load on loopback, beside a bare Fastify hello in the same run: GET /api/user/index (with a
 * token; its answer is small, under the 1 KiB compression threshold) and POST getConfiguration, each with and
 * without `Accept-Encoding: br, gzip`. The API runs as its own process with PGlite and no simulated feeders
 * (their cameras would take the CPU the reads are measured on). The targets run in turn, `rounds` times, and
 * each figure is the median over the rounds with its range. Targets (2 cores): >= 5,000 req/s, p99 <= 20 ms;
 * getConfiguration at least a third of the bare server's rate.
 */
export async function benchApiReads(options: { seconds: number; connections: number; rounds: number }) {
  const api = await startApi({ SIM_FEEDERS: '0', MEDIA_RTMP_PORT: String(await freePort()) });
  const bare = await startBareFastify();
  try {
    const login = await fetch(`${api.url}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: 'demo@petheart.local', password: 'petheart-demo' }),
    });
    const token = envelope(LoginDataSchema).parse(await login.json()).data.userinfo.token;
    // autocannon sends no Accept-Encoding of its own; fetch (the answer's size below) would ask for gzip.
    const compressed = { 'accept-encoding': 'br, gzip' };
    const identity = { 'accept-encoding': 'identity' };
    const config = { method: 'POST' as const, url: `${api.url}/api/configuration/getConfiguration` };
    const targets: { name: string; method: 'GET' | 'POST'; url: string; headers: Record<string, string> }[] = [
      { name: 'bare Fastify GET /hello', method: 'GET' as const, url: `${bare.url}/hello`, headers: identity },
      {
        name: 'GET /api/user/index',
        method: 'GET' as const,
        url: `${api.url}/api/user/index`,
        headers: { token, ...identity },
      },
      {
        name: 'GET /api/user/index (br, gzip)',
        method: 'GET' as const,
        url: `${api.url}/api/user/index`,
        headers: { token, ...compressed },
      },
      { name: 'POST getConfiguration', ...config, headers: identity },
      { name: 'POST getConfiguration (br, gzip)', ...config, headers: compressed },
    ];
    const sizes = new Map<string, string>();
    for (const t of targets) {
      const res = await fetch(t.url, { method: t.method, headers: t.headers });
      const bytes = (await res.arrayBuffer()).byteLength;
      sizes.set(
        t.name,
        `${String(bytes)} B${res.headers.get('content-encoding') ? ` (${String(res.headers.get('content-encoding'))} on the wire)` : ''}`,
      );
    }
    const runs = new Map<string, { rps: number[]; p50: number[]; p99: number[]; bad: number }>();
    for (let round = 0; round < options.rounds; round++) {
      for (const t of targets) {
        const run = (duration: number) =>
          autocannon({ url: t.url, method: t.method, headers: t.headers, duration, connections: options.connections });
        await run(2); // warm-up: the JIT and caches settle
        const r = await run(options.seconds);
        const entry = runs.get(t.name) ?? { rps: [], p50: [], p99: [], bad: 0 };
        entry.rps.push(Math.round(r.requests.average));
        entry.p50.push(r.latency.p50);
        entry.p99.push(r.latency.p99);
        entry.bad += r.non2xx + r.errors + r.timeouts;
        runs.set(t.name, entry);
      }
    }
    return targets.map((t) => {
      const e = runs.get(t.name) ?? { rps: [0], p50: [0], p99: [0], bad: 0 };
      return {
        name: t.name,
        'req/s': median(e.rps),
        'req/s range': spread(e.rps),
        'p50 ms': median(e.p50),
        'p99 ms': median(e.p99),
        'p99 range': spread(e.p99),
        'non-2xx/errors': e.bad,
        answer: sizes.get(t.name) ?? '',
      };
    });
  } finally {
    await Promise.all([api.stop(), bare.stop()]);
  }
}
