import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, snap, test, uniqueEmail } from '../support/fixtures';
import { callApi, rechargeByApi, registerByApi } from '../support/api';
import { phonePage } from '../support/pages';
import { loginByApi } from '../support/devices';
import {
  fallWatch,
  frameAgeIsBetween,
  plays,
  saidReconnecting,
  seesFoodFall,
  watchFalls,
  watchReconnecting,
} from '../support/video';

/**
 * Issue 26 §1 and §3 in Chromium: the room through HLS (hls.js) with the food seen falling after a feed; rewind
 * (scrub back, LIVE grey, back to live on the low-latency FLV); and the viewer's own feed replayed. What the
 * video shows is read from its frames (support/video.ts: the camera's burned-in clock, the falling pellets).
 */
const DEVICE = 'PH-0002';
/** A fresh user with 60 coins (recharged and paid on the sandbox page, as its form posts). */
async function userWithCoins(baseURL: string): Promise<string> {
  const email = uniqueEmail('rewind');
  await registerByApi(baseURL, email, 'rewind-pass-1');
  const token = await loginByApi(baseURL, email, 'rewind-pass-1');
  await rechargeByApi(baseURL, token);
  return token;
}

/** The room's HLS playlist lists at least `seconds` of segments (the rewind has that much to go back into). */
async function hlsReachesBack(baseURL: string, seconds: number): Promise<void> {
  await expect
    .poll(
      async () => {
        const play = await callApi(baseURL, '/live/play', { device_id: DEVICE });
        const url = (play.data as { hls_url: string | null }).hls_url;
        if (!url) return 0;
        const res = await fetch(new URL(url, baseURL));
        return ((await res.text()).match(/#EXTINF/g) ?? []).length;
      },
      { timeout: 60_000, message: `the HLS playlist reaches back ${String(seconds)} s` },
    )
    .toBeGreaterThanOrEqual(seconds);
}

/** Feeds 20 g from the live room's Feed sheet and waits for "Fed …"; returns when the order was confirmed. */
async function feed(page: Page): Promise<number> {
  await expect(page.getByTestId('feeder-state')).toHaveText('Feeder online');
  await page.getByTestId('feed-button').click();
  const sheet = page.getByTestId('feed-sheet');
  await sheet.getByRole('radio', { name: /^20g/ }).click();
  const orderedAt = Date.now();
  await sheet.getByRole('button', { name: 'Feed 20g for 18 coins' }).click();
  await expect(page.getByText(/^Fed \d+g$/)).toBeVisible({ timeout: 20_000 });
  return orderedAt;
}

test('the room plays through HLS with hls.js, and a feed is seen falling in the video', async ({
  browser,
  baseURL,
}) => {
  const url = baseURL ?? '';
  const page = await phonePage(browser, url, { token: await userWithCoins(url) });
  // A playlist reaching back half a minute or more (it lists a minute, for rewind): hls.js still starts at live.
  await hlsReachesBack(url, 30);
  await page.goto(`/pages/live/live?device_id=${DEVICE}&player=hls`);
  const video = page.getByTestId('live-video');
  await expect(video).toHaveAttribute('data-player', 'hlsjs');
  await plays(video);
  await frameAgeIsBetween(video, 0, 3_500, 'hls.js plays at the live edge');

  // The scene without a feed: no food in the air (the watch tells falling food from the wall).
  await watchFalls(page);
  await expect.poll(async () => (await fallWatch(page)).frames, { timeout: 10_000 }).toBeGreaterThan(15);
  expect((await fallWatch(page)).falls).toBe(0);

  const orderedAt = await feed(page);
  const fell = await seesFoodFall(page, 'food falling in the HLS video after the feed');
  // The frames with food falling were taken after the order (the camera's own clock, burned into them).
  expect(fell).toBeGreaterThan(orderedAt);
  expect(fell - orderedAt).toBeLessThan(15_000);
  await plays(video);

  // Rewind where the page plays HLS anyway: the same hls.js seeks back (−10 s twice) and to live again.
  const badge = page.getByTestId('live-badge');
  await page.getByTestId('rewind-open').click();
  await page.getByTestId('rewind-back10').click();
  await expect(badge).toHaveAttribute('data-state', 'behind');
  await expect(badge).toContainText(/−(9|1\d) s/);
  await page.getByTestId('rewind-back10').click();
  await frameAgeIsBetween(video, 18_000, 25_000, 'the picture of 20 s ago');
  await expect(video).toHaveAttribute('data-player', 'hlsjs');
  await badge.click();
  await expect(badge).toHaveAttribute('data-state', 'live');
  await frameAgeIsBetween(video, 0, 3_500, 'live again');
  await expect(video).toHaveAttribute('data-player', 'hlsjs');
  await plays(video);
  await page.context().close();
});

test('the viewer scrubs back 20 s (LIVE grey, an older picture) and returns to the low-latency live', async ({
  browser,
  baseURL,
}) => {
  const url = baseURL ?? '';
  await hlsReachesBack(url, 30);
  for (const language of ['en', 'ja'] as const) {
    const page = await phonePage(browser, url, { language });
    await page.goto(`/pages/live/live?device_id=${DEVICE}`);
    const video = page.getByTestId('live-video');
    const badge = page.getByTestId('live-badge');
    await expect(video).toHaveAttribute('data-player', 'flv');
    await plays(video);
    await expect(badge).toHaveAttribute('data-state', 'live');
    await frameAgeIsBetween(video, -500, 3_000, 'a live picture at first');

    // The timeline: its right end is live; 40 of 60 is 20 s behind.
    await watchReconnecting(page);
    await page.getByTestId('rewind-open').click();
    const slider = page.getByTestId('rewind-slider');
    await expect(slider).toBeFocused();
    await expect(slider).toHaveValue('60');
    await slider.fill('40');
    await expect(video).toHaveAttribute('data-player', 'hlsjs');
    await expect(badge).toHaveAttribute('data-state', 'behind');
    await expect(badge).toHaveCSS('background-color', 'rgb(74, 82, 92)');
    await frameAgeIsBetween(video, 18_000, 25_000, 'the picture of 20 s ago');
    await expect(badge).toContainText(language === 'en' ? /−(19|2\d) s/ : /−(19|2\d) 秒/);
    await expect(slider).toHaveAttribute(
      'aria-valuetext',
      language === 'en' ? /^(19|2\d) seconds behind live$/ : /^ライブから (19|2\d) 秒遅れ$/,
    );
    // Behind by choice is no lost link: the picture moves on, nothing says "Reconnecting…".
    await plays(video);
    await expect(page.getByTestId('reconnecting')).toHaveCount(0);
    await expect(page.getByTestId('camera-state')).toHaveAttribute('data-state', 'online');
    // The controls hide by themselves; their button (or a tap on the picture) brings them back.
    await expect(page.getByTestId('rewind-bar')).toHaveCount(0);
    await page.getByTestId('rewind-open').click();
    await expect(page.getByTestId('rewind-bar')).toBeVisible();
    await snap(page, 'live-rewind', language);
    // The controls as a reader meets them: named buttons, a timeline that says where it is.
    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual(
      [],
    );
    await expect(page.getByRole('button', { name: language === 'en' ? 'Back 10 seconds' : '10 秒戻る' })).toBeVisible();

    // Back to live (the grey badge): FLV again, and a picture of now.
    await badge.click();
    await expect(badge).toHaveAttribute('data-state', 'live');
    await expect(video).toHaveAttribute('data-player', 'flv');
    await frameAgeIsBetween(video, -500, 3_000, 'a live picture again');
    await plays(video);
    // Switching players there and back, the page never said it had lost the room.
    expect(await saidReconnecting(page)).toBe(false);
    await page.context().close();
  }
});

test('a viewer who just fed replays it and sees the food fall again', async ({ browser, baseURL }) => {
  const url = baseURL ?? '';
  const page = await phonePage(browser, url, { token: await userWithCoins(url) });
  await page.goto(`/pages/live/live?device_id=${DEVICE}`);
  const video = page.getByTestId('live-video');
  await expect(video).toHaveAttribute('data-player', 'flv');
  await plays(video);
  await watchFalls(page);

  const orderedAt = await feed(page);
  const fell = await seesFoodFall(page, 'food falling in the live video');
  expect(fell).toBeGreaterThan(orderedAt);

  // Replay: back to just before the feed, through HLS; the same fall shows again.
  await page.getByRole('button', { name: 'Replay your feed' }).click();
  await expect(video).toHaveAttribute('data-player', 'hlsjs');
  // Watched from the switch on (the live fall may still have been on screen until then).
  await watchFalls(page);
  await expect(page.getByTestId('live-badge')).toHaveAttribute('data-state', 'behind');
  const again = await seesFoodFall(page, 'the same food falling again');
  expect(Math.abs(again - fell)).toBeLessThan(1_500);
  const replayed = (await fallWatch(page)).first[0];
  // Shown seconds after it was filmed: a replay, not live (FLV shows it within 1 s, HLS at live within 3 s).
  expect((replayed?.shownAt ?? 0) - again).toBeGreaterThan(3_000);
  await snap(page, 'live-rewind-replay', 'en');

  await page.getByTestId('live-badge').click();
  await expect(video).toHaveAttribute('data-player', 'flv');
  await expect(page.getByTestId('live-badge')).toHaveAttribute('data-state', 'live');
  await page.context().close();
});
