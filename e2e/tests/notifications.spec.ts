import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, snap, test, uniqueEmail } from '../support/fixtures';
import { callApi, registerByApi } from '../support/api';
import { ADMIN, loginByApi } from '../support/devices';
import { signedInPage } from '../support/pages';

/**
 * The notification centre (issue 29 §1) against the real server: an admin approves a user's post through the
 * API, and the author's open app shows it at once over the socket (bell, banner), lists it in the inbox, and
 * opens the post from there. Prints the time from the approval request to the bell's update.
 */

/** axe's serious and critical findings on what the page shows (the accessibility spec checks the empty inbox). */
async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Publishes a post at PH-0001 through the API; returns its id. */
async function publish(baseURL: string, token: string, content: string): Promise<number> {
  const res = await callApi(baseURL, '/post/publish', { content, images: [], device_id: 'PH-0001' }, token);
  expect(res.code, res.msg).toBe(1);
  return (res.data as { id: number }).id;
}

/** Resolves once the page's socket on the live namespace is connected (socket.io's CONNECT answer arrived). */
function liveSocketConnected(page: Page): Promise<unknown> {
  return Promise.race([
    page.waitForResponse(
      async (r) => r.url().includes('/socket.io/') && (await r.text().catch(() => '')).includes('40/live,'),
    ),
    new Promise((resolve) => {
      page.on('websocket', (ws) => {
        ws.on('framereceived', (f) => {
          if (typeof f.payload === 'string' && f.payload.startsWith('40/live,')) resolve(undefined);
        });
      });
    }),
  ]);
}

test('an approved post: the open app’s bell goes up without a reload, the inbox lists it, and it opens the post', async ({
  browser,
  baseURL,
}) => {
  const url = baseURL ?? '';
  const suffix = String(Date.now()).slice(-6);
  const email = uniqueEmail('notified');
  await registerByApi(url, email, 'notified-pass-1');
  const token = await loginByApi(url, email, 'notified-pass-1');
  const rejectedId = await publish(url, token, `A blurry photo of the bowl ${suffix}`);
  const postId = await publish(url, token, `Three cats at the Bund feeder ${suffix}`);
  const adminToken = await loginByApi(url, ADMIN.email, ADMIN.password);

  // The author has the app open on the home tab: the bell without a count, the socket connected.
  const page = await signedInPage(browser, url, token, 'en');
  const connected = liveSocketConnected(page);
  await page.goto('/');
  const bell = page.getByTestId('bell');
  await expect(bell).toHaveAccessibleName('Notifications');
  await connected;
  // Marks this document: a reload would lose it.
  await page.evaluate(() => {
    const w = window as unknown as { sameDocument?: boolean; bellAt?: number };
    w.sameDocument = true;
    const el = document.querySelector('[data-testid="bell"]');
    if (!el) throw new Error('no bell');
    new MutationObserver(() => {
      if (el.getAttribute('aria-label') !== 'Notifications') w.bellAt ??= Date.now();
    }).observe(el, { attributes: true, attributeFilter: ['aria-label'] });
  });

  // The admin rejects one post, then approves the other (through the console's API).
  const rejected = await callApi(url, '/admin/post/reject', { id: rejectedId, remark: 'Too blurry' }, adminToken);
  expect(rejected.code, rejected.msg).toBe(1);
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
  await page.evaluate(() => {
    (window as unknown as { bellAt?: number }).bellAt = undefined;
  });
  const approvedAt = Date.now();
  const approved = await callApi(url, '/admin/post/approve', { id: postId }, adminToken);
  expect(approved.code, approved.msg).toBe(1);
  await expect(bell).toHaveAccessibleName('Notifications, 2 unread');
  await expect(bell.getByTestId('bell-badge')).toHaveText('2');
  const bellAt = await page.evaluate(() => (window as unknown as { bellAt?: number }).bellAt ?? 0);
  console.log(`notification: approval request → bell updated in the open app: ${String(bellAt - approvedAt)} ms`);
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

  // The banner says what happened; the phone-sized screenshot shows it over the home page.
  const banner = page.getByTestId('notification-banner');
  await expect(banner).toContainText('Your post was approved');
  await expect(banner).toContainText(`Three cats at the Bund feeder ${suffix}`);
  // The pointer on it keeps it up (it leaves by itself after 5 s otherwise).
  await page.evaluate(() => {
    window.scrollTo(0, 0);
  });
  const box = await banner.boundingBox();
  await page.mouse.move((box?.x ?? 0) + 40, (box?.y ?? 0) + 20);
  await snap(page, 'notifications-banner', 'en');
  expect(await seriousViolations(page)).toEqual([]);
  await banner.getByRole('button', { name: 'Dismiss' }).click();
  await expect(banner).toBeHidden();
  await snap(page, 'notifications-bell', 'en');

  // The bell opens the inbox: both, newest first, unread.
  await bell.click();
  await expect(page).toHaveURL('/pages/mine/notifications');
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  const rows = page.getByTestId('notification');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('Your post was approved');
  await expect(rows.nth(1)).toContainText('Your post was not approved');
  await expect(rows.nth(0)).toHaveAttribute('data-read', 'false');
  await expect(page.getByTestId('unread-summary')).toHaveText('2 unread');
  await snap(page, 'notifications-inbox', 'en');
  expect(await seriousViolations(page)).toEqual([]);

  // The same inbox in Japanese (another phone): the server writes the texts in the reader's language.
  const ja = await signedInPage(browser, url, token, 'ja');
  await ja.goto('/pages/mine/notifications');
  await expect(ja.getByRole('heading', { level: 1, name: 'お知らせ' })).toBeVisible();
  await expect(ja.getByTestId('notification').nth(0)).toContainText('投稿が承認されました');
  await expect(ja.getByTestId('notification').nth(1)).toContainText('投稿は承認されませんでした');
  await snap(ja, 'notifications-inbox', 'ja');
  await ja.context().close();

  // Opening one marks it read and shows the post.
  await rows.nth(0).click();
  await expect(page).toHaveURL(`/pages/community/detail?id=${String(postId)}`);
  await expect(page.getByTestId('post')).toContainText(`Three cats at the Bund feeder ${suffix}`);
  await page.goBack();
  await expect(page).toHaveURL('/pages/mine/notifications');
  await expect(rows.nth(0)).toHaveAttribute('data-read', 'true');
  await expect(page.getByTestId('unread-summary')).toHaveText('1 unread');
  const unread = await callApi(url, '/notification/unread', {}, token);
  expect(unread.data).toEqual({ unread: 1 });

  // Mark all read: the count is gone on Me's bell too.
  await page.getByRole('button', { name: 'Mark all read' }).click();
  await expect(page.getByTestId('unread-summary')).toHaveText('All caught up');
  await page.goto('/pages/mine/mine');
  await expect(page.getByTestId('bell')).toHaveAccessibleName('Notifications');
  expect((await callApi(url, '/notification/unread', {}, token)).data).toEqual({ unread: 0 });
  await page.context().close();
});
