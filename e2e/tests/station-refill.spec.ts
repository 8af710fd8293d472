import path from 'node:path';
import { expect, screenshotDir, test } from '../support/fixtures';
import { DEMO_USER, loginByApi } from '../support/devices';
import { phonePage } from '../support/pages';

/**
 * Issue 27 §4: the demo operator looks after their station on the manage page (in Japanese): its health, and a
 * refill the station's hopper takes (the demo's simulated station, the real agent, answers the refill command).
 */
test('an operator sees a station’s health and records a refill the station takes', async ({ browser, baseURL }) => {
  const url = baseURL ?? '';
  const token = await loginByApi(url, DEMO_USER.email, DEMO_USER.password);
  const page = await phonePage(browser, url, { language: 'ja', token });
  await page.goto('/pages/manage/manage');
  const card = page.getByTestId('device-card').filter({ hasText: 'PH-0001' });
  await card.getByRole('button', { name: 'ステーションの状態' }).click();
  const sheet = page.getByTestId('health-sheet');
  await expect(sheet).toBeVisible();
  await expect(sheet.getByTestId('care-online')).toHaveText('オンライン');
  await expect(sheet.getByText('フードタンク', { exact: true })).toBeVisible();

  await sheet.getByLabel('補充したフード（グラム）').fill('0');
  await sheet.getByRole('button', { name: '補充を記録する' }).click();
  await expect(sheet.getByRole('alert').filter({ hasText: '補充は 1〜100000 の整数グラムです' })).toBeVisible();

  await sheet.getByLabel('補充したフード（グラム）').fill('800');
  await sheet.getByRole('button', { name: '補充を記録する' }).click();
  await expect(sheet.getByText('反映済み').first()).toBeVisible({ timeout: 30_000 });
  // The sheet is open (its mask is up), which snap() waits out: a plain screenshot.
  await page.screenshot({ path: path.join(screenshotDir, 'manage-station-health-ja.png') });
});
