import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app';
import { createContainer, type Container } from '../src/container';
import { deviceCommands, feeds, ledgerHolds } from '../src/db/schema';
import { walletOf } from '../src/modules/ledger/policy';
import { FakeClock, createTestApi, type TestApi } from './harness';
import { TestDevice } from './devices-support';
import { createStation, feed, feedBody, newFeeder, onlineDevice } from './feed-support';

/**
 * Restart safety. The first API issues feeds and "dies" (it never acts again: a 60 s timeout keeps its own
 * timers quiet) at three bad moments: the device's ack was recorded but the feed not yet settled; the
 * command was sent and never answered; the feed and its hold were committed but no command was issued.
 * A second API on the same database (a restart, or another process) settles all three when it starts:
 * the ack is charged, the others are voided, and nothing is dispensed again.
 */
describe('feeds across a restart', () => {
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

  it('settles what a stopped process left: the recorded ack is charged, the rest voided, nothing sent twice', async () => {
    const operator = await newFeeder(first, 0);
    const acked = await createStation(first, { operatorId: operator.id, revenueShareBp: 5000 });
    const silent = await createStation(first);
    const ackDevice = await onlineDevice(first, acked, 'manual');
    const silentDevice = await onlineDevice(first, silent, 'silent');
    devices.push(ackDevice, silentDevice);
    const user = await newFeeder(first, 100);
    // This process is about to "die": its sweeper must not settle what the restart is meant to find.
    await first.container.services.feedSettlement.stop();

    // 1. The device answered and the gateway stored it; the process died before settling the feed.
    const a = await feed(first, user.token, feedBody(acked.deviceId));
    await ackDevice.waitForCommands(1);
    const commandA = ackDevice.received[0]?.id ?? '';
    await first.container.database.db
      .update(deviceCommands)
      .set({ status: 'acked', outcome: 'dispensed', grams: 9, ackedAt: new Date() })
      .where(eq(deviceCommands.id, commandA));
    // 2. Sent, never answered.
    const b = await feed(first, user.token, feedBody(silent.deviceId));
    await silentDevice.waitForCommands(1);
    // 3. Committed with its hold, then the process died before issuing the command.
    const cId = randomUUID();
    const hold = await first.container.services.ledger.hold({
      account: walletOf(user.id),
      amount: 10,
      idempotencyKey: `feed:${cId}`,
      reference: cId,
      expiresAt: new Date(first.clock.now().getTime() + 75_000),
    });
    await first.container.database.db.insert(feeds).values({
      id: cId,
      userId: user.id,
      idempotencyKey: randomUUID(),
      deviceId: silent.deviceId,
      baseId: silent.baseId,
      operatorId: null,
      revenueShareBp: 0,
      grams: 10,
      coins: 10,
      holdId: hold.id,
      commandId: randomUUID(),
      expiresAt: new Date(first.clock.now().getTime() + 60_000),
      createdAt: first.clock.now(),
    });
    expect((await first.container.services.ledger.balances(user.id)).wallet).toMatchObject({ held: 30 });

    // The restart: a new process on the same database, a minute later.
    const clock = new FakeClock(first.clock.now().getTime() + 66_000);
    const { database } = first.container;
    const container = await createContainer(first.config, {
      database: { ...database, close: () => Promise.resolve() },
      clock,
    });
    second = { container, clock, app: await buildApp(container, { serveWeb: false }) };

    const rows = await database.db.select().from(feeds).where(eq(feeds.userId, user.id));
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(a.id)).toMatchObject({ status: 'succeeded', gramsDispensed: 9, coinsCharged: 9 });
    // Its new broker had no device connected yet: the silent device counts as lost.
    expect(byId.get(b.id)).toMatchObject({ status: 'failed', reason: 'offline', coinsCharged: 0 });
    expect(byId.get(cId)).toMatchObject({ status: 'failed', coinsCharged: 0 });
    const { ledger } = container.services;
    expect((await ledger.balances(user.id)).wallet).toEqual({ balance: 91, held: 0, available: 91 });
    expect((await ledger.balances(operator.id)).earnings.balance).toBe(4);
    const holds = await database.db.select().from(ledgerHolds).where(eq(ledgerHolds.id, hold.id));
    expect(holds[0]?.status).toBe('voided');
    expect((await ledger.checkInvariants()).problems).toEqual([]);

    // Nothing is dispensed again, and sweeping again (or the first process's late word) changes nothing.
    await container.services.feedSettlement.sweep();
    expect(
      await container.services.feedSettlement.settle(a.id, { status: 'failed', outcome: 'jammed', grams: 0 }),
    ).toBeUndefined();
    expect(ackDevice.commands).toHaveLength(1);
    expect(silentDevice.commands).toHaveLength(1);
    expect((await ledger.balances(user.id)).wallet).toEqual({ balance: 91, held: 0, available: 91 });
  });
});

/**
 * A device that dispensed while its API process was down answers the process that replaced it: the answer
 * to the command nobody is waiting for is recorded, and the sweeper charges the feed for the food that fell.
 */
describe('an answer that reaches the restarted process', () => {
  let first: TestApi;
  let second: { container: Container; app: App } | undefined;
  const devices: TestDevice[] = [];

  beforeAll(async () => {
    first = await createTestApi({ seed: false, serveWeb: false, env: { FEED_TIMEOUT_MS: '60000' } });
  });
  afterAll(async () => {
    await second?.app.close();
    await Promise.all(devices.map((d) => d.end()));
    await first.close();
  });

  it('is recorded, and the feed is charged for what fell', async () => {
    const station = await createStation(first);
    const before = await onlineDevice(first, station, 'manual');
    devices.push(before);
    const user = await newFeeder(first, 50);
    await first.container.services.feedSettlement.stop();
    const fed = await feed(first, user.token, feedBody(station.deviceId));
    await before.waitForCommands(1);
    const commandId = before.received[0]?.id ?? '';

    // The restart, a few seconds later: the command is still within its time, and nobody waits for it.
    const clock = new FakeClock(first.clock.now().getTime() + 3_000);
    const { database } = first.container;
    const container = await createContainer(first.config, {
      database: { ...database, close: () => Promise.resolve() },
      clock,
    });
    second = { container, app: await buildApp(container, { serveWeb: false }) };
    const pending = await database.db.select().from(feeds).where(eq(feeds.id, fed.id));
    expect(pending[0]?.status).toBe('pending');

    // The device reconnects to the new process's broker and answers the command it ran.
    const after = await TestDevice.connect(
      container.services.gateway.brokerUrl ?? '',
      station.deviceId,
      station.secret,
      {
        mode: 'manual',
      },
    );
    devices.push(after);
    after.ack(commandId, 'dispensed', 10);
    const command = async () =>
      (await database.db.select().from(deviceCommands).where(eq(deviceCommands.id, commandId)))[0];
    await expect.poll(async () => (await command())?.status).toBe('acked');
    expect(await command()).toMatchObject({ outcome: 'dispensed', grams: 10 });

    await container.services.feedSettlement.sweep();
    const ended = await database.db.select().from(feeds).where(eq(feeds.id, fed.id));
    expect(ended[0]).toMatchObject({ status: 'succeeded', gramsDispensed: 10, coinsCharged: 10 });
    expect((await container.services.ledger.balances(user.id)).wallet).toEqual({
      balance: 40,
      held: 0,
      available: 40,
    });
    expect((await container.services.ledger.checkInvariants()).problems).toEqual([]);
  });
});
