import path from 'node:path';
import { expect, type Browser, type Page } from '@playwright/test';
import { callApi, registerByApi } from './api';
import { loginByApi } from './devices';
import { screenshotDir, uniqueEmail } from './fixtures';

/**
 * A phone-sized page (375×812, touch) in `language`, stored as the app's setting stores it; signed in with
 * `token` when given (as the login page leaves it); `permissions` such as the clipboard, as on a phone.
 */
export async function phonePage(
  browser: Browser,
  baseURL: string,
  o: { language?: string; token?: string; permissions?: string[] } = {},
): Promise<Page> {
  const language = o.language ?? 'en';
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 375, height: 812 },
    isMobile: true,
    hasTouch: true,
    locale: language === 'en' ? 'en-US' : language,
    ...(o.permissions ? { permissions: o.permissions } : {}),
  });
  await context.addInitScript(
    ([token, lang]) => {
      if (token) localStorage.setItem('token', token);
      localStorage.setItem('language', lang);
    },
    [o.token ?? '', language] as const,
  );
  return context.newPage();
}

/**
 * A page signed in with `token` in `language`: phone size, or the console's desktop size when `desktop` (1280×800,
 * no touch).
 */
export async function signedInPage(
  browser: Browser,
  baseURL: string,
  token: string,
  language = 'en',
  desktop = false,
): Promise<Page> {
  if (!desktop) return phonePage(browser, baseURL, { token, language });
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 1280, height: 800 },
    locale: language === 'en' ? 'en-US' : language,
  });
  await context.addInitScript(
    ([t, lang]) => {
      localStorage.setItem('token', t);
      localStorage.setItem('language', lang);
    },
    [token, language] as const,
  );
  return context.newPage();
}

/** Like snap(), for a console drawer (its mask stays on screen): once no toast covers it. */
export async function snapDrawer(page: Page, name: string, lang = 'en'): Promise<void> {
  await expect(page.locator('.adm-toast-main:visible')).toHaveCount(0);
  await page.screenshot({ path: path.join(screenshotDir, `${name}-${lang}.png`) });
}

/** A new user with a nickname, signed in through the API; returns the token. */
export async function newUser(baseURL: string, prefix: string, nickname: string): Promise<string> {
  const email = uniqueEmail(prefix);
  await registerByApi(baseURL, email, `${prefix}-pass-1`);
  const token = await loginByApi(baseURL, email, `${prefix}-pass-1`);
  const profile = await callApi(baseURL, '/user/profile', { nickname }, token);
  expect(profile.code, profile.msg).toBe(1);
  return token;
}
