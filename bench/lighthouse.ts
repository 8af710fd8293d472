import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { screenEmulationMetrics, throttling, userAgents } from 'lighthouse/core/config/constants.js';
import { LoginDataSchema, envelope } from '@petheart/contracts';
import { root, startApi } from './lib';

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

const PAGES = [
  '/',
  '/pages/index/index',
  '/pages/community/community',
  '/pages/mine/mine',
  '/pages/live/live?device_id=PH-0001',
];
/** Pages behind the login, measured in part 2 only (with the demo user signed in); Lighthouse skips them. */
const SIGNED_IN_PAGES = ['/pages/money/money', '/pages/history/history'];
const LIVE_DEVICE = 'PH-0001';
const DEMO_USER = { account: 'demo@petheart.local', password: 'petheart-demo' };
/** Lighthouse waits this long at most for a live page's load to settle (the stream never ends). */
const LIVE_MAX_WAIT_FOR_LOAD_MS = 15_000;
/** Lighthouse's mobile screen (its types name a global namespace this project does not load). */
const PHONE = screenEmulationMetrics.mobile as unknown as { width: number; height: number; deviceScaleFactor: number };
const CHROME_PATH = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const argText = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
/** A path given on the command line, relative to where npm was run (npm -w runs scripts in bench/). */
const userPath = (p: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), p);
const loadavg = () => Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);
const isLive = (page: string) => page.startsWith('/pages/live/live');

/** "median (min–max)" of the values, rounded to `digits` decimals; "–" when there are none. */
function spread(values: (number | null)[], digits = 0): string {
  const v = values.filter((x): x is number => x !== null && Number.isFinite(x)).sort((a, b) => a - b);
  if (v.length === 0) return '–';
  const mid = Math.floor(v.length / 2);
  const median = v.length % 2 ? (v[mid] as number) : ((v[mid - 1] as number) + (v[mid] as number)) / 2;
  const f = (n: number) => n.toFixed(digits);
  return v.length === 1 ? f(median) : `${f(median)} (${f(v[0] as number)}–${f(v.at(-1) as number)})`;
}

