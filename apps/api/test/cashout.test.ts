import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminCashoutDetailSchema,
  AdminCashoutListDataSchema,
  AdminCashoutSchema,
  CashoutConfigSchema,
  CashoutDetailSchema,
  CashoutLogDataSchema,
  CashoutSchema,
  CashoutSettingsSchema,
  translate,
  type CashoutAdminAction,
} from '@petheart/contracts';
import { cashouts } from '../src/db/schema';
import { DEMO, createTestApi, failure, loginToken, okData, type TestApi } from './harness';
import { application, apply, balanceOf, earn, earnings, expectBooksSound, newOperator } from './operator-support';

const CARD = '6212261202000000001';

describe('cash-out: request, hold, processing, ledger', () => {
  let api: TestApi;
  let admin: string;
  let adminId: number;

  beforeAll(async () => {
    api = await createTestApi({ serveWeb: false });
    admin = await loginToken(api, DEMO.admin.email, DEMO.admin.password);
    adminId = (await api.container.services.users.byEmail(DEMO.admin.email))?.id ?? 0;
  });
  afterEach(async () => {
    await expectBooksSound(api);
  });
  afterAll(async () => {
    await api.close();
  });

  const act = (action: CashoutAdminAction, id: number, note = '') =>
    api.post(`/api/admin/cashout/${action}`, { id, note }, { token: admin, lang: 'en' });
  const acted = async (action: CashoutAdminAction, id: number, note = '') =>
    okData(await act(action, id, note), AdminCashoutSchema);

  /** An operator with `coins` of earnings. */
  async function funded(coins: number) {
    const operator = await newOperator(api);
    await earn(api, operator.id, coins);
    return operator;
  }

  describe('the request', () => {
    it('tells the rules and what may be taken out', async () => {
      const op = await funded(1_234);
      const config = okData(await api.post('/api/cashout/config', {}, { token: op.token }), CashoutConfigSchema);
      expect(config).toEqual({
        min_amount: 10_000,
        fee_rate_bp: 60,
        fee_fixed: 0,
        coin_value: 10,
        currency: 'CNY',
        available_coins: 1_234,
        available_amount: 12_340,
      });
    });

    it('holds the amount’s coins from earnings at once and records fee and net', async () => {
      const op = await funded(2_000);
      const c = await apply(api, op.token, { amount: 12_340 });
      expect(c).toMatchObject({
        status: 'applying',
        amount: 12_340,
        coins: 1_234,
        // ceil(1234 × 0.6 %) = 8 coins
        fee_coins: 8,
        fee: 80,
        net_amount: 12_260,
        coin_value: 10,
        currency: 'CNY',
        bank: 'Bank of China',
        card_number: '****0001',
        name: 'Li Lei',
        mobile: '13800138000',
        remark: '',
      });
      expect(await earnings(api, op.id)).toEqual({ balance: 2_000, held: 1_234, available: 766 });
    });

    it('refuses an amount below the minimum, not a whole number of coins, or above the available earnings', async () => {
      const op = await funded(1_500);
      const below = failure(
        await api.post('/api/cashout/apply', application({ amount: 9_990 }), { token: op.token, lang: 'en' }),
        400,
        'cashout_below_minimum',
      );
      expect(below.msg).toBe(translate('en', 'error.cashout_below_minimum', { min: '¥100.00' }));
      failure(
        await api.post('/api/cashout/apply', application({ amount: 10_005 }), { token: op.token }),
        400,
        'cashout_amount_step',
      );
      const above = failure(
        await api.post('/api/cashout/apply', application({ amount: 15_010 }), { token: op.token, lang: 'zh-CN' }),
        409,
        'cashout_insufficient_earnings',
      );
      expect(above.msg).toBe(translate('zh-CN', 'error.cashout_insufficient_earnings', { available: '¥150.00' }));
      for (const amount of [0, -100, 100.5])
        failure(
          await api.post('/api/cashout/apply', application({ amount }), { token: op.token }),
          400,
          'validation_failed',
        );
      // Nothing was held or recorded; the whole balance can still be taken.
      expect(await earnings(api, op.id)).toEqual({ balance: 1_500, held: 0, available: 1_500 });
      expect(await api.container.database.db.select().from(cashouts).where(eq(cashouts.userId, op.id))).toEqual([]);
      await apply(api, op.token, { amount: 15_000 });
      expect((await earnings(api, op.id)).available).toBe(0);
    });

    it('refuses malformed card numbers and missing fields with their messages', async () => {
      const op = await funded(1_000);
      const cases: [string, string][] = [
        ['', 'v.cardNumber'],
        ['6212 2612 0200 0000 00a', 'v.cardNumberFormat'],
        ['41111111111', 'v.cardNumberFormat'],
        ['41111111111111111116', 'v.cardNumberFormat'],
        ['6212261202000000002', 'v.cardNumberFormat'],
        ['６２１２２６１２０２０００００００１', 'v.cardNumberFormat'],
      ];
      for (const [code, key] of cases) {
        const r = failure(
          await api.post('/api/cashout/apply', application({ code }), { token: op.token, lang: 'ja' }),
          400,
          'validation_failed',
        );
        expect(r.data.fields).toEqual([{ path: 'code', message: translate('ja', key) }]);
      }
      for (const [field, key] of [
        ['bank', 'v.bank'],
        ['name', 'v.cardHolder'],
        ['mobile', 'v.mobile'],
      ] as const) {
        const r = failure(
          await api.post('/api/cashout/apply', application({ [field]: ' ' }), { token: op.token, lang: 'en' }),
          400,
          'validation_failed',
        );
        expect(r.msg).toBe(translate('en', key));
      }
      expect((await earnings(api, op.id)).held).toBe(0);
    });

    it('answers a repeated request with the first one and refuses its key with other details', async () => {
      const op = await funded(3_000);
      const body = application();
      const first = okData(await api.post('/api/cashout/apply', body, { token: op.token }), CashoutSchema);
      const again = okData(await api.post('/api/cashout/apply', body, { token: op.token }), CashoutSchema);
      expect(again).toEqual(first);
      for (const other of [{ amount: 20_000 }, { code: '4111111111111111' }, { bank: 'Other Bank' }])
        failure(
          await api.post('/api/cashout/apply', { ...body, ...other }, { token: op.token }),
          409,
          'cashout_key_reused',
        );
      expect((await earnings(api, op.id)).held).toBe(1_000);
    });

    it('stores the card number only encrypted, shows it masked everywhere but the console’s processing view', async () => {
      const op = await funded(1_000);
      const c = await apply(api, op.token, { code: `${CARD.slice(0, 4)} ${CARD.slice(4)}` });
      const [row] = await api.container.database.db.select().from(cashouts).where(eq(cashouts.id, c.id));
      expect(row?.cardLast4).toBe('0001');
      expect(row?.cardCipher).toMatch(/^v1\./);
      // No column of any cash-out table holds the number.
      const dump = await api.container.database.db.execute(
        sql`SELECT (SELECT string_agg(t::text, '|') FROM cashouts t) || (SELECT string_agg(e::text, '|') FROM cashout_events e) AS all`,
      );
      expect(JSON.stringify(dump)).not.toContain(CARD);

      const answers = [
        await api.post('/api/cashout/log', {}, { token: op.token }),
        await api.post('/api/cashout/detail', { id: c.id }, { token: op.token }),
        await api.post('/api/admin/cashout/list', {}, { token: admin }),
        await act('review', c.id),
      ];
      for (const r of answers) {
        expect(r.status).toBe(200);
        expect(JSON.stringify(r.body)).not.toContain(CARD.slice(0, 8));
        expect(JSON.stringify(r.body)).toContain('****0001');
      }
      const detail = okData(
        await api.post('/api/admin/cashout/detail', { id: c.id }, { token: admin }),
        AdminCashoutDetailSchema,
      );
      expect(detail.card_number_full).toBe(CARD);
      expect(detail.card_number).toBe('****0001');
      // The processing view is the console's: the operator and other users get 403.
      failure(await api.post('/api/admin/cashout/detail', { id: c.id }, { token: op.token }), 403, 'forbidden');
    });
  });

  describe('processing, each status and the ledger after it', () => {
    it('approve → transferred → claimed: the hold is paid out (net to clearing, fee to platform revenue)', async () => {
      const op = await funded(5_000);
      const clearing = (await balanceOf(api, 'cashout_clearing')).balance;
      const revenue = (await balanceOf(api, 'platform_revenue')).balance;
      const c = await apply(api, op.token, { amount: 20_000 });
      expect(c.fee_coins).toBe(12);

      const approved = await acted('approve', c.id, 'looks fine');
      expect(approved).toMatchObject({ status: 1, actions: ['transferred', 'failed'], remark: 'looks fine' });
      expect(await earnings(api, op.id)).toEqual({ balance: 5_000, held: 2_000, available: 3_000 });
      expect((await acted('transferred', c.id)).status).toBe(2);
      expect(await earnings(api, op.id)).toEqual({ balance: 5_000, held: 2_000, available: 3_000 });

      const claimed = okData(await api.post('/api/cashout/claim', { id: c.id }, { token: op.token }), CashoutSchema);
      expect(claimed.status).toBe(5);
      expect(await earnings(api, op.id)).toEqual({ balance: 3_000, held: 0, available: 3_000 });
      expect((await balanceOf(api, 'cashout_clearing')).balance - clearing).toBe(1_988);
      expect((await balanceOf(api, 'platform_revenue')).balance - revenue).toBe(12);

      // The history says who did what and when; the operator sees the platform's steps without names.
      const detail = okData(
        await api.post('/api/admin/cashout/detail', { id: c.id }, { token: admin }),
        AdminCashoutDetailSchema,
      );
      expect(detail.history.map((h) => [h.from, h.to, h.actor, h.by?.id ?? null, h.note])).toEqual([
        [null, 'applying', 'operator', op.id, ''],
        ['applying', 0, 'admin', adminId, 'looks fine'],
        [0, 1, 'admin', adminId, 'looks fine'],
        [1, 2, 'admin', adminId, ''],
        [2, 5, 'operator', op.id, ''],
      ]);
      expect(detail.history.every((h) => h.at === Math.floor(api.clock.now().getTime() / 1000))).toBe(true);
      expect(detail).toMatchObject({ hold_status: 'posted', actions: [] });
      expect(detail.ledger_transaction_id).toBeGreaterThan(0);
      const own = okData(await api.post('/api/cashout/detail', { id: c.id }, { token: op.token }), CashoutDetailSchema);
      expect(own.history.map((h) => h.actor)).toEqual(['operator', 'admin', 'admin', 'admin', 'operator']);
      expect(JSON.stringify(own)).not.toContain(`"by"`);
      // The summary counts it as cashed out.
      const log = okData(await api.post('/api/cashout/log', { status: 5 }, { token: op.token }), CashoutLogDataSchema);
      expect(log.list.map((x) => [x.id, x.amount, x.fee, x.net_amount])).toEqual([[c.id, 20_000, 120, 19_880]]);
    });

    it('the console may mark a transfer successful itself', async () => {
      const op = await funded(1_000);
      const c = await apply(api, op.token);
      await acted('review', c.id);
      expect((await acted('approve', c.id)).status).toBe(1);
      await acted('transferred', c.id);
      expect((await acted('succeeded', c.id)).status).toBe(5);
      expect(await earnings(api, op.id)).toEqual({ balance: 0, held: 0, available: 0 });
    });

    it.each([
      ['reject from pending', ['reject'], 6],
      ['reject under review', ['review', 'reject'], 6],
      ['fail the transfer while processing', ['approve', 'failed'], 4],
      ['fail the transfer while waiting to be claimed', ['approve', 'transferred', 'failed'], 4],
      ['expire an unclaimed transfer', ['approve', 'transferred', 'expired'], 3],
    ] as const)('%s releases the hold back to earnings', async (_name, actions, status) => {
      const op = await funded(1_500);
      const c = await apply(api, op.token);
      expect((await earnings(api, op.id)).available).toBe(500);
      let last;
      for (const action of actions) last = await acted(action, c.id, `note for ${action}`);
      expect(last?.status).toBe(status);
      expect(last?.remark).toBe(`note for ${actions[actions.length - 1] ?? ''}`);
      expect(await earnings(api, op.id)).toEqual({ balance: 1_500, held: 0, available: 1_500 });
      // The released coins can be asked for again.
      await apply(api, op.token, { amount: 15_000 });
    });

    it('refuses actions out of order, needs a reason to reject or fail, and takes a repeated click as done', async () => {
      const op = await funded(1_000);
      const c = await apply(api, op.token);
      for (const action of ['transferred', 'succeeded', 'expired'] as const)
        failure(await act(action, c.id), 409, 'cashout_status_changed');
      failure(await api.post('/api/cashout/claim', { id: c.id }, { token: op.token }), 409, 'cashout_status_changed');
      for (const action of ['reject', 'failed'] as const) {
        const r = failure(await act(action, c.id, ''), 400, 'validation_failed');
        expect(r.msg).toBe(translate('en', 'v.cashoutNote'));
      }
      await acted('approve', c.id);
      const twice = await acted('approve', c.id);
      expect(twice.status).toBe(1);
      failure(await act('reject', c.id, 'too late'), 409, 'cashout_status_changed');
      await acted('failed', c.id, 'account closed');
      // Ended: nothing moves it again.
      for (const action of ['approve', 'transferred', 'succeeded', 'expired', 'reject', 'review'] as const)
        failure(await act(action, c.id, 'x'), 409, 'cashout_status_changed');
      failure(await act('approve', 999_999), 404, 'not_found');
      const own = okData(await api.post('/api/cashout/detail', { id: c.id }, { token: op.token }), CashoutDetailSchema);
      expect(own).toMatchObject({ status: 4, remark: 'account closed' });
      expect(own.history).toHaveLength(4);
    });

    it('lists the queue by status, oldest first, and finds an operator by email', async () => {
      const op = await funded(3_000);
      const a = await apply(api, op.token);
      api.clock.advance(1_000);
      const b = await apply(api, op.token);
      const queue = okData(
        await api.post(
          '/api/admin/cashout/list',
          { status: 'applying', user: op.email.slice(0, 14) },
          { token: admin },
        ),
        AdminCashoutListDataSchema,
      );
      expect(queue.list.map((x) => x.id)).toEqual([a.id, b.id]);
      expect(queue.list[0]).toMatchObject({
        user: { id: op.id, email: op.email },
        actions: ['review', 'approve', 'reject'],
        card_number: '****0001',
      });
      const byId = okData(
        await api.post('/api/admin/cashout/list', { user: String(op.id) }, { token: admin }),
        AdminCashoutListDataSchema,
      );
      // A user id (or part of an email: other users' addresses may hold the digits too), newest first.
      expect(byId.list.filter((x) => x.user.id === op.id).map((x) => x.id)).toEqual([b.id, a.id]);
      for (const x of byId.list) expect(x.user.id === op.id || (x.user.email ?? '').includes(String(op.id))).toBe(true);
      failure(await api.post('/api/admin/cashout/list', {}, { token: op.token }), 403, 'forbidden');
    });
  });

  describe('the rules in the console', () => {
    it('are edited by admins and apply to new requests only', async () => {
      const op = await funded(10_000);
      const before = await apply(api, op.token, { amount: 10_000 });
      const saved = okData(
        await api.post(
          '/api/admin/cashout/settings/update',
          { min_amount: 5_000, fee_rate_bp: 100, fee_fixed: 200, coin_value: 20 },
          { token: admin },
        ),
        CashoutSettingsSchema,
      );
      expect(saved).toEqual({ min_amount: 5_000, fee_rate_bp: 100, fee_fixed: 200, coin_value: 20, currency: 'CNY' });
      expect(
        okData(await api.post('/api/admin/cashout/settings', {}, { token: admin }), CashoutSettingsSchema),
      ).toEqual(saved);
      const config = okData(await api.post('/api/cashout/config', {}, { token: op.token }), CashoutConfigSchema);
      expect(config).toMatchObject({
        min_amount: 5_000,
        coin_value: 20,
        available_coins: 9_000,
        available_amount: 180_000,
      });
      // 5000 fen = 250 coins; fee = ceil(2.5) + 10 = 13 coins = 260 fen.
      const after = await apply(api, op.token, { amount: 5_000 });
      expect(after).toMatchObject({ coins: 250, fee_coins: 13, fee: 260, net_amount: 4_740, coin_value: 20 });
      const kept = okData(
        await api.post('/api/cashout/detail', { id: before.id }, { token: op.token }),
        CashoutDetailSchema,
      );
      expect(kept).toMatchObject({ coins: 1_000, fee: 60, coin_value: 10 });
      failure(
        await api.post('/api/cashout/apply', application({ amount: 5_010 }), { token: op.token }),
        400,
        'cashout_amount_step',
      );
      // Bad rules are refused; the operator cannot edit them.
      for (const bad of [
        { min_amount: 5_010, fee_rate_bp: 60, fee_fixed: 0, coin_value: 20 },
        { min_amount: 100, fee_rate_bp: 60, fee_fixed: 100, coin_value: 10 },
        { min_amount: 10_000, fee_rate_bp: 60, fee_fixed: 0, coin_value: 0 },
      ])
        failure(await api.post('/api/admin/cashout/settings/update', bad, { token: admin }), 400, 'validation_failed');
      failure(
        await api.post(
          '/api/admin/cashout/settings/update',
          { min_amount: 100, fee_rate_bp: 0, fee_fixed: 0, coin_value: 10 },
          { token: op.token },
        ),
        403,
        'forbidden',
      );
      await api.post(
        '/api/admin/cashout/settings/update',
        { min_amount: 10_000, fee_rate_bp: 60, fee_fixed: 0, coin_value: 10 },
        { token: admin },
      );
    });
  });
});

