import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminContentItemSchema,
  ContentHomeDataSchema,
  GIVEN_ANSWERS_ID,
  ROUTE_HINTS_FILE,
  type RouteHint,
  type RouteHints,
} from '@petheart/contracts';
import { COMPRESS_FROM_BYTES } from '../src/http/compression';
import { fourLanguages, uploadImage } from './content-support';
import { DEMO, createTestApi, loginToken, okData, type TestApi } from './harness';

/**
 * The page the server sends for a route names the files the route's page needs (decision 040), from the list
 * the web build writes beside index.html: its scripts, its styles, and its strings in the reader's language.
 */
const indexHtml = '<!doctype html><html><head><title>PetHeart</title></head><body><div id="root"></div></body></html>';
const hint = (page: string): RouteHint => ({
  js: [`/assets/${page}-a1.js`, '/assets/ui-c3.js'],
  css: [`/assets/${page}-b2.css`],
  strings: {
    en: ['/assets/i18n-en-messages-e1.js'],
    ja: ['/assets/i18n-ja-messages-j1.js', '/assets/ja-JP-j2.js'],
    'zh-CN': ['/assets/i18n-zh-CN-messages-c1.js'],
    'zh-TW': ['/assets/i18n-zh-TW-messages-t1.js'],
  },
});
const hints: RouteHints = {
  version: 1,
  routes: {
    '/pages/mine/mine': hint('MinePage'),
    '/pages/index/index': hint('IndexPage'),
    '/pages/public/Q&A': hint('QAPage'),
    '/admin/*': hint('AdminApp'),
  },
};

let api: TestApi;
let webDist: string;
beforeAll(async () => {
  webDist = await mkdtemp(path.join(os.tmpdir(), 'petheart-dist-'));
  await mkdir(path.join(webDist, 'assets'));
  await writeFile(path.join(webDist, 'index.html'), indexHtml);
  await writeFile(path.join(webDist, ROUTE_HINTS_FILE), JSON.stringify(hints));
  api = await createTestApi({ env: { WEB_DIST: webDist } });
});
afterAll(async () => {
  await api.close();
  await rm(webDist, { recursive: true, force: true });
});

const page = (url: string, headers: Record<string, string> = {}) =>
  api.app.inject({
    method: 'GET',
    url,
    headers: { accept: 'text/html', 'accept-encoding': 'identity', ...headers },
  });
const preloads = (html: string) =>
  [...html.matchAll(/<link rel="(?:modulepreload|preload)"[^>]*href="([^"]+)">/gu)].map((m) => m[1]);

