import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  BaseAccountSchema,
  CashoutSchema,
  FoodPurchaseListDataSchema,
  FoodPurchaseSchema,
  PlatformAccountSchema,
  UploadDataSchema,
  translate,
  type FoodPurchaseAddBody,
} from '@petheart/contracts';
import { createTestApi, failure, okData, type TestApi } from './harness';
import type { TestDevice } from './devices-support';
import { createStation, feed, feedBody, newFeeder, onlineDevice, settled, type Station } from './feed-support';
import { makePng } from './fixtures/images';
import { multipartBody } from './fixtures/multipart';
import { application, expectBooksSound, newOperator } from './operator-support';
import {
  expectedAccount,
  expectedBaseRows,
  expectedCashedOut,
  expectedShareAllBases,
  readTruth,
} from './public-account-support';
import {
  apply as applySupport,
  approvedStation,
  helpPaid,
  newPerson,
  publish,
  review,
  type Person,
} from './support-fixtures';

const DAY = 86_400_000;
const today = () => new Date().toISOString().slice(0, 10);

/**
 * The public accounts (issue 28 §3) from feeds through the real flow (acknowledged in full, in part, jammed),
 * gifts and help-pay, operators' shares, a paid cash-out and food purchases: every figure of a base's account
 * and of the platform's equals what the ledger's postings (by transaction and account kind), the feeds table
 * and the purchases add up to, counted independently by ./public-account-support.
 */