describe('the server log', () => {
  it('never holds a card number', async () => {
    let logged = '';
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logged += chunk.toString();
        done();
      },
    });
    const api = await createTestApi({ seed: false, serveWeb: false, logger: { level: 'trace', stream: sink } });
    try {
      const op = await newOperator(api);
      await earn(api, op.id, 1_000);
      const send = (body: unknown) => api.post('/api/cashout/apply', body, { token: op.token });
      expect((await send(application({ code: CARD }))).status).toBe(200);
      expect((await send(application({ code: `${CARD.slice(0, 18)}9` }))).status).toBe(400);
      expect((await send(application({ code: CARD, amount: 100_000 }))).status).toBe(409);
      expect((await send(application({ code: CARD, idempotency_key: 'x' }))).status).toBe(400);
      const id = (await api.container.database.db.select().from(cashouts))[0]?.id ?? 0;
      expect((await api.post('/api/cashout/detail', { id }, { token: op.token })).status).toBe(200);
    } finally {
      await api.close();
    }
    expect(logged).toContain('/api/cashout/apply');
    expect(logged).not.toContain(CARD.slice(0, 12));
  });
});

describe('the ledger checker', () => {
  it('finds a cash-out whose hold no longer agrees with it', async () => {
    const api = await createTestApi({ seed: false, serveWeb: false });
    try {
      const op = await newOperator(api);
      await earn(api, op.id, 1_000);
      const c = await apply(api, op.token);
      await expectBooksSound(api);
      // Someone releases the hold behind the cash-out's back: it still says applying.
      const [row] = await api.container.database.db.select().from(cashouts).where(eq(cashouts.id, c.id));
      await api.container.services.ledger.voidHold(row?.holdId ?? '');
      const report = await api.container.services.ledger.checkInvariants();
      expect(report.problems).toEqual([
        {
          code: 'cashout_hold_mismatch',
          detail: `cash-out ${String(c.id)} (applying): its hold is voided or does not match`,
        },
      ]);
    } finally {
      await api.close();
    }
  });
});
