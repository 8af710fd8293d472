import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentNotifications, paymentOrders } from '../src/db/schema';
import type { Database } from '../src/db/client';
import { deriveSandboxKeys, SandboxProvider } from '../src/modules/payment/providers/sandbox';
import { SandboxPayer } from '../src/modules/payment/providers/sandbox-payer';
import { PaymentRepository } from '../src/modules/payment/repository';
import { PaymentService, type RechargeCrediting } from '../src/modules/payment/service';
import { memoryLimiter } from '../src/lib/rate-limit/rate-limits';
import { createTestApi, type TestApi } from './harness';

/** Records the credits that committed (a credit inside a rolled-back transaction leaves no trace). */
class RecordingCrediting implements RechargeCrediting {
  readonly calls: { userId: number; coins: number; orderNo: string }[] = [];
  failNext = 0;
  async creditRecharge(tx: Database, credit: { userId: number; coins: number; orderNo: string }) {
    // Touch the transaction: a failure after this must roll the order back too.
    await tx.select().from(paymentOrders).where(eq(paymentOrders.orderNo, credit.orderNo));
    this.calls.push(credit);
    if (this.failNext > 0) {
      this.failNext -= 1;
      throw new Error('ledger unavailable');
    }
  }
}

describe('payment settlement (the service with a test double for the ledger)', () => {
  let api: TestApi;
  let service: PaymentService;
  let crediting: RecordingCrediting;
  const keys = deriveSandboxKeys(Buffer.alloc(32, 9));
  let payer: SandboxPayer;
  let userId = 0;
  const orderRow = async (orderNo: string) =>
    (await api.container.database.db.select().from(paymentOrders).where(eq(paymentOrders.orderNo, orderNo)))[0];
  const signedPaid = (o: { order_no: string; amount: number; currency: string }) =>
    payer.sign(
      JSON.stringify(payer.notificationFor({ orderNo: o.order_no, amount: o.amount, currency: o.currency }, 'pay')),
    );

  beforeAll(async () => {
    api = await createTestApi({ seed: false, serveWeb: false });
    const { db } = api.container.database;
    crediting = new RecordingCrediting();
    payer = new SandboxPayer({
      keys,
      notifyUrl: 'http://127.0.0.1:1/unused',
      orders: { find: () => Promise.resolve(undefined) },
      clock: api.clock,
    });
    service = new PaymentService({
      orders: new PaymentRepository(db),
      provider: new SandboxProvider({ keys, clock: api.clock }),
      crediting,
      packages: () => Promise.resolve([{ id: 7, price: 1200, coins: 100, bonus: 20 }]),
      limiter: memoryLimiter(api.clock, [{ limit: 3, ms: 60_000 }]),
      clock: api.clock,
      currency: 'CNY',
    });
    userId = (await api.container.services.users.createWithEmail('settle@example.com')).id;
  });
  afterAll(async () => {
    await api.close();
  });

  it('a credit that fails rolls the paid mark back; the provider’s repeat credits it, once', async () => {
    const placed = await service.recharge(userId, { id: 7 }, 'en');
    expect(placed).toMatchObject({ amount: 1200, coins: 120 });
    const signed = signedPaid(placed);
    crediting.failNext = 1;
    await expect(service.notify('sandbox', signed)).rejects.toThrow('ledger unavailable');
    expect(await orderRow(placed.order_no)).toMatchObject({ status: 'created', paidAt: null });
    expect(
      await api.container.database.db
        .select()
        .from(paymentNotifications)
        .where(eq(paymentNotifications.orderNo, placed.order_no)),
    ).toEqual([]);

    expect(await service.notify('sandbox', signed)).toMatchObject({ status: 200 });
    expect(await service.notify('sandbox', signedPaid(placed))).toMatchObject({ status: 200 });
    expect(await orderRow(placed.order_no)).toMatchObject({ status: 'paid' });
    // Two calls: the rolled-back one and the one that committed; the repeat after it made none.
    expect(crediting.calls).toEqual([
      { userId, coins: 120, orderNo: placed.order_no },
      { userId, coins: 120, orderNo: placed.order_no },
    ]);
  });

  it('a notification for an order of another provider, or none, changes nothing', async () => {
    const before = crediting.calls.length;
    const placed = await service.recharge(userId, { id: 7 }, 'en');
    await api.container.database.db
      .update(paymentOrders)
      .set({ provider: 'wechat' })
      .where(eq(paymentOrders.orderNo, placed.order_no));
    expect(await service.notify('sandbox', signedPaid(placed))).toMatchObject({ status: 200 });
    expect(await orderRow(placed.order_no)).toMatchObject({ status: 'created' });
    const ghost = { ...placed, order_no: 'P20990101000000FFFFFFFFFFFF' };
    expect(await service.notify('sandbox', signedPaid(ghost))).toMatchObject({ status: 200 });
    expect(crediting.calls.length).toBe(before);
    const outcomes = await api.container.database.db
      .select({ outcome: paymentNotifications.outcome })
      .from(paymentNotifications)
      .where(eq(paymentNotifications.outcome, 'unknown_order'));
    expect(outcomes).toHaveLength(2);
    expect(await service.notify('wechat', signedPaid(placed))).toBeUndefined();
  });

  it('limits how many orders one user starts', async () => {
    // Three per minute in this service: two were made above.
    await service.recharge(userId, { id: 7 }, 'en');
    await expect(service.recharge(userId, { id: 7 }, 'en')).rejects.toMatchObject({
      id: 'rate_limited',
      retryAfter: 60,
    });
    api.clock.advance(61_000);
    await expect(service.recharge(userId, { id: 7 }, 'en')).resolves.toMatchObject({ provider: 'sandbox' });
  });
});
