import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { FeedLogDataSchema, type FeedReceipt } from '@petheart/contracts';
import { expect, screenshotDir, snap, test, uniqueEmail } from '../support/fixtures';
import { callApi, rechargeByApi, registerByApi } from '../support/api';
import { phonePage } from '../support/pages';
import { loginByApi } from '../support/devices';

/** A clip is cut about 6 s after the feeder's answer, from 3 s segments: it is ready well within this. */
const CLIP_READY = { timeout: 45_000 };

/** Opens PH-0001's live room and feeds 20 g from the Feed sheet; returns once the result says what fell. */
async function feed20g(page: Page): Promise<void> {
  await page.goto('/pages/live/live?device_id=PH-0001');
  await expect(page.getByTestId('feeder-state')).toHaveText('Feeder online');
  await page.getByTestId('feed-button').click();
  const sheet = page.getByTestId('feed-sheet');
  await sheet.getByRole('radio', { name: /^20g/ }).click();
  await sheet.getByRole('button', { name: 'Feed 20g for 18 coins' }).click();
  await expect(page.getByText(/^Fed \d+g$/)).toBeVisible({ timeout: 20_000 });
}

/** Waits until the video has loaded its metadata and answers its duration in seconds. */
async function clipSeconds(video: Locator): Promise<number> {
  await expect(video).toHaveAttribute('src', /\/uploads\/proofs\/[0-9a-f-]+\.mp4$/, CLIP_READY);
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 15_000 })
    .toBeGreaterThanOrEqual(1);
  return video.evaluate((v: HTMLVideoElement) => v.duration);
}

test('a donor feeds, keeps the feed in the chat, plays its proof clip on the receipt, and a tourist opens the shared proof', async ({
  browser,
  baseURL,
}) => {
  const url = baseURL ?? '';
  const email = uniqueEmail('proof');
  await registerByApi(url, email, 'proof-pass-1');
  const token = await loginByApi(url, email, 'proof-pass-1');
  const nickname = `Mochi ${String(100 + Math.floor(Math.random() * 900))}`;
  expect((await callApi(url, '/user/profile', { nickname }, token)).code).toBe(1);
  await rechargeByApi(url, token);
  const page = await phonePage(browser, url, { token, language: 'en' });

  // The feed is a lasting line of the room's chat, the donor's own included…
  await feed20g(page);
  const log = FeedLogDataSchema.parse((await callApi(url, '/feed/log', { page: 1, limit: 1 }, token)).data);
  const fed = log.list[0] as FeedReceipt;
  expect(fed.status).toBe('succeeded');
  const line = page.locator(`[data-testid="feed-line"][data-feed-id="${fed.id}"]`);
  await expect(line).toContainText(nickname);
  await expect(line).toContainText(`${String(fed.grams_dispensed)}g`);

  // …still there when the room is opened again (from the chat's history), and it plays the feed's clip.
  await page.reload();
  await expect(line).toContainText(nickname);
  await line.click();
  const sheet = page.getByTestId('proof-sheet');
  expect(await clipSeconds(sheet.locator('video'))).toBeGreaterThanOrEqual(7);
  await page.screenshot({ path: path.join(screenshotDir, 'proof-sheet-en.png') });
  await page.keyboard.press('Escape');

  // The receipt plays the same clip, with the grams measured, the feeder, the base and the time.
  await page.goto(`/pages/history/history?id=${fed.id}`);
  const proof = page.getByTestId('proof');
  expect(await clipSeconds(proof.getByTestId('proof-video'))).toBeGreaterThanOrEqual(7);
  await expect(proof).toContainText(`${String(fed.grams_dispensed)}g measured`);
  await expect(proof).toContainText(fed.base_name);
  await expect(page.getByRole('button', { name: 'Share' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Publish to community' })).toBeVisible();
  await snap(page, 'proof-receipt', 'en');

  // My impact lists the feed with its base and grams, beside the certificate's totals.
  await page.goto('/pages/mine/impact');
  const item = page.getByTestId('impact-item').filter({ hasText: fed.base_name }).first();
  await expect(item).toContainText(`${String(fed.grams_dispensed)}g`);
  await expect(page.getByTestId('impact-summary')).toBeVisible();
  await snap(page, 'impact', 'en');

  // A tourist (no account) opens the shared link, in Japanese.
  const tourist = await phonePage(browser, url, { language: 'ja' });
  await tourist.goto(`/pages/public/proof?id=${fed.id}`);
  const shared = tourist.getByTestId('public-proof');
  await expect(shared).toContainText(nickname);
  await expect(shared).toContainText(fed.base_name);
  expect(await clipSeconds(shared.locator('video'))).toBeGreaterThanOrEqual(7);
  await snap(tourist, 'proof-public', 'ja');
  await tourist.context().close();
  await page.context().close();
});
