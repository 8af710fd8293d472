import type { Locator, Page } from '@playwright/test';
import { callApi } from '../support/api';
import { phonePage } from '../support/pages';
import { provisionDevice, startFeeder } from '../support/devices';
import { expect, snap, test } from '../support/fixtures';

/** Issue 26 §2: every live room shows a still taken from its stream; an offline one its last, greyed. */

const STILL = (id: string) => new RegExp(`/uploads/thumbs/${id}/\\d+\\.jpg$`);

interface Room {
  device_id: string;
  thumbnail: string;
  thumbnail_at: number | null;
  camera_online: boolean;
  camera_offline_at: number | null;
}

/** The room as the lists answer it. */
async function listedRoom(baseURL: string, id: string): Promise<Room | undefined> {
  const res = await callApi(baseURL, '/live/list', { tab: 'top', limit: 50 });
  return (res.data as { list: Room[] }).list.find((r) => r.device_id === id);
}

/** Resolves once the picture has really loaded (lazy pictures load when scrolled to). */
async function expectLoaded(img: Locator): Promise<void> {
  await img.scrollIntoViewIfNeeded();
  await expect
    .poll(() => img.evaluate((i) => ((i as HTMLImageElement).complete ? (i as HTMLImageElement).naturalWidth : 0)), {
      message: 'the picture loads',
    })
    .toBeGreaterThan(0);
}

test('Home shows a real still of PH-0001, taken from its stream, fresh while it streams', async ({
  page,
  baseURL,
  browser,
}) => {
  const url = baseURL ?? '';
  // The simulated camera streams from the start: its first still comes once its stream has a segment.
  await expect
    .poll(async () => (await listedRoom(url, 'PH-0001'))?.thumbnail, { timeout: 30_000, message: 'a first still' })
    .toMatch(STILL('PH-0001'));
  const first = await listedRoom(url, 'PH-0001');
  await page.goto('/');
  const still = page.getByTestId('live-room-PH-0001').first().locator('img');
  await expect(still).toHaveAttribute('src', STILL('PH-0001'));
  await expect(still).toHaveAttribute('data-still', 'thumbnail');
  await expect(still).not.toHaveAttribute('data-offline', 'true');
  await expectLoaded(still);
  // The picture is the stream's: the simulated camera's 426×240, never enlarged.
  expect(await still.evaluate((i) => (i as HTMLImageElement).naturalWidth)).toBe(426);
  await page.evaluate(() => {
    window.scrollTo(0, 0);
  });
  await snap(page, 'stills-home', 'en');

  // A newer still every 15 s, each at a new address, while the camera streams.
  await expect
    .poll(async () => (await listedRoom(url, 'PH-0001'))?.thumbnail, { timeout: 40_000, message: 'a newer still' })
    .not.toBe(first?.thumbnail);
  const newer = await listedRoom(url, 'PH-0001');
  expect(newer?.thumbnail_at).toBeGreaterThan(first?.thumbnail_at ?? 0);
  expect(Date.now() / 1000 - (newer?.thumbnail_at ?? 0)).toBeLessThan(30);
  // The old address still answers the same bytes (cached as immutable) until it is deleted.
  const image = await page.request.get(newer?.thumbnail ?? '');
  expect(image.status()).toBe(200);
  expect(image.headers()['cache-control']).toContain('immutable');

  // The same in Japanese, and on the Index page (For You).
  const ja = await phonePage(browser, url, { language: 'ja' });
  await ja.goto('/');
  await expectLoaded(ja.getByTestId('live-room-PH-0001').first().locator('img'));
  await ja.evaluate(() => {
    window.scrollTo(0, 0);
  });
  await snap(ja, 'stills-home', 'ja');
  await page.goto('/pages/index/index');
  const forYou = page.getByTestId('live-room-PH-0002').last().locator('img');
  await expect(forYou).toHaveAttribute('src', STILL('PH-0002'));
  await expectLoaded(forYou);
  await snap(page, 'stills-index', 'en');
  await ja.close();
});

