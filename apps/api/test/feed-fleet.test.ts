import { mkdtemp, rm } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger, startSimulatedFleet, type Camera, type SimulatedFleet } from '@petheart/feeder';
import { ErrorEnvelopeSchema, FeedSchema } from '@petheart/contracts';
import { rowsOf } from '../src/db/rows';
import { createTestApi, type TestApi } from './harness';
import { createStation, feed, feedBody, newFeeder, nextState, settled, type Station } from './feed-support';
import { deviceDaysMismatches } from './device-days-support';

/** A camera that is simply on (the media server is off under test, so the device's own claim counts). */
const liveCamera = (): Camera => ({
  start: () => Promise.resolve(),
  stop: () => Promise.resolve(),
  online: () => true,
  onChange: () => () => undefined,
});

/**
 * Feeds against the real feeder agent with its simulated motor, scale and hopper (apps/feeder), and many
 * feeds at once from one wallet: exactly as many succeed as the wallet can pay for.
 */
describe('feeding simulated feeders', () => {
  let api: TestApi;
  let fleet: SimulatedFleet;
  let stateDir: string;
  let stations: Station[];

  beforeAll(async () => {
    api = await createTestApi({ seed: false, serveWeb: false });
    stations = [await createStation(api, { dailyGramCap: 5000 }), await createStation(api, { dailyGramCap: 5000 })];
    stateDir = await mkdtemp(path.join(os.tmpdir(), 'petheart-feed-fleet-'));
    const online = stations.map((s) => nextState(api, s.deviceId, (e) => e.feeder_online && e.camera_online));
    fleet = await startSimulatedFleet({
      devices: stations.map((s) => ({ id: s.deviceId, secret: s.secret })),
      broker: api.container.services.gateway.brokerUrl ?? '',
      stateDir,
      sim: { seed: 7, msPerGram: 0, settleMs: 0, noise: 0, stock: 100_000, capacity: 100_000 },
      createCamera: liveCamera,
      logger: () => silentLogger,
    });
    await fleet.ready();
    await Promise.all(online);
  });
  afterEach(async () => {
    const report = await api.container.services.ledger.checkInvariants();
    expect(report.problems).toEqual([]);
    expect(await deviceDaysMismatches(api.container.database.db)).toEqual([]);
  });
  afterAll(async () => {
    await fleet.stop();
    await api.close();
    await rm(stateDir, { recursive: true, force: true });
  });

  it('food falls and is charged; a jammed motor voids the hold', async () => {
    const [station] = stations;
    if (!station) throw new Error('no station');
    const user = await newFeeder(api, 40);
    const ok = await feed(api, user.token, feedBody(station.deviceId, { grams: 20, coins: 18 }));
    expect(await settled(api, user.token, ok.id)).toMatchObject({
      status: 'succeeded',
      grams_dispensed: 20,
      coins_charged: 18,
    });
    fleet.station(station.deviceId).motor.injectFault('jam');
    const jammed = await feed(api, user.token, feedBody(station.deviceId));
    expect(await settled(api, user.token, jammed.id)).toMatchObject({
      status: 'failed',
      reason: 'jammed',
      coins_charged: 0,
    });
    expect((await api.container.services.ledger.balances(user.id)).wallet).toEqual({
      balance: 22,
      held: 0,
      available: 22,
    });
    expect(fleet.station(station.deviceId).motor.maxConcurrentRuns).toBe(1);
  });

  it('100 parallel feeds from a wallet worth exactly 37: exactly 37 succeed, and it never goes negative', async () => {
    const user = await newFeeder(api, 370);
    const { ledger } = api.container.services;
    const watching = { done: false };
    let lowest = Infinity;
    const watcher = (async () => {
      while (!watching.done) {
        const { wallet } = await ledger.balances(user.id);
        lowest = Math.min(lowest, wallet.balance, wallet.available);
        await new Promise((r) => setImmediate(r));
      }
    })();
    const outcomes = await Promise.all(
      Array.from({ length: 100 }, async (_, i) => {
        const r = await api.post('/api/live/feed', feedBody(stations[i % 2]?.deviceId ?? ''), { token: user.token });
        return r.body.code === 1 ? FeedSchema.parse(r.body.data).id : ErrorEnvelopeSchema.parse(r.body).data.error;
      }),
    );
    const ids = outcomes.filter((o) => o !== 'insufficient_balance');
    expect(ids).toHaveLength(37);
    expect(outcomes.filter((o) => o === 'insufficient_balance')).toHaveLength(63);
    const ended = await Promise.all(ids.map((id) => settled(api, user.token, id)));
    watching.done = true;
    await watcher;
    expect(ended.every((f) => f.status === 'succeeded' && f.coins_charged === 10)).toBe(true);
    expect(lowest).toBeGreaterThanOrEqual(0);
    expect((await ledger.balances(user.id)).wallet).toEqual({ balance: 0, held: 0, available: 0 });
    // One command per feed, each dispensed once, one at a time per feeder.
    const dispensed = stations.reduce((sum, s) => sum + fleet.station(s.deviceId).motor.runs, 0);
    expect(dispensed).toBe(37 + 2); // + the first test's two
    for (const s of stations) expect(fleet.station(s.deviceId).motor.maxConcurrentRuns).toBe(1);
    // Batches of every size ran the same few prepared statements (decision 011): no statement carries its
    // values in its text. On PGlite the API's one session is the one this test reads.
    const { database } = api.container;
    if (database.kind === 'pglite') {
      const prepared = rowsOf<{ c: number }>(
        await database.db.execute(sql`SELECT count(*)::int AS c FROM pg_prepared_statements WHERE name LIKE 'ph\_%'`),
      );
      // Six here: the intake's read (with its lock) and write, the settlement's read, lock and write, the
      // device states. A statement with its values written in would add one per batch (dozens).
      expect(prepared[0]?.c).toBeGreaterThanOrEqual(4);
      expect(prepared[0]?.c).toBeLessThanOrEqual(12);
    }
  });
});
