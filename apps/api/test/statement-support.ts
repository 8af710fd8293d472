import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { StatementListDataSchema, type Feed, type StatementListData } from '@petheart/contracts';
import { supportGifts } from '../src/db/schema';
import { okData, type TestApi } from './harness';
import type { TestDevice } from './devices-support';
import { createStation, feed, feedBody, newFeeder, onlineDevice, settled, type Station } from './feed-support';
import { apply as applyCashout, earn } from './operator-support';
import { apply as applySupport, approvedStation, newPerson, publish, review, type Person } from './support-fixtures';

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

/** 'YYYY-MM' of a time (UTC). */
export const monthOf = (ms: number) => new Date(ms).toISOString().slice(0, 7);
/** The first instant (UTC) of the month `n` months after the one of `ms`. */
export function monthStart(ms: number, n = 0): number {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n, 1);
}

/** The coins, feeds and gifts of the statement tests, made through the real flows at chosen months. */
export interface StatementWorld {
  station: Station;
  device: TestDevice;
  operator: Person;
  admin: Person;
  mia: Awaited<ReturnType<typeof newFeeder>>;
  leo: Awaited<ReturnType<typeof newFeeder>>;
  /** Month starts (ms): feeds in m1, gifts in m2, a cash-out in m3; the clock ends in m4. */
  m1: number;
  m2: number;
  m3: number;
  m4: number;
  miaFeeds: Feed[];
  leoFeeds: Feed[];
  /** Mia's gift to the operator's own support request, and Leo's to another shelter's. */
  giftId: number;
  otherGiftId: number;
  cashoutId: number;
  /** Filled by the test that reads it from "My impact". */
  operatorPseudonym?: string;
}

/** Moves the test clock to `ms`. */
export function at(api: TestApi, ms: number): void {
  api.clock.advance(ms - api.clock.now().getTime());
}

/**
 * Two months ahead of now (so the base, created now, has empty months first): Mia feeds twice and Leo once
 * (m1); Mia gives to the support request the base's operator applied for, Leo to another shelter's (m2); the
 * operator cashes out (m3); the clock then stands two hours into m4.
 */
export async function buildStatementWorld(api: TestApi): Promise<StatementWorld> {
  // Logins expire as the clock moves on by months: each month's callers log in again.
  const fresh = async <P extends { id: number; token: string }>(p: P): Promise<P> => ({
    ...p,
    token: (await api.container.services.tokens.issue(p.id)).token,
  });
  const m1 = monthStart(api.clock.now().getTime(), 2);
  const [m2, m3, m4] = [monthStart(m1, 1), monthStart(m1, 2), monthStart(m1, 3)];
  at(api, m1 + DAY);
  const admin = await newPerson(api, 'admin', true);
  const operator = await newPerson(api, 'operator');
  const station = await createStation(api, { operatorId: operator.id, revenueShareBp: 3000 });
  const device = await onlineDevice(api, station, 'ack');
  const mia = await newFeeder(api, 1000, 'Mia');
  const leo = await newFeeder(api, 1000, 'Leo');
  const fed = async (user: { token: string }, grams: 10 | 20) =>
    settled(
      api,
      user.token,
      (await feed(api, user.token, feedBody(station.deviceId, { grams, coins: grams === 10 ? 10 : 18 }))).id,
    );
  const miaFeeds = [await fed(mia, 10), await fed(mia, 20)];
  at(api, m1 + 2 * DAY);
  const leoFeeds = [await fed(leo, 10)];

  at(api, m2 + DAY);
  let [admin2, operator2, mia2, leo2] = [await fresh(admin), await fresh(operator), await fresh(mia), await fresh(leo)];
  const request = await applySupport(api, operator2, { name: 'Operator’s Own Shelter' });
  await review(api, admin2, request.id, 1);
  const own = await publish(api, admin2, request.id);
  const other = await publish(api, admin2, await approvedStation(api, admin2, 'Elsewhere Haven'));
  const give = async (user: { token: string }, itemId: number, points: number) =>
    api.post('/api/support/give', { item_id: itemId, points, idempotency_key: randomUUID() }, { token: user.token });
  okData(await give(mia2, own.items[0]?.id ?? 0, 2), z.unknown());
  okData(await give(leo2, other.items[0]?.id ?? 0, 1), z.unknown());
  const { db } = api.container.database;
  const giftOf = async (userId: number) =>
    (await db.select({ id: supportGifts.id }).from(supportGifts).where(eq(supportGifts.userId, userId)))[0]?.id ?? 0;

  at(api, m3 + DAY);
  operator2 = await fresh(operator);
  await earn(api, operator.id, 2000);
  const cashout = await applyCashout(api, operator2.token);
  for (const action of ['approve', 'transferred', 'succeeded'] as const)
    await api.container.services.cashoutAdmin.act(action, cashout.id, '', admin.id);

  at(api, m4 + 2 * HOUR);
  [admin2, operator2, mia2, leo2] = [await fresh(admin), await fresh(operator), await fresh(mia), await fresh(leo)];
  return {
    station,
    device,
    operator: operator2,
    admin: admin2,
    mia: mia2,
    leo: leo2,
    m1,
    m2,
    m3,
    m4,
    miaFeeds,
    leoFeeds,
    giftId: await giftOf(mia.id),
    otherGiftId: await giftOf(leo.id),
    cashoutId: cashout.id,
  };
}

/** POST /api/statement/list. */
export async function statementList(api: TestApi, baseId: number): Promise<StatementListData> {
  return okData(await api.post('/api/statement/list', { base_id: baseId }), StatementListDataSchema);
}

/** GET a download address: status, headers and the body's bytes. */
export async function download(api: TestApi, url: string) {
  const response = await api.app.inject({ method: 'GET', url });
  return { status: response.statusCode, headers: response.headers, body: response.body };
}
