import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { argText, root, startApi } from './lib';
import { benchBrowser } from './page-loads';
import {
  CHROME_PATH,
  LIVE_MAX_WAIT_FOR_LOAD_MS,
  PAGES,
  SIGNED_IN_PAGES,
  isLive,
  loadavg,
  requireChrome,
  spread,
  userPath,
  waitUntilReady,
} from './page-bench';

/**
 * Page loads as a phone on a slow network sees them. Two parts:
 *
 * 1. Lighthouse (its default config: mobile form factor, simulated slow 4G and 4x CPU slowdown) on the app's
 *    pages, `--runs` times each, pages alternating within a round, a fresh Chromium (and profile) per run.
 * 2. Headless Chromium through Playwright with the throttling *applied* (Lighthouse's DevTools values for slow 4G
 *    and 4x CPU), a fresh context per run: layout shifts with the nodes they moved, LCP, and on the live page the
 *    time to the video's first frame (Lighthouse's simulated load never settles on a page streaming video).
 *
 * The API runs as its own process, as `npm start` runs it (fresh DATA_DIR, demo data, simulated feeders with
 * cameras), serving the built web app (`--web-dist DIR`, default apps/web/dist); or `--url` measures a running
 * server. The 1-minute load average (/proc/loadavg) is printed with every figure: scores move with CPU load.
 * Usage: npm run bench:lighthouse -w bench [-- --runs 3 --url URL --web-dist DIR --pages /,/pages/mine/mine
 *   --only lighthouse|browser --save DIR]
 */

// ---- Part 1: Lighthouse (part 2 is page-loads.ts) ----

interface LighthouseRun {
  perf: number | null;
  a11y: number | null;
  /** Best practices (issue 29 asks for it beside the other two). */
  bp: number | null;
  lcp: number | null;
  cls: number | null;
  tbt: number | null;
  fcp: number | null;
  si: number | null;
  bytes: number | null;
  /** Requests the page made (diagnostics' numRequests): over HTTP/1.1 each costs a round trip (decision 039). */
  requests: number | null;
  loadStart: number;
  loadEnd: number;
  warnings: string[];
  /** Audits Lighthouse could not run, with their error (its trace engine does not read every Chromium's traces). */
  failed: { id: string; error: string }[];
  /** Audits with estimated savings (ms or bytes), for the summary. */
  opportunities: { id: string; ms: number; bytes: number }[];
  shifted: string[];
}

async function lighthouseRun(url: string, save?: string): Promise<LighthouseRun> {
  const loadStart = loadavg();
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
      ...(isLive(new URL(url).pathname) ? { maxWaitForLoad: LIVE_MAX_WAIT_FOR_LOAD_MS } : {}),
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (save) {
      mkdirSync(save, { recursive: true });
      const name = `${new URL(url).pathname.replace(/\W+/g, '_')}-${new Date().toISOString().replace(/\W/g, '')}`;
      writeFileSync(path.join(save, `${name}.json`), JSON.stringify(lhr));
    }
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? null;
    const score = (id: string) => {
      const s = lhr.categories[id]?.score;
      return s === null || s === undefined ? null : Math.round(s * 100);
    };
    const opportunities = Object.values(lhr.audits)
      .filter((a) => a.details?.type === 'opportunity' && (a.score ?? 1) < 1)
      .map((a) => {
        const d = a.details as { overallSavingsMs?: number; overallSavingsBytes?: number };
        return { id: a.id, ms: d.overallSavingsMs ?? 0, bytes: d.overallSavingsBytes ?? 0 };
      });
    const diagnostics = (lhr.audits.diagnostics?.details as { items?: { numRequests?: number }[] } | undefined)
      ?.items?.[0];
    const shiftItems = (
      lhr.audits['layout-shifts']?.details as { items?: { node?: { selector?: string } }[] } | undefined
    )?.items;
    return {
      perf: score('performance'),
      a11y: score('accessibility'),
      bp: score('best-practices'),
      lcp: audit('largest-contentful-paint'),
      cls: audit('cumulative-layout-shift'),
      tbt: audit('total-blocking-time'),
      fcp: audit('first-contentful-paint'),
      si: audit('speed-index'),
      bytes: audit('total-byte-weight'),
      requests: diagnostics?.numRequests ?? null,
      loadStart,
      loadEnd: loadavg(),
      warnings: [...lhr.runWarnings, ...(lhr.runtimeError ? [lhr.runtimeError.message] : [])],
      failed: Object.values(lhr.audits)
        .filter((a) => a.scoreDisplayMode === 'error')
        .map((a) => ({ id: a.id, error: a.errorMessage ?? '' })),
      opportunities,
      shifted: (shiftItems ?? []).map((i) => i.node?.selector ?? '?'),
    };
  } finally {
    chrome.kill();
  }
}

