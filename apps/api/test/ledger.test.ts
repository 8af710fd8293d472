import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate, UserInfoDataSchema } from '@petheart/contracts';
import { ledgerEntries } from '../src/db/schema';
import {
  CASHOUT_CLEARING,
  earningsOf,
  feedCredits,
  PAYMENT_CLEARING,
  PLATFORM_REVENUE,
  walletOf,
} from '../src/modules/ledger/policy';
import type { LedgerService } from '../src/modules/ledger/service';
import { createTestApi, loginToken, okData, type TestApi } from './harness';
import { ledgerHelpers } from './ledger-helpers';

describe('coin ledger', () => {
  let api: TestApi;
  let ledger: LedgerService;
  const { later, newUser, shown, expectOk, platformBalance } = ledgerHelpers(() => api, 'ledger');

  beforeAll(async () => {
    api = await createTestApi({ seed: false, serveWeb: false });
    ledger = api.container.services.ledger;
  });
  afterAll(async () => {
    await api.close();
  });

  it('credits a recharge exactly once per key, and refuses the key for another credit', async () => {
    const u = await newUser();
    const first = await ledger.credit({ userId: u, amount: 100, idempotencyKey: 'order-1', reference: 'order 1' });
    expect(first).toMatchObject({ kind: 'recharge', reference: 'order 1', replayed: false });
    expect(first.entries).toEqual([
      { account: PAYMENT_CLEARING, amount: -100 },
      { account: walletOf(u), amount: 100 },
    ]);
    const again = await ledger.credit({ userId: u, amount: 100, idempotencyKey: 'order-1', reference: 'order 1' });
    expect(again).toMatchObject({ id: first.id, replayed: true, entries: first.entries });
    await expect(
      ledger.credit({ userId: u, amount: 101, idempotencyKey: 'order-1', reference: 'order 1' }),
    ).rejects.toMatchObject({
      code: 'idempotency_conflict',
    });
    expect((await ledger.balances(u)).wallet).toEqual({ balance: 100, held: 0, available: 100 });
    expect(await shown(u)).toBe(100);
    await expectOk();
  });

  it('shows the available coins in userinfo at once (the cached userinfo is dropped)', async () => {
    const { id } = await api.container.services.users.createWithEmail('shown@example.com', { password: 'secret-pass' });
    const token = await loginToken(api, 'shown@example.com', 'secret-pass');
    const balance = async () =>
      okData(await api.get('/api/user/index', { token }), UserInfoDataSchema).userinfo.balance;
    expect(await balance()).toBe(0);
    await ledger.credit({ userId: id, amount: 50, idempotencyKey: 'shown-1' });
    expect(await balance()).toBe(50);
    const hold = await ledger.hold({
      account: walletOf(id),
      amount: 20,
      idempotencyKey: 'shown-h',
      expiresAt: later(),
    });
    expect(await balance()).toBe(30);
    await ledger.voidHold(hold.id);
    expect(await balance()).toBe(50);
  });

  it('holds coins, refuses what is not available with insufficient_balance, and frees the key', async () => {
    const u = await newUser();
    await ledger.credit({ userId: u, amount: 30, idempotencyKey: `c-${String(u)}` });
    const hold = await ledger.hold({
      account: walletOf(u),
      amount: 20,
      idempotencyKey: `h1-${String(u)}`,
      expiresAt: later(),
    });
    expect(hold).toMatchObject({ status: 'pending', amount: 20, account: walletOf(u), replayed: false });
    expect((await ledger.balances(u)).wallet).toEqual({ balance: 30, held: 20, available: 10 });
    expect(await shown(u)).toBe(10);
    const same = await ledger.hold({
      account: walletOf(u),
      amount: 20,
      idempotencyKey: `h1-${String(u)}`,
      expiresAt: later(),
    });
    expect(same).toMatchObject({ id: hold.id, replayed: true });
    expect((await ledger.balances(u)).wallet.held).toBe(20);

    const tooMuch = { account: walletOf(u), amount: 11, idempotencyKey: `h2-${String(u)}`, expiresAt: later() };
    await expect(ledger.hold(tooMuch)).rejects.toMatchObject({ name: 'AppError', id: 'insufficient_balance' });
    expect((await ledger.balances(u)).wallet).toEqual({ balance: 30, held: 20, available: 10 });
    // Nothing was recorded: after a recharge the same key places the hold.
    await ledger.credit({ userId: u, amount: 1, idempotencyKey: `c2-${String(u)}` });
    expect(await ledger.hold(tooMuch)).toMatchObject({ status: 'pending', replayed: false });
    expect((await ledger.balances(u)).wallet).toEqual({ balance: 31, held: 31, available: 0 });
    // A wallet that never received coins.
    const empty = await newUser();
    await expect(
      ledger.hold({ account: walletOf(empty), amount: 1, idempotencyKey: `h-${String(empty)}`, expiresAt: later() }),
    ).rejects.toMatchObject({ id: 'insufficient_balance' });
    await expectOk();
  });

  it('says "Insufficient balance" in every language', () => {
    expect(translate('en', 'error.insufficient_balance')).toBe('Insufficient balance');
    expect(translate('ja', 'error.insufficient_balance')).toBe('残高が足りません');
    expect(translate('zh-CN', 'error.insufficient_balance')).toBe('余额不足');
    expect(translate('zh-TW', 'error.insufficient_balance')).toBe('餘額不足');
  });

  it('posts a feed hold once: debits the wallet, credits the operator’s share and platform revenue', async () => {
    const [u, operator] = [await newUser(), await newUser()];
    await ledger.credit({ userId: u, amount: 50, idempotencyKey: `c-${String(u)}` });
    const platformBefore = await platformBalance('platform_revenue');
    const hold = await ledger.hold({
      account: walletOf(u),
      amount: 10,
      idempotencyKey: `feed-${String(u)}`,
      expiresAt: later(),
    });
    const posted = await ledger.postHold({ holdId: hold.id, kind: 'feed', credits: feedCredits(10, 3000, operator) });
    expect(posted).toMatchObject({ kind: 'feed', replayed: false });
    expect(posted.entries).toEqual(
      expect.arrayContaining([
        { account: walletOf(u), amount: -10 },
        { account: earningsOf(operator), amount: 3 },
        { account: PLATFORM_REVENUE, amount: 7 },
      ]),
    );
    expect((await ledger.balances(u)).wallet).toEqual({ balance: 40, held: 0, available: 40 });
    expect((await ledger.balances(operator)).earnings).toEqual({ balance: 3, held: 0, available: 3 });
    expect((await platformBalance('platform_revenue')) - platformBefore).toBe(7);
    expect(await shown(u)).toBe(40);

    // A repeated ack: the same transaction, nothing moves.
    const again = await ledger.postHold({ holdId: hold.id, kind: 'feed', credits: feedCredits(10, 3000, operator) });
    expect(again).toMatchObject({ id: posted.id, replayed: true });
    expect((await ledger.balances(u)).wallet.balance).toBe(40);
    await expect(ledger.voidHold(hold.id)).rejects.toMatchObject({ code: 'hold_posted' });
    expect(await ledger.holdById(hold.id)).toMatchObject({ status: 'posted', transactionId: posted.id });
    await expectOk();
  });

  it('charges part of a hold (less food fell) and releases the rest', async () => {
    const u = await newUser();
    await ledger.credit({ userId: u, amount: 20, idempotencyKey: `c-${String(u)}` });
    const hold = await ledger.hold({
      account: walletOf(u),
      amount: 20,
      idempotencyKey: `p-${String(u)}`,
      expiresAt: later(),
    });
    await expect(
      ledger.postHold({
        holdId: hold.id,
        kind: 'feed',
        amount: 21,
        credits: [{ account: PLATFORM_REVENUE, amount: 21 }],
      }),
    ).rejects.toMatchObject({ code: 'invalid_amount' });
    await expect(
      ledger.postHold({
        holdId: hold.id,
        kind: 'feed',
        amount: 5,
        credits: [{ account: PLATFORM_REVENUE, amount: 4 }],
      }),
    ).rejects.toMatchObject({ code: 'invalid_entries' });
    await ledger.postHold({
      holdId: hold.id,
      kind: 'feed',
      amount: 5,
      credits: [{ account: PLATFORM_REVENUE, amount: 5 }],
    });
    expect((await ledger.balances(u)).wallet).toEqual({ balance: 15, held: 0, available: 15 });
    await expectOk();
  });

  it('voids a hold once (no entries), refuses to post a voided hold, and voids expired holds', async () => {
    const u = await newUser();
    await ledger.credit({ userId: u, amount: 10, idempotencyKey: `c-${String(u)}` });
    const counts = await api.container.database.db.select({ n: sql<number>`count(*)::int` }).from(ledgerEntries);
    const hold = await ledger.hold({
      account: walletOf(u),
      amount: 10,
      idempotencyKey: `v-${String(u)}`,
      expiresAt: later(),
    });
    expect(await ledger.voidHold(hold.id)).toMatchObject({ status: 'voided', replayed: false });
    expect(await ledger.voidHold(hold.id)).toMatchObject({ status: 'voided', replayed: true });
    await expect(
      ledger.postHold({ holdId: hold.id, kind: 'feed', credits: [{ account: PLATFORM_REVENUE, amount: 10 }] }),
    ).rejects.toMatchObject({ code: 'hold_voided' });
    expect(await api.container.database.db.select({ n: sql<number>`count(*)::int` }).from(ledgerEntries)).toEqual(
      counts,
    );
    expect((await ledger.balances(u)).wallet).toEqual({ balance: 10, held: 0, available: 10 });
    await expect(ledger.voidHold('00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({
      code: 'hold_not_found',
    });

    const expiring = await ledger.hold({
      account: walletOf(u),
      amount: 4,
      idempotencyKey: `e-${String(u)}`,
      expiresAt: later(10_000),
    });
    api.clock.advance(10_000);
    const report = await ledger.checkInvariants();
    expect(report.ok).toBe(false);
    expect(report.problems).toEqual([expect.objectContaining({ code: 'expired_hold' })]);
    expect(report.problems[0]?.detail).toContain(expiring.id);
    expect(await ledger.voidExpiredHolds()).toBe(1);
    expect(await ledger.voidExpiredHolds()).toBe(0);
    expect((await ledger.balances(u)).wallet).toEqual({ balance: 10, held: 0, available: 10 });
    await expectOk();
  });

  it('cash-out: holds earnings, posts them to cash-out clearing, or releases them on failure', async () => {
    const [u, operator] = [await newUser(), await newUser()];
    await ledger.credit({ userId: u, amount: 100, idempotencyKey: `c-${String(u)}` });
    const feed = await ledger.hold({
      account: walletOf(u),
      amount: 100,
      idempotencyKey: `f-${String(u)}`,
      expiresAt: later(),
    });
    await ledger.postHold({ holdId: feed.id, kind: 'feed', credits: feedCredits(100, 5000, operator) });
    const failing = await ledger.hold({
      account: earningsOf(operator),
      amount: 30,
      idempotencyKey: `co1-${String(operator)}`,
      expiresAt: later(86_400_000),
    });
    expect((await ledger.balances(operator)).earnings).toEqual({ balance: 50, held: 30, available: 20 });
    await expect(
      ledger.transfer({
        from: earningsOf(operator),
        to: CASHOUT_CLEARING,
        amount: 21,
        kind: 'cashout',
        idempotencyKey: `t-${String(operator)}`,
      }),
    ).rejects.toMatchObject({ id: 'insufficient_balance' });
    await ledger.voidHold(failing.id);
    const paying = await ledger.hold({
      account: earningsOf(operator),
      amount: 40,
      idempotencyKey: `co2-${String(operator)}`,
      expiresAt: later(86_400_000),
    });
    const paid = await ledger.postHold({
      holdId: paying.id,
      kind: 'cashout',
      credits: [{ account: CASHOUT_CLEARING, amount: 40 }],
    });
    expect(paid.entries).toEqual(
      expect.arrayContaining([
        { account: earningsOf(operator), amount: -40 },
        { account: CASHOUT_CLEARING, amount: 40 },
      ]),
    );
    expect((await ledger.balances(operator)).earnings).toEqual({ balance: 10, held: 0, available: 10 });
    expect((await ledger.balances(operator)).wallet).toEqual({ balance: 0, held: 0, available: 0 });
    await expectOk();
  });
});
