import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppConfigSchema, envelope } from '@petheart/contracts';
import { createTestApi, type TestApi } from './harness';

/**
 * A built web app as `vite build` leaves it: each text file beside its .br and .gz. Each compressed copy ends
 * in a mark of its own, so a test sees which file was sent (not the plain one compressed on the fly).
 */
const mark = (encoding: string) => `\n/*${encoding}*/`;
const script = `export const greeting = ${JSON.stringify('hello '.repeat(2000))};\n`;
const indexHtml = `<!doctype html><html><head><title>PetHeart</title></head><body>${'<div></div>'.repeat(200)}</body></html>`;

let api: TestApi;
let webDist: string;
beforeAll(async () => {
  webDist = await mkdtemp(path.join(os.tmpdir(), 'petheart-dist-'));
  await mkdir(path.join(webDist, 'assets'));
  for (const [file, text] of [
    ['assets/app-abc123.js', script],
    ['index.html', indexHtml],
  ] as const) {
    const full = path.join(webDist, file);
    await writeFile(full, text);
    await writeFile(`${full}.br`, brotliCompressSync(text + mark('br')));
    await writeFile(`${full}.gz`, gzipSync(text + mark('gzip')));
  }
  await writeFile(path.join(webDist, 'assets/plain-abc123.css'), `body{color:red}${' '.repeat(3000)}`);
  api = await createTestApi({ env: { WEB_DIST: webDist } });
});
afterAll(async () => {
  await api.close();
  await rm(webDist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string>) => api.app.inject({ method: 'GET', url, headers });
const decoded = (encoding: unknown, body: Buffer) =>
  (encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body).toString();

describe('compressed answers', () => {
  it('serves the build’s precompressed files by Accept-Encoding, with Vary', async () => {
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['identity', undefined],
    ] as const) {
      const r = await get('/assets/app-abc123.js', { 'accept-encoding': accept });
      expect(r.statusCode).toBe(200);
      expect(r.headers['content-encoding']).toBe(encoding);
      expect(r.headers['content-type']).toMatch(/javascript/);
      expect(String(r.headers.vary)).toMatch(/accept-encoding/i);
      expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(decoded(encoding, r.rawPayload)).toBe(script + (encoding ? mark(encoding) : ''));
      if (encoding) expect(r.rawPayload.length).toBeLessThan(script.length / 10);
    }
  });

  it('sends the app’s page for a history route compressed, and a file the build left plain compressed on the fly', async () => {
    const page = await get('/pages/index/index', { accept: 'text/html', 'accept-encoding': 'br, gzip' });
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(decoded('br', page.rawPayload)).toBe(indexHtml + mark('br'));
    const css = await get('/assets/plain-abc123.css', { 'accept-encoding': 'gzip' });
    expect(css.headers['content-encoding']).toBe('gzip');
    expect(decoded('gzip', css.rawPayload)).toMatch(/^body\{color:red\}/);
  });

  it('compresses JSON answers from 1 KiB up, and leaves small ones as they are', async () => {
    const big = await get('/api/docs/json', { 'accept-encoding': 'gzip' });
    expect(big.headers['content-encoding']).toBe('gzip');
    expect(String(big.headers.vary)).toMatch(/accept-encoding/i);
    const doc = JSON.parse(decoded('gzip', big.rawPayload)) as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toContain('/api/configuration/getConfiguration');

    // getConfiguration is sent as JSON text kept in memory: compressed all the same when it is large enough.
    const config = await api.app.inject({
      method: 'POST',
      url: '/api/configuration/getConfiguration',
      headers: { 'accept-encoding': 'br' },
    });
    const configText = decoded(config.headers['content-encoding'], config.rawPayload);
    expect(config.headers['content-encoding']).toBe(configText.length >= 1024 ? 'br' : undefined);
    expect(envelope(AppConfigSchema).parse(JSON.parse(configText)).data.theme_color).toBe('#54BDFF');

    const small = await api.app.inject({
      method: 'GET',
      url: '/api/user/index',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(small.statusCode).toBe(401);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({ code: 0 });
  });
});
