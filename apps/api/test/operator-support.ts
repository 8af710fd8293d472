import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { CashoutSchema, type Cashout, type CashoutApplyBody } from '@petheart/contracts';
import { earningsOf, walletOf } from '../src/modules/ledger/policy';
import { okData, type TestApi } from './harness';
import { createStation, type Station } from './feed-support';

let seq = 0;

/** A user with a login token (no coins). */
export async function newUser(api: TestApi, prefix = 'user') {
  seq += 1;
  const { services } = api.container;
  const user = await services.users.createWithEmail(`${prefix}-${String(seq)}-${randomUUID()}@example.com`, {
    nickname: `${prefix}${String(seq)}`,
  });
  const { token } = await services.tokens.issue(user.id);
  return { id: user.id, email: user.email ?? '', token };
}

/** A user who runs a base with one device (revenue share 30 % unless told). */
export async function newOperator(api: TestApi, o: { revenueShareBp?: number } = {}) {
  const user = await newUser(api, 'operator');
  const station = await createStation(api, { operatorId: user.id, revenueShareBp: o.revenueShareBp ?? 3000 });
  return { ...user, station };
}

/**
 * Credits `coins` to an operator's earnings the way feeds do: a payer's wallet is recharged, then one 'feed'
 * transaction moves the coins to the operator's earnings (the ledger's own invariants hold throughout).
 */
export async function earn(api: TestApi, operatorId: number, coins: number): Promise<void> {
  const { ledger, users } = api.container.services;
  const payer = await users.createWithEmail(`payer-${randomUUID()}@example.com`);
  await ledger.credit({ userId: payer.id, amount: coins, idempotencyKey: `test-recharge-${String(payer.id)}` });
  await ledger.record({
    kind: 'feed',
    idempotencyKey: `test-feed-${String(payer.id)}`,
    entries: [
      { account: walletOf(payer.id), amount: -coins },
      { account: earningsOf(operatorId), amount: coins },
    ],
  });
}

/** A valid application: 100.00 (the default minimum) to a Luhn-valid test card. */
export function application(over: Partial<CashoutApplyBody> = {}): CashoutApplyBody {
  return {
    amount: 10_000,
    bank: 'Bank of China',
    code: '6212 2612 0200 0000 001',
    name: 'Li Lei',
    mobile: '13800138000',
    idempotency_key: randomUUID(),
    ...over,
  };
}

/** POST /api/cashout/apply, expecting success. */
export async function apply(api: TestApi, token: string, over: Partial<CashoutApplyBody> = {}): Promise<Cashout> {
  return okData(await api.post('/api/cashout/apply', application(over), { token }), CashoutSchema);
}

/** The operator's earnings account (balance, held, available). */
export async function earnings(api: TestApi, userId: number) {
  return (await api.container.services.ledger.balances(userId)).earnings;
}

export function balanceOf(api: TestApi, kind: 'cashout_clearing' | 'platform_revenue') {
  return api.container.services.ledger.balanceOf({ kind });
}

/**
 * The ledger checker finds nothing — which includes every cash-out agreeing with its hold (on the owner's
 * earnings for its coins; pending while open, posted with the net to clearing and the fee to platform revenue
 * when successful, voided for every other end).
 */
export async function expectBooksSound(api: TestApi): Promise<void> {
  const report = await api.container.services.ledger.checkInvariants();
  expect(report.problems).toEqual([]);
}

export type { Station };
