import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, screenshotDir, snap, test, uniqueEmail } from '../support/fixtures';
import { callApi, registerByApi } from '../support/api';
import { ADMIN, loginByApi } from '../support/devices';

interface RechargePackage {
  id: number;
  price: number;
  coins: number;
  bonus: number;
}

/** Fen as the console's price box shows it: 3000 → "30", 1250 → "12.50". */
const yuan = (fen: number) => (fen % 100 === 0 ? String(fen / 100) : (fen / 100).toFixed(2));

async function packages(baseURL: string): Promise<RechargePackage[]> {
  const res = await callApi(baseURL, '/configuration/getConfiguration', {});
  expect(res.code, res.msg).toBe(1);
  return (res.data as { recharge_packages: RechargePackage[] }).recharge_packages;
}

/** A fresh user recharges package `id` and pays on the sandbox page (its notifications credit the order). */
async function paidOrder(baseURL: string, id: number): Promise<string> {
  const email = uniqueEmail('money');
  await registerByApi(baseURL, email, 'money-pass-1');
  const token = await loginByApi(baseURL, email, 'money-pass-1');
  const placed = await callApi(baseURL, '/balance/Recharge', { id }, token);
  expect(placed.code, placed.msg).toBe(1);
  const { order_no: orderNo, response } = placed.data as { order_no: string; response: { pay_url: string } };
  const page = new URL(response.pay_url, baseURL);
  const paid = await fetch(page.origin + page.pathname, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ action: 'pay', sig: page.searchParams.get('sig') ?? '', lang: 'en' }).toString(),
  });
  expect(paid.status).toBe(200);
  await expect
    .poll(
      async () => {
        const order = await callApi(baseURL, '/balance/order', { order_no: orderNo }, token);
        return (order.data as { status: string }).status;
      },
      { timeout: 15_000, message: `order ${orderNo} paid` },
    )
    .toBe('paid');
  return orderNo;
}

async function signIn(page: Page) {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/admin');
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
}