/** The server is ready when it serves the web app and the live page's camera is on air. */
async function waitUntilReady(base: string) {
  const deadline = Date.now() + 90_000;
  for (;;) {
    try {
      const page = await fetch(`${base}/`);
      const play = await fetch(`${base}/api/live/play`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ device_id: LIVE_DEVICE }),
      });
      const body = (await play.json()) as { data?: { camera_online?: boolean } };
      if (page.ok && (await page.text()).includes('<div id="root">') && body.data?.camera_online === true) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${base} did not serve the app with ${LIVE_DEVICE} on air in 90 s`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

// ---- Part 1: Lighthouse ----

interface LighthouseRun {
  perf: number | null;
  a11y: number | null;
  lcp: number | null;
  cls: number | null;
  tbt: number | null;
  fcp: number | null;
  si: number | null;
  bytes: number | null;
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
      onlyCategories: ['performance', 'accessibility'],
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
    const shiftItems = (
      lhr.audits['layout-shifts']?.details as { items?: { node?: { selector?: string } }[] } | undefined
    )?.items;
    return {
      perf: score('performance'),
      a11y: score('accessibility'),
      lcp: audit('largest-contentful-paint'),
      cls: audit('cumulative-layout-shift'),
      tbt: audit('total-blocking-time'),
      fcp: audit('first-contentful-paint'),
      si: audit('speed-index'),
      bytes: audit('total-byte-weight'),
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
        LCP: col((x) => x.lcp),
        CLS: col((x) => x.cls, 3),
        TBT: col((x) => x.tbt),
        FCP: col((x) => x.fcp),
        SI: col((x) => x.si),
        KiB: col((x) => (x.bytes === null ? null : x.bytes / 1024)),
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

// ---- Part 2: Playwright with applied throttling ----

/** In each document, before the app's scripts: layout shifts (with their nodes), LCP, the video's first frame. */
function installProbe() {
  interface ShiftSource {
    node: Node | null;
    previousRect: DOMRectReadOnly;
    currentRect: DOMRectReadOnly;
  }
  interface ShiftEntry extends PerformanceEntry {
    value: number;
    hadRecentInput: boolean;
    sources: ShiftSource[];
  }
  interface LcpEntry extends PerformanceEntry {
    element: Element | null;
    size: number;
  }
  const describe = (node: Node | null): string => {
    if (!(node instanceof Element)) return node ? node.nodeName : '(removed)';
    const testId = node.getAttribute('data-testid');
    const label = node.getAttribute('aria-label');
    const cls = typeof node.className === 'string' ? node.className.trim().split(/\s+/).slice(0, 2).join('.') : '';
    const text = (node.textContent || '').trim().slice(0, 30);
    return (
      node.tagName.toLowerCase() +
      (cls ? `.${cls}` : '') +
      (testId ? `[data-testid=${testId}]` : '') +
      (label ? `[aria-label=${label}]` : '') +
      (text ? ` "${text}"` : '')
    );
  };
  // Documents loaded in this tab (the context is fresh): 2 when the app reloads itself on the way.
  const documents = Number(sessionStorage.getItem('bench-documents') ?? 0) + 1;
  sessionStorage.setItem('bench-documents', String(documents));
  const probe = {
    documents,
    timeOrigin: performance.timeOrigin,
    shifts: [] as { value: number; at: number; input: boolean; sources: string[] }[],
    lcp: null as { at: number; element: string } | null,
    firstFrame: null as number | null,
  };
  (window as unknown as { __probe: typeof probe }).__probe = probe;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as ShiftEntry[]) {
      probe.shifts.push({
        value: e.value,
        at: e.startTime,
        input: e.hadRecentInput,
        sources: e.sources.map(
          (s) =>
            `${describe(s.node)} y ${String(Math.round(s.previousRect.y))}→${String(Math.round(s.currentRect.y))}` +
            ` h ${String(Math.round(s.previousRect.height))}→${String(Math.round(s.currentRect.height))}`,
        ),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((list) => {
    const last = list.getEntries().at(-1) as LcpEntry | undefined;
    if (last) probe.lcp = { at: last.startTime, element: describe(last.element) };
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  const watched = new WeakSet<HTMLVideoElement>();
  const watch = () => {
    for (const video of document.querySelectorAll('video')) {
      if (watched.has(video)) continue;
      watched.add(video);
      video.requestVideoFrameCallback((now) => {
        probe.firstFrame ??= now;
      });
    }
  };
  new MutationObserver(watch).observe(document, { childList: true, subtree: true });
}

type Probe = {
  documents: number;
  timeOrigin: number;
  shifts: { value: number; at: number; input: boolean; sources: string[] }[];
  lcp: { at: number; element: string } | null;
  firstFrame: number | null;
};

/** CLS as Lighthouse and web-vitals count it: the largest session window (gaps < 1 s, at most 5 s). */
function cumulativeLayoutShift(shifts: Probe['shifts']): number {
  let best = 0;
  let current = 0;
  let first = -Infinity;
  let last = -Infinity;
  for (const s of shifts) {
    if (s.input) continue;
    if (s.at - last < 1000 && s.at - first < 5000) current += s.value;
    else {
      current = s.value;
      first = s.at;
    }
    last = s.at;
    best = Math.max(best, current);
  }
  return best;
}

interface BrowserRun {
  cls: number;
  lcp: number | null;
  lcpElement: string;
  firstFrame: number | null;
  documents: number;
  shifts: Probe['shifts'];
  loadStart: number;
  loadEnd: number;
}

async function browserRun(browser: Browser, url: string, token: string | null): Promise<BrowserRun> {
  const loadStart = loadavg();
  const emulation = PHONE;
  const context = await browser.newContext({
    viewport: { width: emulation.width, height: emulation.height },
    deviceScaleFactor: emulation.deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
    userAgent: userAgents.mobile,
  });
  try {
    if (token) {
      await context.addInitScript((t) => {
        localStorage.setItem('token', t);
      }, token);
    }
    // tsx (esbuild, keepNames) wraps named inner functions in __name(): the page needs it defined.
    await context.addInitScript({ content: `(() => { const __name = (f) => f; (${installProbe.toString()})(); })();` });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    // Lighthouse's "devtools" (applied) values for slow 4G: 562.5 ms latency, 1474.6 / 675 kbps.
    const slow4G = throttling.mobileSlow4G;
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: slow4G.requestLatencyMs,
      downloadThroughput: Math.floor((slow4G.downloadThroughputKbps * 1024) / 8),
      uploadThroughput: Math.floor((slow4G.uploadThroughputKbps * 1024) / 8),
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: slow4G.cpuSlowdownMultiplier });
    const navigationStart = Date.now();
    if (isLive(new URL(url).pathname)) {
      await page.goto(url, { waitUntil: 'commit' });
      await page.waitForFunction(
        () => (window as unknown as { __probe?: Probe }).__probe?.firstFrame != null,
        undefined,
        { timeout: 90_000, polling: 100 },
      );
    } else {
      // Settled: no request for 500 ms (after the app's first-visit reload, if it makes one).
      await page.goto(url, { waitUntil: 'networkidle', timeout: 90_000 });
      await page.waitForLoadState('networkidle', { timeout: 90_000 });
    }
    const probe = await page.evaluate(() => (window as unknown as { __probe: Probe }).__probe);
    const sinceNavigation = (at: number | null) => (at === null ? null : probe.timeOrigin + at - navigationStart);
    return {
      cls: cumulativeLayoutShift(probe.shifts),
      lcp: sinceNavigation(probe.lcp?.at ?? null),
      lcpElement: probe.lcp?.element ?? '–',
      firstFrame: sinceNavigation(probe.firstFrame),
      documents: probe.documents,
      shifts: probe.shifts,
      loadStart,
      loadEnd: loadavg(),
    };
  } finally {
    await context.close();
  }
}

async function signIn(base: string): Promise<string> {
  const login = await fetch(`${base}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_USER),
  });
  return envelope(LoginDataSchema).parse(await login.json()).data.userinfo.token;
}

