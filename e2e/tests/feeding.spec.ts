import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { BaseDetailSchema, FeedLogDataSchema, type FeedReceipt } from '@petheart/contracts';
import { expect, screenshotDir, snap, test, uniqueEmail } from '../support/fixtures';
import { callApi, registerByApi } from '../support/api';
import { phonePage } from '../support/pages';
import { DEMO_USER, loginByApi, provisionDevice } from '../support/devices';

/** The clipboard writable, as on a phone (the certificate's link is copied). */
const CLIPBOARD = ['clipboard-read', 'clipboard-write'];

/** Opens the live room's Feed sheet, picks the 20 g portion and confirms it. */
async function feed20g(page: Page): Promise<void> {
  await page.goto('/pages/live/live?device_id=PH-0001');
  await expect(page.getByTestId('feeder-state')).toHaveText('Feeder online');
  await expect(page.getByTestId('feed-button')).not.toHaveAttribute('aria-disabled', 'true');
  await page.getByTestId('feed-button').click();
  const sheet = page.getByTestId('feed-sheet');
  await sheet.getByRole('radio', { name: /^20g/ }).click();
  await expect(sheet.getByRole('radio', { name: /^20g/ })).toHaveAttribute('aria-checked', 'true');
  await sheet.getByRole('button', { name: 'Feed 20g for 18 coins' }).click();
}

test('a new user recharges, feeds at PH-0001, and finds the receipt, the calendar and the certificate', async ({
  browser,
  baseURL,
}) => {
  const url = baseURL ?? '';
  const email = uniqueEmail('feeder');
  await registerByApi(url, email, 'feeder-pass-1');
  const token = await loginByApi(url, email, 'feeder-pass-1');
  const nickname = `Luna ${String(100 + Math.floor(Math.random() * 900))}`;
  expect((await callApi(url, '/user/profile', { nickname }, token)).code).toBe(1);
  const page = await phonePage(browser, url, { token, language: 'en', permissions: CLIPBOARD });

  // No coins yet: the feed is refused with "Insufficient balance" and the recharge prompt.
  await feed20g(page);
  const prompt = page.getByTestId('recharge-sheet');
  await expect(prompt.getByRole('heading', { name: 'Insufficient balance' })).toBeVisible();
  await expect(prompt).toContainText('Recharge coins to feed the animals.');
  await prompt.getByRole('button', { name: 'Recharge' }).click();
  await expect(page).toHaveURL('/pages/money/money');

  // 60 coins through the sandbox.
  await page.getByTestId('package-1').click();
  await page.getByRole('button', { name: 'Pay ¥6' }).click();
  await expect(page.getByRole('heading', { name: 'Sandbox payment' })).toBeVisible();
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByText('Payment done')).toBeVisible();
  await page.getByRole('link', { name: 'Back to the app' }).click();
  await expect(page.getByTestId('order-result')).toHaveAttribute('data-phase', 'paid');
  await expect(page.getByTestId('money-balance')).toHaveText('60');

  // The feed: the simulated feeder dispenses and its scale measures (±3%); the user is told what fell.
  await feed20g(page);
  await expect(page.getByText(/^Fed \d+g$/)).toBeVisible({ timeout: 20_000 });
  const log = FeedLogDataSchema.parse((await callApi(url, '/feed/log', { page: 1, limit: 10 }, token)).data);
  expect(log.total).toBe(1);
  const fed = log.list[0] as FeedReceipt;
  expect(fed).toMatchObject({ status: 'succeeded', device_id: 'PH-0001', grams: 20, coins: 18 });
  const grams = `${String(fed.grams_dispensed)}g`;
  expect(fed.grams_dispensed).toBeGreaterThanOrEqual(19);
  const base = BaseDetailSchema.parse((await callApi(url, '/base/detail', { id: fed.base_id })).data).base;

  // The feeding log, and the feed's receipt.
  await page.goto('/pages/history/history');
  await expect(page.getByRole('heading', { level: 1, name: 'Feeding log' })).toBeVisible();
  const row = page.locator(`[data-testid="feed-row"][data-feed="${fed.id}"]`);
  await expect(row).toContainText(fed.device_name);
  await expect(row).toContainText(fed.base_name);
  await expect(row).toContainText(grams);
  await expect(row).toContainText('Fed');
  await expect(row).toContainText(`-${String(fed.coins_charged)} coins`);
  await snap(page, 'history', 'en');
  await row.click();
  await expect(page).toHaveURL(`/pages/history/history?id=${fed.id}`);
  const receipt = page.getByTestId('receipt');
  await expect(receipt.getByRole('heading', { name: `Fed ${grams}` })).toBeVisible();
  await expect(receipt.getByTestId('receipt-id')).toHaveText(fed.id);
  await expect(receipt.getByTestId('receipt-device')).toContainText('PH-0001');
  await expect(receipt.getByTestId('receipt-base')).toHaveText(fed.base_name);
  await expect(receipt.getByTestId('receipt-dispensed')).toHaveText(grams);
  await expect(receipt.getByTestId('receipt-charged')).toHaveText(`-${String(fed.coins_charged)} coins`);
  await snap(page, 'receipt', 'en');
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL('/pages/history/history');
  await expect(row).toBeVisible();

  // The index page: today marked with the grams in the calendar, and the user on today's board.
  await page.goto('/pages/index/index');
  const calendar = page.getByTestId('feeding-calendar');
  await expect(calendar.locator('[data-fed="true"]')).toHaveCount(1);
  await expect(calendar.locator('[data-fed="true"]')).toContainText(grams);
  await expect(calendar.getByTestId('calendar-summary')).toContainText(`You fed on 1 day this week · ${grams}`);
  const me = page.getByTestId('leader').filter({ hasText: nickname });
  await expect(me).toContainText('You');
  await expect(me).toContainText(grams);
  await calendar.scrollIntoViewIfNeeded();
  await page.evaluate(() => {
    window.scrollBy(0, -60);
  });
  await snap(page, 'calendar', 'en');

  // The certificate: the grams provided and the animals of the base that received them.
  await page.goto('/pages/certificate/certificate');
  const certificate = page.getByTestId('certificate');
  await expect(certificate.getByTestId('certificate-name')).toHaveText(nickname);
  await expect(certificate.getByTestId('certificate-stat-0')).toContainText('1Days with us');
  await expect(certificate.getByTestId('certificate-stat-1')).toContainText(
    `${String(base.animal_count)}Animals helped`,
  );
  await expect(certificate.getByTestId('certificate-stat-2')).toContainText(`${grams}Food provided`);
  const downloading = page.waitForEvent('download');
  await page.getByTestId('certificate-save').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('petheart-certificate.png');
  const png = await readFile(await download.path());
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  expect(png.length).toBeGreaterThan(20_000);
  await download.saveAs(path.join(screenshotDir, 'certificate-image-en.png'));
  await snap(page, 'certificate', 'en');
  // No file sharing in this browser: the spec's share (the link copied, and an alert saying so).
  await page.getByRole('button', { name: 'Share' }).click();
  await expect(page.getByRole('dialog')).toContainText('Link copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(`${grams} of food`);
  await page.locator('.adm-dialog-button').click();
  await page.context().close();

  // The same pages in Japanese.
  const ja = await phonePage(browser, url, { token, language: 'ja', permissions: CLIPBOARD });
  await ja.goto('/pages/history/history');
  await expect(ja.getByRole('heading', { level: 1, name: '給餌履歴' })).toBeVisible();
  await expect(ja.locator(`[data-feed="${fed.id}"]`)).toContainText('給餌済み');
  await snap(ja, 'history', 'ja');
  await ja.locator(`[data-feed="${fed.id}"]`).click();
  await expect(ja.getByTestId('receipt').getByRole('heading', { name: `${grams} をあげました` })).toBeVisible();
  await snap(ja, 'receipt', 'ja');
  await ja.goto('/pages/index/index');
  await expect(ja.getByTestId('feeding-calendar').locator('[data-fed="true"]')).toContainText(grams);
  await expect(ja.getByTestId('calendar-weekdays')).toHaveText('月火水木金土日');
  await ja.getByRole('button', { name: '月', exact: true }).click();
  await expect(ja.getByTestId('feeding-calendar')).toHaveAttribute('data-view', 'month');
  await expect(ja.getByTestId('calendar-summary')).toContainText('今月は 1 日ごはんをあげました');
  await ja.getByTestId('feeding-calendar').scrollIntoViewIfNeeded();
  await ja.evaluate(() => {
    window.scrollBy(0, -60);
  });
  await snap(ja, 'calendar', 'ja');
  await ja.goto('/pages/certificate/certificate');
  await expect(ja.getByTestId('certificate-stat-2')).toContainText(`${grams}届けたごはん`);
  await expect(ja.getByTestId('certificate-save')).toHaveText('画像を保存');
  const downloadingJa = ja.waitForEvent('download');
  await ja.getByTestId('certificate-save').click();
  await (await downloadingJa).saveAs(path.join(screenshotDir, 'certificate-image-ja.png'));
  await snap(ja, 'certificate', 'ja');
  await ja.context().close();
});