test('the console edits a recharge package, finds a paid order and its ledger credit, checks the ledger, caps a device', async ({
  page,
  baseURL,
}) => {
  const url = baseURL ?? '';
  const saved = await packages(url);
  const index = saved.findIndex((p) => p.id === 2);
  const original = saved[index];
  if (!original) throw new Error('no recharge package 2');
  const orderNo = await paidOrder(url, 2);
  const admin = await loginByApi(url, ADMIN.email, ADMIN.password);

  try {
    await signIn(page);
    const nav = page.getByRole('navigation');

    // Settings: package 2 gets more coins; the app's configuration offers them at once.
    await nav.getByRole('link', { name: 'Settings' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    const coins = page.getByLabel(`Coins of package ${String(index + 1)}`, { exact: true });
    await expect(coins).toHaveValue(String(original.coins));
    const price = page.getByLabel(`Price (CNY) of package ${String(index + 1)}`, { exact: true });
    await expect(price).toHaveValue(yuan(original.price));
    const more = original.coins + 25;
    await coins.fill(String(more));
    await expect(page.getByText('Unsaved changes')).toBeVisible();
    await expect(page.getByTestId(`package-row-${String(index + 1)}`)).toContainText(
      `${String(more + original.bonus)} coins`,
    );
    // A price with three decimals is refused with the contract's message, on its cell.
    await price.fill('30.005');
    await page.getByRole('button', { name: 'Save packages' }).click();
    await expect(page.getByText('The price must be from 0.01 to 10,000.00')).toBeVisible();
    await price.fill(yuan(original.price));
    await page.getByRole('button', { name: 'Save packages' }).click();
    await expect(page.getByText('Saved: the app offers it now')).toBeVisible();
    await expect(page.getByText('Unsaved changes')).toHaveCount(0);
    expect((await packages(url)).find((p) => p.id === 2)?.coins).toBe(more);
    await snap(page, 'console-settings', 'en');

    // Payments: the order by its number, paid, with its notifications and the ledger credit.
    await nav.getByRole('link', { name: 'Payments' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Payment orders' })).toBeVisible();
    await page.getByLabel('Order no.').fill(orderNo.slice(-10));
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByText('1 order', { exact: true })).toBeVisible();
    const row = page.getByTestId(`payment-row-${orderNo}`);
    await expect(row).toContainText('Paid');
    await expect(row).toContainText('¥30');
    await snap(page, 'console-payments', 'en');
    await row.getByRole('button', { name: 'Details' }).click();
    const drawer = page.locator('.adm-popup-body');
    await expect(drawer.getByRole('heading', { name: `Order ${orderNo}` })).toBeVisible();
    await expect(drawer).toContainText('credited');
    await expect(drawer).toContainText(`payment:${orderNo}`);
    await expect(drawer).toContainText(`+${String(original.coins + original.bonus)}`);
    // The drawer has its mask (snap waits for none): a plain screenshot.
    await page.screenshot({ path: path.join(screenshotDir, 'console-payment-en.png') });
    await drawer.getByRole('button', { name: 'Close' }).click();

    // The ledger: the credit found by its reference, with both entries; the invariant checker says OK.
    await nav.getByRole('link', { name: 'Ledger' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Ledger' })).toBeVisible();
    await page.getByLabel('Reference or key').fill(orderNo);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByText('1 transaction', { exact: true })).toBeVisible();
    const credit = page.getByRole('row').filter({ hasText: orderNo });
    await expect(credit).toContainText('Recharge');
    await expect(credit).toContainText('Payment clearing');
    await expect(credit).toContainText('Wallet');
    await page.getByRole('button', { name: 'Run now' }).click();
    await expect(page.getByTestId('ledger-check-status')).toHaveText('OK');
    await expect(page.getByText(/Checked .* run by an admin/)).toBeVisible();
    await snap(page, 'console-ledger', 'en');

    // A device's own daily gram cap, in its edit form.
    await nav.getByRole('link', { name: 'Devices' }).click();
    const device = page.getByRole('row').filter({ hasText: 'PH-0003' });
    await device.getByRole('button', { name: 'Edit' }).click();
    const cap = page.getByLabel('Daily limit (g)');
    await expect(cap).toHaveValue('2000');
    await cap.fill('0');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('The daily limit must be whole grams from 1 to 100,000')).toBeVisible();
    await cap.fill('1500');
    await page.screenshot({ path: path.join(screenshotDir, 'console-device-cap-en.png') });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(cap).toHaveCount(0);
    const listed = await callApi(url, '/admin/device/list', { keyword: 'PH-0003' }, admin);
    expect((listed.data as { list: { daily_gram_cap: number }[] }).list[0]?.daily_gram_cap).toBe(1500);
    await callApi(url, '/admin/device/update', { device_id: 'PH-0003', daily_gram_cap: 2000 }, admin);

    // In Chinese.
    await page.evaluate(() => {
      localStorage.setItem('language', 'zh-CN');
    });
    await page.goto('/admin/ledger');
    await expect(page.getByRole('heading', { level: 1, name: '账本' })).toBeVisible();
    await expect(page.getByTestId('ledger-check-status')).toHaveText('正常');
    await page.getByRole('tab', { name: '账户' }).click();
    await expect(page.getByRole('row').filter({ hasText: '支付清算' })).toHaveCount(1);
    await snap(page, 'console-ledger', 'zh-CN');
    await nav.getByRole('link', { name: '系统设置' }).click();
    await expect(page.getByRole('heading', { level: 2, name: '充值套餐' })).toBeVisible();
    await snap(page, 'console-settings', 'zh-CN');
  } finally {
    const restored = await callApi(url, '/admin/settings/update', { recharge_packages: saved }, admin);
    expect(restored.code, restored.msg).toBe(1);
  }
});
