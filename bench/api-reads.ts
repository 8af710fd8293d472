import autocannon from 'autocannon';
import { LoginDataSchema, envelope } from '@petheart/contracts';
import { startApi } from './lib';

/**
 * GET /api/user/index and POST /api/configuration/getConfiguration under load on loopback.
 * Targets (2 cores): >= 5,000 req/s with p99 <= 20 ms.
 */
export async function benchApiReads(options: { seconds: number; connections: number }) {
  const api = await startApi();
  try {
    const login = await fetch(`${api.url}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: 'demo@petheart.local', password: 'petheart-demo' }),
    });
    const token = envelope(LoginDataSchema).parse(await login.json()).data.userinfo.token;
    const results = [];
    for (const target of [
      { name: 'GET /api/user/index', method: 'GET' as const, path: '/api/user/index', headers: { token } },
      {
        name: 'POST getConfiguration',
        method: 'POST' as const,
        path: '/api/configuration/getConfiguration',
        headers: {},
      },
    ]) {
      // A short warm-up so the JIT and caches settle, then the measured run.
      await autocannon({
        url: api.url + target.path,
        method: target.method,
        headers: target.headers,
        duration: 2,
        connections: options.connections,
      });
      const r = await autocannon({
        url: api.url + target.path,
        method: target.method,
        headers: target.headers,
        duration: options.seconds,
        connections: options.connections,
      });
      const bad = r.non2xx + r.errors + r.timeouts;
      results.push({
        name: target.name,
        'req/s': Math.round(r.requests.average),
        'p50 ms': r.latency.p50,
        'p99 ms': r.latency.p99,
        'non-2xx/errors': bad,
      });
    }
    return results;
  } finally {
    await api.stop();
  }
}
