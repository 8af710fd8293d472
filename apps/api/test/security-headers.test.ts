import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSP_REPORT_PATH } from '@petheart/contracts';
import { createTestApi, type TestApi } from './harness';

const indexHtml = '<!doctype html><html><head><title>PetHeart</title></head><body><div id="root"></div></body></html>';

/** The policy's directives by name. */
function directives(policy: unknown): Map<string, string[]> {
  expect(typeof policy).toBe('string');
  return new Map(
    String(policy)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name = '', ...values]) => [name, values]),
  );
}

let api: TestApi;
let webDist: string;
const logs: { msg: string; [key: string]: unknown }[] = [];
beforeAll(async () => {
  webDist = await mkdtemp(path.join(os.tmpdir(), 'petheart-dist-'));
  await writeFile(path.join(webDist, 'index.html'), indexHtml);
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) logs.push(JSON.parse(line) as never);
      done();
    },
  });
  api = await createTestApi({
    env: { WEB_DIST: webDist, TRUST_PROXY: 'true', ASSET_HOST: 'https://cdn.example.com/pics' },
    seed: false,
    logger: { level: 'warn', stream },
  });
});
afterAll(async () => {
  await api.close();
  await rm(webDist, { recursive: true, force: true });
});

const page = (url: string, headers: Record<string, string> = {}) =>
  api.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });

describe('security headers', () => {
  it('sends the app’s HTML (index and history-mode routes) with a policy that allows no inline script', async () => {
    for (const url of ['/', '/pages/live/live?device_id=PH-0001', '/admin/users']) {
      const r = await page(url);
      expect(r.statusCode, url).toBe(200);
      expect(r.headers['content-type']).toMatch(/^text\/html/);
      const csp = directives(r.headers['content-security-policy']);
      expect(csp.get('script-src')).toEqual(["'self'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('base-uri')).toEqual(["'self'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('img-src')).toContain('https://cdn.example.com');
      expect(csp.get('media-src')).toEqual(["'self'", 'blob:']);
      expect(csp.get('connect-src')).toEqual(["'self'", 'ws://localhost:80']);
      expect(csp.get('report-uri')).toEqual([CSP_REPORT_PATH]);
      expect([...csp.values()].flat()).not.toContain("'unsafe-eval'");
      expect(r.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(r.headers['permissions-policy']).toMatch(/camera=\(\)/);
      expect(r.headers['x-frame-options']).toBe('DENY');
      expect(r.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('adds Strict-Transport-Security, and the socket over wss:, when the request came over TLS behind the proxy', async () => {
    const r = await page('/', { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'petheart.example.org' });
    expect(r.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(directives(r.headers['content-security-policy']).get('connect-src')).toContain('wss://petheart.example.org');
  });

  it('leaves JSON without a page policy, and the sandbox payment page with its own', async () => {
    const json = await api.app.inject({ method: 'POST', url: '/api/configuration/getConfiguration' });
    expect(json.headers['content-security-policy']).toBeUndefined();
    const sandbox = await page('/api/payment/sandbox/NOPE123?sig=x');
    expect(sandbox.headers['content-type']).toMatch(/^text\/html/);
    expect(directives(sandbox.headers['content-security-policy']).get('default-src')).toEqual(["'none'"]);
  });

  it('logs a browser’s violation report as a warning; a malformed one is refused with 400 and logs nothing', async () => {
    const report = {
      'csp-report': {
        'document-uri': 'http://localhost/pages/index/index',
        'blocked-uri': 'inline',
        'violated-directive': 'script-src-elem',
        'effective-directive': 'script-src-elem',
        'original-policy': "script-src 'self'",
        'line-number': 12,
      },
    };
    const before = logs.length;
    const sent = await api.app.inject({
      method: 'POST',
      url: CSP_REPORT_PATH,
      headers: { 'content-type': 'application/csp-report' },
      payload: JSON.stringify(report),
    });
    expect(sent.statusCode).toBe(200);
    const logged = logs.slice(before).filter((l) => l.msg === 'content security policy violation');
    expect(logged).toEqual([
      expect.objectContaining({ document: 'http://localhost/pages/index/index', blocked: 'inline', line: 12 }),
    ]);

    for (const payload of ['{not json', JSON.stringify({ 'csp-report': 'x' }), JSON.stringify({ other: 1 })]) {
      const bad = await api.app.inject({
        method: 'POST',
        url: CSP_REPORT_PATH,
        headers: { 'content-type': 'application/csp-report' },
        payload,
      });
      expect(bad.statusCode, payload).toBe(400);
    }
    expect(logs.slice(before).filter((l) => l.msg === 'content security policy violation')).toHaveLength(1);
  });
});
