import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { chromium, type Browser } from '@playwright/test';
import { argText, root, startApi } from './lib';
import { CHROME_PATH, PHONE, userPath } from './page-bench';

/**
 * The bytes of translated strings a reader's browser downloads for a page, in one language (default Japanese):
 * headless Chromium opens the page with that language stored (localStorage `language`, as the app's language
 * setting stores it) against the API serving a build, and every JavaScript chunk it loads that carries strings
 * is counted, raw, gzip -9 and brotli 11 (the build's precompressed forms, which the API sends).
 *
 * A chunk carries strings when its name says so:
 * - `i18n-<lang>-<namespace>-<hash>.js`: one language's strings of one namespace (apps/web/src/locales/<lang>/
 *   <namespace>.json) or the contracts messages (`messages`), since decision 030;
 * - before it: `locales-<hash>.js` (a feature's locales.ts, all four languages) and `<lang>-<hash>.js` (one
 *   language's contracts messages); the shared `common` strings (all four languages, 1,667 B raw, 721 B gzip)
 *   were inside a chunk the entry imports then, and are not counted.
 *
 * Usage: npm run bench:locales -w bench [-- --web-dist DIR [--before DIR] --lang ja --pages /,/pages/live/live]
 * With --before, both builds are measured (each served by its own API process) and printed side by side.
 */

const LANGS = ['en', 'ja', 'zh-CN', 'zh-TW'];
const STRINGS_CHUNK = new RegExp(`^(?:i18n-[\\w-]+|locales|(?:${LANGS.join('|')}))-[\\w-]{8}\\.js$`);
const DEFAULT_PAGES = ['/', '/pages/live/live?device_id=PH-0001'];

interface Chunk {
  file: string;
  raw: number;
  gzip: number;
  brotli: number;
}

function sizes(dist: string, file: string): Chunk {
  const body = readFileSync(path.join(dist, 'assets', file));
  return {
    file,
    raw: body.length,
    gzip: gzipSync(body, { level: 9 }).length,
    brotli: brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

/** The string chunks `page` loads in `lang`, from a fresh browser context. */
async function stringChunks(browser: Browser, base: string, page: string, lang: string): Promise<string[]> {
  const context = await browser.newContext({ viewport: { width: PHONE.width, height: PHONE.height } });
  await context.addInitScript((l) => {
    localStorage.setItem('language', l);
  }, lang);
  const tab = await context.newPage();
  const files = new Set<string>();
  tab.on('response', (res) => {
    const file = /\/assets\/([^/?]+\.js)(?:\?|$)/.exec(res.url())?.[1];
    if (file && STRINGS_CHUNK.test(file)) files.add(file);
  });
  try {
    await tab.goto(base + page, { waitUntil: 'load' });
    // The page's namespaces load while it renders (lazy chunks); settle, then a little more for late ones.
    await tab.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
    await tab.waitForTimeout(1_000);
    const shown = await tab.evaluate(() => document.documentElement.lang);
    if (shown !== lang) throw new Error(`${page}: the app shows <html lang="${shown}">, not ${lang}`);
  } finally {
    await context.close();
  }
  return [...files].sort();
}

type Report = Map<string, Chunk[]>;

async function measure(dist: string, pages: string[], lang: string): Promise<Report> {
  if (!existsSync(path.join(dist, 'index.html'))) throw new Error(`${dist}: no build (npx vite build first)`);
  const api = await startApi({ WEB_DIST: dist, SIM_FEEDERS: '0' });
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: ['--no-sandbox', '--disable-gpu'] });
  const report: Report = new Map();
  try {
    for (const page of pages) {
      const files = await stringChunks(browser, api.url, page, lang);
      report.set(
        page,
        files.map((f) => sizes(dist, f)),
      );
    }
  } finally {
    await browser.close();
    await api.stop();
  }
  return report;
}

const sum = (chunks: Chunk[], k: 'raw' | 'gzip' | 'brotli') => chunks.reduce((s, c) => s + c[k], 0);
const bytes = (n: number) => `${n.toLocaleString('en')} B`;

function print(label: string, report: Report) {
  console.log(`\n${label}`);
  for (const [page, chunks] of report) {
    console.log(`  ${page}`);
    for (const c of chunks)
      console.log(`    ${c.file.padEnd(40)} ${String(c.raw).padStart(7)} B  gzip ${String(c.gzip).padStart(6)} B`);
    console.log(
      `    total: ${String(chunks.length)} chunk(s), ${bytes(sum(chunks, 'raw'))} raw, ` +
        `${bytes(sum(chunks, 'gzip'))} gzip, ${bytes(sum(chunks, 'brotli'))} brotli`,
    );
  }
}

const lang = argText('lang') ?? 'ja';
const pages = argText('pages')?.split(',') ?? DEFAULT_PAGES;
const after = userPath(argText('web-dist') ?? path.join(root, 'apps/web/dist'));
const beforeDir = argText('before');
const before = beforeDir ? await measure(userPath(beforeDir), pages, lang) : undefined;
const now = await measure(after, pages, lang);

console.log(`Strings downloaded per page with the language set to ${lang} (raw / gzip -9 / brotli 11):`);
if (before && beforeDir) print(`before: ${beforeDir}`, before);
print(`${before ? 'after' : 'build'}: ${after}`, now);
if (before) {
  console.table(
    pages.map((page) => {
      const b = before.get(page) ?? [];
      const a = now.get(page) ?? [];
      return {
        page,
        'before raw': bytes(sum(b, 'raw')),
        'after raw': bytes(sum(a, 'raw')),
        'before gzip': bytes(sum(b, 'gzip')),
        'after gzip': bytes(sum(a, 'gzip')),
        'before br': bytes(sum(b, 'brotli')),
        'after br': bytes(sum(a, 'brotli')),
      };
    }),
  );
}
