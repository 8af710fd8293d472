import type { Page } from '@playwright/test';
import { callApi } from '../support/api';
import { DEMO_USER, loginByApi } from '../support/devices';
import { phonePage } from '../support/pages';
import { expect, snap, test } from '../support/fixtures';

/**
 * Issue 29 §4 and §5: the live room's Share (no share sheet in headless Chromium, so the link is copied, with the
 * sharer's language, and a toast says so), its preview for a crawler in that language, the picture-in-picture
 * button where the browser has it, and a certificate shared by its public link, opened signed out.
 */

const CLIPBOARD = ['clipboard-read', 'clipboard-write'];

/** Resolves once the live video has played at least `seconds` of stream. */
async function expectPlaying(page: Page, seconds = 1): Promise<void> {
  const video = page.getByTestId('live-video');
  await expect
    .poll(() => video.evaluate((v) => (v as HTMLVideoElement).currentTime), {
      timeout: 30_000,
      message: 'the live video plays',
    })
    .toBeGreaterThan(seconds);
}

test('the live room’s Share copies its link in the sharer’s language, which previews in it', async ({
  browser,
  baseURL,
}) => {
  const url = baseURL ?? '';
  for (const [language, copied, title] of [
    ['en', 'Link copied', /^.+ · .+ - PetHeart$/],
    ['zh-CN', '链接已复制', /^.+ · .+ 直播 - PetHeart$/],
  ] as const) {
    const page = await phonePage(browser, url, { language, permissions: CLIPBOARD });
    await page.goto('/pages/live/live?device_id=PH-0001');
    await expectPlaying(page);
    expect(await page.evaluate(() => typeof navigator.share)).toBe('undefined');
    await page.getByTestId('action-share').click();
    await expect(page.getByText(copied)).toBeVisible();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toBe(`${url}/pages/live/live?device_id=PH-0001&lang=${language}`);

    // A messenger's crawler (any Accept, no script) gets the room's preview in the sharer's language.
    const crawled = await page.request.get(link, { headers: { accept: '*/*', 'accept-language': 'ja' } });
    const html = await crawled.text();
    const ogTitle = /<meta property="og:title" content="([^"]+)"/.exec(html)?.[1] ?? '';
    expect(ogTitle.replace(/&amp;/g, '&')).toMatch(title);
    expect(html).toContain(`<html lang="${language}">`);
    expect(html).toContain(`<meta property="og:url" content="${link.replace(/&/g, '&amp;')}" />`);

    // Picture-in-picture where the browser offers it: the button over the picture, into the small window and back.
    const pip = page.getByTestId('pip-button');
    if (await page.evaluate(() => document.pictureInPictureEnabled)) {
      await expect(pip).toBeVisible();
      await expect(page.locator('.adm-toast-main:visible')).toHaveCount(0);
      await snap(page, 'live-share', language);
      await pip.click();
      await expect(pip).toHaveAttribute('aria-pressed', 'true');
      expect(await page.evaluate(() => document.pictureInPictureElement?.getAttribute('data-testid'))).toBe(
        'live-video',
      );
      await pip.click();
      await expect(pip).toHaveAttribute('aria-pressed', 'false');
    } else {
      await expect(pip).toBeHidden();
      await snap(page, 'live-share', language);
    }
    // The action bar still fits on the phone's width, Share and Yard included.
    const yard = await page.getByTestId('action-yard').boundingBox();
    expect((yard?.x ?? 1e4) + (yard?.width ?? 0)).toBeLessThanOrEqual(375);
    await page.context().close();
  }
});

test('a certificate shared from the app opens signed out by its public link', async ({ browser, baseURL }) => {
  const url = baseURL ?? '';
  const token = await loginByApi(url, DEMO_USER.email, DEMO_USER.password);
  const me = await phonePage(browser, url, { token, language: 'en', permissions: CLIPBOARD });
  await me.goto('/pages/certificate/certificate');
  await expect(me.getByTestId('certificate-name')).toHaveText('Demo');
  await me.getByRole('button', { name: 'Share' }).click();
  await expect(me.getByRole('dialog')).toContainText('Link copied');
  const copied = await me.evaluate(() => navigator.clipboard.readText());
  const link = /https?:\/\/\S+/.exec(copied)?.[0] ?? '';
  expect(link).toMatch(new RegExp(`^${url}/pages/public/certificate\\?id=[A-Za-z0-9_-]{22}&lang=en$`));
  const id = new URL(link).searchParams.get('id') ?? '';
  // The same id the API gives the user, which names the account only to the server.
  const mine = await callApi(url, '/feed/certificate/link', {}, token);
  expect((mine.data as { id: string }).id).toBe(id);
  await me.context().close();

  // Someone without an account, in Japanese.
  const tourist = await phonePage(browser, url, { language: 'ja' });
  await tourist.goto(link);
  const shared = tourist.getByTestId('public-certificate');
  await expect(shared.getByTestId('certificate-name')).toHaveText('Demo');
  await expect(shared.getByTestId('certificate-stat-0')).toContainText('参加日数');
  await expect(shared).not.toContainText('PH-0');
  expect(await tourist.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await snap(tourist, 'certificate-public', 'ja');
  // Its preview's picture exists: a PNG the server draws.
  const html = await (await tourist.request.get(link, { headers: { accept: '*/*' } })).text();
  const image = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, '&') ?? '';
  expect(image).toContain('/api/feed/certificate/image?id=');
  const png = await tourist.request.get(image);
  expect(png.headers()['content-type']).toBe('image/png');
  await tourist.context().close();
});
