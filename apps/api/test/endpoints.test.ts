import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_ENDPOINTS } from '@petheart/contracts';
import { createTestApi, type TestApi } from './harness';

/**
 * Issue 25 §1 (decision 032): every HTTP endpoint is one object in packages/contracts, and the API registers
 * exactly those: a route written by hand, or an endpoint nobody registers, fails here.
 */
describe('endpoints', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi({ seed: false });
  });
  afterAll(async () => {
    await api.close();
  });

  /** The API's own routes: not the built web app, not the OpenAPI document, not HEAD twins. */
  const apiRoutes = () =>
    api.routes.filter(
      (r) =>
        r.method !== 'HEAD' && r.url !== '/api/docs/json' && (r.url.startsWith('/api/') || r.url.startsWith('/live/')),
    );
  const key = (r: { method: string; url?: string; path?: string }) => `${r.method} ${r.url ?? r.path ?? ''}`;

  it('registers every route from an endpoint object, with its auth', () => {
    const byKey = new Map(ALL_ENDPOINTS.map((e) => [`${e.method} ${e.path}`, e]));
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThan(100);
    expect(routes.filter((r) => !byKey.has(key(r))).map(key)).toEqual([]);
    for (const r of routes) expect(r.auth, key(r)).toBe(byKey.get(key(r))?.auth);
  });

  it('registers every endpoint object once', () => {
    const registered = apiRoutes().map(key);
    expect(ALL_ENDPOINTS.map((e) => `${e.method} ${e.path}`).filter((k) => !registered.includes(k))).toEqual([]);
    expect(new Set(registered).size).toBe(registered.length);
  });

  it('lists every endpoint that is not hidden in the OpenAPI document', async () => {
    const doc = (await api.get('/api/docs/json')).body as unknown as { paths: Record<string, Record<string, unknown>> };
    const listed = new Set(
      Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`)),
    );
    const missing = ALL_ENDPOINTS.filter((e) => !(e.kind === 'raw' && e.hide))
      .map((e) => `${e.method} ${e.path.replace(/:([a-z_]+)/gi, '{$1}')}`)
      .filter((k) => !listed.has(k));
    expect(missing).toEqual([]);
  });
});
