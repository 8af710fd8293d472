import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { screenEmulationMetrics } from 'lighthouse/core/config/constants.js';

// What the page-load benches (lighthouse.ts: Lighthouse; page-loads.ts: Chromium with throttling applied) share:
// the pages, the demo user, the readiness check and how figures are summed up.

export const PAGES = [
  '/',
  '/pages/index/index',
  '/pages/community/community',
  '/pages/mine/mine',
  '/pages/live/live?device_id=PH-0001',
];
/** Pages behind the login, measured in part 2 only (with the demo user signed in); Lighthouse skips them. */
export const SIGNED_IN_PAGES = ['/pages/money/money', '/pages/history/history'];
export const LIVE_DEVICE = 'PH-0001';
export const DEMO_USER = { account: 'demo@petheart.local', password: 'petheart-demo' };
/** Lighthouse waits this long at most for a live page's load to settle (the stream never ends). */
export const LIVE_MAX_WAIT_FOR_LOAD_MS = 15_000;
/** Lighthouse's mobile screen (its types name a global namespace this project does not load). */
export const PHONE = screenEmulationMetrics.mobile as unknown as {
  width: number;
  height: number;
  deviceScaleFactor: number;
};
export const CHROME_PATH = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Stops at once with what to do when there is no Chromium (Lighthouse waited for one without a word). */
export function requireChrome() {
  if (existsSync(CHROME_PATH)) return;
  throw new Error(
    `no Chromium at ${CHROME_PATH}: install Debian's (node scripts/ensure-chromium.mjs) or set CHROME_PATH`,
  );
}

/** A path given on the command line, relative to where npm was run (npm -w runs scripts in bench/). */
export const userPath = (p: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), p);
export const loadavg = () => Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);
export const isLive = (page: string) => page.startsWith('/pages/live/live');

/** "median (min–max)" of the values, rounded to `digits` decimals; "–" when there are none. */
export function spread(values: (number | null)[], digits = 0): string {
  const v = values.filter((x): x is number => x !== null && Number.isFinite(x)).sort((a, b) => a - b);
  if (v.length === 0) return '–';
  const mid = Math.floor(v.length / 2);
  const median = v.length % 2 ? (v[mid] as number) : ((v[mid - 1] as number) + (v[mid] as number)) / 2;
  const f = (n: number) => n.toFixed(digits);
  return v.length === 1 ? f(median) : `${f(median)} (${f(v[0] as number)}–${f(v.at(-1) as number)})`;
}

/** The server is ready when it serves the web app and the live page's camera is on air. */
export async function waitUntilReady(base: string) {
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
