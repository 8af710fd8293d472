/**
 * The app start's part of the service worker (decision 038): the choice to register it, and when. Everything
 * else (registration, updates, the announcement) is loaded on demand from ./browser, so the initial route's
 * script grows by this file only.
 */

/** Production builds only (not the dev server, not vitest), in browsers with service workers (secure origins). */
export function wantsServiceWorker(production: boolean, nav: Navigator): boolean {
  return production && 'serviceWorker' in nav;
}

type IdleWindow = Pick<Window, 'document' | 'addEventListener' | 'setTimeout'> & {
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
};

/** Runs `callback` once the page has loaded and the browser is idle (the first render and its requests go first). */
export function whenIdle(win: IdleWindow, callback: () => void): void {
  const idle = () => {
    if (win.requestIdleCallback) win.requestIdleCallback(callback, { timeout: 5000 });
    else win.setTimeout(callback, 1000);
  };
  if (win.document.readyState === 'complete') idle();
  else win.addEventListener('load', idle, { once: true });
}

/** After the first render: registers /sw.js when idle. */
export function startServiceWorker(win: Window, production = import.meta.env.PROD): void {
  if (!wantsServiceWorker(production, win.navigator)) return;
  whenIdle(win, () => {
    // The worker's install downloads the precache (~600 KiB): not while the first view's images and data may
    // still be on their way over a slow link (Lighthouse: LCP 3.1-3.3 s without it, 4.0-4.3 s with it at idle).
    win.setTimeout(() => {
      import('./browser').then((m) => m.start(win)).catch(() => undefined);
    }, REGISTER_AFTER_IDLE_MS);
  });
}

/** How long after the page's first idle time the worker is registered. */
export const REGISTER_AFTER_IDLE_MS = 10_000;

/** Spec §4's reload for a new version: through the worker's update first where there is one. */
export function reloadForNewVersion(win: Window, production = import.meta.env.PROD): void {
  const reload = () => {
    win.location.reload();
  };
  if (!wantsServiceWorker(production, win.navigator)) reload();
  else import('./browser').then((m) => m.updateThenReload(win)).catch(reload);
}