test('the live room shows its still until the video plays, and a shared link previews it', async ({
  page,
  baseURL,
}) => {
  const url = baseURL ?? '';
  await expect.poll(async () => (await listedRoom(url, 'PH-0002'))?.thumbnail).toMatch(STILL('PH-0002'));
  await page.goto('/pages/live/live?device_id=PH-0002');
  await expect(page.getByTestId('live-video')).toHaveAttribute('poster', STILL('PH-0002'));

  // Link crawlers run no script: the page's HTML carries the room's still as its Open Graph picture.
  const shared = await page.request.get('/pages/live/live?device_id=PH-0002', { headers: { accept: '*/*' } });
  const html = await shared.text();
  const image = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1] ?? '';
  expect(image).toMatch(STILL('PH-0002'));
  expect(html).toMatch(/<meta property="og:title" content="[^"]+ · [^"]+ - PetHeart"/);
  const picture = await page.request.get(image);
  expect(picture.status()).toBe(200);
  expect(picture.headers()['content-type']).toBe('image/jpeg');
});

/**
 * The For You list loads a page at a time as it is scrolled: other specs' stations may push this one past the
 * first page, so scroll until its card is there.
 */
async function scrollToCard(page: Page, card: Locator): Promise<void> {
  await expect
    .poll(
      async () => {
        if ((await card.count()) > 0) return true;
        await page.evaluate(() => {
          window.scrollTo(0, document.documentElement.scrollHeight);
        });
        return false;
      },
      { timeout: 20_000, message: 'the room’s card in the For You list' },
    )
    .toBe(true);
  await card.scrollIntoViewIfNeeded();
}

test('an offline room shows its last still, greyed, and since when (search, base page)', async ({
  page,
  baseURL,
  browser,
}) => {
  const url = baseURL ?? '';
  const device = await provisionDevice(url, 'Stills Feeder');
  const fleet = await startFeeder(device);
  let running = true;
  try {
    await expect
      .poll(async () => (await listedRoom(url, device.id))?.thumbnail, { timeout: 30_000 })
      .toMatch(STILL(device.id));
    await fleet.stop();
    running = false;
    await expect.poll(async () => (await listedRoom(url, device.id))?.camera_offline_at ?? null).not.toBeNull();
  } finally {
    if (running) await fleet.stop();
  }
  const last = await listedRoom(url, device.id);

  await page.goto(`/pages/index/search?keyword=${encodeURIComponent('Stills Feeder')}`);
  const result = page.getByTestId('result-live').filter({ hasText: 'Stills Feeder' });
  const still = result.locator('img');
  await expect(still).toHaveAttribute('src', last?.thumbnail ?? '');
  await expect(still).toHaveAttribute('data-offline', 'true');
  await expectLoaded(still);
  await expect(result).toContainText('Offline since');
  // Greyed: the browser draws it without colour.
  expect(await still.evaluate((i) => getComputedStyle(i).filter)).toContain('grayscale(1)');
  await snap(page, 'stills-search-offline', 'en');

  await page.goto(`/pages/baseDetail/baseDetail?id=${String(device.baseId)}`);
  const card = page.getByRole('button', { name: /Stills Feeder/ });
  await expect(card).toContainText('Offline since');
  await expectLoaded(card.locator('img'));
  await card.scrollIntoViewIfNeeded();
  await snap(page, 'stills-base-offline', 'en');

  // The Index's For You list: the card's badge says since when.
  await page.goto('/pages/index/index');
  const indexCard = page.getByTestId(`live-room-${device.id}`).last();
  await scrollToCard(page, indexCard);
  await expect(indexCard).toContainText('Offline since');
  await expect(indexCard.locator('img')).toHaveAttribute('data-offline', 'true');
  await expectLoaded(indexCard.locator('img'));
  await page.evaluate(() => {
    window.scrollBy(0, 160);
  });
  await snap(page, 'stills-index-offline', 'en');

  const ja = await phonePage(browser, url, { language: 'ja' });
  await ja.goto('/pages/index/index');
  const jaIndexCard = ja.getByTestId(`live-room-${device.id}`).last();
  await scrollToCard(ja, jaIndexCard);
  await expect(jaIndexCard).toContainText('からオフライン');
  await expectLoaded(jaIndexCard.locator('img'));
  await ja.evaluate(() => {
    window.scrollBy(0, 160);
  });
  await snap(ja, 'stills-index-offline', 'ja');
  await ja.goto(`/pages/baseDetail/baseDetail?id=${String(device.baseId)}`);
  const jaCard = ja.getByRole('button', { name: /Stills Feeder/ });
  await expect(jaCard).toContainText('からオフライン');
  await expectLoaded(jaCard.locator('img'));
  await jaCard.scrollIntoViewIfNeeded();
  await snap(ja, 'stills-base-offline', 'ja');
  await ja.close();
});
