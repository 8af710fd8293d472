import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { FeedLogDataSchema, FeedSchema } from '@petheart/contracts';
import { ledgerHolds } from '../src/db/schema';
import { failure, okData, type TestApi } from './harness';
import { createStation, feed, feedBody, feedSuite, newFeeder, setDevice, settled } from './feed-support';

describe('the feed: one per key, a queue per device, its owner’s, settled once', () => {
  const suite = feedSuite();
  const { online, wallet } = suite;
  let api: TestApi;
  beforeAll(() => {
    api = suite.api;
  });

  it('the same idempotency key answers the same feed: one hold, one command, even when sent at once', async () => {
    const station = await createStation(api);
    const device = await online(api, station, 'manual');
    const user = await newFeeder(api, 10); // exactly one portion: a second hold would be refused
    const body = feedBody(station.deviceId);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => api.post('/api/live/feed', body, { token: user.token })),
    );
    const ids = new Set(answers.map((r) => okData(r, FeedSchema).id));
    expect(ids.size).toBe(1);
    const [id] = [...ids];
    await device.waitForDistinct(1);
    device.ack(device.commands[0]?.id ?? '', 'dispensed', 10);
    expect(await settled(api, user.token, id ?? '')).toMatchObject({ status: 'succeeded', coins_charged: 10 });
    // Once more after it ended: the same feed, ended; nothing moves.
    expect(okData(await api.post('/api/live/feed', body, { token: user.token }), FeedSchema)).toMatchObject({
      id,
      status: 'succeeded',
    });
    expect(device.commands).toHaveLength(1);
    expect(await wallet(user.id)).toEqual({ balance: 0, held: 0, available: 0 });
    // A retry of the tap after the feeder went offline is still the feed it made, not a refusal.
    await setDevice(api, station.deviceId, { feederOnline: false });
    expect(okData(await api.post('/api/live/feed', body, { token: user.token }), FeedSchema).id).toBe(id);
    await setDevice(api, station.deviceId, { feederOnline: true });
    const holds = await api.container.database.db
      .select()
      .from(ledgerHolds)
      .where(eq(ledgerHolds.reference, id ?? ''));
    expect(holds.map((h) => h.status)).toEqual(['posted']);
    // The key with another portion is a client error, not a second feed.
    failure(
      await api.post('/api/live/feed', { ...body, grams: 20, coins: 18 }, { token: user.token }),
      400,
      'validation_failed',
    );
    // Another user's key space is their own: the same key is a new feed for them.
    const friend = await newFeeder(api, 10);
    const theirs = okData(await api.post('/api/live/feed', body, { token: friend.token }), FeedSchema);
    expect(theirs.id).not.toBe(id);
    await device.waitForDistinct(2);
    device.ack(device.commands[1]?.id ?? '', 'dispensed', 10);
    await settled(api, friend.token, theirs.id);
  });

  it('a queue per device: later feeds wait with their place and an expected wait, then run in order', async () => {
    const station = await createStation(api);
    const device = await online(api, station, 'manual');
    const users = await Promise.all([newFeeder(api, 10), newFeeder(api, 10), newFeeder(api, 10)]);
    const made = [];
    for (const u of users) made.push(await feed(api, u.token, feedBody(station.deviceId)));
    expect(made.map((f) => [f.status, f.queue_position, f.expected_wait_s])).toEqual([
      ['dispensing', 0, 0],
      ['queued', 1, 3],
      ['queued', 2, 6],
    ]);
    const third = okData(
      await api.post('/api/feed/status', { id: made[2]?.id }, { token: users[2].token }),
      FeedSchema,
    );
    expect(third).toMatchObject({ status: 'queued', queue_position: 2 });
    for (let i = 0; i < 3; i++) {
      await device.waitForDistinct(i + 1);
      expect(device.commands).toHaveLength(i + 1);
      device.ack(device.commands[i]?.id ?? '', 'dispensed', 10);
      const done = await settled(api, users[i]?.token ?? '', made[i]?.id ?? '');
      expect(done.status).toBe('succeeded');
    }
  });

  it('a feed is its owner’s: another user gets not_found for its status, receipt and log', async () => {
    const station = await createStation(api);
    await online(api, station, 'ack');
    const owner = await newFeeder(api, 10);
    const other = await newFeeder(api, 0);
    const f = await feed(api, owner.token, feedBody(station.deviceId));
    failure(await api.post('/api/feed/status', { id: f.id }, { token: other.token }), 404, 'not_found');
    failure(await api.post('/api/feed/detail', { id: f.id }, { token: other.token }), 404, 'not_found');
    failure(await api.post('/api/feed/status', { id: randomUUID() }, { token: owner.token }), 404, 'not_found');
    const log = okData(await api.post('/api/feed/log', {}, { token: other.token }), FeedLogDataSchema);
    expect(log.total).toBe(0);
    await settled(api, owner.token, f.id);
  });

  it('settling twice does nothing the second time; the sweeper finds nothing left to do', async () => {
    const station = await createStation(api);
    await online(api, station, 'ack');
    const user = await newFeeder(api, 10);
    const f = await feed(api, user.token, feedBody(station.deviceId));
    await settled(api, user.token, f.id);
    const { feedSettlement } = api.container.services;
    expect(await feedSettlement.settle(f.id, { status: 'acked', outcome: 'dispensed', grams: 10 })).toBeUndefined();
    expect(await feedSettlement.settle(f.id, { status: 'lost' })).toBeUndefined();
    await feedSettlement.sweep();
    expect(await wallet(user.id)).toEqual({ balance: 0, held: 0, available: 0 });
  });
});
