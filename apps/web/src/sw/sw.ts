/// <reference lib="webworker" />
/**
 * The service worker (decision 038), built by vite-plugin-pwa (injectManifest) as /sw.js, scope `/`.
 * - Precache: the app shell (index.html, every user page's code, styles and strings, icons, the offline page):
 *   the list Workbox writes into `self.__WB_MANIFEST` at build time (vite-pwa.ts chooses it).
 * - Navigations: network first (the newest index.html, which names the newest hashed files); when the network
 *   fails or hangs, the precached shell, else the offline page.
 * - Hashed files not precached (the console, the video players): cache first, bounded.
 * - Never: the API, uploads, live video, the socket (policy.ts): the network answers as if there were no worker.
 * - Updates: a new worker waits until the page asks it to take over (protocol.ts); push: ./push.
 */
import { APP_VERSION } from '@petheart/contracts';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { PrecacheController, PrecacheRoute, cleanupOutdatedCaches, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, Route, Router } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { installPushHandlers } from './push';
import { SKIP_WAITING, isWorkerMessage, type BuildAnswer } from './protocol';
import {
  ASSET_CACHE,
  NAVIGATION_TIMEOUT_MS,
  OFFLINE_URL,
  SHELL_URL,
  isAppNavigation,
  isHashedAsset,
  neverHandled,
  precaches,
} from './policy';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new Error('timed out'));
    }, ms);
    promise.then(resolve, reject).finally(() => {
      clearTimeout(timer);
    });
  });
}

function installServiceWorker(sw: ServiceWorkerGlobalScope, precached: (PrecacheEntry | string)[]): void {
  const manifest = precached.map((e) => (typeof e === 'string' ? { url: e } : e));
  const precache = new PrecacheController();
  precache.precache(manifest);
  cleanupOutdatedCaches();
  // The first worker controls the page that registered it at once, so what that page loads next is cached.
  clientsClaim();

  sw.addEventListener('activate', (event) => {
    // The navigation's request starts while the worker boots (network-first pays no start-up time).
    event.waitUntil(sw.registration.navigationPreload.enable().catch(() => undefined));
  });

  const navigate = async ({ event, request }: { event: ExtendableEvent; request: Request }) => {
    const network = async () =>
      ((await (event as FetchEvent).preloadResponse) as Response | undefined) ?? fetch(request);
    try {
      return await within(network(), NAVIGATION_TIMEOUT_MS);
    } catch {
      return (
        (await precache.matchPrecache(SHELL_URL)) ?? (await precache.matchPrecache(OFFLINE_URL)) ?? Response.error()
      );
    }
  };

  const router = new Router();
  const origin = sw.location.origin;
  // Navigations first: the precache route would answer `/` with the precached index.html (cache first).
  router.registerRoute(new NavigationRoute(navigate));
  router.registerRoute(new PrecacheRoute(precache, { directoryIndex: '', cleanURLs: false }));
  router.registerRoute(
    new Route(
      ({ url }) => isHashedAsset(url, origin),
      new CacheFirst({
        cacheName: ASSET_CACHE.name,
        plugins: [
          new CacheableResponsePlugin({ statuses: [200] }),
          new ExpirationPlugin({
            maxEntries: ASSET_CACHE.maxEntries,
            maxAgeSeconds: ASSET_CACHE.maxAgeSeconds,
            purgeOnQuotaError: true,
          }),
        ],
      }),
    ),
  );
  sw.addEventListener('fetch', (event) => {
    const url = new URL(event.request.url);
    if (event.request.mode === 'navigate' ? !isAppNavigation(url, origin) : neverHandled(url.pathname)) return;
    const answer = router.handleRequest({ request: event.request, event });
    if (answer) event.respondWith(answer);
  });

  sw.addEventListener('message', (event) => {
    const message: unknown = event.data;
    if (!isWorkerMessage(message)) return;
    if (message.type === SKIP_WAITING) {
      void sw.skipWaiting();
    } else {
      // BUILD_QUERY: the app version this worker carries, and whether the page runs its build.
      const answer: BuildAnswer = {
        version: APP_VERSION,
        current: precaches(manifest, message.entry, sw.location.href),
      };
      event.ports[0]?.postMessage(answer);
    }
  });

  installPushHandlers(sw);
}

// `self.__WB_MANIFEST` as written here is where the build puts the precache list.
installServiceWorker(self, self.__WB_MANIFEST);
