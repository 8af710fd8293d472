import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminFreeFoodListDataSchema, type DeviceAck } from '@petheart/contracts';
import { buildApp, type App } from '../src/app';
import { createContainer, type Container } from '../src/container';
import { deviceCommands, feeds } from '../src/db/schema';
import { LATE_ANSWER_WINDOW_MS } from '../src/modules/gateway/commands';
import { CommandRepository } from '../src/modules/gateway/repository';
import { FakeClock, createTestApi, loginToken, okData, type TestApi } from './harness';
import { deviceDaysMismatches } from './device-days-support';
import { TestDevice } from './devices-support';
import { createStation, feed, feedBody, newFeeder, onlineDevice, type Station } from './feed-support';

/**
 * Decision 026: answers that come after their command expired. The first API issues feeds and "dies" (its
 * settlement stopped, a 60 s timeout keeps its timers quiet); a second one starts on the same database, as a
 * restart does, and finds the commands expired without an answer. The devices then re-send their answers:
 * a feed still pending is charged once for what fell, however often the answer comes; a feed that was refunded
 * meanwhile stays refunded and is listed as food given free; an answer past the window, or for food that did
 * not fall, changes nothing.
 */
describe('late answers', () => {
  let first: TestApi;
  let second: { container: Container; app: App; clock: FakeClock } | undefined;
  const devices: TestDevice[] = [];

  beforeAll(async () => {
    first = await createTestApi({ seed: false, serveWeb: false, env: { FEED_TIMEOUT_MS: '60000' } });
  });
  afterAll(async () => {
    await second?.app.close();
    await Promise.all(devices.map((d) => d.end()));
    await first.close();
  });

  it('charge a pending feed once, record a refunded one as food given free, and ignore the rest', async () => {
    const { database } = first.container;
    const stations: Station[] = [];
    for (let i = 0; i < 4; i++) stations.push(await createStation(first));
    const before = await Promise.all(stations.map((s) => onlineDevice(first, s, 'manual')));
    devices.push(...before);
    const user = await newFeeder(first, 100);
    const email = `admin-${randomUUID()}@example.com`;
    await first.container.services.users.createWithEmail(email, {
      password: 'secret-pass',
      nickname: 'Late Admin',
      roles: ['user', 'admin'],
    });
    const admin = await loginToken(first, email, 'secret-pass');
    await first.container.services.feedSettlement.stop();

    // Four feeds, each dispensed by its device, whose answers never reached the API that died.
    const made = [];
    for (const [i, station] of stations.entries()) {
      const f = await feed(first, user.token, feedBody(station.deviceId));
      await before[i]?.waitForCommands(1);
      made.push({ feed: f, command: before[i]?.received[0]?.id ?? '', station });
    }
    const [paid, refunded, tooLate, jammed] = made;
    if (!paid || !refunded || !tooLate || !jammed) throw new Error('feeds missing');
    // The restart expired them without an answer (decision 011); one of them long ago (past the window).
    const commandIds = made.map((m) => m.command);
    await database.db.update(deviceCommands).set({ status: 'expired' }).where(inArray(deviceCommands.id, commandIds));
    await database.db
      .update(deviceCommands)
      .set({ expiresAt: new Date(Date.now() - LATE_ANSWER_WINDOW_MS - 60_000) })
      .where(eq(deviceCommands.id, tooLate.command));

    // The restart, a second after the commands' expiry: within the sweeper's grace nothing is refunded yet.
    const clock = new FakeClock(first.clock.now().getTime() + 61_000);
    const container = await createContainer(first.config, {
      database: { ...database, close: () => Promise.resolve() },
      clock,
    });
    second = { container, clock, app: await buildApp(container, { serveWeb: false }) };
    const { ledger, feedSettlement, gateway } = container.services;
    const feedRow = async (id: string) => (await database.db.select().from(feeds).where(eq(feeds.id, id)))[0];
    const commandRow = async (id: string) =>
      (await database.db.select().from(deviceCommands).where(eq(deviceCommands.id, id)))[0];
    expect((await feedRow(paid.feed.id))?.status).toBe('pending');

    // `refunded` is refunded before its device is back: its grace has passed.
    await database.db
      .update(feeds)
      .set({ expiresAt: new Date(clock.now().getTime() - 10_000) })
      .where(eq(feeds.id, refunded.feed.id));
    await feedSettlement.sweep();
    expect(await feedRow(refunded.feed.id)).toMatchObject({ status: 'failed', coinsCharged: 0 });
    expect((await ledger.balances(user.id)).wallet).toMatchObject({ balance: 100, held: 30 });

    // The devices reconnect and re-send their answers, twice each (a second reconnection).
    const after = await Promise.all(
      stations.map((s) => TestDevice.connect(gateway.brokerUrl ?? '', s.deviceId, s.secret, { mode: 'manual' })),
    );
    devices.push(...after);
    const answers: [TestDevice | undefined, string, DeviceAck['outcome'], number][] = [
      [after[0], paid.command, 'dispensed', 10],
      [after[1], refunded.command, 'dispensed', 9],
      [after[2], tooLate.command, 'dispensed', 10],
      [after[3], jammed.command, 'jammed', 0],
    ];
    for (const [device, id, outcome, grams] of answers) device?.ack(id, outcome, grams);
    await expect.poll(async () => (await commandRow(jammed.command))?.outcome).toBe('jammed');
    await expect.poll(async () => (await commandRow(refunded.command))?.outcome).toBe('dispensed');
    await feedSettlement.sweep();
    for (const [device, id, outcome, grams] of answers) device?.ack(id, outcome, grams);
    await new Promise((r) => setTimeout(r, 300));
    await feedSettlement.sweep();
    // The same answer again is not taken: the command keeps its first one.
    const again = await new CommandRepository(database.db).recordUnownedAnswer(
      paid.command,
      paid.station.deviceId,
      'acked',
      { outcome: 'dispensed', grams: 10, ackedAt: new Date() },
      new Date(Date.now() - LATE_ANSWER_WINDOW_MS),
    );
    expect(again).toBe(false);

    expect(await feedRow(paid.feed.id)).toMatchObject({ status: 'succeeded', gramsDispensed: 10, coinsCharged: 10 });
    // Charged: its command is acknowledged with the feed, as an answer in time would have been.
    expect(await commandRow(paid.command)).toMatchObject({ status: 'acked', outcome: 'dispensed', grams: 10 });
    // Food given free: the feed stays refunded, its expired command records what fell.
    expect(await feedRow(refunded.feed.id)).toMatchObject({ status: 'failed', reason: 'offline', coinsCharged: 0 });
    expect(await commandRow(refunded.command)).toMatchObject({ status: 'expired', outcome: 'dispensed', grams: 9 });
    // Past the window: not taken (the sweeper refunds it once its grace passes).
    expect(await commandRow(tooLate.command)).toMatchObject({ status: 'expired', outcome: null });
    // A jam: nothing fell, nothing charged.
    expect(await feedRow(jammed.feed.id)).toMatchObject({ status: 'failed', reason: 'jammed', coinsCharged: 0 });

    clock.advance(10_000);
    await feedSettlement.sweep();
    expect(await feedRow(tooLate.feed.id)).toMatchObject({ status: 'failed', coinsCharged: 0 });
    expect((await ledger.balances(user.id)).wallet).toEqual({ balance: 90, held: 0, available: 90 });
    expect((await ledger.checkInvariants()).problems).toEqual([]);
    expect(await deviceDaysMismatches(database.db)).toEqual([]);

    // The console lists the food given free (admins only).
    const list = async (body: object, token?: string) => {
      const r = await second?.app.inject({
        method: 'POST',
        url: '/api/admin/feed/free',
        payload: body,
        headers: token === undefined ? {} : { token },
      });
      return {
        status: r?.statusCode ?? 0,
        body: r?.json<{ code?: unknown; data?: unknown }>() ?? {},
        headers: r?.headers ?? {},
      };
    };
    const listed = okData(await list({}, admin), AdminFreeFoodListDataSchema);
    expect(listed).toMatchObject({ total: 1, page: 1, limit: 10 });
    expect(listed.list).toEqual([
      expect.objectContaining({
        feed_id: refunded.feed.id,
        device_id: refunded.station.deviceId,
        user_id: user.id,
        grams: 10,
        coins: 10,
        grams_dispensed: 9,
        reason: 'offline',
      }),
    ]);
    const other = okData(await list({ device_id: paid.station.deviceId }, admin), AdminFreeFoodListDataSchema);
    expect(other).toMatchObject({ total: 0, list: [] });
    expect((await list({}, user.token)).status).toBe(403);
  });
});
