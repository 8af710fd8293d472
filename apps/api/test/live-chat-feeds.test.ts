import { beforeAll, describe, expect, it } from 'vitest';
import { CommentListDataSchema, LiveCommentSchema, type CommentListData, type LiveComment } from '@petheart/contracts';
import { okData, type TestApi } from './harness';
import { createStation, feed, feedBody, feedSuite, newFeeder, settled } from './feed-support';

/** Issue 28 §2: feeds stay in the room — its chat history holds its succeeded feeds, paged with the comments. */
describe('the live room’s chat history holds its feeds', () => {
  const suite = feedSuite();
  let api: TestApi;
  beforeAll(() => {
    api = suite.api;
  });

  const history = async (body: Record<string, unknown>): Promise<CommentListData> =>
    okData(await api.post('/api/live/comment/list', body), CommentListDataSchema);
  const say = async (deviceId: string, token: string, content: string): Promise<LiveComment> =>
    okData(await api.post('/api/live/comment/send', { device_id: deviceId, content }, { token }), LiveCommentSchema);

  it('merges succeeded feeds by time, names them as the fed event does, and pages them with the comments', async () => {
    const station = await createStation(api);
    const device = await suite.online(api, station, 'manual');
    const watcher = await suite.watch(station.deviceId);
    const mia = await newFeeder(api, 100, 'Mia');
    const leo = await newFeeder(api, 100, 'Leo');
    const room = station.deviceId;

    /** Feeds and answers with `grams` (or a jam); the feed as it ended. */
    let commands = 0;
    const feedAndAnswer = async (token: string, over: { grams: number; coins: number }, jam = false) => {
      const sent = await feed(api, token, feedBody(room, over));
      commands += 1;
      await device.waitForDistinct(commands);
      device.ack(device.commands[commands - 1]?.id ?? '', jam ? 'jammed' : 'dispensed', jam ? 0 : over.grams);
      return settled(api, token, sent.id);
    };

    // Before anything: an empty history, no feeds.
    expect(await history({ device_id: room })).toEqual({ list: [], feeds: [], latest_seq: 0 });

    const c1 = await say(room, mia.token, 'hello');
    api.clock.advance(5_000);
    const f1 = await feedAndAnswer(mia.token, { grams: 10, coins: 10 });
    expect(f1.status).toBe('succeeded');
    await watcher.untilFed(1);
    expect(watcher.fed[0]).toMatchObject({ device_id: room, feed_id: f1.id, nickname: 'Mia', grams: 10 });
    api.clock.advance(5_000);
    // A jam: nothing fell, no line.
    expect((await feedAndAnswer(leo.token, { grams: 10, coins: 10 }, true)).status).toBe('failed');
    api.clock.advance(5_000);
    const c2 = await say(room, leo.token, 'yum');
    api.clock.advance(5_000);
    const f2 = await feedAndAnswer(leo.token, { grams: 20, coins: 18 });
    await watcher.untilFed(2);
    expect(watcher.fed[1]).toMatchObject({ feed_id: f2.id, nickname: 'Leo', grams: 20 });
    expect(watcher.fed).toHaveLength(2);

    // The newest page: both comments, both feeds (with nickname, grams measured and when the food fell).
    const all = await history({ device_id: room });
    expect(all.list.map((c) => c.content)).toEqual(['hello', 'yum']);
    expect(all.feeds).toEqual([
      { feed_id: f1.id, device_id: room, nickname: 'Mia', grams: 10, fed_at: f1.settled_at },
      { feed_id: f2.id, device_id: room, nickname: 'Leo', grams: 20, fed_at: f2.settled_at },
    ]);
    // Merged by time: hello < Mia's feed < yum < Leo's feed.
    const [line1, line2] = all.feeds;
    expect(c1.created_at).toBeLessThan(line1?.fed_at ?? 0);
    expect(line1?.fed_at ?? 0).toBeLessThan(c2.created_at);
    expect(c2.created_at).toBeLessThan(line2?.fed_at ?? 0);

    // A full newest page covers only its own stretch: from its oldest comment on.
    const newest = await history({ device_id: room, limit: 1 });
    expect(newest.list.map((c) => c.seq)).toEqual([c2.seq]);
    expect(newest.feeds.map((f) => f.feed_id)).toEqual([f2.id]);

    // A catch-up from a comment: the feeds since it; a full catch-up page stops at its last comment.
    const after1 = await history({ device_id: room, after_seq: c1.seq });
    expect(after1.list.map((c) => c.seq)).toEqual([c2.seq]);
    expect(after1.feeds.map((f) => f.feed_id)).toEqual([f1.id, f2.id]);
    const page1 = await history({ device_id: room, after_seq: c1.seq, limit: 1 });
    expect(page1.feeds.map((f) => f.feed_id)).toEqual([f1.id]);
    const page2 = await history({ device_id: room, after_seq: c2.seq, limit: 1 });
    expect(page2.list).toEqual([]);
    // A reconnect after feeds but no comments still finds them.
    expect(page2.feeds.map((f) => f.feed_id)).toEqual([f2.id]);

    // Feeds made while the viewer was away, with no comment since: the catch-up after the last comment.
    api.clock.advance(5_000);
    const f3 = await feedAndAnswer(mia.token, { grams: 10, coins: 10 });
    const away = await history({ device_id: room, after_seq: c2.seq });
    expect(away.list).toEqual([]);
    expect(away.feeds.map((f) => f.feed_id)).toEqual([f2.id, f3.id]);
    // At most `limit` feeds, the newest of the stretch.
    expect((await history({ device_id: room, limit: 1 })).feeds.map((f) => f.feed_id)).toEqual([f3.id]);
    // Each room hears only of its own feeds.
    const other = await createStation(api);
    expect(await history({ device_id: other.deviceId, after_seq: 0 })).toEqual({ list: [], feeds: [], latest_seq: 0 });
  });
});
