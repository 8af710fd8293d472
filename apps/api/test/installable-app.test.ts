import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from './harness';

/**
 * The installed app's files as `vite build` leaves them (decision 038): the service worker at the root, the web
 * app manifest, the offline page, the icons. What the browser needs of their answers to install the app and to
 * keep its worker up to date.
 */
const files: [string, string][] = [
  [
    'index.html',
    '<!doctype html><html><head><link rel="manifest" href="/manifest.webmanifest"></head><body></body></html>',
  ],
  ['sw.js', `self.addEventListener('fetch', () => {});\n`],
  ['manifest.webmanifest', JSON.stringify({ name: 'PetHeart', start_url: '/', display: 'standalone' })],
  ['offline.html', '<!doctype html><html><head><title>PetHeart</title></head><body>offline</body></html>'],
  ['offline.js', 'document.title;\n'],
  ['icons/icon-192.png', '\x89PNG\r\n'],
  ['assets/index-abc123.js', 'export {};\n'],
];

let api: TestApi;
let webDist: string;
beforeAll(async () => {
  webDist = await mkdtemp(path.join(os.tmpdir(), 'petheart-dist-'));
  await mkdir(path.join(webDist, 'assets'));
  await mkdir(path.join(webDist, 'icons'));
  for (const [file, text] of files) await writeFile(path.join(webDist, file), text);
  api = await createTestApi({ env: { WEB_DIST: webDist }, seed: false });
});
afterAll(async () => {
  await api.close();
  await rm(webDist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  api.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity', ...headers } });

describe('the installable app’s files', () => {
  it('serves /sw.js as JavaScript that is revalidated on every update check (never cached as is)', async () => {
    const r = await get('/sw.js', { accept: '*/*' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/^(?:application|text)\/javascript/);
    expect(r.headers['cache-control']).toBe('no-cache');
    // at the root its scope is the whole app: no Service-Worker-Allowed needed
    expect(r.headers['service-worker-allowed']).toBeUndefined();
    expect(r.body).toBe(files[1]?.[1]);
  });

  it('serves the manifest with its own type, and the offline page and icons beside it', async () => {
    const manifest = await get('/manifest.webmanifest');
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.json()).toMatchObject({ name: 'PetHeart', display: 'standalone' });

    const offline = await get('/offline.html', { accept: 'text/html' });
    expect(offline.statusCode).toBe(200);
    expect(offline.body).toContain('offline');
    const icon = await get('/icons/icon-192.png');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toBe('image/png');
  });

  it('answers a missing worker script 404, not with the app’s page (a page is no script)', async () => {
    const r = await get('/sw-old.js', { accept: '*/*' });
    expect(r.statusCode).toBe(404);
    expect(String(r.headers['content-type'])).not.toMatch(/text\/html/);
  });

  it('lets the pages register the worker and read the manifest (worker-src, manifest-src)', async () => {
    for (const url of ['/', '/pages/index/index', '/offline.html']) {
      const r = await get(url, { accept: 'text/html' });
      const policy = String(r.headers['content-security-policy']);
      expect(policy, url).toMatch(/(?:^|; )worker-src 'self'(?: |;|$)/);
      expect(policy, url).toMatch(/(?:^|; )manifest-src 'self'(?:;|$)/);
      expect(policy, url).toMatch(/(?:^|; )script-src 'self'(?:;|$)/);
    }
  });
});
