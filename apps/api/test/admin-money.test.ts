import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ConsoleLedgerAccountListDataSchema,
  ConsoleLedgerTransactionListDataSchema,
  ConsolePaymentDetailSchema,
  ConsolePaymentListDataSchema,
  LedgerCheckStateSchema,
  MESSAGES,
  PayRequestDataSchema,
} from '@petheart/contracts';
import { users } from '../src/db/schema';
import { LedgerChecker } from '../src/modules/admin-money/checker';
import { SettingsRepository } from '../src/modules/configuration/repository';
import { DEMO, createTestApi, failure, loginToken, okData, type TestApi } from './harness';

const DAY = 86_400;

let api: TestApi;
let admin: string;
beforeAll(async () => {
  api = await createTestApi({ serveWeb: false });
  admin = await loginToken(api, DEMO.admin.email, DEMO.admin.password);
});
afterAll(async () => {
  await api.close();
});

const now = () => Math.floor(api.clock.now().getTime() / 1000);
const asAdmin = (url: string, body: unknown = {}, lang = 'en') => api.post(url, body, { token: admin, lang });

let seq = 0;
async function newUser(prefix: string) {
  seq += 1;
  const email = `${prefix}-${String(seq)}@example.com`;
  const user = await api.container.services.users.createWithEmail(email, { password: 'secret-pass' });
  return { id: user.id, email, token: await loginToken(api, email, 'secret-pass', `10.3.0.${String(seq)}`) };
}

function sandbox() {
  const payer = api.container.services.paymentSandbox;
  if (!payer) throw new Error('the sandbox provider is configured by default');
  return payer;
}

/** A recharge order, then (optionally) the sandbox's signed notification that pays or cancels it. */
async function order(token: string, packageId: number, decision?: 'pay' | 'cancel') {
  const placed = okData(await api.post('/api/balance/Recharge', { id: packageId }, { token }), PayRequestDataSchema);
  if (decision) {
    const signed = sandbox().sign(
      JSON.stringify(
        sandbox().notificationFor(
          { orderNo: placed.order_no, amount: placed.amount, currency: placed.currency },
          decision,
        ),
      ),
    );
    for (let i = 0; i < 2; i++) {
      const answer = await api.app.inject({
        method: 'POST',
        url: '/api/payment/notify/sandbox',
        headers: signed.headers,
        payload: signed.body,
      });
      expect(answer.statusCode).toBe(200);
    }
  }
  return placed;
}

describe('the console money API', () => {
  it('answers tourists 401 and non-admins 403 on every route', async () => {
    const plain = await newUser('plain');
    const routes = [
      '/api/admin/settings/get',
      '/api/admin/settings/update',
      '/api/admin/payment/list',
      '/api/admin/payment/detail',
      '/api/admin/ledger/transactions',
      '/api/admin/ledger/accounts',
      '/api/admin/ledger/check',
      '/api/admin/ledger/check/run',
    ];
    expect(api.routes.filter((r) => routes.includes(r.url)).map((r) => r.auth)).toEqual(routes.map(() => 'admin'));
    for (const url of routes) {
      failure(await api.post(url, {}), 401, 'login_required');
      const refused = failure(await api.post(url, {}, { token: plain.token, lang: 'zh-TW' }), 403, 'forbidden');
      expect(refused.msg).toBe(MESSAGES['error.forbidden']['zh-TW']);
    }
  });
});