test('feeding at a feeder that is offline is refused', async ({ browser, baseURL }) => {
  const url = baseURL ?? '';
  // Provisioned, but no agent runs for it: the feeder has never come online.
  const device = await provisionDevice(url, 'E2E offline feeder');
  const token = await loginByApi(url, DEMO_USER.email, DEMO_USER.password);
  const page = await phonePage(browser, url, { token, language: 'en', permissions: CLIPBOARD });
  await page.goto(`/pages/live/live?device_id=${device.id}`);
  await expect(page.getByTestId('feeder-state')).toHaveText('Feeder offline');
  await expect(page.getByTestId('feed-button')).toHaveAttribute('aria-disabled', 'true');
  await page.getByTestId('feed-button').click({ force: true });
  await expect(page.getByText('Feeder offline, operation not available at the moment.')).toBeVisible();
  await expect(page.getByTestId('feed-sheet')).toBeHidden();

  // The server refuses it as well (a client that skips the check), holding nothing.
  const before = (await callApi(url, '/feed/log', { page: 1, limit: 1 }, token)).data as { total: number };
  const res = await callApi(
    url,
    '/live/feed',
    { device_id: device.id, grams: 10, coins: 10, idempotency_key: randomUUID() },
    token,
  );
  expect(res).toMatchObject({
    code: 0,
    msg: 'Feeder offline, operation not available at the moment.',
    data: { error: 'feeder_offline' },
  });
  const after = (await callApi(url, '/feed/log', { page: 1, limit: 1 }, token)).data as { total: number };
  expect(after.total).toBe(before.total);
  await page.context().close();
});
