import type { Page } from '@playwright/test';
import { expect, mailCount, snap, test, uniqueEmail, waitForCode } from '../support/fixtures';
import { gradientPng } from '../support/png';

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

/** Clicks the confirming button of the open antd-mobile dialog. */
async function confirmDialog(page: Page, name: string) {
  const dialog = page.locator('.adm-dialog-body');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name, exact: true }).click();
}

async function chooseLanguage(page: Page, name: string) {
  await page.locator('.adm-check-list-item').filter({ hasText: name }).click();
}

test('login validation messages', async ({ page }) => {
  await page.goto('/pages/public/login');
  await expect(heading(page)).toHaveText('Login');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByText('Please enter your login account')).toBeVisible();
  await expect(page.getByText('Please enter the password')).toBeVisible();
  await expect(page.getByText('Please check the relevant agreements first')).toBeVisible();

  await page.getByLabel('Email or mobile number').fill('someone@example.com');
  await page.getByLabel('Password', { exact: true }).fill('whatever');
  await expect(page.getByText('Please enter your login account')).toBeHidden();
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByText('Please check the relevant agreements first')).toBeVisible();

  // Auth-code mode (email in English): the code is required.
  await page.getByRole('tab', { name: 'Auth code' }).click();
  await page.getByLabel('Email', { exact: true }).fill('someone@example.com');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByText('Please enter the auth code')).toBeVisible();
  await expect(page.getByText('Please check the relevant agreements first')).toBeHidden();
});

test('register form validation messages', async ({ page }) => {
  await page.goto('/pages/public/register');
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(page.getByText('Please enter the email')).toBeVisible();
  await expect(page.getByText('Please enter the password', { exact: true })).toBeVisible();
  await expect(page.getByText('Please enter the password again')).toBeVisible();
  await expect(page.getByText('Please enter the auth code')).toBeVisible();
  await page.getByLabel('Password (6 to 64 characters)').fill('secret123');
  await page.getByLabel('Password again').fill('secret124');
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(page.getByText('The two password entries are inconsistent')).toBeVisible();
});

test('a tourist opening the user info page is sent to login', async ({ page }) => {
  await page.goto('/pages/mine/userinfo');
  await expect(page).toHaveURL(/\/pages\/public\/login\?redirect=%2Fpages%2Fmine%2Fuserinfo/);
  await expect(heading(page)).toHaveText('Login');
});

test('journey: register, login, profile with avatar, languages, logout', async ({ page }) => {
  const email = uniqueEmail('journey');
  const password = 'journey-pass-1';

  // Register with the auth code from the real mail.
  await page.goto('/pages/public/register');
  await expect(heading(page)).toHaveText('Register');
  await snap(page, 'register', 'en');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password (6 to 64 characters)').fill(password);
  await page.getByLabel('Password again').fill(password);
  const before = await mailCount(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByRole('button', { name: /Resend in \d+s/ })).toBeDisabled();
  const code = await waitForCode(email, before);
  await page.getByLabel('Auth code').fill(code);
  await page.getByRole('button', { name: 'Register', exact: true }).click();

  // Registered and logged in: the Me tab shows the user.
  await expect(page).toHaveURL(/\/pages\/mine\/mine$/);
  await expect(page.getByTestId('mine-nickname')).not.toHaveText('Log in / Register');
  await expect(page.getByText(email)).toBeVisible();

  // Log out from the settings, then log in with the password.
  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(heading(page)).toHaveText('Settings');
  await page.getByRole('button', { name: 'Log out' }).click();
  await confirmDialog(page, 'Log out');
  await expect(page).toHaveURL(/\/pages\/public\/login/);
  await expect(page.evaluate(() => localStorage.getItem('token'))).resolves.toBeNull();
  await snap(page, 'login', 'en');

  await page.getByLabel('Email or mobile number').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/\/pages\/mine\/mine$/);
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByText('Days logged in')).toBeVisible();
  await snap(page, 'me', 'en');

  // Profile: the avatar (pick → crop → upload) and the nickname.
  await page.getByTestId('mine-nickname').click();
  await expect(heading(page)).toHaveText('User information');
  const avatar = page.getByTestId('userinfo-avatar').locator('img.adm-image-img');
  await page
    .getByTestId('avatar-file')
    .setInputFiles({ name: 'cat.png', mimeType: 'image/png', buffer: gradientPng(640, 480) });
  await expect(page).toHaveURL(/\/uni_modules\/u-avatar-cropper\/u-avatar-cropper$/);
  await expect(heading(page)).toHaveText('Crop avatar');
  await expect(page.locator('.reactEasyCrop_Image')).toBeVisible();
  await snap(page, 'cropper', 'en');
  await page.getByRole('button', { name: 'Use this photo' }).click();
  await expect(heading(page)).toHaveText('User information');
  await expect(avatar).toHaveAttribute('src', /\/uploads\//);
  const uploaded = await avatar.getAttribute('src');
  const image = await page.request.get(uploaded ?? '');
  expect(image.ok()).toBe(true);
  expect(image.headers()['content-type']).toMatch(/^image\//);

  await page.getByText('Nickname', { exact: true }).click();
  const nickname = `Kitty friend ${String(Date.now() % 10000)}`;
  await page.getByLabel('Nickname').fill(nickname);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('userinfo-nickname')).toHaveText(nickname);
  await snap(page, 'userinfo', 'en');
  await page.reload();
  await expect(page.getByTestId('userinfo-nickname')).toHaveText(nickname);

  // Languages: Japanese, then Traditional Chinese.
  await page.goto('/pages/public/set');
  await snap(page, 'settings', 'en');
  await chooseLanguage(page, '日本語');
  await expect(heading(page)).toHaveText('設定');
  await expect(page.getByText('言語', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'ログアウト' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  await snap(page, 'settings', 'ja');
  await page.goto('/pages/mine/mine');
  await expect(heading(page)).toHaveText('マイページ');
  await expect(page.getByText('ログイン日数')).toBeVisible();
  await snap(page, 'me', 'ja');
  await page.goto('/pages/mine/userinfo');
  await expect(heading(page)).toHaveText('ユーザー情報');
  await snap(page, 'userinfo', 'ja');
  await page.goto('/');
  await snap(page, 'home', 'ja');

  await page.goto('/pages/public/set');
  await chooseLanguage(page, '繁體中文');
  await expect(page.getByText('語言', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: '登出' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-TW');
  await snap(page, 'settings', 'zh-TW');

  // Log out (confirmed) → the login page, in Traditional Chinese.
  await page.getByRole('button', { name: '登出' }).click();
  await confirmDialog(page, '登出');
  await expect(page).toHaveURL(/\/pages\/public\/login/);
  await expect(heading(page)).toHaveText('登入');
  await expect(page.evaluate(() => localStorage.getItem('token'))).resolves.toBeNull();
  await snap(page, 'login', 'zh-TW');
  await page.goto('/pages/public/register');
  await expect(heading(page)).toHaveText('註冊');
  await snap(page, 'register', 'zh-TW');
  await page.goto('/pages/mine/mine');
  await expect(page.getByTestId('mine-nickname')).toHaveText('登入 / 註冊');
  await snap(page, 'me-tourist', 'zh-TW');
  await page.goto('/');
  await snap(page, 'home', 'zh-TW');
});

test('home in English', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText('Devices deployed')).toBeVisible();
  await snap(page, 'home', 'en');
});
