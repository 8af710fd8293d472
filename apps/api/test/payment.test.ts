import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PayRequestDataSchema,
  PaymentOrderListDataSchema,
  PaymentOrderSchema,
  UserInfoDataSchema,
  type PayRequestData,
} from '@petheart/contracts';
import { ledgerTransactions, paymentNotifications, paymentOrders, users } from '../src/db/schema';
import { deriveSandboxKeys, SandboxProvider } from '../src/modules/payment/providers/sandbox';
import { SandboxPayer } from '../src/modules/payment/providers/sandbox-payer';
import { rechargeKey } from '../src/modules/payment/ledger-crediting';
import { freePort } from './devices-support';
import { createTestApi, failure, loginToken, okData, type TestApi } from './harness';

/** The default recharge packages (configuration DEFAULT_SETTINGS): id 2 = 30.00 CNY for 300 + 10 coins. */
const PACKAGE = { id: 2, price: 3000, coins: 310 };

describe('recharge with the sandbox provider', () => {
  let api: TestApi;
  let seq = 0;

  const newUser = async () => {
    seq += 1;
    const email = `payer-${String(seq)}@example.com`;
    const user = await api.container.services.users.createWithEmail(email, { password: 'secret-pass' });
    return { id: user.id, token: await loginToken(api, email, 'secret-pass', `10.1.0.${String(seq)}`) };
  };
  const sandbox = () => {
    const payer = api.container.services.paymentSandbox;
    if (!payer) throw new Error('the sandbox provider is configured by default');
    return payer;
  };
  const recharge = async (token: string, id = PACKAGE.id) => {
    const data = okData(await api.post('/api/balance/Recharge', { id }, { token }), PayRequestDataSchema);
    if (data.provider !== 'sandbox') throw new Error('expected the sandbox');
    return data;
  };
  const order = async (orderNo: string) =>
    (await api.container.database.db.select().from(paymentOrders).where(eq(paymentOrders.orderNo, orderNo)))[0];
  const shownBalance = async (userId: number) =>
    (await api.container.database.db.select().from(users).where(eq(users.id, userId)))[0]?.balance;
  const credits = async (orderNo: string) =>
    api.container.database.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.idempotencyKey, rechargeKey(orderNo)));
  const notifications = (orderNo: string) =>
    api.container.database.db.select().from(paymentNotifications).where(eq(paymentNotifications.orderNo, orderNo));
  const pageOf = (data: Extract<PayRequestData, { provider: 'sandbox' }>) => new URL(data.response.pay_url, 'http://x');
  /** Posts a signed notification the way the sandbox does, through app.inject. */
  const deliver = (signed: { headers: Record<string, string>; body: string }) =>
    api.app.inject({
      method: 'POST',
      url: '/api/payment/notify/sandbox',
      headers: signed.headers,
      payload: signed.body,
    });
  const expectLedgerOk = async () => {
    const report = await api.container.services.ledger.checkInvariants();
    expect(report.problems).toEqual([]);
  };

  beforeAll(async () => {
    // The sandbox posts its notifications to PUBLIC_URL: the app listens there.
    const port = await freePort();
    api = await createTestApi({
      seed: false,
      serveWeb: false,
      env: { PUBLIC_URL: `http://127.0.0.1:${String(port)}` },
    });
    await api.app.listen({ host: '127.0.0.1', port });
  });
  afterAll(async () => {
    await api.close();
  });

  it('needs a login, a valid package id, and a package on sale', async () => {
    for (const url of ['/api/balance/Recharge', '/api/balance/orders', '/api/balance/order'])
      failure(await api.post(url, { id: 1, order_no: 'P123456' }), 401, 'login_required');
    const { token } = await newUser();
    const missing = failure(await api.post('/api/balance/Recharge', {}, { token }), 400, 'validation_failed');
    expect(missing.msg).toBe('Please select a recharge package');
    failure(await api.post('/api/balance/Recharge', { id: 'x' }, { token }), 400, 'validation_failed');
    const gone = failure(
      await api.post('/api/balance/Recharge', { id: 99 }, { token, lang: 'zh-CN' }),
      404,
      'payment_package_not_found',
    );
    expect(gone.msg).toBe('该充值套餐已下架');
    expect(await api.container.database.db.select().from(paymentOrders)).toEqual([]);
  });

  it('creates an order and answers the sandbox page address; history shows it to its owner only', async () => {
    const owner = await newUser();
    const data = await recharge(owner.token);
    expect(data).toMatchObject({ provider: 'sandbox', amount: PACKAGE.price, coins: PACKAGE.coins, currency: 'CNY' });
    expect(data.order_no).toMatch(/^P\d{14}[0-9A-F]{12}$/);
    const page = pageOf(data);
    expect(page.pathname).toBe(`/api/payment/sandbox/${data.order_no}`);
    expect(page.searchParams.get('lang')).toBe('en');

    const history = okData(
      await api.post('/api/balance/orders', {}, { token: owner.token }),
      PaymentOrderListDataSchema,
    );
    expect(history).toMatchObject({ total: 1, page: 1, limit: 10 });
    expect(history.list[0]).toMatchObject({
      order_no: data.order_no,
      purpose: 'recharge',
      package_id: PACKAGE.id,
      amount: PACKAGE.price,
      coins: PACKAGE.coins,
      status: 'created',
      provider: 'sandbox',
      paid_at: null,
    });
    const one = okData(
      await api.post('/api/balance/order', { order_no: data.order_no }, { token: owner.token }),
      PaymentOrderSchema,
    );
    expect(one.status).toBe('created');

    const stranger = await newUser();
    const empty = okData(
      await api.post('/api/balance/orders', {}, { token: stranger.token }),
      PaymentOrderListDataSchema,
    );
    expect(empty).toEqual({ list: [], total: 0, page: 1, limit: 10 });
    failure(
      await api.post('/api/balance/order', { order_no: data.order_no }, { token: stranger.token }),
      404,
      'order_not_found',
    );
    failure(
      await api.post('/api/balance/order', { order_no: 'bad no!' }, { token: stranger.token }),
      400,
      'validation_failed',
    );
  });

  it('pays on the sandbox page: its repeated HTTP notifications credit the order once', async () => {
    const payer = await newUser();
    const data = await recharge(payer.token);
    const page = pageOf(data);

    const shown = await api.app.inject({
      method: 'GET',
      url: `${page.pathname}?sig=${page.searchParams.get('sig') ?? ''}&lang=zh-CN`,
    });
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toContain('text/html');
    expect(shown.headers['content-security-policy']).toContain("default-src 'none'");
    expect(shown.body).toContain('沙箱支付');
    expect(shown.body).toContain('CNY 30.00');
    expect(shown.body).toContain('value="pay"');

    const paid = await api.app.inject({
      method: 'POST',
      url: page.pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `action=pay&sig=${encodeURIComponent(page.searchParams.get('sig') ?? '')}&lang=en`,
    });
    expect(paid.statusCode).toBe(200);
    expect(paid.body).toContain('Payment done');
    await sandbox().idle();

    const paidOrder = await order(data.order_no);
    expect(paidOrder?.status).toBe('paid');
    expect(paidOrder?.providerTransactionId).toMatch(/^SBX/);
    expect(await credits(data.order_no)).toHaveLength(1);
    expect(await shownBalance(payer.id)).toBe(PACKAGE.coins);
    const userinfo = okData(await api.get('/api/user/index', { token: payer.token }), UserInfoDataSchema).userinfo;
    expect(userinfo.balance).toBe(PACKAGE.coins);
    const log = await notifications(data.order_no);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ verified: true, outcome: 'credited', deliveries: 3, provider: 'sandbox' });
    const history = okData(
      await api.post('/api/balance/orders', { status: 'paid' }, { token: payer.token }),
      PaymentOrderListDataSchema,
    );
    expect(history.list.map((o) => o.order_no)).toEqual([data.order_no]);
    expect(history.list[0]?.paid_at).toBeGreaterThan(0);

    // The page now says it is paid; paying again sends nothing.
    const again = await api.app.inject({
      method: 'POST',
      url: page.pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `action=pay&sig=${encodeURIComponent(page.searchParams.get('sig') ?? '')}`,
    });
    expect(again.body).toContain('already paid');
    await sandbox().idle();
    expect((await notifications(data.order_no))[0]?.deliveries).toBe(3);
    await expectLedgerOk();
  });

  it('credits once under 25 concurrent and repeated deliveries of the same notification', async () => {
    const payer = await newUser();
    const data = await recharge(payer.token);
    const notification = sandbox().notificationFor(
      { orderNo: data.order_no, amount: data.amount, currency: data.currency },
      'pay',
    );
    const body = JSON.stringify(notification);
    const answers = await Promise.all(Array.from({ length: 25 }, () => deliver(sandbox().sign(body))));
    expect(answers.map((a) => a.statusCode)).toEqual(Array.from({ length: 25 }, () => 200));
    expect(answers[0]?.json()).toEqual({ code: 'SUCCESS', message: '成功' });
    expect(await credits(data.order_no)).toHaveLength(1);
    expect(await shownBalance(payer.id)).toBe(PACKAGE.coins);
    expect(await notifications(data.order_no)).toMatchObject([{ outcome: 'credited', deliveries: 25 }]);
    await expectLedgerOk();
  });

  it('cancelling credits nothing, and a payment notification after it credits nothing either', async () => {
    const payer = await newUser();
    const data = await recharge(payer.token);
    const page = pageOf(data);
    const cancelled = await api.app.inject({
      method: 'POST',
      url: page.pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `action=cancel&sig=${encodeURIComponent(page.searchParams.get('sig') ?? '')}&lang=ja`,
    });
    expect(cancelled.body).toContain('キャンセルしました');
    await sandbox().idle();
    expect(await order(data.order_no)).toMatchObject({ status: 'closed', paidAt: null });

    const late = sandbox().notificationFor(
      { orderNo: data.order_no, amount: data.amount, currency: data.currency },
      'pay',
    );
    expect((await deliver(sandbox().sign(JSON.stringify(late)))).statusCode).toBe(200);
    expect(await order(data.order_no)).toMatchObject({ status: 'closed' });
    expect(await credits(data.order_no)).toEqual([]);
    expect(await shownBalance(payer.id)).toBe(0);
    const outcomes = (await notifications(data.order_no)).map((n) => n.outcome).sort();
    expect(outcomes).toEqual(['after_closed', 'closed']);
  });

  it('a forged, stale, unsigned or foreign-key notification is refused and changes nothing', async () => {
    const payer = await newUser();
    const data = await recharge(payer.token);
    const body = JSON.stringify(
      sandbox().notificationFor({ orderNo: data.order_no, amount: data.amount, currency: data.currency }, 'pay'),
    );
    const good = sandbox().sign(body);
    const forgedBody = body.replace(`"amount":${String(data.amount)}`, '"amount":1');
    const otherKeys = deriveSandboxKeys(Buffer.alloc(32, 1));
    const stranger = new SandboxPayer({
      keys: otherKeys,
      notifyUrl: 'http://127.0.0.1:1/',
      orders: { find: () => Promise.resolve(undefined) },
      clock: api.clock,
    });
    const sixMinutesAgo = new Date(api.clock.now().getTime() - 6 * 60_000);
    const cases: [string, { headers: Record<string, string>; body: string }][] = [
      ['bad_signature', { headers: good.headers, body: forgedBody }],
      ['bad_signature', { headers: { ...good.headers, 'sandbox-signature': 'x'.repeat(43) }, body }],
      ['bad_signature', stranger.sign(body)],
      ['stale_timestamp', sandbox().sign(body, sixMinutesAgo)],
      ['missing_headers', { headers: { 'content-type': 'application/json' }, body }],
    ];
    for (const [reason, signed] of cases) {
      const answer = await deliver(signed);
      expect(answer.statusCode, reason).toBe(401);
      expect(answer.json()).toEqual({ code: 'FAIL', message: reason });
    }
    expect(await order(data.order_no)).toMatchObject({ status: 'created' });
    expect(await credits(data.order_no)).toEqual([]);
    const rejected = await api.container.database.db
      .select()
      .from(paymentNotifications)
      .where(eq(paymentNotifications.verified, false));
    expect(rejected.map((r) => r.outcome)).toEqual(cases.map(([reason]) => reason));
    expect(rejected.every((r) => r.eventId === null && r.orderNo === null)).toBe(true);
    // The provider under test also refuses the stranger's key directly.
    expect(() => new SandboxProvider({ keys: otherKeys, clock: api.clock }).verify(good)).toThrow(/bad_signature/);
  });

  it('a wrong amount flags the order failed and credits nothing, then or later', async () => {
    const payer = await newUser();
    const data = await recharge(payer.token);
    const right = sandbox().notificationFor(
      { orderNo: data.order_no, amount: data.amount, currency: data.currency },
      'pay',
    );
    const wrong = { ...right, amount: data.amount - 1 };
    expect((await deliver(sandbox().sign(JSON.stringify(wrong)))).statusCode).toBe(200);
    expect(await order(data.order_no)).toMatchObject({ status: 'failed', failureReason: 'amount_mismatch' });
    expect((await deliver(sandbox().sign(JSON.stringify(right)))).statusCode).toBe(200);
    expect(await order(data.order_no)).toMatchObject({ status: 'failed' });
    expect(await credits(data.order_no)).toEqual([]);
    expect(await shownBalance(payer.id)).toBe(0);
    const currency = { ...right, id: 'SBX-OTHER-CURRENCY', currency: 'USD' };
    expect((await deliver(sandbox().sign(JSON.stringify(currency)))).statusCode).toBe(200);
    expect(await credits(data.order_no)).toEqual([]);
  });

  it('the page refuses a wrong token or an unknown order; unknown providers have no notify endpoint', async () => {
    const payer = await newUser();
    const data = await recharge(payer.token);
    const page = pageOf(data);
    const wrong = await api.app.inject({ method: 'GET', url: `${page.pathname}?sig=nope` });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.body).toContain('not valid');
    const post = await api.app.inject({
      method: 'POST',
      url: page.pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=pay&sig=nope',
    });
    expect(post.statusCode).toBe(404);
    await sandbox().idle();
    expect(await notifications(data.order_no)).toEqual([]);
    // A valid token for an order that does not exist (tokens are per order number).
    const unknownNo = 'P20990101000000ABCDEF012345';
    const forged = new URL(
      (
        await new SandboxProvider({ keys: deriveSandboxKeys(Buffer.alloc(32)), clock: api.clock }).place({
          orderNo: unknownNo,
          amount: 1,
          currency: 'CNY',
          description: '',
          openid: undefined,
          locale: 'en',
        })
      ).response.pay_url,
      'http://x',
    );
    expect((await api.app.inject({ method: 'GET', url: `${forged.pathname}${forged.search}` })).statusCode).toBe(404);
    for (const provider of ['wechat', 'alipay'])
      failure(await api.post(`/api/payment/notify/${provider}`, {}), 404, 'not_found');
  });
});
