import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import { codeFromMail, mailsFor } from './mailbox';

export { expect };

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run through e2e/playwright.config.ts (its global setup sets it)`);
  return value;
}

/** The tests' base URL is only known after the global setup has started the API on a free port. */
export const test = base.extend({
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => {
    await use(required('PETHEART_E2E_URL'));
  },
});

export const screenshotDir = path.resolve(import.meta.dirname, '../screenshots');

/** Saves what the screen shows as e2e/screenshots/<name>-<lang>.png, once no toast or dialog covers it. */
export async function snap(page: Page, name: string, lang: string): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  await expect(page.locator('.adm-mask:visible, .adm-toast-main:visible')).toHaveCount(0);
  // A page whose chunk or strings are still loading shows the fallback spinner: wait for the page itself.
  await expect(page.locator('.ph-page-fallback')).toHaveCount(0);
  await page.screenshot({ path: path.join(screenshotDir, `${name}-${lang}.png`) });
}

/** Waits for the next auth code mailed to `email` (after `count` earlier mails) and returns it. */
export async function waitForCode(email: string, count: number): Promise<string> {
  const dir = required('PETHEART_E2E_MAIL_DIR');
  let code = '';
  await expect
    .poll(
      async () => {
        const mails = await mailsFor(dir, email);
        const mail = mails[count];
        if (mail) code = codeFromMail(mail);
        return mails.length;
      },
      { timeout: 20_000, message: `an auth code mailed to ${email}` },
    )
    .toBeGreaterThan(count);
  return code;
}

export async function mailCount(email: string): Promise<number> {
  return (await mailsFor(required('PETHEART_E2E_MAIL_DIR'), email)).length;
}

export const uniqueEmail = (prefix: string) =>
  `${prefix}-${String(Date.now())}-${String(Math.floor(Math.random() * 1e6))}@example.com`;
