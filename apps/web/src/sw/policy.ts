/**
 * Which requests the service worker answers, and how (decision 038). Pure functions of the URL, tested in
 * policy.test.ts; sw.ts wires them to Workbox.
 */

/**
 * Never answered by the worker, not even as a navigation: the API (its answers are live data; the sandbox
 * payment page is one of its navigations), uploads (served immutable: the HTTP cache keeps them), live video
 * and the live room's socket, the station files. They go to the network as if there were no worker.
 */
export const NEVER_HANDLED: readonly RegExp[] = [
  /^\/api(?:\/|$)/u,
  /^\/uploads(?:\/|$)/u,
  /^\/live(?:\/|$)/u,
  /^\/socket\.io(?:\/|$)/u,
  /^\/station(?:\/|$)/u,
];

export function neverHandled(pathname: string): boolean {
  return NEVER_HANDLED.some((re) => re.test(pathname));
}

/** The build's hashed files (`/assets/<name>-<hash>.<ext>`): they never change, so cache-first. */
export function isHashedAsset(url: URL, origin: string): boolean {
  return url.origin === origin && url.pathname.startsWith('/assets/') && !neverHandled(url.pathname);
}

/** A navigation the worker answers network-first (the app's pages: everything but NEVER_HANDLED). */
export function isAppNavigation(url: URL, origin: string): boolean {
  return url.origin === origin && !neverHandled(url.pathname);
}

/** The shell the worker falls back to for a navigation the network cannot answer, then the offline page. */
export const SHELL_URL = '/index.html';
export const OFFLINE_URL = '/offline.html';

/** How long a navigation waits for the network before the cached shell answers (a connection that hangs). */
export const NAVIGATION_TIMEOUT_MS = 5000;

/** Runtime cache of hashed files not precached (the console, the video players): bounded. */
export const ASSET_CACHE = {
  name: 'ph-assets',
  maxEntries: 150,
  maxAgeSeconds: 30 * 24 * 60 * 60,
} as const;

/** Whether the precache list (Workbox's manifest: URLs relative to the root) holds `path` (`/assets/x.js`). */
export function precaches(entries: readonly { url: string }[], path: string, base: string): boolean {
  return entries.some((e) => new URL(e.url, base).pathname === path);
}
