import type { Browser, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';

/** Counts the documents the page loads and notes how each script arrived. */
function watch(page: Page) {
  const seen = { documents: 0, scripts: [] as { url: string; encoding: string | undefined }[] };
  page.on('request', (request) => {
    if (request.resourceType() === 'document') seen.documents++;
  });
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script')
      seen.scripts.push({ url: response.url(), encoding: response.headers()['content-encoding'] });
  });
  return seen;
}

const tabBar = (page: Page) => page.locator('.ph-tabbar');

/** A page in a new browser context at phone size whose reader reads Japanese (closed after `use`). */
async function inJapanese(browser: Browser, baseURL: string | undefined, use: (page: Page) => Promise<void>) {
  const ja = await browser.newContext({ baseURL, viewport: { width: 375, height: 812 }, locale: 'ja-JP' });
  try {
    await use(await ja.newPage());
  } finally {
    await ja.close();
  }
}

test.describe('app start (spec §4 version check)', () => {
  test('a first visit loads the document once, its scripts brotli-compressed', async ({ page }) => {
    const seen = watch(page);
    await page.goto('/');
    await expect(tabBar(page)).toBeVisible();
    // The app renders only once no reload is pending: had it asked for one, the second document came first.
    expect(seen.documents).toBe(1);
    expect(await page.evaluate(() => localStorage.getItem('version'))).toBe('1.0.2');
    expect(seen.scripts.length).toBeGreaterThan(0);
    for (const script of seen.scripts.filter((s) => s.url.includes('/assets/'))) expect(script.encoding).toBe('br');
  });

  test('a stored version that differs is replaced and the page reloads once', async ({ page }) => {
    await page.goto('/');
    await expect(tabBar(page)).toBeVisible();
    await page.evaluate(() => {
      localStorage.setItem('version', '1.0.1');
    });
    const seen = watch(page);
    await page.reload();
    await expect(tabBar(page)).toBeVisible();
    // Playwright's reload, then the app's own.
    expect(seen.documents).toBe(2);
    expect(await page.evaluate(() => localStorage.getItem('version'))).toBe('1.0.2');
  });

  test('the page the server sends names its route’s files and its strings in the reader’s language (decision 040)', async ({
    browser,
    baseURL,
  }) => {
    await inJapanese(browser, baseURL, async (page) => {
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/assets/')) scripts.push(new URL(request.url()).pathname);
      });
      await page.goto('/pages/mine/mine');
      await expect(page.getByRole('heading', { name: 'マイページ' })).toBeVisible();
      const named = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLLinkElement>('head link[rel="modulepreload"]')].map(
          (l) => new URL(l.href).pathname,
        ),
      );
      expect(named.some((href) => /\/MinePage-[\w-]+\.js$/u.test(href))).toBe(true);
      expect(named.some((href) => /\/i18n-ja-me-[\w-]+\.js$/u.test(href))).toBe(true);
      expect(named.some((href) => /\/i18n-en-/u.test(href))).toBe(false);
      // Named in the page or imported by the app, each file is downloaded once.
      const mine = scripts.filter((s) => /\/(?:MinePage|i18n-ja-me)-/u.test(s));
      expect(mine).toHaveLength(2);
    });
  });

  test('from the first paint to the page, the screen is never blank (the logo until the app renders)', async ({
    browser,
    baseURL,
  }) => {
    // Japanese: its strings are not in the entry script, so the app's first render is nothing until they arrive.
    await inJapanese(browser, baseURL, async (page) => {
      await page.addInitScript(() => {
        const blank: string[] = [];
        Object.assign(window, { phBlank: blank });
        const check = () => {
          const root = document.getElementById('root');
          const boot = document.querySelector('.ph-boot');
          if (!root || !document.body.contains(root)) return;
          const logo = boot !== null && getComputedStyle(boot).display !== 'none';
          if (!logo && root.childElementCount === 0) blank.push(`${Math.round(performance.now())} ms`);
        };
        new MutationObserver(check).observe(document, { childList: true, subtree: true });
      });
      await page.goto('/pages/mine/mine');
      await expect(page.getByRole('heading', { name: 'マイページ' })).toBeVisible();
      expect(await page.evaluate(() => (window as unknown as { phBlank: string[] }).phBlank)).toEqual([]);
      await expect(page.locator('.ph-boot')).toBeHidden();
    });
  });
});
