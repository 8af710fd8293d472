import { createVerify, generateKeyPairSync } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PayRequestDataSchema, type WechatJsapiParams } from '@petheart/contracts';
import { ledgerTransactions, paymentNotifications, paymentOrders, users } from '../src/db/schema';
import { rechargeKey } from '../src/modules/payment/ledger-crediting';
import { FakeWechatPay } from './fixtures/fake-wechatpay';
import { createTestApi, failure, loginToken, okData, type TestApi } from './harness';

const APP_ID = 'wxd678efh567hg6787';
const MCH_ID = '1230000109';
const MERCHANT_SERIAL = '5157F09EFDC096DE15EBE81A47057A7232F1B8E1';
const API_V3_KEY = 'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6';
const OPENID = 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o';
/** Package 1 of the default config: 6.00 CNY for 60 coins. */
const PACKAGE = { id: 1, price: 600, coins: 60 };

describe('recharge with WeChat Pay v3 JSAPI (against a local fake WeChat Pay)', () => {
  const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const intruder = generateKeyPairSync('rsa', { modulusLength: 2048 });
  let fake: FakeWechatPay;
  let api: TestApi;
  let dir: string;
  let notifyUrl: string;
  let seq = 0;

  const newUser = async () => {
    seq += 1;
    const email = `wechat-${String(seq)}@example.com`;
    const user = await api.container.services.users.createWithEmail(email, { password: 'secret-pass' });
    return { id: user.id, token: await loginToken(api, email, 'secret-pass', `10.2.0.${String(seq)}`) };
  };
  const recharge = async (token: string) => {
    const data = okData(
      await api.post('/api/balance/Recharge', { id: PACKAGE.id, openid: OPENID }, { token }),
      PayRequestDataSchema,
    );
    if (data.provider !== 'wechat') throw new Error('expected wechat');
    return data;
  };
  const order = async (orderNo: string) =>
    (await api.container.database.db.select().from(paymentOrders).where(eq(paymentOrders.orderNo, orderNo)))[0];
  const credits = (orderNo: string) =>
    api.container.database.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.idempotencyKey, rechargeKey(orderNo)));
  const shownBalance = async (userId: number) =>
    (await api.container.database.db.select().from(users).where(eq(users.id, userId)))[0]?.balance;
  const inject = (signed: { headers: Record<string, string>; body: string }) =>
    api.app.inject({
      method: 'POST',
      url: '/api/payment/notify/wechat',
      headers: signed.headers,
      payload: signed.body,
    });

  beforeAll(async () => {
    fake = await FakeWechatPay.start({
      appId: APP_ID,
      mchId: MCH_ID,
      merchantSerial: MERCHANT_SERIAL,
      merchantPublicKey: merchant.publicKey,
      apiV3Key: API_V3_KEY,
    });
    dir = await mkdtemp(path.join(os.tmpdir(), 'petheart-wechat-'));
    const keyFile = path.join(dir, 'apiclient_key.pem');
    const platformFile = path.join(dir, 'wechatpay_public_key.pem');
    await writeFile(keyFile, merchant.privateKey.export({ type: 'pkcs8', format: 'pem' }));
    await writeFile(platformFile, fake.platformPublicKeyPem());
    api = await createTestApi({
      seed: false,
      serveWeb: false,
      env: {
        PAYMENT_PROVIDER: 'wechat',
        WECHAT_APPID: APP_ID,
        WECHAT_MCHID: MCH_ID,
        WECHAT_MERCHANT_SERIAL: MERCHANT_SERIAL,
        WECHAT_PRIVATE_KEY_PATH: keyFile,
        WECHAT_API_V3_KEY: API_V3_KEY,
        WECHAT_PLATFORM_KEY_PATH: platformFile,
        WECHAT_PLATFORM_SERIAL: fake.platformSerial,
        WECHAT_NOTIFY_URL: 'https://petheart.example.com/api/payment/notify/wechat',
        WECHAT_API_BASE: fake.url,
      },
    });
    const address = await api.app.listen({ host: '127.0.0.1', port: 0 });
    notifyUrl = `${address}/api/payment/notify/wechat`;
  });
  afterAll(async () => {
    await api.close();
    await fake.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('outside the messenger (no openid) the order is refused with 请在微信中打开', async () => {
    const { token } = await newUser();
    const refused = failure(
      await api.post('/api/balance/Recharge', { id: PACKAGE.id }, { token, lang: 'zh-CN' }),
      400,
      'payment_open_in_wechat',
    );
    expect(refused.msg).toBe('请在微信中打开');
    failure(
      await api.post('/api/balance/Recharge', { id: PACKAGE.id, openid: '  ' }, { token }),
      400,
      'payment_open_in_wechat',
    );
    expect(fake.requests).toEqual([]);
    expect(api.container.services.paymentSandbox).toBeUndefined();
  });

  it('places the order with a v3-signed request and answers JSAPI parameters signed by the merchant', async () => {
    const { token } = await newUser();
    const data = await recharge(token);
    expect(data).toMatchObject({ provider: 'wechat', amount: PACKAGE.price, coins: PACKAGE.coins, currency: 'CNY' });
    // The fake verified the Authorization header with the merchant's public key.
    expect(fake.requests.at(-1)).toEqual({ method: 'POST', path: '/v3/pay/transactions/jsapi', refused: undefined });
    const placed = fake.orders.get(data.order_no);
    expect(placed?.body.description).toContain('×60');
    expect(placed?.body).toEqual({
      appid: APP_ID,
      mchid: MCH_ID,
      description: placed?.body.description,
      out_trade_no: data.order_no,
      notify_url: 'https://petheart.example.com/api/payment/notify/wechat',
      amount: { total: PACKAGE.price, currency: 'CNY' },
      payer: { openid: OPENID },
    });
    const params: WechatJsapiParams = data.response;
    expect(params).toMatchObject({ appId: APP_ID, package: `prepay_id=${placed?.prepayId ?? ''}`, signType: 'RSA' });
    expect(Math.abs(Number(params.timeStamp) - Date.now() / 1000)).toBeLessThan(60);
    const message = `${params.appId}\n${params.timeStamp}\n${params.nonceStr}\n${params.package}\n`;
    expect(createVerify('RSA-SHA256').update(message).verify(merchant.publicKey, params.paySign, 'base64')).toBe(true);
    expect(await order(data.order_no)).toMatchObject({ status: 'created', provider: 'wechat', payerId: OPENID });
  });

  it('the fake refuses a request signed with another key, and the order fails with 支付异常', async () => {
    const { WechatPayProvider } = await import('../src/modules/payment/providers/wechat');
    const wechat = api.config.payment.wechat;
    if (!wechat) throw new Error('configured');
    const impostor = new WechatPayProvider({
      config: wechat,
      keys: {
        privateKey: intruder.privateKey,
        platformKey: fake.platformKeys.publicKey,
        platformSerial: fake.platformSerial,
        apiV3Key: Buffer.from(API_V3_KEY),
      },
      clock: api.clock,
    });
    await expect(
      impostor.place({
        orderNo: 'P20260101000000AAAAAAAAAAAA',
        amount: 1,
        currency: 'CNY',
        description: 'x',
        openid: OPENID,
        locale: 'en',
      }),
    ).rejects.toThrow(/HTTP 401/);
    expect(fake.requests.at(-1)?.refused).toBe('signature');

    // An answer not signed by the platform key is not believed either.
    const blind = new WechatPayProvider({
      config: wechat,
      keys: {
        privateKey: merchant.privateKey,
        platformKey: intruder.publicKey,
        platformSerial: fake.platformSerial,
        apiV3Key: Buffer.from(API_V3_KEY),
      },
      clock: api.clock,
    });
    await expect(
      blind.place({
        orderNo: 'P20260101000000BBBBBBBBBBBB',
        amount: 1,
        currency: 'CNY',
        description: 'x',
        openid: OPENID,
        locale: 'en',
      }),
    ).rejects.toThrow(/signature does not verify/);

    // Through the API: WeChat Pay unreachable → payment_failed, the order is failed.
    const { token } = await newUser();
    const base = wechat.apiBase;
    wechat.apiBase = 'http://127.0.0.1:1';
    try {
      const failed = failure(
        await api.post('/api/balance/Recharge', { id: PACKAGE.id, openid: OPENID }, { token, lang: 'zh-CN' }),
        502,
        'payment_failed',
      );
      expect(failed.msg).toBe('支付异常');
    } finally {
      wechat.apiBase = base;
    }
    const rows = await api.container.database.db.select().from(paymentOrders).where(eq(paymentOrders.status, 'failed'));
    expect(rows).toMatchObject([{ failureReason: 'place_failed' }]);
  });

  it('a notification is verified, decrypted, answered within 5 s and credits once, however often it comes', async () => {
    const payer = await newUser();
    const data = await recharge(payer.token);
    const first = await fake.notify(data.order_no, { url: notifyUrl });
    expect(first.status).toBe(200);
    expect(first.ms).toBeLessThan(5_000);
    const paid = await order(data.order_no);
    expect(paid?.status).toBe('paid');
    expect(paid?.providerTransactionId).toMatch(/^42000/);
    expect(paid?.paidAt).toBeInstanceOf(Date);
    expect(await shownBalance(payer.id)).toBe(PACKAGE.coins);

    // Repeats (each freshly signed), over HTTP and concurrently.
    const repeats = await Promise.all(Array.from({ length: 10 }, () => fake.notify(data.order_no, { url: notifyUrl })));
    expect(repeats.map((r) => r.status)).toEqual(Array.from({ length: 10 }, () => 200));
    expect(Math.max(...repeats.map((r) => r.ms))).toBeLessThan(5_000);
    expect(await credits(data.order_no)).toHaveLength(1);
    expect(await shownBalance(payer.id)).toBe(PACKAGE.coins);
    const log = await api.container.database.db
      .select()
      .from(paymentNotifications)
      .where(eq(paymentNotifications.orderNo, data.order_no));
    expect(log).toMatchObject([{ verified: true, outcome: 'credited', deliveries: 11 }]);
    // The log keeps the body as received: the resource stays encrypted.
    expect(log[0]?.body).toContain('AEAD_AES_256_GCM');
    expect(log[0]?.body).not.toContain(OPENID);
    expect((await api.container.services.ledger.checkInvariants()).problems).toEqual([]);
  });

  it('concurrent first deliveries credit once', async () => {
    const payer = await newUser();
    const data = await recharge(payer.token);
    const answers = await Promise.all(Array.from({ length: 20 }, () => inject(fake.notification(data.order_no))));
    expect(answers.map((a) => a.statusCode)).toEqual(Array.from({ length: 20 }, () => 200));
    expect(await credits(data.order_no)).toHaveLength(1);
    expect(await shownBalance(payer.id)).toBe(PACKAGE.coins);
  });

  it('refuses forged, stale, foreign-serial, wrongly encrypted or foreign-merchant notifications', async () => {
    const payer = await newUser();
    const data = await recharge(payer.token);
    // The API's clock (the 5-minute window is measured against it).
    const now = Math.floor(api.clock.now().getTime() / 1000);
    const cases: [string, ReturnType<FakeWechatPay['notification']>][] = [
      ['bad_signature', fake.notification(data.order_no, { signWith: intruder.privateKey })],
      ['stale_timestamp', fake.notification(data.order_no, { timestamp: now - 301 })],
      ['stale_timestamp', fake.notification(data.order_no, { timestamp: now + 400 })],
      ['unknown_serial', fake.notification(data.order_no, { serial: 'PUB_KEY_ID_0000000000000000000000000000' })],
      ['decrypt_failed', fake.notification(data.order_no, { apiV3Key: 'z'.repeat(32) })],
      ['wrong_merchant', fake.notification(data.order_no, { mchId: '1999999999' })],
    ];
    const good = fake.notification(data.order_no);
    cases.push([
      'bad_signature',
      { headers: good.headers, body: good.body.replace('"TRANSACTION.SUCCESS"', '"TRANSACTION.SUCCESS" ') },
    ]);
    cases.push(['missing_headers', { headers: { 'content-type': 'application/json' }, body: good.body }]);
    for (const [reason, signed] of cases) {
      const answer = await inject(signed);
      expect(answer.statusCode, reason).toBe(401);
      expect(answer.json(), reason).toEqual({ code: 'FAIL', message: reason });
    }
    expect(await order(data.order_no)).toMatchObject({ status: 'created' });
    expect(await credits(data.order_no)).toEqual([]);
    expect(await shownBalance(payer.id)).toBe(0);
    // The genuine one still works afterwards.
    expect((await inject(good)).statusCode).toBe(200);
    expect(await credits(data.order_no)).toHaveLength(1);
  });

  it('a paid amount other than the order’s credits nothing and flags the order', async () => {
    const payer = await newUser();
    const data = await recharge(payer.token);
    const answer = await fake.notify(data.order_no, { url: notifyUrl, amount: 1 });
    expect(answer.status).toBe(200);
    expect(await order(data.order_no)).toMatchObject({ status: 'failed', failureReason: 'amount_mismatch' });
    expect((await fake.notify(data.order_no, { url: notifyUrl, eventId: 'EV-LATER' })).status).toBe(200);
    expect(await credits(data.order_no)).toEqual([]);
    expect(await shownBalance(payer.id)).toBe(0);
  });
});
