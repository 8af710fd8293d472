import { expect, snap, test } from '../support/fixtures';
import { phonePage } from '../support/pages';
import { callApi } from '../support/api';
import { DEMO_USER, loginByApi } from '../support/devices';

interface RechargePackage {
  id: number;
  price: number;
  coins: number;
  bonus: number;
}

async function balanceOf(baseURL: string, token: string): Promise<number> {
  const res = await fetch(`${baseURL}/api/user/index`, { headers: { token } });
  const body = (await res.json()) as { code: number; data: { userinfo: { balance: number } } };
  expect(body.code).toBe(1);
  return body.data.userinfo.balance;
}

async function rechargePackage(baseURL: string, id: number): Promise<RechargePackage> {
  const res = await callApi(baseURL, '/configuration/getConfiguration', {});
  const found = (res.data as { recharge_packages: RechargePackage[] }).recharge_packages.find((p) => p.id === id);
  if (!found) throw new Error(`no recharge package ${String(id)}`);
  return found;
}

const shownBalance = (n: number) => n.toLocaleString('en-US');

test('a recharge paid on the sandbox page credits the package’s coins and shows in the history', async ({
  browser,
  baseURL,
}) => {
  const url = baseURL ?? '';
  const token = await loginByApi(url, DEMO_USER.email, DEMO_USER.password);
  const pkg = await rechargePackage(url, 2);
  const before = await balanceOf(url, token);
  const page = await phonePage(browser, url, { token, language: 'en' });

  await page.goto('/pages/money/money');
  await expect(page.getByTestId('money-balance')).toHaveText(shownBalance(before));
  await expect(page.getByText('No recharge history')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Select a package' })).toBeDisabled();
  await snap(page, 'recharge-empty', 'en');

  await page.getByTestId(`package-${String(pkg.id)}`).click();
  await page.getByRole('button', { name: 'Pay ¥30' }).click();

  // The sandbox plays the payer on its own page, then links back to the wallet with the order.
  await expect(page).toHaveURL(/\/api\/payment\/sandbox\/P\w+\?sig=.+&lang=en/);
  await expect(page.getByRole('heading', { name: 'Sandbox payment' })).toBeVisible();
  const orderNo = /sandbox\/(\w+)/.exec(page.url())?.[1] ?? '';
  await snap(page, 'recharge-sandbox', 'en');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByText('Payment done')).toBeVisible();
  await page.getByRole('link', { name: 'Back to the app' }).click();

  await expect(page).toHaveURL(`/pages/money/money?order_no=${orderNo}`);
  const result = page.getByTestId('order-result');
  await expect(result).toHaveAttribute('data-phase', 'paid');
  const credited = pkg.coins + pkg.bonus;
  await expect(result).toContainText(`${String(credited)} coins have been added to your balance`);
  await expect(page.getByTestId('money-balance')).toHaveText(shownBalance(before + credited));
  const row = page.locator(`[data-testid="history-row"][data-order="${orderNo}"]`);
  await expect(row).toContainText(`+${String(credited)} coins`);
  await expect(row).toContainText('¥30');
  await expect(row).toContainText('Paid');
  await snap(page, 'recharge-paid', 'en');

  // The balance is the server's (the repeated notifications are deduplicated: apps/api/test/payment*.test.ts).
  expect(await balanceOf(url, token)).toBe(before + credited);
  await page.reload();
  await expect(page.getByTestId('money-balance')).toHaveText(shownBalance(before + credited));
  await page.context().close();
});

test('a payment cancelled on the sandbox page changes nothing (in Chinese)', async ({ browser, baseURL }) => {
  const url = baseURL ?? '';
  const token = await loginByApi(url, DEMO_USER.email, DEMO_USER.password);
  const pkg = await rechargePackage(url, 1);
  const before = await balanceOf(url, token);
  const page = await phonePage(browser, url, { token, language: 'zh-CN' });

  await page.goto('/pages/money/money');
  await expect(page.getByRole('heading', { level: 1, name: '充值' })).toBeVisible();
  await expect(page.getByTestId('money-balance')).toHaveText(shownBalance(before));
  await page.getByTestId(`package-${String(pkg.id)}`).click();
  await page.getByRole('button', { name: '支付 ¥6' }).click();

  await expect(page.getByRole('heading', { name: '沙箱支付' })).toBeVisible();
  const orderNo = /sandbox\/(\w+)/.exec(page.url())?.[1] ?? '';
  await page.getByRole('button', { name: '取消' }).click();
  await expect(page.getByText('已取消支付')).toBeVisible();
  await page.getByRole('link', { name: '返回应用' }).click();

  await expect(page).toHaveURL(`/pages/money/money?order_no=${orderNo}`);
  await expect(page.getByTestId('order-result')).toHaveAttribute('data-phase', 'closed');
  await expect(page.getByTestId('order-result')).toContainText('未产生扣款');
  const row = page.locator(`[data-testid="history-row"][data-order="${orderNo}"]`);
  await expect(row).toContainText('已关闭');
  await expect(row).toContainText('60 爱心币');
  await expect(row).not.toContainText('+60');
  await expect(page.getByTestId('money-balance')).toHaveText(shownBalance(before));
  expect(await balanceOf(url, token)).toBe(before);
  await snap(page, 'recharge-cancelled', 'zh-CN');
  await page.context().close();
});