describe('the page a route gets', () => {
  it('names its page’s scripts and styles, and its strings in the Accept-Language, in the head', async () => {
    const r = await page('/pages/mine/mine', { 'accept-language': 'ja-JP,ja;q=0.9,en;q=0.5' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/^text\/html/);
    expect(r.headers['cache-control']).toBe('no-cache');
    expect(String(r.headers.vary)).toMatch(/accept-language/i);
    expect(preloads(r.body)).toEqual([
      '/assets/MinePage-a1.js',
      '/assets/ui-c3.js',
      '/assets/i18n-ja-messages-j1.js',
      '/assets/ja-JP-j2.js',
      '/assets/MinePage-b2.css',
    ]);
    expect(r.body).toContain('<link rel="preload" as="style" crossorigin href="/assets/MinePage-b2.css"></head>');
    expect(r.body.replace(/<link[^>]*>/gu, '')).toBe(indexHtml);
  });

  it('in the language a shared link carries (?lang=), else English for a language the app does not have', async () => {
    const shared = await page('/pages/mine/mine?lang=zh-TW', { 'accept-language': 'ja' });
    expect(preloads(shared.body)).toContain('/assets/i18n-zh-TW-messages-t1.js');
    expect(preloads(shared.body)).not.toContain('/assets/i18n-ja-messages-j1.js');
    const german = await page('/pages/mine/mine', { 'accept-language': 'de-DE' });
    expect(preloads(german.body)).toContain('/assets/i18n-en-messages-e1.js');
  });

  it('covers an encoded path and the console’s routes; another path gets the page as built', async () => {
    expect(preloads((await page('/pages/public/Q%26A')).body)).toContain('/assets/QAPage-a1.js');
    expect(preloads((await page('/admin/money?tab=cashouts')).body)).toContain('/assets/AdminApp-a1.js');
    const other = await page('/pages/no/such');
    expect(other.statusCode).toBe(200);
    expect(other.body).toBe(indexHtml);
  });
});

describe('the index page', () => {
  const pictures = (html: string) =>
    [...html.matchAll(/<link rel="preload" as="image" fetchpriority="high" href="([^"]+)">/gu)].map((m) => m[1]);

  it('names its first banner’s picture, first in the head, and the new one once an operator puts another first', async () => {
    const home = async () => okData(await api.post('/api/content/home', {}), ContentHomeDataSchema);
    const admin = await loginToken(api, DEMO.admin.email, DEMO.admin.password);
    const banner = async (sort: number) =>
      okData(
        await api.post(
          '/api/admin/content/create',
          {
            kind: 'banner',
            title: fourLanguages('Winter drive'),
            cover: (await uploadImage(api, admin)).url,
            published: true,
            sort_order: sort,
          },
          { token: admin },
        ),
        AdminContentItemSchema,
      );
    expect((await home()).banners).toEqual([]);
    expect(pictures((await page('/pages/index/index')).body)).toEqual([]);

    const first = await banner(-100);
    expect((await home()).banners[0]?.id).toBe(first.id);
    const r = await page('/pages/index/index');
    expect(first.cover).toMatch(/^\/uploads\//u);
    expect(pictures(r.body)).toEqual([first.cover]);
    // Before the scripts, so the browser asks for it first.
    expect(r.body.indexOf('as="image"')).toBeLessThan(r.body.indexOf('rel="modulepreload"'));
    // Another page names no picture.
    expect(pictures((await page('/pages/mine/mine')).body)).toEqual([]);

    const next = await banner(-200);
    expect(pictures((await page('/pages/index/index')).body)).toEqual([next.cover]);
  });

  it('gives the first answer of its banners and news with it, as the app would be answered, in its language', async () => {
    const admin = await loginToken(api, DEMO.admin.email, DEMO.admin.password);
    const title = 'Drive </script><script>alert(1)</script>';
    okData(
      await api.post(
        '/api/admin/content/create',
        {
          kind: 'banner',
          title: { en: title, ja: '冬の募金', 'zh-CN': title, 'zh-TW': title },
          cover: (await uploadImage(api, admin)).url,
          published: true,
          sort_order: -300,
        },
        { token: admin },
      ),
      AdminContentItemSchema,
    );
    const given = (html: string) => {
      const m = new RegExp(`<script type="application/json" id="${GIVEN_ANSWERS_ID}">(.*?)</script>`, 'su').exec(html);
      return m ? (JSON.parse(m[1] ?? '') as { lang: string; answers: Record<string, { data: unknown }> }) : undefined;
    };
    const en = await page('/pages/index/index', { 'accept-language': 'en' });
    // The operator's text cannot end the block: `<` is written as \u003c.
    expect(en.body).not.toContain('</script><script>alert(1)');
    const block = given(en.body);
    expect(block?.lang).toBe('en');
    const home = okData(await api.post('/api/content/home', {}, { lang: 'en' }), ContentHomeDataSchema);
    expect(block?.answers['POST /api/content/home']?.data).toEqual(home);
    expect(home.banners[0]?.title).toBe(title);

    const ja = given((await page('/pages/index/index', { 'accept-language': 'ja' })).body);
    expect(ja?.lang).toBe('ja');
    expect(ContentHomeDataSchema.parse(ja?.answers['POST /api/content/home']?.data).banners[0]?.title).toBe('冬の募金');
    // Other pages get none.
    expect(given((await page('/pages/mine/mine')).body)).toBeUndefined();
  });

  it('goes out compressed to a browser that accepts it, as the app’s other files do', async () => {
    const plain = await page('/pages/index/index', { 'accept-language': 'ja' });
    // Its hints and first answers make it larger than the size from which answers are compressed.
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_FROM_BYTES);
    const br = await page('/pages/index/index', { 'accept-language': 'ja', 'accept-encoding': 'br, gzip' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-language/iu);
    expect(String(br.headers.vary)).toMatch(/accept-encoding/iu);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);
    const gzip = await page('/pages/index/index', { 'accept-language': 'ja', 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(plain.body);
    // What is not a page is still not found, and an API path that does not exist still answers as the API does.
    const missing = await api.app.inject({
      method: 'GET',
      url: '/api/no/such/thing',
      headers: { accept: 'application/json' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ data: { error: 'not_found' } });
    expect((await page('/pages/no-such-file.js')).statusCode).toBe(404);
  });
});
