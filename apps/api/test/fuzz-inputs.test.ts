import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { translate } from '@petheart/contracts';
import { DEMO, createTestApi, loginToken, type TestApi } from './harness';
import {
  bodyCases,
  type Case,
  fill,
  type Operation,
  paramCases,
  PER_OPERATION,
  queryCases,
  streamCases,
  uploadCases,
} from './fuzz-cases';
import { INT32_MAX, validSample } from './fuzz-values';

/**
 * No 5xx on malformed input (docs/decisions/025-malformed-input.md). Every operation in the app's route
 * table gets at least 40 bad requests, generated from its own schema: wrong types, missing and extra
 * fields, numbers past every column (2^31, 2^63, -2^31-1), NaN-ish and numeric strings, NUL and odd
 * unicode (lone surrogates, RTL marks, emoji, long strings), deep nesting, `__proto__` / `constructor`
 * keys, arrays where objects belong, malformed JSON and wrong content types. A user's token goes with every
 * request (an admin's on the console API). No answer may be a 5xx, and the server must still serve
 * afterwards. Everything is generated from one seed (FUZZ_SEED, printed on failure): a failure reproduces.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 250_025);

/**
 * Routes that do not get the generic JSON cases, and why. Each still gets requests of its own below; the
 * test fails when a route named here no longer exists (so the list cannot go stale).
 */
const OWN_CASES: Record<string, string> = {
  'POST /api/common/upload':
    'multipart upload: the body is read by the handler, not a schema; it gets multipart cases (odd file names, no file, wrong field, truncated parts, non-images, JSON instead)',
  'GET /live/:file':
    'the HTTP-FLV stream: a signed address opens an endless stream, so it gets bad file names and bad signatures only (never a valid one)',
  'POST /api/user/logout':
    'revokes the token it is called with: every case gets a fresh token of its own (a friend account), so the user token stays valid',
};
/**
 * Valid requests the database refuses for a reason no schema can catch (answered 400 by the error handler's
 * safety net, never 5xx), per operation, with the reason. Anything else the database refuses fails the test.
 */
const KNOWN_DATABASE_REFUSALS: Record<string, string> = {};
/** What is sent nothing at all, and why (nothing else is skipped). */
const SKIPPED_METHODS: Record<string, string> = {
  HEAD: 'Fastify adds HEAD to every GET route: the same handler and schemas, covered by the GET cases',
};

/**
 * Valid bodies the generator cannot find by itself (a check digit, rules across fields), so that a malformed
 * field is the only thing wrong with their mutations.
 */
const BASES: Record<string, unknown> = {
  'POST /api/cashout/apply': {
    amount: 100_000,
    bank: 'Fuzz Bank',
    code: '6212261202000000001',
    name: 'Fuzz',
    mobile: '13800138000',
    idempotency_key: 'fuzz-cashout-0001',
  },
  'POST /api/admin/cashout/settings/update': { min_amount: 10_000, fee_rate_bp: 100, fee_fixed: 0, coin_value: 100 },
  'POST /api/support/supporters': { event_id: 123_456 },
  // A calendar date the generator would not hit.
  'POST /api/manage/food/add': {
    base_id: 1,
    amount: 8650,
    currency: 'CNY',
    grams: 3000,
    receipt_photo: '/uploads/fuzz.png',
    purchased_on: '2026-01-15',
  },
};

const seedOf = (text: string) => {
  let h = SEED;
  for (const ch of text) h = (Math.imul(h, 31) + ch.charCodeAt(0)) | 0;
  return h;
};

