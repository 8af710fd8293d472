import { expect } from '@playwright/test';
import { mailCount, waitForCode } from './fixtures';

interface Envelope {
  code: number;
  msg: string;
  data: unknown;
}

/** Calls the API directly (for test set-up), as the web app would. */
export async function callApi(baseURL: string, path: string, data: unknown, token?: string): Promise<Envelope> {
  const res = await fetch(`${baseURL}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', lang: 'en', ...(token ? { token } : {}) },
    body: JSON.stringify(data),
  });
  return (await res.json()) as Envelope;
}

/** Registers a user through the API with the auth code from the real mail. */
export async function registerByApi(baseURL: string, email: string, password: string): Promise<void> {
  const before = await mailCount(email);
  const sent = await callApi(baseURL, '/ems/send', { email, event: 'register' });
  expect(sent.code, sent.msg).toBe(1);
  const code = await waitForCode(email, before);
  const registered = await callApi(baseURL, '/user/register', { email, password, code });
  expect(registered.code, registered.msg).toBe(1);
}

/** Recharges package 1 (60 coins) for `token` and pays it on the sandbox page, as its form posts. */
export async function rechargeByApi(baseURL: string, token: string): Promise<void> {
  const placed = await callApi(baseURL, '/balance/Recharge', { id: 1 }, token);
  expect(placed.code, placed.msg).toBe(1);
  const { order_no: orderNo, response } = placed.data as { order_no: string; response: { pay_url: string } };
  const pay = new URL(response.pay_url, baseURL);
  const paid = await fetch(pay.origin + pay.pathname, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ action: 'pay', sig: pay.searchParams.get('sig') ?? '', lang: 'en' }).toString(),
  });
  expect(paid.status).toBe(200);
  await expect
    .poll(
      async () =>
        ((await callApi(baseURL, '/balance/order', { order_no: orderNo }, token)).data as { status: string }).status,
      { timeout: 15_000, message: `order ${orderNo} paid` },
    )
    .toBe('paid');
}