async function benchLighthouse(base: string, pages: string[], runs: number, save?: string) {
  const results = new Map<string, LighthouseRun[]>(pages.map((p) => [p, []]));
  for (let round = 1; round <= runs; round++) {
    for (const page of pages) {
      process.stderr.write(`lighthouse round ${String(round)}/${String(runs)} ${page}\n`);
      results.get(page)?.push(await lighthouseRun(base + page, save));
    }
  }
  console.log(
    `Lighthouse ${String(runs)} run(s) per page (default config: mobile, simulated slow 4G, 4x CPU); ` +
      'median (min–max); times in ms, bytes in KiB:',
  );
  console.table(
    pages.map((page) => {
      const r = results.get(page) ?? [];
      const col = (f: (x: LighthouseRun) => number | null, digits = 0) => spread(r.map(f), digits);
      return {
        page,
        perf: col((x) => x.perf),
        a11y: col((x) => x.a11y),
        'best pr.': col((x) => x.bp),
        LCP: col((x) => x.lcp),
        CLS: col((x) => x.cls, 3),
        TBT: col((x) => x.tbt),
        FCP: col((x) => x.fcp),
        SI: col((x) => x.si),
        KiB: col((x) => (x.bytes === null ? null : x.bytes / 1024)),
        requests: col((x) => x.requests),
        'load start': col((x) => x.loadStart, 2),
        'load end': col((x) => x.loadEnd, 2),
      };
    }),
  );
  for (const page of pages) {
    const r = results.get(page) ?? [];
    const savings = new Map<string, { ms: number[]; bytes: number[] }>();
    for (const run of r) {
      for (const o of run.opportunities) {
        const s = savings.get(o.id) ?? { ms: [], bytes: [] };
        s.ms.push(o.ms);
        s.bytes.push(o.bytes / 1024);
        savings.set(o.id, s);
      }
    }
    const listed = [...savings].map(([id, s]) => `${id} ${spread(s.ms)} ms / ${spread(s.bytes)} KiB`);
    const shifted = [...new Set(r.flatMap((x) => x.shifted))];
    const warnings = [...new Set(r.flatMap((x) => x.warnings))];
    console.log(page);
    if (listed.length) console.log(`  opportunities (estimated savings): ${listed.join('; ')}`);
    if (shifted.length) console.log(`  shifted: ${shifted.join(' | ')}`);
    for (const w of warnings) console.log(`  warning: ${w.replace(/\s+/g, ' ').slice(0, 200)}`);
    const failed = new Map(r.flatMap((x) => x.failed).map((f) => [f.id, f.error]));
    if (failed.size) {
      // The innermost message ("Required X gatherer encountered an error: Dependency … failed with exception: …").
      const errors = [
        ...new Set([...failed.values()].map((e) => (e.split(/(?:error|exception): /).at(-1) ?? e).trim())),
      ];
      console.log(`  audits that failed: ${[...failed.keys()].join(', ')} (${errors.join('; ')})`);
    }
  }
}

// ---- Main ----

if (import.meta.url === `file://${process.argv[1] ?? ''}`) {
  const runs = Number(argText('runs') ?? 3);
  // Lighthouse measures the pages a tourist sees; the browser part those and the signed-in ones.
  const pages = argText('pages')?.split(',') ?? [...PAGES, ...SIGNED_IN_PAGES];
  const only = argText('only');
  const save = argText('save');
  const url = argText('url');
  requireChrome();
  let stop = async () => {};
  let base: string;
  if (url) {
    base = url.replace(/\/$/, '');
  } else {
    const webDist = userPath(argText('web-dist') ?? path.join(root, 'apps/web/dist'));
    if (!existsSync(path.join(webDist, 'index.html'))) throw new Error(`no web build in ${webDist}: npm run build`);
    const api = await startApi({ WEB_DIST: webDist, SIM_FEEDERS: '4', MEDIA_RTMP_PORT: '0' });
    base = api.url;
    stop = () => api.stop();
  }
  try {
    await waitUntilReady(base);
    console.log(`Measuring ${base}; load average now ${readFileSync('/proc/loadavg', 'utf8').trim()}`);
    const tourist = pages.filter((p) => !SIGNED_IN_PAGES.includes(p));
    if (only !== 'browser' && tourist.length) {
      await benchLighthouse(base, tourist, runs, save ? userPath(save) : undefined);
    }
    if (only !== 'lighthouse') await benchBrowser(base, pages, runs);
  } finally {
    await stop();
  }
}