describe('payment orders and the ledger in the console', () => {
  let alice: Awaited<ReturnType<typeof newUser>>;
  let bob: Awaited<ReturnType<typeof newUser>>;
  let paid: Awaited<ReturnType<typeof order>>;
  let cancelled: Awaited<ReturnType<typeof order>>;
  let open: Awaited<ReturnType<typeof order>>;
  let start: number;

  beforeAll(async () => {
    alice = await newUser('alice');
    bob = await newUser('bob');
    start = now();
    paid = await order(alice.token, 2, 'pay');
    api.clock.advance(2 * DAY * 1000);
    cancelled = await order(bob.token, 1, 'cancel');
    open = await order(alice.token, 3);
  });

  const payments = async (body: Record<string, unknown>) =>
    okData(await asAdmin('/api/admin/payment/list', body), ConsolePaymentListDataSchema);
  const numbers = async (body: Record<string, unknown>) => (await payments(body)).list.map((o) => o.order_no);

  it('lists orders newest first with their payer, paged', async () => {
    const all = await payments({});
    expect(all.total).toBe(3);
    expect(all.list.map((o) => o.order_no)).toEqual([open.order_no, cancelled.order_no, paid.order_no]);
    expect(all.list[2]).toMatchObject({
      order_no: paid.order_no,
      status: 'paid',
      provider: 'sandbox',
      purpose: 'recharge',
      amount: 3000,
      coins: 310,
      user_id: alice.id,
      user_email: alice.email,
      failure_reason: null,
    });
    expect(all.list[2]?.provider_transaction_id).toMatch(/^SBX/);
    expect(all.list[1]).toMatchObject({ status: 'closed', failure_reason: 'closed_by_provider' });
    const second = await payments({ page: 2, limit: 2 });
    expect(second).toMatchObject({ total: 3, page: 2, limit: 2 });
    expect(second.list.map((o) => o.order_no)).toEqual([paid.order_no]);
  });

  it('searches by order number, user id or email, status, provider and date range', async () => {
    expect(await numbers({ order_no: paid.order_no.slice(-8).toLowerCase() })).toEqual([paid.order_no]);
    expect(await numbers({ user: String(bob.id) })).toEqual([cancelled.order_no]);
    expect(await numbers({ user: 'ALICE-' })).toEqual([open.order_no, paid.order_no]);
    expect(await numbers({ status: 'paid' })).toEqual([paid.order_no]);
    expect(await numbers({ status: 'created', user: alice.email })).toEqual([open.order_no]);
    expect(await numbers({ provider: 'wechat' })).toEqual([]);
    expect(await numbers({ from: start + DAY })).toEqual([open.order_no, cancelled.order_no]);
    expect(await numbers({ from: start, to: start + DAY })).toEqual([paid.order_no]);
    // LIKE wildcards are literal.
    expect(await numbers({ order_no: '%' })).toEqual([]);
    expect(await numbers({ user: '_' })).toEqual([]);
    const range = failure(
      await asAdmin('/api/admin/payment/list', { from: start + DAY, to: start }, 'ja'),
      400,
      'validation_failed',
    );
    expect(range.data.fields).toEqual([{ path: 'to', message: MESSAGES['v.dateRange'].ja }]);
    failure(await asAdmin('/api/admin/payment/list', { status: 'lost' }), 400, 'validation_failed');
    failure(await asAdmin('/api/admin/payment/list', { limit: 101 }), 400, 'validation_failed');
  });

  it('shows an order with its notification log and the ledger transaction that credited it', async () => {
    const detail = okData(
      await asAdmin('/api/admin/payment/detail', { order_no: paid.order_no }),
      ConsolePaymentDetailSchema,
    );
    expect(detail.order).toMatchObject({ order_no: paid.order_no, status: 'paid', user_email: alice.email });
    expect(detail.notifications).toHaveLength(1);
    expect(detail.notifications[0]).toMatchObject({
      provider: 'sandbox',
      verified: true,
      outcome: 'credited',
      deliveries: 2,
      event_id: `SBX-PAID-${paid.order_no}`,
    });
    expect(detail.notifications[0]?.body).toContain(paid.order_no);
    expect(detail.notifications[0]?.headers['sandbox-signature']).toBeTruthy();
    expect(detail.ledger_transaction).toMatchObject({
      kind: 'recharge',
      reference: paid.order_no,
      idempotency_key: `payment:${paid.order_no}`,
    });
    expect(detail.ledger_transaction?.entries.map((e) => [e.account_kind, e.user_email, e.amount]).sort()).toEqual(
      [
        ['payment_clearing', null, -310],
        ['user_wallet', alice.email, 310],
      ].sort(),
    );

    const closed = okData(
      await asAdmin('/api/admin/payment/detail', { order_no: cancelled.order_no }),
      ConsolePaymentDetailSchema,
    );
    expect(closed.ledger_transaction).toBeNull();
    expect(closed.notifications.map((n) => n.outcome)).toEqual(['closed']);
    failure(await asAdmin('/api/admin/payment/detail', { order_no: 'P20990101000000' }), 404, 'order_not_found');
    failure(await asAdmin('/api/admin/payment/detail', { order_no: 'no!' }), 400, 'validation_failed');
  });

  it('searches ledger transactions by kind, user, reference or key, account and date, with their entries', async () => {
    const { ledger } = api.container.services;
    await ledger.credit({
      userId: bob.id,
      amount: 5,
      idempotencyKey: 'gift:bob-1',
      reference: 'GIFT-1',
      kind: 'correction',
    });
    const list = async (body: Record<string, unknown>) =>
      okData(await asAdmin('/api/admin/ledger/transactions', body), ConsoleLedgerTransactionListDataSchema);
    const all = await list({});
    expect(all.total).toBe(2);
    expect(all.list.map((t) => t.kind)).toEqual(['correction', 'recharge']);
    expect(all.list[0]?.entries).toHaveLength(2);
    expect((await list({ kind: 'recharge' })).list.map((t) => t.reference)).toEqual([paid.order_no]);
    expect((await list({ user: alice.email })).list.map((t) => t.reference)).toEqual([paid.order_no]);
    expect((await list({ user: String(bob.id) })).list.map((t) => t.reference)).toEqual(['GIFT-1']);
    expect((await list({ key: paid.order_no.slice(2, 12) })).list.map((t) => t.reference)).toEqual([paid.order_no]);
    expect((await list({ key: 'gift:BOB' })).list.map((t) => t.idempotency_key)).toEqual(['gift:bob-1']);
    expect((await list({ from: start + DAY })).list.map((t) => t.reference)).toEqual(['GIFT-1']);
    expect((await list({ to: start + DAY })).list.map((t) => t.reference)).toEqual([paid.order_no]);
    expect((await list({ user: 'nobody@example.com' })).total).toBe(0);

    const accounts = async (body: Record<string, unknown>) =>
      okData(await asAdmin('/api/admin/ledger/accounts', body), ConsoleLedgerAccountListDataSchema);
    const clearing = (await accounts({ kind: 'payment_clearing' })).list;
    expect(clearing).toEqual([
      expect.objectContaining({ kind: 'payment_clearing', user_id: null, balance: -315, held: 0, available: -315 }),
    ]);
    const wallets = (await accounts({ user: alice.email })).list;
    expect(wallets).toEqual([
      expect.objectContaining({ kind: 'user_wallet', user_id: alice.id, user_email: alice.email, balance: 310 }),
    ]);
    const wallet = wallets[0];
    if (!wallet) throw new Error('no wallet');
    expect((await list({ account_id: wallet.id })).list.map((t) => t.reference)).toEqual([paid.order_no]);
    const everyone = await accounts({});
    expect(everyone.list[0]?.user_id).toBeNull(); // the platform's accounts first
    expect(everyone.list.reduce((sum, a) => sum + a.balance, 0)).toBe(0);
  });
});

