import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  OrderConfirmDataSchema,
  PayRequestDataSchema,
  SupportEventDetailSchema,
  SupportSupportersDataSchema,
  type PayRequestData,
} from '@petheart/contracts';
import { ledgerTransactions, paymentNotifications, paymentOrders, supportGifts, supportItems } from '../src/db/schema';
import { rechargeKey } from '../src/modules/payment/ledger-crediting';
import { freePort } from './devices-support';
import { createTestApi, failure, okData, type TestApi } from './harness';
import {
  approvedStation,
  expectLedgerSound,
  fund,
  newPerson,
  publish,
  supportFund,
  wallet,
  type Person,
} from './support-fixtures';

/** The coin value of the default settings (cash_out.coin_value): 10 fen. */
const COIN = 10;

describe('help-pay: paying a rescue station for points of an item, through the payment provider', () => {
  let api: TestApi;
  let admin: Person;
  let stationId: number;

  const sandbox = () => {
    const payer = api.container.services.paymentSandbox;
    if (!payer) throw new Error('the sandbox provider is configured by default');
    return payer;
  };
  const helpPay = async (user: Person, itemId: number, station: number, points?: number) => {
    const body = { id: itemId, rescue_station_id: station, ...(points === undefined ? {} : { points }) };
    const data = okData(await api.post('/api/balance/HelpPay', body, { token: user.token }), PayRequestDataSchema);
    if (data.provider !== 'sandbox') throw new Error('expected the sandbox');
    return data;
  };
  const deliver = (signed: { headers: Record<string, string>; body: string }) =>
    api.app.inject({
      method: 'POST',
      url: '/api/payment/notify/sandbox',
      headers: signed.headers,
      payload: signed.body,
    });
  const paidNotification = (data: PayRequestData) =>
    sandbox().sign(
      JSON.stringify(
        sandbox().notificationFor({ orderNo: data.order_no, amount: data.amount, currency: data.currency }, 'pay'),
      ),
    );
  const order = async (orderNo: string) =>
    (await api.container.database.db.select().from(paymentOrders).where(eq(paymentOrders.orderNo, orderNo)))[0];
  const credits = (orderNo: string) =>
    api.container.database.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.idempotencyKey, rechargeKey(orderNo)));
  const giftsOfOrder = async (orderNo: string) => {
    const row = await order(orderNo);
    return api.container.database.db
      .select()
      .from(supportGifts)
      .where(eq(supportGifts.paymentOrderId, row?.id ?? 0));
  };
  const completed = async (itemId: number) =>
    (await api.container.database.db.select().from(supportItems).where(eq(supportItems.id, itemId)))[0]?.completed;
  const newItem = async (price: number, target: number, station = stationId) => {
    const event = await publish(api, admin, station, [{ title: 'Vaccine', price, gift: 'One shot', target }]);
    const [first] = event.items;
    if (!first) throw new Error('no item');
    return { eventId: event.id, itemId: first.id };
  };

  beforeAll(async () => {
    const port = await freePort();
    api = await createTestApi({
      seed: false,
      serveWeb: false,
      env: { PUBLIC_URL: `http://127.0.0.1:${String(port)}` },
    });
    await api.app.listen({ host: '127.0.0.1', port });
    admin = await newPerson(api, 'admin', true);
    stationId = await approvedStation(api, admin, 'Minhang Dog Shelter');
  });
  afterEach(async () => {
    await expectLedgerSound(api);
  });
  afterAll(async () => {
    await api.close();
  });

  it('orderConfirm says what is paid and to whom', async () => {
    const { eventId, itemId } = await newItem(80, 10);
    const confirm = okData(
      await api.post('/api/support/orderConfirm', { id: itemId, rescue_station_id: stationId, points: 2 }),
      OrderConfirmDataSchema,
    );
    expect(confirm).toMatchObject({
      station: { id: stationId, name: 'Minhang Dog Shelter' },
      event: { id: eventId, status: 'live' },
      item: { id: itemId, title: 'Vaccine', price: 80, gift: 'One shot' },
      points: 2,
      coins: 160,
      amount: 160 * COIN,
      currency: 'CNY',
      remaining: 10,
    });
    const one = okData(
      await api.post('/api/support/orderConfirm', { id: itemId, rescue_station_id: stationId }),
      OrderConfirmDataSchema,
    );
    expect(one).toMatchObject({ points: 1, amount: 80 * COIN });
    // Another station's item answers like a missing one.
    const otherStation = await approvedStation(api, admin, 'Elsewhere');
    failure(
      await api.post('/api/support/orderConfirm', { id: itemId, rescue_station_id: otherStation }),
      404,
      'not_found',
    );
    const missing = failure(
      await api.post('/api/support/orderConfirm', { id: itemId }, { lang: 'zh-CN' }),
      400,
      'validation_failed',
    );
    expect(missing.msg).toBe('请选择救助站');
  });

  it('pays on the sandbox page: the repeated notifications credit the station’s item once', async () => {
    const { eventId, itemId } = await newItem(80, 10);
    const payer = await newPerson(api, 'payer');
    failure(
      await api.post('/api/balance/HelpPay', { id: itemId, rescue_station_id: stationId }),
      401,
      'login_required',
    );
    const data = await helpPay(payer, itemId, stationId, 2);
    expect(data).toMatchObject({ amount: 160 * COIN, coins: 160, currency: 'CNY' });
    expect(await order(data.order_no)).toMatchObject({
      purpose: 'help_pay',
      packageId: itemId,
      rescueStationId: stationId,
      status: 'created',
    });
    const fundBefore = await supportFund(api);

    const page = new URL(data.response.pay_url, 'http://x');
    const paid = await api.app.inject({
      method: 'POST',
      url: page.pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `action=pay&sig=${encodeURIComponent(page.searchParams.get('sig') ?? '')}`,
    });
    expect(paid.statusCode).toBe(200);
    await sandbox().idle();

    expect(await order(data.order_no)).toMatchObject({ status: 'paid' });
    expect(await credits(data.order_no)).toMatchObject([{ kind: 'help_pay', reference: data.order_no }]);
    expect(await giftsOfOrder(data.order_no)).toMatchObject([
      { userId: payer.id, itemId, eventId, points: 2, coins: 160, source: 'help_pay', amount: 160 * COIN },
    ]);
    expect(await completed(itemId)).toBe(2);
    expect(await supportFund(api)).toBe(fundBefore + 160);
    // The payer's coins are untouched: the money went to the station's item.
    expect(await wallet(api, payer.id)).toBe(0);
    const log = await api.container.database.db
      .select()
      .from(paymentNotifications)
      .where(eq(paymentNotifications.orderNo, data.order_no));
    expect(log).toMatchObject([{ outcome: 'credited', deliveries: 3 }]);

    const detail = okData(await api.post('/api/support/event', { id: eventId }), SupportEventDetailSchema);
    expect(detail).toMatchObject({ completed: 2, supporters: 1 });
    const supporters = okData(
      await api.post('/api/support/supporters', { item_id: itemId }),
      SupportSupportersDataSchema,
    );
    expect(supporters.list).toMatchObject([{ user: { id: payer.id }, source: 'help_pay', points: 2 }]);
  });

  it('credits once under 25 concurrent deliveries of the same notification', async () => {
    const { itemId } = await newItem(30, 100);
    const payer = await newPerson(api, 'concurrent');
    const data = await helpPay(payer, itemId, stationId);
    const signed = paidNotification(data);
    const answers = await Promise.all(Array.from({ length: 25 }, () => deliver(signed)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array.from({ length: 25 }, () => 200));
    expect(await credits(data.order_no)).toHaveLength(1);
    expect(await giftsOfOrder(data.order_no)).toHaveLength(1);
    expect(await completed(itemId)).toBe(1);
    // Repeated later: still once.
    for (let i = 0; i < 3; i++) expect((await deliver(paidNotification(data))).statusCode).toBe(200);
    expect(await credits(data.order_no)).toHaveLength(1);
    expect(await completed(itemId)).toBe(1);
  });

  it('a cancelled order credits nothing; a forged notification changes nothing', async () => {
    const { itemId } = await newItem(30, 100);
    const payer = await newPerson(api, 'cancel');
    const data = await helpPay(payer, itemId, stationId);
    const forged = paidNotification(data);
    const tampered = await deliver({ headers: forged.headers, body: forged.body.replace(String(data.amount), '1') });
    expect(tampered.statusCode).toBe(401);
    const cancel = sandbox().sign(
      JSON.stringify(
        sandbox().notificationFor({ orderNo: data.order_no, amount: data.amount, currency: data.currency }, 'cancel'),
      ),
    );
    expect((await deliver(cancel)).statusCode).toBe(200);
    expect((await deliver(paidNotification(data))).statusCode).toBe(200);
    expect(await order(data.order_no)).toMatchObject({ status: 'closed' });
    expect(await credits(data.order_no)).toEqual([]);
    expect(await giftsOfOrder(data.order_no)).toEqual([]);
    expect(await completed(itemId)).toBe(0);
  });

  it('checks the item before placing: station, live event, remaining points', async () => {
    const { eventId, itemId } = await newItem(30, 3);
    const payer = await newPerson(api, 'checks');
    const other = await approvedStation(api, admin, 'Other Station');
    failure(
      await api.post('/api/balance/HelpPay', { id: itemId, rescue_station_id: other }, { token: payer.token }),
      404,
      'not_found',
    );
    failure(
      await api.post(
        '/api/balance/HelpPay',
        { id: itemId, rescue_station_id: stationId, points: 4 },
        { token: payer.token },
      ),
      409,
      'support_points_exceed',
    );
    await api.post('/api/admin/support/event/update', { id: eventId, status: 'closed' }, { token: admin.token });
    failure(
      await api.post('/api/balance/HelpPay', { id: itemId, rescue_station_id: stationId }, { token: payer.token }),
      409,
      'support_event_closed',
    );
    const orders = await api.container.database.db
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.userId, payer.id));
    expect(orders).toEqual([]);
  });

  it('a payment confirmed after the item filled is still recorded (the money was taken): progress may pass the target', async () => {
    const { itemId } = await newItem(10, 2);
    const payer = await newPerson(api, 'late-payer');
    const data = await helpPay(payer, itemId, stationId, 2);
    const giver = await newPerson(api, 'coins-first');
    await fund(api, giver.id, 20);
    const given = await api.post(
      '/api/support/give',
      { item_id: itemId, points: 2, idempotency_key: 'fill-before-pay' },
      { token: giver.token },
    );
    expect(given.status).toBe(200);
    expect((await deliver(paidNotification(data))).statusCode).toBe(200);
    expect(await completed(itemId)).toBe(4);
    expect(await giftsOfOrder(data.order_no)).toHaveLength(1);
  });
});
