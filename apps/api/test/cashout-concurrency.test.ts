import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AdminCashoutDetailSchema, CashoutSchema } from '@petheart/contracts';
import { cashouts, ledgerHolds } from '../src/db/schema';
import { DEMO, createTestApi, loginToken, okData, type TestApi } from './harness';
import { application, apply, earn, earnings, expectBooksSound, newOperator } from './operator-support';

describe('cash-out under concurrency', () => {
  let api: TestApi;
  let admin: string;

  beforeAll(async () => {
    api = await createTestApi({ serveWeb: false });
    admin = await loginToken(api, DEMO.admin.email, DEMO.admin.password);
  });
  afterEach(async () => {
    await expectBooksSound(api);
  });
  afterAll(async () => {
    await api.close();
  });

  const rowsOf = (userId: number) =>
    api.container.database.db.select().from(cashouts).where(eq(cashouts.userId, userId));

  it('holds once for the same request sent many times at once', async () => {
    const op = await newOperator(api);
    await earn(api, op.id, 5_000);
    const body = application({ idempotency_key: randomUUID() });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => api.post('/api/cashout/apply', body, { token: op.token })),
    );
    const ids = new Set(answers.map((r) => okData(r, CashoutSchema).id));
    expect(ids.size).toBe(1);
    expect(await rowsOf(op.id)).toHaveLength(1);
    expect(await earnings(api, op.id)).toEqual({ balance: 5_000, held: 1_000, available: 4_000 });
    const holds = await api.container.database.db
      .select()
      .from(ledgerHolds)
      .where(eq(ledgerHolds.reference, `cashout:${String([...ids][0])}`));
    expect(holds).toHaveLength(1);
  });

  it('holds only what is available when different requests together ask for more', async () => {
    const op = await newOperator(api);
    // 3,500 coins: three requests of 1,000 fit, the other seven are refused.
    await earn(api, op.id, 3_500);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => api.post('/api/cashout/apply', application(), { token: op.token })),
    );
    const accepted = answers.filter((r) => r.status === 200);
    const refused = answers.filter((r) => r.status !== 200);
    expect(accepted).toHaveLength(3);
    expect(refused.map((r) => (r.body.data as { error: string }).error)).toEqual(
      Array.from({ length: 7 }, () => 'cashout_insufficient_earnings'),
    );
    expect(await rowsOf(op.id)).toHaveLength(3);
    expect(await earnings(api, op.id)).toEqual({ balance: 3_500, held: 3_000, available: 500 });
  });

  it('settles once when the console acts twice at the same moment', async () => {
    const op = await newOperator(api);
    await earn(api, op.id, 2_000);
    const c = await apply(api, op.token);
    await api.post('/api/admin/cashout/approve', { id: c.id }, { token: admin });
    await api.post('/api/admin/cashout/transferred', { id: c.id }, { token: admin });
    // Success, failure, expiry and the operator's claim race: exactly one ends it.
    const answers = await Promise.all([
      api.post('/api/admin/cashout/succeeded', { id: c.id }, { token: admin }),
      api.post('/api/admin/cashout/failed', { id: c.id, note: 'bounced' }, { token: admin }),
      api.post('/api/admin/cashout/expired', { id: c.id }, { token: admin }),
      api.post('/api/cashout/claim', { id: c.id }, { token: op.token }),
      api.post('/api/admin/cashout/succeeded', { id: c.id }, { token: admin }),
    ]);
    expect(answers.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    const detail = okData(
      await api.post('/api/admin/cashout/detail', { id: c.id }, { token: admin }),
      AdminCashoutDetailSchema,
    );
    expect(detail.history.filter((h) => h.from === 2)).toHaveLength(1);
    const after = await earnings(api, op.id);
    if (detail.status === 5) expect(after).toEqual({ balance: 1_000, held: 0, available: 1_000 });
    else expect(after).toEqual({ balance: 2_000, held: 0, available: 2_000 });
  });

  it('keeps a request and a release of the same earnings apart', async () => {
    const op = await newOperator(api);
    await earn(api, op.id, 1_000);
    const c = await apply(api, op.token);
    // Rejecting frees the 1,000 coins while a new request for them arrives: the new one is held only if it
    // came after the release, never on top of the first hold.
    const [, second] = await Promise.all([
      api.post('/api/admin/cashout/reject', { id: c.id, note: 'wrong card' }, { token: admin }),
      api.post('/api/cashout/apply', application(), { token: op.token }),
    ]);
    const held = await earnings(api, op.id);
    expect(held.held).toBe(second.status === 200 ? 1_000 : 0);
    expect(held.balance).toBe(1_000);
  });
});
