import type { Page } from '@playwright/test';
import { PostSchema, type Post } from '@petheart/contracts';
import { expect, snap, test } from '../support/fixtures';
import { callApi } from '../support/api';
import { ADMIN, loginByApi } from '../support/devices';
import { gradientPng } from '../support/png';
import { newUser, signedInPage, snapDrawer } from '../support/pages';

/** The author's own post as the API shows it to them. */
async function ownPost(baseURL: string, token: string, id: number): Promise<Post> {
  const res = await callApi(baseURL, '/post/detail', { id }, token);
  expect(res.code, res.msg).toBe(1);
  return PostSchema.parse(res.data);
}

/** Opens a post's review in the console's moderation queue (pending posts), found by its text. */
async function openReview(page: Page, text: string) {
  await page.goto('/admin/posts');
  await expect(page.getByRole('heading', { level: 1, name: 'Posts' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: text });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Pending Review');
  await row.getByRole('button', { name: 'Review' }).click();
  const review = page.getByTestId('post-review');
  await expect(review.getByTestId('post-text')).toHaveText(text);
  return { row, review };
}

test('a post with two images: pending in My posts, approved in the console, in the community, commented on', async ({
  browser,
  baseURL,
}) => {
  const url = baseURL ?? '';
  const suffix = String(Date.now()).slice(-6);
  const text = `Two cats shared the bowl at the Bund this morning <b>${suffix}</b>`;
  const authorToken = await newUser(url, 'poster', `Poster ${suffix}`);
  const author = await signedInPage(browser, url, authorToken, 'en');

  // Publish: the text, two images through the upload pipeline, the device.
  await author.goto('/pages/publish/publish');
  await expect(author.getByRole('heading', { level: 1, name: 'Publish' })).toBeVisible();
  await author.getByLabel('Content', { exact: true }).fill(text);
  await author.locator('input[type="file"]').setInputFiles([
    { name: 'bowl-1.png', mimeType: 'image/png', buffer: gradientPng(320, 240) },
    { name: 'bowl-2.png', mimeType: 'image/png', buffer: gradientPng(240, 320) },
  ]);
  await expect(author.locator('.adm-image-uploader-cell img')).toHaveCount(2);
  await expect(author.getByRole('button', { name: 'Publish', exact: true })).toBeEnabled();
  await author.getByTestId('device-picker').click();
  await author.locator('input[name="post-device"][value="PH-0001"]').check();
  await expect(author.getByTestId('device-picker')).toContainText('Bund');
  await author.getByRole('button', { name: 'Publish', exact: true }).click();

  // Pending review in My posts, with both images.
  await expect(author).toHaveURL('/pages/myPublish/myPublish');
  const mine = author.getByTestId('my-post').filter({ hasText: text });
  await expect(mine).toHaveAttribute('data-status', 'ped');
  await expect(mine.getByTestId('post-status')).toHaveText('Pending Review');
  await expect(mine.locator('img')).toHaveCount(2);
  const postId = Number(await mine.getAttribute('data-post'));
  const pending = await ownPost(url, authorToken, postId);
  expect(pending).toMatchObject({ status: 'ped', content: text, device: { id: 'PH-0001' } });
  expect(pending.images).toHaveLength(2);
  await snap(author, 'community-my-posts-pending', 'en');

  // Not in the community before it is approved.
  const before = await callApi(url, '/post/list', { page: 1, limit: 50 });
  expect((before.data as { list: { id: number }[] }).list.map((p) => p.id)).not.toContain(postId);

  // The admin reviews it in the console (the text shown as text, both images) and approves it.
  const adminToken = await loginByApi(url, ADMIN.email, ADMIN.password);
  const adminPage = await signedInPage(browser, url, adminToken, 'en', true);
  const { row, review } = await openReview(adminPage, text);
  await expect(row.locator('img')).toHaveCount(2);
  await expect(review.getByRole('img', { name: /Image \d of 2/ })).toHaveCount(2);
  await expect(review).toContainText('PH-0001');
  await snapDrawer(adminPage, 'console-post-review', 'en');
  await review.getByRole('button', { name: 'Approve' }).click();
  const confirm = adminPage.locator('.adm-dialog-body');
  await expect(confirm).toContainText('Approve this post? It appears in the community at once.');
  await confirm.getByRole('button', { name: 'Approve' }).click();
  await expect(adminPage.getByTestId('post-review')).toBeHidden();
  await expect(adminPage.getByRole('row').filter({ hasText: text })).toHaveCount(0);
  await adminPage.getByLabel('Status').selectOption('res');
  await expect(adminPage.getByRole('row').filter({ hasText: text })).toContainText('Published');
  await snap(adminPage, 'console-posts-published', 'en');
  await adminPage.context().close();

  // Another user finds it in the community, opens it and comments.
  const readerToken = await newUser(url, 'reader', `Reader ${suffix}`);
  const reader = await signedInPage(browser, url, readerToken, 'en');
  await reader.goto('/pages/community/community');
  const card = reader.locator(`[data-testid="post-card"][data-post="${String(postId)}"]`);
  await expect(card).toContainText(text);
  await expect(card).toContainText(`Poster ${suffix}`);
  await expect(card.locator('b')).toHaveCount(0);
  await snap(reader, 'community-list', 'en');
  await card.getByRole('button', { name: `Open the post by Poster ${suffix}` }).click();
  await expect(reader).toHaveURL(`/pages/community/detail?id=${String(postId)}`);
  const post = reader.getByTestId('post');
  await expect(post).toContainText(text);
  await expect(post.getByTestId('post-images').locator('img')).toHaveCount(2);
  const comment = `So sweet! ${suffix}`;
  await reader.getByLabel('Your comment').fill(comment);
  await reader.getByRole('button', { name: 'Send' }).click();
  await expect(reader.getByTestId('comment').filter({ hasText: comment })).toContainText(`Reader ${suffix}`);
  await snap(reader, 'community-detail-comment', 'en');
  await reader.context().close();

  // The author sees it published, with the comment.
  await author.reload();
  await expect(mine).toHaveAttribute('data-status', 'res');
  await expect(mine.getByTestId('post-status')).toHaveText('Published');
  expect(await ownPost(url, authorToken, postId)).toMatchObject({ status: 'res', comment_count: 1 });
  await author.context().close();
});

test('a rejected post: the author sees the reason, edits it and submits it again', async ({ browser, baseURL }) => {
  const url = baseURL ?? '';
  const suffix = String(Date.now()).slice(-6);
  const text = `My plate number is visible here ${suffix}`;
  const authorToken = await newUser(url, 'rejected', `Kai ${suffix}`);
  const published = await callApi(
    url,
    '/post/publish',
    { content: text, images: [], device_id: 'PH-0002' },
    authorToken,
  );
  expect(published.code, published.msg).toBe(1);
  const postId = PostSchema.parse(published.data).id;

  // The admin rejects it: a reason is required, and the author will see it.
  const adminToken = await loginByApi(url, ADMIN.email, ADMIN.password);
  const adminPage = await signedInPage(browser, url, adminToken, 'en', true);
  const { review } = await openReview(adminPage, text);
  const rejectForm = review.getByRole('form', { name: 'Reject with a reason' });
  await rejectForm.getByRole('button', { name: 'Reject' }).click();
  await expect(rejectForm.getByRole('alert')).toHaveText('Please enter the reason for rejection');
  const reason = 'Please hide the car plate before posting.';
  await rejectForm.getByLabel('Reason for rejection').fill(reason);
  await snapDrawer(adminPage, 'console-post-reject', 'en');
  await rejectForm.getByRole('button', { name: 'Reject' }).click();
  await expect(adminPage.getByTestId('post-review')).toBeHidden();
  expect(await ownPost(url, authorToken, postId)).toMatchObject({ status: 'rej', remark: reason });
  await adminPage.context().close();

  // The author sees the reason in My posts.
  const author = await signedInPage(browser, url, authorToken, 'en');
  await author.goto('/pages/myPublish/myPublish');
  const mine = author.locator(`[data-testid="my-post"][data-post="${String(postId)}"]`);
  await expect(mine).toHaveAttribute('data-status', 'rej');
  await expect(mine.getByTestId('post-status')).toHaveText('Rejected');
  await expect(mine.getByTestId('reject-reason')).toContainText(reason);
  await snap(author, 'community-my-posts-rejected', 'en');

  // Edits it (the reason stays in view while editing) and submits it again: back to review, the reason gone.
  await mine.getByRole('button', { name: 'Edit this post' }).click();
  await expect(author).toHaveURL(`/pages/publish/publish?id=${String(postId)}`);
  await expect(author.getByTestId('reject-reason')).toContainText(reason);
  const edited = `The view of the feeder, no cars in it ${suffix}`;
  await author.getByLabel('Content', { exact: true }).fill(edited);
  await author.getByRole('button', { name: 'Submit again' }).click();
  await expect(author).toHaveURL('/pages/myPublish/myPublish');
  await expect(mine).toHaveAttribute('data-status', 'ped');
  await expect(mine).toContainText(edited);
  await expect(mine.getByTestId('reject-reason')).toHaveCount(0);
  expect(await ownPost(url, authorToken, postId)).toMatchObject({ status: 'ped', remark: '', content: edited });

  await author.context().close();

  // The same list in Japanese.
  const ja = await signedInPage(browser, url, authorToken, 'ja');
  await ja.goto('/pages/myPublish/myPublish');
  await expect(ja.getByRole('heading', { level: 1, name: '自分の投稿' })).toBeVisible();
  await expect(
    ja.locator(`[data-testid="my-post"][data-post="${String(postId)}"]`).getByTestId('post-status'),
  ).toHaveText('審査待ち');
  await snap(ja, 'community-my-posts-resubmitted', 'ja');
  await ja.context().close();

  // Back in the queue for the admin, with the new text.
  const again = await signedInPage(browser, url, adminToken, 'en', true);
  await openReview(again, edited);
  await again.context().close();
});
