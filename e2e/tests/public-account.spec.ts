import { BaseDetailSchema, LiveDetailSchema } from '@petheart/contracts';
import { expect, snap, test } from '../support/fixtures';
import { callApi } from '../support/api';
import { phonePage } from '../support/pages';
import { DEMO_USER, loginByApi } from '../support/devices';
import { gradientPng } from '../support/png';

test('a tourist follows a base to its public account; its operator records food bought and chooses whether its exact location shows', async ({
  browser,
  baseURL,
}) => {
  const url = baseURL ?? '';
  const room = LiveDetailSchema.parse((await callApi(url, '/live/detail', { device_id: 'PH-0001' })).data);
  const baseId = room.base.id;
  const detail = async () => BaseDetailSchema.parse((await callApi(url, '/base/detail', { id: baseId })).data).base;
  const operatorToken = await loginByApi(url, DEMO_USER.email, DEMO_USER.password);
  const operator = await phonePage(browser, url, { token: operatorToken, language: 'en' });
  const tourist = await phonePage(browser, url, { language: 'en' });

  // The tourist sees the base without its address (not published), and its account a tap away.
  expect((await detail()).address).toBe('');
  await tourist.goto(`/pages/baseDetail/baseDetail?id=${String(baseId)}`);
  await tourist.getByRole('button', { name: 'Public account: where the coins went' }).click();
  await expect(tourist).toHaveURL(`/pages/public/account?base_id=${String(baseId)}`);
  await expect(tourist.getByTestId('account-raised')).toBeVisible();
  await expect(tourist.getByTestId('statements')).toBeVisible();
  await snap(tourist, 'public-account', 'en');

  // The operator records food bought, with a photo of the receipt.
  await operator.goto('/pages/manage/manage');
  const food = operator.getByTestId('food-section');
  await food.getByRole('button', { name: 'Record a purchase' }).click();
  const grams = 3000 + Math.floor(Math.random() * 900);
  await operator.getByLabel('Amount paid').fill('86.50');
  await operator.getByLabel('Food bought (grams)').fill(String(grams));
  await operator
    .locator('input[type="file"]')
    .setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: gradientPng(320, 480) });
  await expect(operator.locator('.adm-image-uploader-cell img')).toHaveCount(1);
  await operator.getByRole('button', { name: 'Record purchase' }).click();
  // As the app writes weights: 3315 → "3.32kg".
  const kg = `${new Intl.NumberFormat('en', { maximumFractionDigits: 2 }).format(grams / 1000)}kg`;
  await expect(food.getByTestId('food-item').filter({ hasText: kg })).toHaveCount(1);

  // It is on the public account at once, with its receipt.
  await tourist.reload();
  const purchase = tourist.getByTestId('account-purchase').filter({ hasText: kg });
  await expect(purchase).toHaveCount(1);
  await expect(purchase.locator('img')).toHaveCount(1);

  // The operator publishes the exact location: now everyone sees the address; then hides it again.
  const card = operator.getByTestId('base-location').filter({ hasText: room.base.name });
  const exact = card.getByRole('switch');
  await expect(exact).toHaveAttribute('aria-checked', 'false');
  await snap(operator, 'manage-location', 'en');
  await exact.click();
  await expect(card.getByTestId('base-location-shown')).toHaveText('Everyone sees the exact location and the address.');
  await expect.poll(async () => (await detail()).address).not.toBe('');
  await exact.click();
  await expect(card.getByTestId('base-location-shown')).toHaveText(
    'Others see the area (about 1 km) without the address.',
  );
  await expect.poll(async () => (await detail()).address).toBe('');
  await tourist.context().close();
  await operator.context().close();
});
