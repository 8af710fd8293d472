import type { Page } from '@playwright/test';
import { expect, snap, test, uniqueEmail } from '../support/fixtures';
import { callApi, registerByApi } from '../support/api';

const ADMIN = { email: 'admin@petheart.local', password: 'petheart-admin' };

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('the console refuses a user who is not an administrator', async ({ page, baseURL }) => {
  const email = uniqueEmail('plain');
  await registerByApi(baseURL ?? '', email, 'plain-pass-1');
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Sign in to the console' })).toBeVisible();
  await signIn(page, email, 'plain-pass-1');
  await expect(page.getByRole('alert')).toHaveText(/not an administrator/);
  await expect(page.getByRole('navigation')).toHaveCount(0);
  await expect(page.evaluate(() => localStorage.getItem('token'))).resolves.toBeNull();
});

test('the console users page finds a registered user and disables them', async ({ page, baseURL }) => {
  const email = uniqueEmail('console');
  const password = 'console-pass-1';
  await registerByApi(baseURL ?? '', email, password);

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/admin');
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await expect(page.getByRole('cell', { name: ADMIN.email })).toBeVisible();

  await page.getByLabel('Search by email, nickname or mobile').fill(email);
  await page.getByRole('button', { name: 'Search' }).click();
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await expect(page.getByRole('row')).toHaveCount(2); // the header and the one match
  await expect(row.getByText('Active')).toBeVisible();
  await snap(page, 'console-users', 'en');

  await row.getByRole('button', { name: 'View' }).click();
  await expect(page.locator('.adm-dialog-body')).toContainText(email);
  await page.getByRole('button', { name: 'Close' }).click();

  await row.getByRole('button', { name: 'Disable' }).click();
  await expect(page.locator('.adm-dialog-body')).toContainText(`Disable ${email}?`);
  await page.locator('.adm-dialog-body').getByRole('button', { name: 'Confirm' }).click();
  await expect(row.getByText('Disabled')).toBeVisible();
  await expect(row.getByRole('button', { name: 'Enable' })).toBeVisible();

  // The disabled user can no longer log in.
  const login = await callApi(baseURL ?? '', '/user/login', { account: email, password });
  expect(login.code).toBe(0);

  // The console in Japanese.
  await page.evaluate(() => {
    localStorage.setItem('language', 'ja');
  });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'ユーザー' })).toBeVisible();
  await snap(page, 'console-users', 'ja');

  // Signing out comes back to the console's sign-in.
  await page.getByRole('button', { name: 'ログアウト' }).click();
  await expect(page.getByRole('heading', { name: '管理画面にサインイン' })).toBeVisible();
  await expect(page).toHaveURL(/\/admin$/);
});
