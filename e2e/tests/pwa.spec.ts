import type { BrowserContext, Page } from '@playwright/test';
import { expect, snap, test } from '../support/fixtures';

/**
 * The installable app (issue 29 §3, decision 038): the built app registers /sw.js, Chromium finds it
 * installable, and without a network a page opened before reloads into the app while a page never opened shows
 * the app or the offline page, never the browser's error page.
 */

const tabBar = (page: Page) => page.locator('.ph-tabbar');

/** Waits until /sw.js is active and controls the page (its precache is complete by then). */
async function controlledByWorker(page: Page): Promise<{ script: string; scope: string }> {
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? 'none'), {
      message: 'the service worker controls the page',
      timeout: 30_000,
    })
    .toBe('activated');
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return { script: registration.active?.scriptURL ?? '', scope: registration.scope };
  });
}

/** Every URL the worker's caches hold (the precache and the runtime cache of hashed files). */
function cachedUrls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });
}

/** Width and height from a PNG's header. */
function pngSize(png: Buffer): string {
  expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
  return `${String(png.readUInt32BE(16))}x${String(png.readUInt32BE(20))}`;
}

async function installed(context: BrowserContext, page: Page): Promise<void> {
  await page.goto('/');
  await expect(tabBar(page)).toBeVisible();
  await controlledByWorker(page);
  // The API's answers never come from the worker: it leaves them to the network.
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/api/')) expect(response.fromServiceWorker()).toBe(false);
  });
  expect(context.serviceWorkers().length).toBeGreaterThan(0);
}

/** What Chromium needs to offer the app for installation, and what the manifest and the caches hold. */
async function installable(context: BrowserContext, page: Page): Promise<void> {
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  expect(installabilityErrors).toEqual([]);
  const { url, errors } = await cdp.send('Page.getAppManifest');
  expect(new URL(url).pathname).toBe('/manifest.webmanifest');
  expect(errors).toEqual([]);

  const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as Record<string, unknown>;
  expect(manifest).toMatchObject({
    id: '/',
    name: 'PetHeart',
    short_name: 'PetHeart',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: '#54BDFF',
    background_color: '#F5F7FA',
    lang: 'en',
  });
  expect(String(manifest.description)).toMatch(/feed/);
  const icons = manifest.icons as { src: string; sizes: string; type: string; purpose: string }[];
  expect(icons.map((i) => [i.sizes, i.purpose])).toEqual([
    ['192x192', 'any'],
    ['512x512', 'any'],
    ['512x512', 'maskable'],
  ]);
  for (const icon of icons) {
    const png = await page.request.get(icon.src);
    expect(png.headers()['content-type']).toBe('image/png');
    expect(pngSize(await png.body())).toBe(icon.sizes);
  }
  const touchIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
  expect(pngSize(await (await page.request.get(touchIcon ?? '')).body())).toBe('180x180');
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#54BDFF');

  // The precache holds the shell and the offline page; no cache holds an API answer, an upload or video.
  const cached = await cachedUrls(page);
  expect(cached).toEqual(expect.arrayContaining(['/index.html', '/offline.html', '/offline.js']));
  expect(cached.filter((p) => /^\/assets\/index-[\w-]+\.js$/.test(p))).toHaveLength(1);
  expect(cached.filter((p) => /^\/(?:api|uploads|live|socket\.io)\//.test(p))).toEqual([]);
}

test.describe('the installable app', () => {
  test('registers /sw.js for the whole app, and Chromium finds the app installable', async ({
    playwright,
    launchOptions,
    baseURL,
  }, testInfo) => {
    // Chromium installs no app from an incognito profile (a Playwright context's): a profile on disk, at phone size.
    const context = await playwright.chromium.launchPersistentContext(testInfo.outputPath('profile'), {
      ...launchOptions,
      baseURL,
      viewport: { width: 375, height: 812 },
      isMobile: true,
      hasTouch: true,
      locale: 'en-US',
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto('/');
      await expect(tabBar(page)).toBeVisible();
      const worker = await controlledByWorker(page);
      expect(new URL(worker.script).pathname).toBe('/sw.js');
      expect(new URL(worker.scope).pathname).toBe('/');
      await installable(context, page);
    } finally {
      await context.close();
    }
  });

  test('without a network, a page opened before reloads into the app, and one never opened still shows the app', async ({
    page,
    context,
  }) => {
    await installed(context, page);
    await page.goto('/pages/beneficence/beneficence');
    await expect(tabBar(page)).toBeVisible();

    await context.setOffline(true);
    try {
      // A reload is a navigation the network cannot answer: the worker's shell does, and the app starts.
      const reloaded = await page.reload();
      expect(reloaded?.fromServiceWorker()).toBe(true);
      await expect(tabBar(page)).toBeVisible();
      await expect(page.locator('.ph-boot')).toBeHidden();

      // Never opened in this browser: the app (its pages are precached) or the offline page, not Chromium's
      // error page (page.goto would throw net::ERR_INTERNET_DISCONNECTED).
      const unseen = await page.goto('/pages/index/search');
      expect(unseen?.fromServiceWorker()).toBe(true);
      await expect(page.locator('main.ph-app, [data-locale="en"]:visible').first()).toBeVisible();
      expect(page.url()).not.toMatch(/^chrome-error:/);
    } finally {
      await context.setOffline(false);
    }
  });

  test('without a network and without the cached shell, a navigation shows the offline page in the reader’s language', async ({
    page,
    context,
    browser,
    baseURL,
  }) => {
    await installed(context, page);
    // As if the browser had evicted the shell from the cache: the worker's last resort is the offline page.
    const dropShell = (p: Page) =>
      p.evaluate(async () => {
        for (const name of await caches.keys()) {
          const cache = await caches.open(name);
          for (const request of await cache.keys())
            if (new URL(request.url).pathname === '/index.html') await cache.delete(request);
        }
      });
    await dropShell(page);
    await context.setOffline(true);
    try {
      const answer = await page.goto('/pages/index/petCorner');
      expect(answer?.fromServiceWorker()).toBe(true);
      await expect(page.getByRole('heading', { name: "You're offline" })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await snap(page, 'offline', 'en');
    } finally {
      await context.setOffline(false);
    }

    // A Japanese phone: the page picks its language from navigator.language.
    const ja = await browser.newContext({
      baseURL,
      viewport: { width: 375, height: 812 },
      isMobile: true,
      hasTouch: true,
      locale: 'ja-JP',
    });
    try {
      const jaPage = await ja.newPage();
      await jaPage.goto('/');
      await expect(tabBar(jaPage)).toBeVisible();
      await controlledByWorker(jaPage);
      await dropShell(jaPage);
      await ja.setOffline(true);
      await jaPage.goto('/pages/index/search');
      await expect(jaPage.getByRole('heading', { name: 'オフラインです' })).toBeVisible();
      await expect(jaPage.locator('html')).toHaveAttribute('lang', 'ja');
      await expect(jaPage).toHaveTitle('オフラインです');
      await snap(jaPage, 'offline', 'ja');
      // Try again asks again (still offline: the same page); back online, the page loads the app by itself.
      await Promise.all([jaPage.waitForEvent('load'), jaPage.getByRole('button', { name: '再試行' }).click()]);
      await expect(jaPage.getByRole('heading', { name: 'オフラインです' })).toBeVisible();
      await Promise.all([jaPage.waitForEvent('load'), ja.setOffline(false)]);
      await expect(jaPage.getByRole('heading', { name: '検索' })).toBeVisible();
    } finally {
      await ja.close();
    }
  });
});
