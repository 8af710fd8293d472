import type { Browser } from '@playwright/test';
import { expect, snap, test } from '../support/fixtures';
import { DEMO_USER, loginByApi } from '../support/devices';
import { gradientPng } from '../support/png';

/** A phone-sized page signed in as the demo user, in `locale`. */
async function demoUserPage(browser: Browser, baseURL: string, locale = 'en-US') {
  const token = await loginByApi(baseURL, DEMO_USER.email, DEMO_USER.password);
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 375, height: 812 },
    isMobile: true,
    hasTouch: true,
    locale,
  });
  await context.addInitScript((t) => {
    localStorage.setItem('token', t);
  }, token);
  return context.newPage();
}

test('in a live room a user follows, joins the fan group, records a clip and publishes it', async ({
  browser,
  baseURL,
}) => {
  const page = await demoUserPage(browser, baseURL ?? '');
  await page.goto('/pages/live/live?device_id=PH-0001');
  await expect(page.getByTestId('camera-state')).toHaveText('Camera online');

  // Follow / Following, kept after a reload.
  await page.getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Following' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Following' })).toBeVisible();

  // The fan group: join, then see my level and myself among the members.
  await page.getByTestId('action-group').click();
  const group = page.getByTestId('fan-group');
  await group.getByRole('button', { name: 'Join' }).click();
  await expect(group.getByRole('progressbar', { name: 'Progress to the next level' })).toBeVisible();
  await expect(group).toContainText('Lv.1');
  await expect(group).toContainText('Demo');
  await snap(page, 'live-fan-group', 'en');
  await page.keyboard.press('Escape');
  await expect(group).toBeHidden();

  // Record: the server cuts the last seconds of the stream into an MP4 the user can watch, download, publish.
  await page.getByTestId('action-record').click();
  const clipVideo = page.getByTestId('clip-video');
  await expect(clipVideo).toBeVisible({ timeout: 30_000 });
  await expect
    .poll(() => clipVideo.evaluate((v) => (v as HTMLVideoElement).duration), { timeout: 10_000 })
    .toBeGreaterThan(3);
  await expect(page.getByRole('link', { name: 'Download' })).toHaveAttribute('href', /\/uploads\/clips\/.+\.mp4$/);
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Published', { exact: true })).toBeVisible();
  await snap(page, 'live-clip', 'en');
  await page.context().close();
});

test('a user reports a problem with a photo, and the Yard shows the base', async ({ browser, baseURL }) => {
  const page = await demoUserPage(browser, baseURL ?? '', 'ja-JP');
  await page.goto('/pages/live/live?device_id=PH-0002');
  await page.getByTestId('action-report').click();
  await expect(page).toHaveURL(/\/pages\/report\/report\?device_id=PH-0002/);
  await expect(page.getByTestId('report-device')).toContainText('Bund Feeder B');

  // Empty reason: the contract's message in Japanese; nothing is sent.
  await page.getByRole('button', { name: '送信' }).click();
  await expect(page.getByText('問題の内容を入力してください')).toBeVisible();

  await page.getByRole('textbox').fill('給餌口にフードが詰まっているようです。');
  await page
    .locator('input[type=file]')
    .setInputFiles({ name: 'bowl.png', mimeType: 'image/png', buffer: gradientPng(320, 240) });
  await expect(page.locator('.adm-image-uploader-cell img')).toHaveCount(1);
  await snap(page, 'report', 'ja');
  await page.getByRole('button', { name: '送信' }).click();
  await expect(page).toHaveURL(/\/pages\/live\/live\?device_id=PH-0002/);

  // The Yard: the base with its stats and its live rooms.
  await page.getByTestId('action-yard').click();
  await expect(page).toHaveURL(/\/pages\/baseDetail\/baseDetail\?id=\d+/);
  const stats = page.getByTestId('base-stats');
  await expect(stats).toContainText('ライブ数');
  await expect(stats).toContainText('配信日数');
  await snap(page, 'yard', 'ja');
  // Its live rooms lead back to a live room.
  await page.getByText('Bund Feeder A', { exact: true }).click();
  await expect(page).toHaveURL(/\/pages\/live\/live\?device_id=PH-0001/);
  await page.context().close();
});
