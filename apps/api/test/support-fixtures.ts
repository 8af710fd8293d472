import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import {
  ConsoleSupportApplicationSchema,
  ConsoleSupportEventSchema,
  PayRequestDataSchema,
  SupportApplicationSchema,
  type ConsoleSupportEvent,
  type ConsoleSupportItemInput,
  type SupportApplyBody,
} from '@petheart/contracts';
import { SUPPORT_FUND } from '../src/modules/ledger/policy';
import { loginToken, okData, type TestApi } from './harness';

/** Helpers of the support tests (decision 016): people, shelters, events, coins. */

let seq = 0;

export interface Person {
  id: number;
  token: string;
}

/** A user (or an admin) with a login token. */
export async function newPerson(api: TestApi, label: string, admin = false): Promise<Person> {
  seq += 1;
  const email = `${label}-${String(seq)}-${randomUUID().slice(0, 6)}@example.com`;
  const user = await api.container.services.users.createWithEmail(email, {
    password: 'secret-pass',
    nickname: `${label} ${String(seq)}`,
    ...(admin ? { roles: ['user', 'admin'] } : {}),
  });
  return { id: user.id, token: await loginToken(api, email, 'secret-pass', `10.6.${String(seq % 250)}.1`) };
}

/** A valid application body (the wire form), with changes. */
export function applyBody(changes: Partial<Record<keyof SupportApplyBody, unknown>> = {}): Record<string, unknown> {
  return {
    animal_nums: 12,
    applicant: 'Wang Fang',
    mobile: '13912345678',
    wechat_number: 'wang_fang88',
    application_type_id: 1,
    address: '88 Changshou Road, Putuo District, Shanghai',
    name: 'Putuo Cat Haven',
    latitude: 31.2446,
    longitude: 121.4372,
    ...changes,
  };
}

export async function apply(api: TestApi, user: Person, changes: Parameters<typeof applyBody>[0] = {}) {
  return okData(
    await api.post('/api/support/apply', applyBody(changes), { token: user.token }),
    SupportApplicationSchema,
  );
}

export async function review(api: TestApi, admin: Person, id: number, status: 1 | 2, reason = '') {
  return okData(
    await api.post('/api/admin/support/review', { id, status, reason }, { token: admin.token }),
    ConsoleSupportApplicationSchema,
  );
}

/** An approved application (a rescue station) of a new applicant. */
export async function approvedStation(api: TestApi, admin: Person, name = 'Putuo Cat Haven'): Promise<number> {
  const applicant = await newPerson(api, 'shelter');
  const application = await apply(api, applicant, { name });
  await review(api, admin, application.id, 1);
  return application.id;
}

export const ITEMS: Omit<ConsoleSupportItemInput, 'id'>[] = [
  { title: 'Dry food', price: 30, gift: 'One 1 kg bag', target: 100 },
  { title: 'Vaccine', price: 80, gift: 'One shot', target: 10 },
];

/** A live event published by the console for a station. */
export async function publish(
  api: TestApi,
  admin: Person,
  applicationId: number,
  items: Omit<ConsoleSupportItemInput, 'id'>[] = ITEMS,
  title = 'Winter food',
): Promise<ConsoleSupportEvent> {
  return okData(
    await api.post(
      '/api/admin/support/event/create',
      { application_id: applicationId, title, description: 'Help us through the winter', items },
      { token: admin.token },
    ),
    ConsoleSupportEventSchema,
  );
}

/** Coins for a user, the way a paid recharge credits them (payment clearing → wallet). */
/**
 * A help-pay of `points` (default: what is left) to an item for a rescue station, confirmed by the sandbox
 * provider's signed notification, as a user paying for it would be.
 */
export async function helpPaid(
  api: TestApi,
  token: string,
  body: { id: number; rescue_station_id: number; points?: number },
) {
  const order = okData(await api.post('/api/balance/HelpPay', body, { token }), PayRequestDataSchema);
  const sandbox = api.container.services.paymentSandbox;
  if (!sandbox || order.provider !== 'sandbox') throw new Error('the sandbox provider is configured by default');
  const signed = sandbox.sign(
    JSON.stringify(
      sandbox.notificationFor({ orderNo: order.order_no, amount: order.amount, currency: order.currency }, 'pay'),
    ),
  );
  const notified = await api.app.inject({
    method: 'POST',
    url: '/api/payment/notify/sandbox',
    headers: signed.headers,
    payload: signed.body,
  });
  expect(notified.statusCode).toBe(200);
  return order;
}

export async function fund(api: TestApi, userId: number, coins: number): Promise<void> {
  await api.container.services.ledger.credit({ userId, amount: coins, idempotencyKey: `test-fund:${randomUUID()}` });
}

export const wallet = async (api: TestApi, userId: number) =>
  (await api.container.services.ledger.balances(userId)).wallet.available;

export const supportFund = async (api: TestApi) =>
  (await api.container.services.ledger.balanceOf(SUPPORT_FUND)).balance;

/** The ledger's invariant checker finds nothing (support's own checks included). */
export async function expectLedgerSound(api: TestApi): Promise<void> {
  const report = await api.container.services.ledger.checkInvariants();
  expect(report.problems).toEqual([]);
}
