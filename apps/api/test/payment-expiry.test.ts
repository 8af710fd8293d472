import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PayRequestDataSchema, PaymentOrderListDataSchema, PaymentOrderSchema } from '@petheart/contracts';
import { ledgerTransactions, paymentNotifications, paymentOrders, users } from '../src/db/schema';
import { rechargeKey } from '../src/modules/payment/ledger-crediting';
import { deriveSandboxKeys, SandboxProvider } from '../src/modules/payment/providers/sandbox';
import { PaymentRepository } from '../src/modules/payment/repository';
import { PaymentService } from '../src/modules/payment/service';
import { memoryLimiter } from '../src/lib/rate-limit/rate-limits';
import { createTestApi, loginToken, okData, type TestApi } from './harness';

/** The default recharge packages (configuration DEFAULT_SETTINGS): id 2 = 30.00 CNY for 300 + 10 coins. */
const PACKAGE = { id: 2, price: 3000, coins: 310 };
const MINUTE = 60_000;

/** Issue 25 §6: recharge orders left unpaid are closed after PAYMENT_ORDER_TTL_MINUTES (default 30). */
describe('unpaid recharge orders expire', () => {
  let api: TestApi;
  let seq = 0;

  const newUser = async () => {
    seq += 1;
    const email = `expiry-${String(seq)}@example.com`;
    const user = await api.container.services.users.createWithEmail(email, { password: 'secret-pass' });
    return { id: user.id, token: await loginToken(api, email, 'secret-pass', `10.2.0.${String(seq)}`) };
  };
  const sandbox = () => {
    const payer = api.container.services.paymentSandbox;
    if (!payer) throw new Error('the sandbox provider is configured by default');
    return payer;
  };
  const payments = () => api.container.services.payments;
  const recharge = async (token: string) =>
    okData(await api.post('/api/balance/Recharge', { id: PACKAGE.id }, { token }), PayRequestDataSchema);
  const row = async (orderNo: string) =>
    (await api.container.database.db.select().from(paymentOrders).where(eq(paymentOrders.orderNo, orderNo)))[0];
  const history = async (token: string) =>
    okData(await api.post('/api/balance/orders', {}, { token }), PaymentOrderListDataSchema).list;
  const credits = (orderNo: string) =>
    api.container.database.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.idempotencyKey, rechargeKey(orderNo)));
  const balance = async (userId: number) =>
    (await api.container.database.db.select().from(users).where(eq(users.id, userId)))[0]?.balance;
  const paidNotification = (o: { order_no: string; amount: number; currency: string }) =>
    JSON.stringify(sandbox().notificationFor({ orderNo: o.order_no, amount: o.amount, currency: o.currency }, 'pay'));
  /** Posts a freshly signed delivery of the notification `body`, as the provider repeats it. */
  const deliver = async (body: string) => {
    const signed = sandbox().sign(body);
    const answer = await api.app.inject({
      method: 'POST',
      url: '/api/payment/notify/sandbox',
      headers: signed.headers,
      payload: signed.body,
    });
    expect(answer.statusCode).toBe(200);
  };

  beforeAll(async () => {
    api = await createTestApi({ seed: false, serveWeb: false });
  });
  afterAll(async () => {
    await api.close();
  });

  it('after 31 minutes the sweep closes the order; the history shows it closed', async () => {
    const payer = await newUser();
    const data = await recharge(payer.token);
    api.clock.advance(31 * MINUTE);
    expect(await payments().sweepExpired()).toBeGreaterThanOrEqual(1);
    expect(await row(data.order_no)).toMatchObject({ status: 'closed', failureReason: 'expired', paidAt: null });
    expect(await history(payer.token)).toMatchObject([{ order_no: data.order_no, status: 'closed', paid_at: null }]);
    // A second pass finds nothing more to close.
    expect(await payments().sweepExpired()).toBe(0);
  });

  it('a payment notification for the closed order still credits it, once, however often it comes', async () => {
    const payer = await newUser();
    const data = await recharge(payer.token);
    api.clock.advance(31 * MINUTE);
    await payments().sweepExpired();
    expect(await row(data.order_no)).toMatchObject({ status: 'closed' });

    const body = paidNotification(data);
    for (let i = 0; i < 3; i += 1) await deliver(body);
    expect(await row(data.order_no)).toMatchObject({ status: 'paid', failureReason: null });
    expect(await credits(data.order_no)).toHaveLength(1);
    expect(await balance(payer.id)).toBe(PACKAGE.coins);
    const log = await api.container.database.db
      .select()
      .from(paymentNotifications)
      .where(eq(paymentNotifications.orderNo, data.order_no));
    expect(log).toMatchObject([{ verified: true, outcome: 'credited_after_expiry', deliveries: 3 }]);
    const [shown] = await history(payer.token);
    expect(shown).toMatchObject({ order_no: data.order_no, status: 'paid' });
    expect(shown?.paid_at).toBeGreaterThan(0);
    // A sweep after it leaves the paid order paid.
    api.clock.advance(31 * MINUTE);
    await payments().sweepExpired();
    expect(await row(data.order_no)).toMatchObject({ status: 'paid' });
    expect((await api.container.services.ledger.checkInvariants()).problems).toEqual([]);
  });

  it('concurrent deliveries for a closed order credit it once', async () => {
    const payer = await newUser();
    const data = await recharge(payer.token);
    api.clock.advance(40 * MINUTE);
    await payments().sweepExpired();
    const body = paidNotification(data);
    await Promise.all(Array.from({ length: 3 }, () => deliver(body)));
    expect(await credits(data.order_no)).toHaveLength(1);
    expect(await balance(payer.id)).toBe(PACKAGE.coins);
  });

  it('an order at 29 minutes stays open (and can be paid as usual); at 30 it closes', async () => {
    const payer = await newUser();
    const open = await recharge(payer.token);
    const later = await recharge(payer.token);
    api.clock.advance(29 * MINUTE);
    await payments().sweepExpired();
    expect(await row(open.order_no)).toMatchObject({ status: 'created' });
    expect((await history(payer.token)).map((o) => o.status)).toEqual(['created', 'created']);

    await deliver(paidNotification(open));
    expect(await row(open.order_no)).toMatchObject({ status: 'paid' });
    expect(await credits(open.order_no)).toHaveLength(1);

    api.clock.advance(MINUTE);
    await payments().sweepExpired();
    expect(await row(later.order_no)).toMatchObject({ status: 'closed', failureReason: 'expired' });
    expect(await row(open.order_no)).toMatchObject({ status: 'paid' });
  });

  it('a paid order is never closed', async () => {
    const payer = await newUser();
    const data = await recharge(payer.token);
    await deliver(paidNotification(data));
    api.clock.advance(24 * 60 * MINUTE);
    await payments().sweepExpired();
    expect(await row(data.order_no)).toMatchObject({ status: 'paid', failureReason: null });
    expect(await history(payer.token)).toMatchObject([{ order_no: data.order_no, status: 'paid' }]);
    expect(await credits(data.order_no)).toHaveLength(1);
  });

  it('reading an order past its time closes it, without waiting for the sweep', async () => {
    const payer = await newUser();
    const data = await recharge(payer.token);
    api.clock.advance(31 * MINUTE);
    const one = okData(
      await api.post('/api/balance/order', { order_no: data.order_no }, { token: payer.token }),
      PaymentOrderSchema,
    );
    expect(one.status).toBe('closed');
    expect(await row(data.order_no)).toMatchObject({ status: 'closed', failureReason: 'expired' });

    const other = await newUser();
    const listed = await recharge(other.token);
    api.clock.advance(31 * MINUTE);
    const closed = okData(
      await api.post('/api/balance/orders', { status: 'closed' }, { token: other.token }),
      PaymentOrderListDataSchema,
    );
    expect(closed.list.map((o) => o.order_no)).toEqual([listed.order_no]);
  });

  it('a provider’s closing still refuses a later payment (only an expired order takes one)', async () => {
    const payer = await newUser();
    const data = await recharge(payer.token);
    const cancelled = sandbox().notificationFor(
      { orderNo: data.order_no, amount: data.amount, currency: data.currency },
      'cancel',
    );
    await deliver(JSON.stringify(cancelled));
    await deliver(paidNotification(data));
    expect(await row(data.order_no)).toMatchObject({ status: 'closed', failureReason: 'closed_by_provider' });
    expect(await credits(data.order_no)).toEqual([]);
  });

  it('starting (the app is ready) closes what expired while no process ran', async () => {
    await payments().stop();
    const payer = await newUser();
    const data = await recharge(payer.token);
    api.clock.advance(30 * MINUTE);
    await payments().start();
    expect(await row(data.order_no)).toMatchObject({ status: 'closed', failureReason: 'expired' });
  });

  it('the time an order stays open is the service’s setting (PAYMENT_ORDER_TTL_MINUTES)', async () => {
    const keys = deriveSandboxKeys(Buffer.alloc(32, 5));
    const service = new PaymentService({
      orders: new PaymentRepository(api.container.database.db),
      provider: new SandboxProvider({ keys, clock: api.clock }),
      crediting: { creditRecharge: () => Promise.resolve() },
      packages: () => Promise.resolve([{ id: 7, price: 1200, coins: 100, bonus: 20 }]),
      limiter: memoryLimiter(api.clock, [{ limit: 10, ms: MINUTE }]),
      clock: api.clock,
      currency: 'CNY',
      orderTtlMs: 5 * MINUTE,
    });
    const { id: userId } = await newUser();
    const placed = await service.recharge(userId, { id: 7 }, 'en');
    api.clock.advance(4 * MINUTE);
    await service.sweepExpired();
    expect(await row(placed.order_no)).toMatchObject({ status: 'created' });
    api.clock.advance(MINUTE);
    await service.sweepExpired();
    expect(await row(placed.order_no)).toMatchObject({ status: 'closed', failureReason: 'expired' });
  });
});
