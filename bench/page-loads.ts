import { chromium, type Browser } from '@playwright/test';
import { throttling, userAgents } from 'lighthouse/core/config/constants.js';
import { LoginDataSchema, envelope } from '@petheart/contracts';
import { CHROME_PATH, DEMO_USER, PHONE, SIGNED_IN_PAGES, isLive, loadavg, spread } from './page-bench';

// Part 2 of bench:lighthouse (see lighthouse.ts): headless Chromium through Playwright with the throttling applied.

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

export async function benchBrowser(base: string, pages: string[], runs: number) {
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
