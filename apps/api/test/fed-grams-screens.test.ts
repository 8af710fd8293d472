import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AppConfigSchema,
  BaseAccountSchema,
  BaseDetailSchema,
  ManageDeviceListDataSchema,
  PlatformAccountSchema,
} from '@petheart/contracts';
import { rowsOf } from '../src/db/rows';
import { devices, feeds } from '../src/db/schema';
import { startOfUtcDay } from '../src/lib/time';
import { hashDeviceSecret } from '../src/modules/device/secrets';
import { FedGramsRepository } from '../src/modules/transparency/fed-grams-repository';
import { createTestApi, okData, type TestApi } from './harness';
import type { TestDevice } from './devices-support';
import { feed, feedBody, newFeeder, onlineDevice, settled } from './feed-support';
import { newOperator } from './operator-support';

const DAY = 86_400_000;

/**
 * Issue 28 §3: a base's page said "Total fed 0g" while device management showed thousands of grams per device.
 * The base page summed device_days.grams_dispensed (acknowledged dispense commands), device management and the
 * home page summed the acknowledged feeds: feeds without their command row (the demo's seeded days) showed in
 * one and not the other. Now one query (FedGramsRepository) defines grams fed per base, per device and in all,
 * and every screen that shows them answers exactly its figure.
 */
describe('grams fed: one query, every screen', () => {
  let api: TestApi;
  const online: TestDevice[] = [];

  beforeAll(async () => {
    api = await createTestApi({ seed: false, serveWeb: false });
  });
  afterAll(async () => {
    await Promise.all(online.map((d) => d.end()));
    await api.close();
  });

  it('answers the query’s figure on the base page, device management, the home page and the accounts', async () => {
    const { db } = api.container.database;
    const operator = await newOperator(api);
    const feeder = await newFeeder(api, 1_000);
    const first = operator.station.deviceId;
    const second = `${first}-B`;
    await db.insert(devices).values({
      id: second,
      baseId: operator.station.baseId,
      name: 'Second feeder',
      secretHash: await hashDeviceSecret(randomUUID()),
      revenueShareBp: 3000,
    });
    // Two feeds through the device: acknowledged, with their commands.
    online.push(await onlineDevice(api, operator.station));
    for (let i = 0; i < 2; i++) await settled(api, feeder.token, (await feed(api, feeder.token, feedBody(first))).id);
    // Feeds written as the demo seeds its past days: acknowledged, without command rows; and ones that count
    // nowhere (a jam after 5 g fell, one still pending).
    const now = api.clock.now().getTime();
    const row = (deviceId: string, at: number, over: Partial<typeof feeds.$inferInsert>) => ({
      id: randomUUID(),
      userId: feeder.id,
      idempotencyKey: randomUUID(),
      deviceId,
      baseId: operator.station.baseId,
      operatorId: operator.id,
      revenueShareBp: 3000,
      grams: 50,
      coins: 40,
      status: 'succeeded' as const,
      commandId: randomUUID(),
      expiresAt: new Date(at + 13_000),
      gramsDispensed: 50,
      coinsCharged: 0,
      createdAt: new Date(at),
      settledAt: new Date(at + 3_000),
      ...over,
    });
    await db
      .insert(feeds)
      .values([
        ...[1, 2, 3].map((d) => row(first, now - d * DAY, {})),
        row(second, now, { grams: 20, gramsDispensed: 20 }),
        row(second, now - 5 * DAY, { grams: 20, gramsDispensed: 20 }),
        row(first, now, { status: 'failed', reason: 'jammed', gramsDispensed: 5, settledAt: new Date(now) }),
        row(second, now, { status: 'pending', gramsDispensed: 0, settledAt: null }),
      ]);

    const fed = new FedGramsRepository(db);
    const baseGrams = await fed.total({ baseId: operator.station.baseId });
    const byDevice = await fed.byDevice([first, second]);
    const today = await fed.byDevice([first, second], startOfUtcDay(api.clock.now()));
    // By hand: 10 + 10 + 3 × 50 at the first device, 20 + 20 at the second.
    expect([baseGrams, byDevice.get(first), byDevice.get(second), today.get(first), today.get(second)]).toEqual([
      210, 170, 40, 20, 20,
    ]);
    // What the base page used to sum: the acknowledged commands' grams only.
    const days = await db.execute(
      sql`SELECT coalesce(sum(grams_dispensed), 0)::int AS g FROM device_days WHERE device_id IN (${first}, ${second})`,
    );
    expect(rowsOf<{ g: number }>(days)[0]?.g).toBe(20);

    const detail = okData(await api.post('/api/base/detail', { id: operator.station.baseId }), BaseDetailSchema);
    expect(detail.stats.fed_grams).toBe(baseGrams);
    const managed = okData(
      await api.post('/api/manage/devices', { page: 1, limit: 10 }, { token: operator.token }),
      ManageDeviceListDataSchema,
    );
    expect(managed.list.map((d) => [d.device_id, d.grams_total, d.grams_today])).toEqual(
      [first, second].map((id) => [id, byDevice.get(id), today.get(id)]),
    );
    const account = okData(
      await api.post('/api/transparency/base', { base_id: operator.station.baseId }),
      BaseAccountSchema,
    );
    expect(account.totals.grams_dispensed).toBe(baseGrams);
    expect(account.months.reduce((n, m) => n + m.grams_dispensed, 0)).toBe(baseGrams);
    const platform = okData(await api.post('/api/transparency/platform', {}), PlatformAccountSchema);
    expect(platform.totals.grams_dispensed).toBe(await fed.total());
    expect(platform.bases.find((b) => b.base_id === operator.station.baseId)?.grams_dispensed).toBe(baseGrams);
    // The home page's total food (its figures are reused for 10 s).
    api.clock.advance(11_000);
    const config = okData(await api.post('/api/configuration/getConfiguration', {}), AppConfigSchema);
    expect(config.statistics.total_food_grams).toBe(await fed.total());
  });
});
