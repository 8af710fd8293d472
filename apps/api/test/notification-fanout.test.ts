import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveFollows, notifications } from '../src/db/schema';
import { NotificationRepository } from '../src/modules/notification/repository';
import { NotificationService } from '../src/modules/notification/service';
import { createTestApi, type TestApi } from './harness';
import { createStation, newFeeder } from './feed-support';

/** Issue 29 §1: a fan-out to many readers is written a chunk of readers per statement, each chunk told at once. */
describe('the chunked fan-out', () => {
  let api: TestApi;
  let deviceId: string;
  let fans: number[];
  let batches: number[][];
  let service: NotificationService;

  beforeAll(async () => {
    api = await createTestApi({ seed: false, serveWeb: false });
    deviceId = (await createStation(api)).deviceId;
    fans = [];
    for (let i = 0; i < 10; i++) fans.push((await newFeeder(api, 0)).id);
    await api.container.database.db.insert(liveFollows).values(fans.map((userId) => ({ userId, deviceId })));
    service = new NotificationService({
      // Chunks of 3 readers: 10 followers are 4 statements.
      repo: new NotificationRepository(api.container.database.db, 3),
      clock: api.clock,
      listeners: [{ created: (batch) => batches.push(batch.map((n) => n.userId)) }],
      onError: (error) => {
        throw error;
      },
    });
  });
  afterAll(async () => {
    await api.close();
  });

  it('writes every follower once, in chunks, each chunk told as it is written', async () => {
    batches = [];
    const written = await service.notifyFollowers(deviceId, 'online:1');
    expect(written.map((n) => n.userId).sort((a, b) => a - b)).toEqual(fans);
    expect(batches).toEqual([fans.slice(0, 3), fans.slice(3, 6), fans.slice(6, 9), fans.slice(9)]);
  });

  it('goes on past chunks the dedupe key kept out, and writes only what is missing', async () => {
    const missing = [fans[0] ?? 0, fans[7] ?? 0];
    await api.container.database.db
      .delete(notifications)
      .where(and(inArray(notifications.userId, missing), eq(notifications.dedupeKey, 'online:1')));
    batches = [];
    expect((await service.notifyFollowers(deviceId, 'online:1')).map((n) => n.userId)).toEqual(missing);
    expect(batches).toEqual([[missing[0]], [missing[1]]]);
    batches = [];
    expect(await service.notifyFollowers(deviceId, 'online:1')).toEqual([]);
    expect(batches).toEqual([]);
  });

  it('chunks a list of users the same way (each once, unknown ids skipped)', async () => {
    batches = [];
    const ids = [...fans.slice(0, 7), fans[0] ?? 0, 999_999];
    const written = await service.notify({ userIds: ids, kind: 'review_queue', params: {}, link: '/admin' });
    expect(written).toHaveLength(7);
    expect(batches.map((b) => b.length)).toEqual([3, 3, 1]);
    expect(await service.notify({ userIds: [], kind: 'review_queue', params: {}, link: '/admin' })).toEqual([]);
  });
});
