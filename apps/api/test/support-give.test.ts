import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  SupportEventDetailSchema,
  SupportGiveDataSchema,
  SupportSupportersDataSchema,
  UserInfoDataSchema,
} from '@petheart/contracts';
import { ledgerTransactions, supportGifts, supportItems } from '../src/db/schema';
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

describe('supporting an item with coins', () => {
  let api: TestApi;
  let admin: Person;
  let stationId: number;

  const key = () => `k-${randomUUID()}`;
  const give = (user: Person, itemId: number, points: number, idempotencyKey = key(), lang?: string) =>
    api.post(
      '/api/support/give',
      { item_id: itemId, points, idempotency_key: idempotencyKey },
      { token: user.token, ...(lang ? { lang } : {}) },
    );
  const item = async (id: number) =>
    (await api.container.database.db.select().from(supportItems).where(eq(supportItems.id, id)))[0];
  const giftsOf = (userId: number) =>
    api.container.database.db.select().from(supportGifts).where(eq(supportGifts.userId, userId));
  const newItem = async (price: number, target: number) => {
    const event = await publish(api, admin, stationId, [{ title: 'Food', price, gift: '1 kg', target }]);
    const [first] = event.items;
    if (!first) throw new Error('no item');
    return { eventId: event.id, itemId: first.id };
  };

  beforeAll(async () => {
    api = await createTestApi({ seed: false, serveWeb: false });
    admin = await newPerson(api, 'admin', true);
    stationId = await approvedStation(api, admin);
  });
  afterEach(async () => {
    await expectLedgerSound(api);
  });
  afterAll(async () => {
    await api.close();
  });

  it('moves the coins wallet → support fund with the gift and the progress, in one transaction', async () => {
    const { eventId, itemId } = await newItem(30, 100);
    const user = await newPerson(api, 'giver');
    await fund(api, user.id, 200);
    const fundBefore = await supportFund(api);

    const given = okData(await give(user, itemId, 3), SupportGiveDataSchema);
    expect(given).toMatchObject({
      replayed: false,
      balance: 110,
      gift: { item_id: itemId, event_id: eventId, points: 3, coins: 90, source: 'coins' },
      item: { id: itemId, completed: 3, target: 100, supporters: 1, price: 30 },
    });
    expect(await wallet(api, user.id)).toBe(110);
    expect(await supportFund(api)).toBe(fundBefore + 90);
    const userinfo = okData(await api.get('/api/user/index', { token: user.token }), UserInfoDataSchema).userinfo;
    expect(userinfo.balance).toBe(110);
    const [gift] = await giftsOf(user.id);
    const [transaction] = await api.container.database.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.id, gift?.ledgerTransactionId ?? 0));
    expect(transaction).toMatchObject({ kind: 'support', reference: `support_item:${String(itemId)}` });

    const detail = okData(await api.post('/api/support/event', { id: eventId }), SupportEventDetailSchema);
    expect(detail).toMatchObject({ completed: 3, target: 100, supporters: 1 });
    const supporters = okData(
      await api.post('/api/support/supporters', { event_id: eventId }),
      SupportSupportersDataSchema,
    );
    expect(supporters.list).toMatchObject([{ user: { id: user.id }, item_title: 'Food', points: 3, coins: 90 }]);
    const byItem = okData(await api.post('/api/support/supporters', { item_id: itemId }), SupportSupportersDataSchema);
    expect(byItem.total).toBe(1);
    const neither = failure(await api.post('/api/support/supporters', {}, { lang: 'zh-TW' }), 400, 'validation_failed');
    expect(neither.msg).toBe('請指定活動或項目（二選一）');
  });

  it('too few coins: insufficient_balance, and nothing changes anywhere', async () => {
    const { itemId } = await newItem(30, 100);
    const user = await newPerson(api, 'poor');
    await fund(api, user.id, 50);
    const fundBefore = await supportFund(api);
    const refused = failure(await give(user, itemId, 2, key(), 'zh-CN'), 409, 'insufficient_balance');
    expect(refused.msg).toBe('余额不足');
    const english = failure(await give(user, itemId, 2), 409, 'insufficient_balance');
    expect(english.msg).toBe('Insufficient balance');
    expect(await wallet(api, user.id)).toBe(50);
    expect(await supportFund(api)).toBe(fundBefore);
    expect((await item(itemId))?.completed).toBe(0);
    expect(await giftsOf(user.id)).toEqual([]);
    // The refused key is free again: after more coins the same tap goes through.
    const tap = key();
    failure(await give(user, itemId, 2, tap), 409, 'insufficient_balance');
    await fund(api, user.id, 10);
    okData(await give(user, itemId, 2, tap), SupportGiveDataSchema);
    expect(await wallet(api, user.id)).toBe(0);
  });

  it('is idempotent: the same key answers the first gift (also when repeated at once); other data is refused', async () => {
    const { itemId } = await newItem(10, 1000);
    const user = await newPerson(api, 'twice');
    await fund(api, user.id, 100);
    const tap = key();
    const first = okData(await give(user, itemId, 2, tap), SupportGiveDataSchema);
    const again = okData(await give(user, itemId, 2, tap), SupportGiveDataSchema);
    expect(again).toMatchObject({ replayed: true, gift: first.gift, balance: 80 });
    const burst = await Promise.all(Array.from({ length: 10 }, () => give(user, itemId, 3, 'burst-key-0001')));
    const answers = burst.map((r) => okData(r, SupportGiveDataSchema));
    expect(new Set(answers.map((a) => a.gift.id)).size).toBe(1);
    expect(answers.filter((a) => !a.replayed)).toHaveLength(1);
    expect(await wallet(api, user.id)).toBe(50);
    expect((await item(itemId))?.completed).toBe(5);
    expect(await giftsOf(user.id)).toHaveLength(2);
    failure(await give(user, itemId, 4, tap), 400, 'validation_failed');
    // Another user's key of the same text is their own.
    const other = await newPerson(api, 'same-key');
    await fund(api, other.id, 30);
    expect(okData(await give(other, itemId, 2, tap), SupportGiveDataSchema).replayed).toBe(false);
  });

  it('refuses a full item, points past the target and a closed event, charging nothing', async () => {
    const { eventId, itemId } = await newItem(5, 4);
    const user = await newPerson(api, 'late');
    await fund(api, user.id, 100);
    const over = failure(await give(user, itemId, 5, key(), 'zh-CN'), 409, 'support_points_exceed');
    expect(over.msg).toBe('该项目只差4份');
    okData(await give(user, itemId, 4), SupportGiveDataSchema);
    const full = failure(await give(user, itemId, 1), 409, 'support_item_full');
    expect(full.msg).toBe('This item has reached its target');
    await api.post('/api/admin/support/event/update', { id: eventId, status: 'closed' }, { token: admin.token });
    const { itemId: open } = await newItem(5, 4);
    failure(await give(user, itemId, 1), 409, 'support_event_closed');
    failure(await give(user, 999_999, 1), 404, 'not_found');
    expect(await wallet(api, user.id)).toBe(80);
    okData(await give(user, open, 1), SupportGiveDataSchema);
  });

  it('validates the request in two languages; a tourist is asked to log in', async () => {
    const user = await newPerson(api, 'form');
    failure(
      await api.post('/api/support/give', { item_id: 1, points: 1, idempotency_key: key() }),
      401,
      'login_required',
    );
    const noPoints = failure(
      await api.post('/api/support/give', { item_id: 1, points: 0, idempotency_key: key() }, { token: user.token }),
      400,
      'validation_failed',
    );
    expect(noPoints.msg).toBe('Please enter the points (1 to 10000)');
    const noItem = failure(
      await api.post('/api/support/give', { points: 1, idempotency_key: key() }, { token: user.token, lang: 'ja' }),
      400,
      'validation_failed',
    );
    expect(noItem.msg).toBe('支援する項目を選択してください');
    failure(
      await api.post('/api/support/give', { item_id: 1, points: 1, idempotency_key: 'x' }, { token: user.token }),
      400,
      'validation_failed',
    );
  });

  it('50 parallel gifts on one item: completed is the sum of the gifts taken, never past the target', async () => {
    const { itemId } = await newItem(7, 100);
    const people = await Promise.all(Array.from({ length: 10 }, (_, i) => newPerson(api, `crowd${String(i)}`)));
    for (const p of people) await fund(api, p.id, 1000);
    const fundBefore = await supportFund(api);
    // 50 gifts of 1–4 points (125 asked for 100 wanted): some must be refused as the item fills.
    const asks = Array.from({ length: 50 }, (_, i) => ({ person: people[i % people.length], points: (i % 4) + 1 }));
    const answers = await Promise.all(
      asks.map(({ person, points }) => {
        if (!person) throw new Error('no person');
        return give(person, itemId, points);
      }),
    );
    const taken = answers.flatMap((r, i) => (r.status === 200 ? [asks[i]?.points ?? 0] : []));
    const refusals = answers.filter((r) => r.status !== 200);
    for (const r of refusals)
      expect(['support_item_full', 'support_points_exceed']).toContain((r.body.data as { error: string }).error);
    const sum = taken.reduce((a, b) => a + b, 0);
    const row = await item(itemId);
    expect(row?.completed).toBe(sum);
    expect(sum).toBeLessThanOrEqual(100);
    expect(sum).toBeGreaterThan(90);
    expect(await supportFund(api)).toBe(fundBefore + sum * 7);
    const spent = (await Promise.all(people.map((p) => wallet(api, p.id)))).reduce((a, b) => a + (1000 - b), 0);
    expect(spent).toBe(sum * 7);
  });

  it('many gifts of one user at once never overdraw the wallet', async () => {
    const { itemId } = await newItem(10, 10_000);
    const user = await newPerson(api, 'eager');
    await fund(api, user.id, 95);
    const answers = await Promise.all(Array.from({ length: 20 }, () => give(user, itemId, 1)));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(9);
    expect(answers.filter((r) => r.status === 409)).toHaveLength(11);
    expect(await wallet(api, user.id)).toBe(5);
    expect((await item(itemId))?.completed).toBe(9);
  });
});