describe('the ledger invariant checker', () => {
  const state = async () => okData(await asAdmin('/api/admin/ledger/check'), LedgerCheckStateSchema);
  const run = async (lang = 'en') => {
    const r = await asAdmin('/api/admin/ledger/check/run', {}, lang);
    return { state: okData(r, LedgerCheckStateSchema), msg: r.body.msg };
  };

  it('runs on request, keeps the latest result, and finds a shown balance that disagrees with the wallet', async () => {
    const counts = await api.container.services.ledger.checkInvariants();
    const ran = await run('zh-CN');
    expect(ran.msg).toBe(MESSAGES['ok.ledgerChecked']['zh-CN']);
    expect(ran.state.interval_s).toBe(600);
    expect(ran.state.latest).toMatchObject({
      ok: true,
      trigger: 'manual',
      checked_at: now(),
      transactions: counts.transactions,
      entries: counts.entries,
      accounts: counts.accounts,
      pending_holds: 0,
      problem_count: 0,
      problems: [],
    });
    expect(await state()).toEqual(ran.state);

    const someone = await newUser('drift');
    await api.container.services.ledger.credit({
      userId: someone.id,
      amount: 9,
      idempotencyKey: `drift:${String(someone.id)}`,
    });
    const { db } = api.container.database;
    await db.update(users).set({ balance: 99 }).where(eq(users.id, someone.id));
    try {
      const broken = (await run()).state.latest;
      expect(broken).toMatchObject({ ok: false, problem_count: 1 });
      expect(broken?.problems).toEqual([
        { code: 'user_balance_mismatch', detail: `user ${String(someone.id)}: shows 99, wallet has 9 available` },
      ]);
      // Another API process (or this one after a restart) shows the stored result.
      const elsewhere = new LedgerChecker({
        check: () => Promise.reject(new Error('not run here')),
        store: new SettingsRepository(db),
        intervalMs: 600_000,
      });
      expect((await elsewhere.state()).latest).toEqual(broken);
    } finally {
      await db
        .update(users)
        .set({ balance: sql`${9}` })
        .where(eq(users.id, someone.id));
    }
    expect((await run()).state.latest?.ok).toBe(true);
  });
});
