import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FeedCertificateSchema, ImpactDataSchema, PROOF_STATES, type ImpactItem } from '@petheart/contracts';
import { bases } from '../src/db/schema';
import { createTestApi, failure, okData, type TestApi } from './harness';
import type { TestDevice } from './devices-support';
import { createStation, feed, feedBody, newFeeder, onlineDevice, settled } from './feed-support';
import { apply, newPerson, publish, review } from './support-fixtures';

/**
 * "My impact" (issue 28 §4): each feed and gift the user's coins paid for, newest first and paged, with totals
 * that are the certificate's own figures and that the listed items add up to.
 */
describe('my impact', () => {
  let api: TestApi;
  const devices: TestDevice[] = [];
  let mia: Awaited<ReturnType<typeof newFeeder>>;
  let operatorBaseId = 0;

  const impact = async (token: string, page = 1, limit = 10) =>
    okData(await api.post('/api/feed/impact', { page, limit }, { token }), ImpactDataSchema);
  const everything = async (token: string): Promise<ImpactItem[]> => {
    const items: ImpactItem[] = [];
    for (let page = 1; ; page++) {
      const data = await impact(token, page, 2);
      items.push(...data.list);
      if (data.list.length < 2) return items;
    }
  };

  beforeAll(async () => {
    api = await createTestApi({ seed: false, serveWeb: false });
    const admin = await newPerson(api, 'admin', true);
    const operator = await newPerson(api, 'operator');
    const one = await createStation(api, { operatorId: operator.id, revenueShareBp: 3000 });
    const two = await createStation(api);
    operatorBaseId = one.baseId;
    const { db } = api.container.database;
    await db.update(bases).set({ animalCount: 12 }).where(eq(bases.id, one.baseId));
    await db.update(bases).set({ animalCount: 5 }).where(eq(bases.id, two.baseId));
    devices.push(await onlineDevice(api, one, 'ack'), await onlineDevice(api, two, 'ack'));
    mia = await newFeeder(api, 1000, 'Mia');
    for (const [station, grams] of [
      [one, 10],
      [one, 20],
      [two, 10],
    ] as const) {
      const f = await feed(api, mia.token, feedBody(station.deviceId, { grams, coins: grams === 10 ? 10 : 18 }));
      await settled(api, mia.token, f.id);
      api.clock.advance(1000);
    }
    const request = await apply(api, operator, { name: 'Operator’s Own Shelter' });
    await review(api, admin, request.id, 1);
    const event = await publish(api, admin, request.id);
    const given = await api.post(
      '/api/support/give',
      { item_id: event.items[0]?.id ?? 0, points: 1, idempotency_key: randomUUID() },
      { token: mia.token },
    );
    okData(given, z.unknown());
  });
  afterAll(async () => {
    await Promise.all(devices.map((d) => d.end()));
    await api.close();
  });

  it('has the certificate’s totals, and its items add up to them', async () => {
    const certificate = okData(
      await api.post('/api/feed/certificate', {}, { token: mia.token }),
      FeedCertificateSchema,
    );
    const data = await impact(mia.token);
    expect(data.totals).toMatchObject({
      days_joined: certificate.days_joined,
      animals_helped: certificate.animals_helped,
      grams: certificate.grams,
      feeds: certificate.feeds,
      bases: certificate.bases,
    });
    expect(certificate).toMatchObject({ grams: 40, feeds: 3, bases: 2, animals_helped: 17 });
    const items = await everything(mia.token);
    expect(items).toHaveLength(data.total);
    const feeds = items.flatMap((i) => (i.kind === 'feed' ? [i] : []));
    const gifts = items.flatMap((i) => (i.kind === 'feed' ? [] : [i]));
    expect(feeds).toHaveLength(certificate.feeds);
    expect(feeds.reduce((n, f) => n + f.grams, 0)).toBe(certificate.grams);
    expect(new Set(feeds.map((f) => f.base_id)).size).toBe(certificate.bases);
    expect(feeds.reduce((n, f) => n + f.coins, 0)).toBe(data.totals.feed_coins);
    expect(data.totals.feed_coins).toBe(38);
    expect(gifts).toHaveLength(data.totals.gifts);
    expect(gifts.reduce((n, g) => n + g.coins, 0)).toBe(data.totals.gift_coins + data.totals.help_pay_coins);
    expect(data.totals.gift_coins).toBe(30);
    expect(data.pseudonym).toMatch(/^u_[0-9a-f]{16}$/);
  });

  it('lists newest first, each feed with its device, base and proof, each gift with its request and base', async () => {
    const items = await everything(mia.token);
    expect(items.map((i) => i.at)).toEqual([...items.map((i) => i.at)].sort((a, b) => b - a));
    const [gift] = items;
    expect(gift).toMatchObject({
      kind: 'gift',
      coins: 30,
      points: 1,
      station_name: 'Operator’s Own Shelter',
      base_id: operatorBaseId,
    });
    for (const f of items.filter((i) => i.kind === 'feed')) {
      expect(f.device_name).not.toBe('');
      expect(f.base_name).not.toBe('');
      expect(PROOF_STATES).toContain(f.proof.state);
    }
  });

  it('is empty for a user who spent nothing, and needs a login', async () => {
    const leo = await newFeeder(api, 0, 'Leo');
    const data = await impact(leo.token);
    expect(data).toMatchObject({ list: [], total: 0, totals: { grams: 0, feeds: 0, gifts: 0, feed_coins: 0 } });
    failure(await api.post('/api/feed/impact', {}), 401, 'login_required');
  });
});