describe('the public accounts', () => {
  let api: TestApi;
  let admin: Person;
  let operator: Awaited<ReturnType<typeof newOperator>>;
  let other: Awaited<ReturnType<typeof newOperator>>;
  let big: Station;
  const devices: TestDevice[] = [];

  const upload = async (token: string) => {
    const { payload, headers } = multipartBody({
      data: await makePng(),
      filename: 'receipt.png',
      contentType: 'image/png',
    });
    const r = await api.app.inject({
      method: 'POST',
      url: '/api/common/upload',
      payload,
      headers: { ...headers, token },
    });
    return UploadDataSchema.parse(r.json<{ data: unknown }>().data).url;
  };
  const purchase = (over: Partial<FoodPurchaseAddBody> = {}): FoodPurchaseAddBody => ({
    base_id: operator.station.baseId,
    amount: 12_345,
    currency: 'CNY',
    grams: 5_000,
    receipt_photo: '',
    purchased_on: today(),
    note: 'Two bags of dry food',
    ...over,
  });
  const addPurchase = async (token: string, body: FoodPurchaseAddBody) =>
    okData(await api.post('/api/manage/food/add', body, { token }), FoodPurchaseSchema);
  const baseAccount = async (baseId: number) =>
    okData(await api.post('/api/transparency/base', { base_id: baseId }), BaseAccountSchema);
  const platformAccount = async () => okData(await api.post('/api/transparency/platform', {}), PlatformAccountSchema);
  /** A feed the manual device answers with `outcome` and `grams`; its end. */
  const answered = async (token: string, device: TestDevice, outcome: 'dispensed' | 'jammed', grams: number) => {
    const f = await feed(api, token, feedBody(operator.station.deviceId, { grams: 20, coins: 18 }));
    await device.waitForDistinct(device.commands.length + 1);
    device.ack(device.commands.at(-1)?.id ?? '', outcome, grams);
    return settled(api, token, f.id);
  };

  /** A help-pay to a rescue station's item, paid through the sandbox provider. */
  const helpPay = (token: string, item: number, station: number) =>
    helpPaid(api, token, { id: item, rescue_station_id: station });
  const give = async (token: string, item: number, points: number) => {
    const given = await api.post(
      '/api/support/give',
      { item_id: item, points, idempotency_key: randomUUID() },
      { token },
    );
    expect(given.status).toBe(200);
  };

  beforeAll(async () => {
    api = await createTestApi({ seed: false, serveWeb: false, env: { TOKEN_TTL_DAYS: '365' } });
    admin = await newPerson(api, 'admin', true);
    operator = await newOperator(api, { revenueShareBp: 3000 });
    other = await newOperator(api);
    big = await createStation(api, {
      operatorId: operator.id,
      revenueShareBp: 5000,
      portions: [{ grams: 500, coins: 1000 }],
    });
  });
  afterEach(async () => {
    await expectBooksSound(api);
  });
  afterAll(async () => {
    await Promise.all(devices.map((d) => d.end()));
    await api.close();
  });

  it('reconciles every figure of a base’s account and the platform’s with the ledger and the feeds', async () => {
    const feeder = await newFeeder(api, 10_000);
    const manual = await onlineDevice(api, operator.station, 'manual');
    devices.push(manual, await onlineDevice(api, big), await onlineDevice(api, other.station));
    // Month one: acknowledged in full, in part (7 of 20 g: 6 of 18 coins), jammed (nothing charged).
    expect(await answered(feeder.token, manual, 'dispensed', 20)).toMatchObject({ status: 'succeeded' });
    expect(await answered(feeder.token, manual, 'dispensed', 7)).toMatchObject({ coins_charged: 6 });
    expect(await answered(feeder.token, manual, 'jammed', 0)).toMatchObject({ status: 'failed' });
    for (let i = 0; i < 3; i++)
      await settled(
        api,
        feeder.token,
        (await feed(api, feeder.token, feedBody(big.deviceId, { grams: 500, coins: 1000 }))).id,
      );
    await settled(api, feeder.token, (await feed(api, feeder.token, feedBody(other.station.deviceId))).id);
    // A gift with coins and a help-pay to a rescue station's item (its applicant runs no base).
    const station = await approvedStation(api, admin);
    const event = await publish(api, admin, station);
    const item = event.items[0]?.id ?? 0;
    await give(feeder.token, item, 2);
    await helpPay(feeder.token, item, station);
    // And to the rescue request the operator applied for: on the accounts of both their bases (as statements).
    const own = await applySupport(api, operator, { name: 'Operator’s Own Shelter' });
    await review(api, admin, own.id, 1);
    const ownItem = (await publish(api, admin, own.id)).items[0]?.id ?? 0;
    await give(feeder.token, ownItem, 1);
    await helpPay(feeder.token, ownItem, own.id);

    // Month two: another feed, a cash-out the console paid, food bought (one voided).
    api.clock.advance(32 * DAY);
    expect(await answered(feeder.token, manual, 'dispensed', 20)).toMatchObject({ status: 'succeeded' });
    const cashout = okData(
      await api.post('/api/cashout/apply', application(), { token: operator.token }),
      CashoutSchema,
    );
    for (const action of ['approve', 'transferred', 'succeeded'] as const)
      await api.container.services.cashoutAdmin.act(action, cashout.id, '', admin.id);
    const photo = await upload(operator.token);
    const lastMonth = new Date(Date.now() - 35 * DAY).toISOString().slice(0, 10);
    await addPurchase(operator.token, purchase({ receipt_photo: photo, purchased_on: lastMonth }));
    await addPurchase(operator.token, purchase({ receipt_photo: photo, currency: 'JPY', amount: 4_200, grams: 2_000 }));
    await addPurchase(operator.token, purchase({ receipt_photo: photo, base_id: big.baseId, grams: 12_000 }));
    const wrong = await addPurchase(operator.token, purchase({ receipt_photo: photo, grams: 99_000 }));
    okData(await api.post('/api/manage/food/void', { id: wrong.id }, { token: operator.token }), FoodPurchaseSchema);

    const truth = await readTruth(api);
    const account = await baseAccount(operator.station.baseId);
    const expected = expectedAccount(truth, operator.station.baseId);
    expect(account.totals).toEqual(expected.totals);
    expect(account.months).toEqual(expected.months);
    expect(account.voided_purchases).toBe(expected.voided);
    expect(account.operator).toEqual({
      bases: 2,
      share_all_bases: expectedShareAllBases(truth, operator.id),
      cashed_out: expectedCashedOut(truth, operator.id),
    });
    // The same figures, by hand: 18 + 6 + 18 coins for feeds, 30 + 30 to the operator's request; 20 + 7 + 20 g;
    // 5 + 1 + 5 coins of share.
    expect(account.totals).toMatchObject({
      raised: { feeds: 42, gifts: 30, help_pay: 30, total: 102 },
      feeds: 3,
      grams_dispensed: 47,
      operator_share: 11,
      platform_share: 31,
      food: { purchases: 2, grams: 7_000 },
    });
    // Feeds in two months (the clock moved 32 days), food bought in the months of the receipts' dates.
    expect(account.months.filter((m) => m.feeds > 0).map((m) => m.grams_dispensed)).toEqual([20, 27]);
    expect(account.operator?.cashed_out).toMatchObject({ count: 1, coins: 1_000, paid: [{ currency: 'CNY' }] });
    expect(account.purchases.map((p) => p.grams)).toEqual([2_000, 5_000]);
    expect(account.purchases[0]).toMatchObject({ receipt_photo: photo, currency: 'JPY', amount: 4_200 });

    for (const s of [big, other.station]) {
      const a = await baseAccount(s.baseId);
      const e = expectedAccount(truth, s.baseId);
      expect([a.totals, a.months, a.voided_purchases]).toEqual([e.totals, e.months, e.voided]);
    }
    expect((await baseAccount(big.baseId)).totals.raised).toMatchObject({ gifts: 30, help_pay: 30 });
    expect((await baseAccount(other.station.baseId)).totals.raised).toMatchObject({ gifts: 0, help_pay: 0 });

    const platform = await platformAccount();
    const all = expectedAccount(truth, null);
    expect(platform.totals).toEqual(all.totals);
    expect(platform.months).toEqual(all.months);
    expect(platform.voided_purchases).toBe(all.voided);
    expect(platform.cashed_out).toEqual(expectedCashedOut(truth, null));
    expect(platform.bases).toEqual(expectedBaseRows(truth));
    expect(platform.totals.raised).toMatchObject({ feeds: 3_052, gifts: 90, help_pay: 60, total: 3_202 });
    // The bases' lines add up to the platform's feeds (every feed posting names its feed).
    expect(platform.bases.reduce((n, b) => n + b.raised, 0)).toBe(platform.totals.raised.feeds);
    expect(platform.bases.reduce((n, b) => n + b.grams_dispensed, 0)).toBe(platform.totals.grams_dispensed);
  });

  it('lets only the base’s operator list, record and void its purchases', async () => {
    const photo = await upload(operator.token);
    const mine = await addPurchase(operator.token, purchase({ receipt_photo: photo }));
    const plain = await newPerson(api, 'plain');
    const calls: [string, object][] = [
      ['/api/manage/food/list', {}],
      ['/api/manage/food/add', purchase({ receipt_photo: photo })],
      ['/api/manage/food/void', { id: mine.id }],
    ];
    for (const [url, body] of calls) {
      failure(await api.post(url, body), 401, 'login_required');
      const refused = failure(await api.post(url, body, { token: plain.token, lang: 'ja' }), 403, 'not_operator');
      expect(refused.msg).toBe(translate('ja', 'error.not_operator'));
    }
    // Another operator: not their base, not their purchase (as if neither existed).
    const theirPhoto = await upload(other.token);
    const asOther = { token: other.token };
    failure(await api.post('/api/manage/food/add', purchase({ receipt_photo: theirPhoto }), asOther), 404, 'not_found');
    failure(await api.post('/api/manage/food/void', { id: mine.id }, asOther), 404, 'not_found');
    failure(await api.post('/api/manage/food/list', { base_id: operator.station.baseId }, asOther), 404, 'not_found');
    const theirs = okData(await api.post('/api/manage/food/list', {}, asOther), FoodPurchaseListDataSchema);
    expect([theirs.list, theirs.bases.map((b) => b.id)]).toEqual([[], [other.station.baseId]]);
    // The receipt must be the operator's own upload.
    for (const receipt of [theirPhoto, 'https://elsewhere.example/receipt.jpg', '/uploads/never/uploaded.jpg'])
      failure(
        await api.post('/api/manage/food/add', purchase({ receipt_photo: receipt }), { token: operator.token }),
        400,
        'image_not_uploaded',
      );
    // Voided once, listed to its operator as voided, gone from the public account; never deleted.
    const voided = okData(
      await api.post('/api/manage/food/void', { id: mine.id }, { token: operator.token }),
      FoodPurchaseSchema,
    );
    expect(voided.voided_at).not.toBeNull();
    const again = okData(
      await api.post('/api/manage/food/void', { id: mine.id }, { token: operator.token }),
      FoodPurchaseSchema,
    );
    expect(again).toEqual(voided);
    const list = okData(
      await api.post('/api/manage/food/list', {}, { token: operator.token }),
      FoodPurchaseListDataSchema,
    );
    expect(list.list.find((p) => p.id === mine.id)).toEqual(voided);
    expect(list).toMatchObject({ currency: 'CNY', bases: [{ id: operator.station.baseId }, { id: big.baseId }] });
    expect((await baseAccount(operator.station.baseId)).purchases.map((p) => p.id)).not.toContain(mine.id);
  });

  it('refuses an invalid purchase at its field, in the user’s language, and records nothing', async () => {
    const photo = await upload(operator.token);
    const before = (await readTruth(api)).purchases.length;
    const future = new Date(Date.now() + 2 * DAY).toISOString().slice(0, 10);
    const cases: [Record<string, unknown>, string][] = [
      [{ amount: 0 }, 'v.foodAmount'],
      [{ amount: 12.5 }, 'v.foodAmount'],
      [{ grams: 0 }, 'v.foodGrams'],
      [{ currency: 'XYZ' }, 'v.foodCurrency'],
      [{ receipt_photo: ' ' }, 'v.foodPhoto'],
      [{ purchased_on: future }, 'v.foodDate'],
      [{ purchased_on: '2025-02-30' }, 'v.foodDate'],
      [{ note: 'x'.repeat(201) }, 'v.foodNote'],
    ];
    for (const lang of ['zh-CN', 'en'] as const)
      for (const [change, key] of cases) {
        const body = { ...purchase({ receipt_photo: photo }), ...change };
        const r = failure(
          await api.post('/api/manage/food/add', body, { token: operator.token, lang }),
          400,
          'validation_failed',
        );
        expect([change, r.msg]).toEqual([change, translate(lang, key)]);
      }
    expect((await readTruth(api)).purchases).toHaveLength(before);
  });

  it('answers a base that does not exist with not_found, to tourists too', async () => {
    failure(await api.post('/api/transparency/base', { base_id: 2_000_000 }), 404, 'not_found');
    failure(await api.post('/api/transparency/base', { base_id: 0 }, { lang: 'ja' }), 400, 'validation_failed');
  });
});