async function benchBrowser(base: string, pages: string[], runs: number) {
  const token = await signIn(base);
  const all = pages.map((p) => ({ page: p, signedIn: SIGNED_IN_PAGES.includes(p) }));
  const results = new Map<string, BrowserRun[]>(all.map((p) => [p.page, []]));
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    for (let round = 1; round <= runs; round++) {
      for (const { page, signedIn } of all) {
        process.stderr.write(`browser round ${String(round)}/${String(runs)} ${page}\n`);
        results.get(page)?.push(await browserRun(browser, base + page, signedIn ? token : null));
      }
    }
  } finally {
    await browser.close();
  }
  const slow4G = throttling.mobileSlow4G;
  console.log(
    `Headless Chromium with applied throttling (slow 4G as DevTools applies it: ${String(slow4G.requestLatencyMs)} ms, ` +
      `${slow4G.downloadThroughputKbps.toFixed(0)}/${String(slow4G.uploadThroughputKbps)} kbps; ` +
      `${String(slow4G.cpuSlowdownMultiplier)}x CPU), ${String(PHONE.width)}×${String(PHONE.height)}, ` +
      `${String(runs)} run(s) per page, a fresh context each; times in ms from navigation start, median (min–max):`,
  );
  console.table(
    all.map(({ page, signedIn }) => {
      const r = results.get(page) ?? [];
      return {
        page: signedIn ? `${page} (signed in)` : page,
        CLS: spread(
          r.map((x) => x.cls),
          3,
        ),
        LCP: spread(r.map((x) => x.lcp)),
        'first frame': isLive(page) ? spread(r.map((x) => x.firstFrame)) : '',
        documents: spread(r.map((x) => x.documents)),
        'load start': spread(
          r.map((x) => x.loadStart),
          2,
        ),
        'load end': spread(
          r.map((x) => x.loadEnd),
          2,
        ),
      };
    }),
  );
  for (const { page } of all) {
    const r = results.get(page) ?? [];
    const lcpElements = [...new Set(r.map((x) => x.lcpElement))];
    console.log(`${page}: LCP element ${lcpElements.join(' | ')}`);
    // The shifts of the worst run, largest first.
    const worst = r.reduce<BrowserRun | null>((w, x) => (w && w.cls >= x.cls ? w : x), null);
    if (worst && worst.cls > 0.001) {
      for (const s of [...worst.shifts].sort((a, b) => b.value - a.value).slice(0, 4)) {
        console.log(`  shift ${s.value.toFixed(3)} at ${String(Math.round(s.at))} ms: ${s.sources.join('; ')}`);
      }
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