describe('malformed input never answers 5xx', () => {
  let api: TestApi;
  let userToken: string;
  let adminToken: string;

  /** The server's warnings and errors, one JSON line each, taken after every request. */
  let logged: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logged.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  const takeLog = () => {
    const lines = logged.map((l) => JSON.parse(l) as { msg?: string; err?: { message?: string } });
    logged = [];
    return lines;
  };

  beforeAll(async () => {
    api = await createTestApi({ serveWeb: false, logger: { level: 'warn', stream: sink } });
    userToken = await loginToken(api, DEMO.user.email, DEMO.user.password);
    adminToken = await loginToken(api, DEMO.admin.email, DEMO.admin.password);
  }, 60_000);
  afterAll(() => api.close());

  it(`answers every generated bad request (≥${String(PER_OPERATION)} per operation) below 500, and still serves`, async () => {
    const operations: Operation[] = api.routes
      .filter((r) => !(r.method in SKIPPED_METHODS))
      .map((r) => {
        const s = (r.schema ?? {}) as Record<string, unknown>;
        const zod = (v: unknown) => (v instanceof z.ZodType ? v : undefined);
        return {
          method: r.method,
          url: r.url,
          auth: r.auth,
          body: zod(s.body),
          querystring: zod(s.querystring),
          params: zod(s.params),
        };
      });
    const names = new Set(operations.map((o) => `${o.method} ${o.url}`));
    for (const name of Object.keys(OWN_CASES)) expect(names, name).toContain(name);

    const fails: string[] = [];
    /** Requests the schemas let through and only the database refused (the error handler's safety net). */
    const refusedByDatabase: string[] = [];
    const perOperation = new Map<string, number>();
    const noValidBase: string[] = [];
    let requests = 0;
    const send = async (name: string, c: Case, token: string | undefined) => {
      requests += 1;
      perOperation.set(name, (perOperation.get(name) ?? 0) + 1);
      const headers = { ...(c.inject.headers as Record<string, string> | undefined), ...(token ? { token } : {}) };
      try {
        takeLog();
        const res = await api.app.inject({ ...c.inject, headers, remoteAddress: '10.9.9.9' });
        const log = takeLog();
        const why = log.find((l) => l.msg === 'unhandled error')?.err?.message?.slice(0, 160) ?? res.body.slice(0, 120);
        if (res.statusCode >= 500) fails.push(`${name} [${c.label}] → ${String(res.statusCode)} ${why}`);
        const refused = log.find((l) => l.msg === 'input the database refused');
        if (refused)
          refusedByDatabase.push(
            `${name} [${c.label}]: SQLSTATE ${/"code":"([0-9A-Z]{5})"/.exec(JSON.stringify(refused.err))?.[1] ?? '?'}`,
          );
      } catch (error) {
        fails.push(`${name} [${c.label}] → threw ${String(error)}`);
      }
    };

    const started = Date.now();
    for (const op of operations) {
      const name = `${op.method} ${op.url}`;
      const token = op.auth === 'admin' ? adminToken : userToken;
      if (name === 'POST /api/common/upload') {
        for (const c of await uploadCases()) await send(name, c, token);
        continue;
      }
      if (name === 'GET /live/:file') {
        for (const c of streamCases()) await send(name, c, token);
        continue;
      }
      const seed = seedOf(name);
      const params = op.params ? validSample(op.params, seed) : { value: {}, valid: true };
      const url = fill(op.url, params.value as Record<string, unknown>);
      let cases: Case[];
      if (op.method === 'GET') {
        const query = op.querystring ? validSample(op.querystring, seed) : { value: {}, valid: true };
        if (!query.valid) noValidBase.push(`${name} (query)`);
        cases = queryCases(op, url, query.value, seed);
      } else {
        const body = op.body ? validSample(op.body, seed, BASES[name]) : { value: {}, valid: true };
        if (!body.valid) noValidBase.push(name);
        cases = bodyCases({ ...op, url }, body.value, seed);
      }
      if (op.params) cases.push(...paramCases(op, params.value as Record<string, unknown>));
      for (const c of cases) {
        const own =
          name === 'POST /api/user/logout' ? await loginToken(api, DEMO.friend.email, DEMO.friend.password) : token;
        await send(name, c, own);
      }
    }
    const seconds = (Date.now() - started) / 1000;
    console.log(
      `fuzz (seed ${String(SEED)}): ${String(requests)} requests over ${String(perOperation.size)} operations in ${seconds.toFixed(1)} s, ${String(fails.length)} answered 5xx, ${String(refusedByDatabase.length)} refused only by the database` +
        (fails.length ? `\n  5xx:\n  ${fails.join('\n  ')}` : '') +
        (refusedByDatabase.length ? `\n  refused only by the database:\n  ${refusedByDatabase.join('\n  ')}` : '') +
        (noValidBase.length ? `\n  no valid base body generated for: ${noValidBase.join(', ')}` : '') +
        `\n  cases of their own: ${Object.entries(OWN_CASES)
          .map(([k, why]) => `${k} (${why})`)
          .join('; ')}` +
        `\n  skipped: ${Object.entries(SKIPPED_METHODS)
          .map(([m, why]) => `${m} (${why})`)
          .join('; ')}`,
    );
    const short = [...perOperation].filter(([, n]) => n < PER_OPERATION).map(([k]) => k);
    expect(short.filter((k) => k !== 'GET /live/:file' && k !== 'POST /api/common/upload')).toEqual([]);
    expect(fails).toEqual([]);
    // The schemas refuse malformed input themselves: the database's refusal (400 too) is only a safety net.
    const known = Object.keys(KNOWN_DATABASE_REFUSALS);
    expect(refusedByDatabase.filter((r) => !known.some((k) => r.startsWith(`${k} [`)))).toEqual([]);
    expect(noValidBase).toEqual([]);

    // The server still serves: a public read, a login and a user's own page.
    expect((await api.post('/api/configuration/getConfiguration', {})).status).toBe(200);
    const fresh = await loginToken(api, DEMO.user.email, DEMO.user.password, '10.0.0.77');
    expect((await api.get('/api/user/index', { token: fresh })).status).toBe(200);
    expect((await api.get('/api/user/index', { token: userToken })).status).toBe(200);
    expect((await api.post('/api/admin/user/list', {}, { token: adminToken })).status).toBe(200);
  }, 300_000);

  it('answers a NUL and an id past int32 as validation failures, in the request’s language', async () => {
    const nul = await api.post('/api/user/login', { account: 'demo\u0000', password: 'x' }, { lang: 'ja' });
    expect(nul.status).toBe(400);
    expect(nul.body).toMatchObject({
      code: 0,
      msg: translate('ja', 'v.nul'),
      data: { error: 'validation_failed', fields: [{ path: 'account', message: translate('ja', 'v.nul') }] },
    });
    // Anywhere: in a key, deep in a value, in a query string and in a path.
    const key = await api.post('/api/post/list', { page: 1, '\u0000': 1 }, { lang: 'zh-TW' });
    expect([key.status, key.body.msg]).toEqual([400, translate('zh-TW', 'v.nul')]);
    const deep = await api.post(
      '/api/admin/content/list',
      { keyword: 'a', x: [{ y: ['\u0000'] }] },
      { token: adminToken },
    );
    expect([deep.status, (deep.body.data as { fields?: unknown }).fields]).toEqual([
      400,
      [{ path: 'x.0.y.0', message: translate('en', 'v.nul') }],
    ]);
    const query = await api.get('/api/payment/sandbox/PH12345678?sig=%00');
    expect([query.status, (query.body.data as { error?: string }).error]).toEqual([400, 'validation_failed']);
    const path = await api.get('/api/payment/sandbox/PH1234%00?sig=x');
    expect([path.status, (path.body.data as { error?: string }).error]).toEqual([400, 'validation_failed']);

    // Ids past PostgreSQL's integer, with and without a login; the largest integer is still a (missing) id.
    for (const [url, token] of [
      ['/api/post/detail', undefined],
      ['/api/base/detail', undefined],
      ['/api/pet/detail', undefined],
      ['/api/post/like', userToken],
      ['/api/admin/user/detail', adminToken],
    ] as const) {
      for (const id of [2 ** 31, 2 ** 63, '2147483648']) {
        const r = await api.post(url, { id, like: true }, { token });
        expect([url, id, r.status, (r.body.data as { error?: string }).error]).toEqual([
          url,
          id,
          400,
          'validation_failed',
        ]);
      }
      // pet/detail answers null for a missing pet, the others 404.
      const largest = await api.post(url, { id: INT32_MAX, like: true }, { token });
      expect([url, largest.status]).toEqual([url, url === '/api/pet/detail' ? 200 : 404]);
    }
  });
});
