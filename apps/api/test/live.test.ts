import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminDeviceSchema,
  CommentListDataSchema,
  FAN_POINTS,
  FanListDataSchema,
  FanMembershipSchema,
  FollowStateSchema,
  LiveCommentSchema,
  LiveDetailSchema,
  LiveListDataSchema,
  type LiveListData,
} from '@petheart/contracts';
import { devices } from '../src/db/schema';
import { distanceMetres } from '../src/lib/geo';
import { coarsePoint, publicPoint } from '../src/modules/base/location-policy';
import { DEFAULT_LOCATION } from '../src/modules/live/policy';
import { DEMO_BASES } from '../src/seed/demo-devices';
import { DEMO, createTestApi, failure, loginToken, okData, type TestApi } from './harness';

describe('live rooms over HTTP: lists, detail, follow, fan group, comments', () => {
  let api: TestApi;
  let admin: string;
  let demo: string;
  let friend: string;
  beforeAll(async () => {
    api = await createTestApi();
    [admin, demo, friend] = await Promise.all([
      loginToken(api, DEMO.admin.email, DEMO.admin.password),
      loginToken(api, DEMO.user.email, DEMO.user.password),
      loginToken(api, DEMO.friend.email, DEMO.friend.password),
    ]);
  });
  afterAll(async () => {
    await api.close();
  });

  const list = async (body: Record<string, unknown>, token?: string): Promise<LiveListData> =>
    okData(await api.post('/api/live/list', body, { token }), LiveListDataSchema);
  const ids = (data: LiveListData) => data.list.map((r) => r.device_id);
  const setOnline = (id: string, online: boolean) =>
    api.container.database.db
      .update(devices)
      .set({ feederOnline: online, cameraOnline: online })
      .where(eq(devices.id, id));

  it('near: nearest first from the given point, from Shanghai (Huangpu) without one, with distances', async () => {
    const all = DEMO_BASES.flatMap((b) => b.devices.map((d) => ({ id: d.id, base: b })));
    const expectedFrom = (from: { latitude: number; longitude: number }) =>
      all
        // From the base's public point: coarse unless published (decision 037; the demo publishes one).
        .map((d) => ({
          id: d.id,
          distance: Math.round(
            distanceMetres(from, publicPoint({ ...d.base, locationPublic: !!d.base.locationPublic })),
          ),
        }))
        .sort((a, b) => a.distance - b.distance || a.id.localeCompare(b.id));

    const near = await list({ tab: 'near', limit: 100 });
    expect(near.total).toBe(all.length);
    expect(near.list.map((r) => ({ id: r.device_id, distance: r.distance }))).toEqual(expectedFrom(DEFAULT_LOCATION));
    // Bund (1.5 km from the default point) first; Tokyo and Taipei last.
    expect(near.list[0]?.device_id).toBe('PH-0001');
    expect(near.list[0]?.distance).toBeGreaterThan(1000);
    expect(near.list[0]?.distance).toBeLessThan(2500);
    expect(ids(near).slice(-2).sort()).toEqual(['PH-0007', 'PH-0008']);

    const tokyo = { latitude: 35.7, longitude: 139.77 };
    const fromTokyo = await list({ tab: 'near', ...tokyo, limit: 100 });
    expect(fromTokyo.list.map((r) => ({ id: r.device_id, distance: r.distance }))).toEqual(expectedFrom(tokyo));
    expect(fromTokyo.list[0]?.device_id).toBe('PH-0007');

    // Paged: page 2 of 3 continues the same order.
    const page2 = await list({ tab: 'near', page: 2, limit: 3 });
    expect(ids(page2)).toEqual(ids(near).slice(3, 6));
    expect(page2).toMatchObject({ total: all.length, page: 2, limit: 3 });
    // Other tabs have a distance only when a point is given.
    expect((await list({ tab: 'top' })).list.every((r) => r.distance === null)).toBe(true);
    expect((await list({ tab: 'top', ...tokyo })).list.every((r) => typeof r.distance === 'number')).toBe(true);
  });

  it('room fields come from the device and its base', async () => {
    const room = (await list({ tab: 'near', limit: 1 })).list[0];
    const base = DEMO_BASES[0];
    expect(room).toMatchObject({
      device_id: 'PH-0001',
      name: 'Bund Feeder A',
      base_name: base?.name,
      // Its public location: coarse and without the address (decision 037).
      address: '',
      ...(base && coarsePoint(base)),
      cover: '',
      viewers: 0,
      followers: 0,
      online: false,
      feeder_online: false,
      camera_online: false,
    });
  });

  it('follow / unfollow are idempotent, count followers, and feed the follow tab (login needed)', async () => {
    failure(await api.post('/api/live/follow', { device_id: 'PH-0003' }), 401, 'login_required');
    failure(await api.post('/api/live/list', { tab: 'follow' }), 401, 'login_required');
    failure(await api.post('/api/live/follow', { device_id: 'PH-9999' }, { token: demo }), 404, 'not_found');

    const follow = (id: string, token: string) =>
      api.post('/api/live/follow', { device_id: id }, { token }).then((r) => okData(r, FollowStateSchema));
    expect(await follow('PH-0003', demo)).toEqual({ followed: true, followers: 1 });
    expect(await follow('PH-0003', demo)).toEqual({ followed: true, followers: 1 });
    const second = await api.post('/api/live/follow', { device_id: 'PH-0003' }, { token: friend, lang: 'zh-CN' });
    expect(okData(second, FollowStateSchema)).toEqual({ followed: true, followers: 2 });
    expect(second.body.msg).toBe('已关注');
    api.clock.advance(1000);
    await follow('PH-0006', demo);

    // Newest follow first.
    expect(ids(await list({ tab: 'follow' }, demo))).toEqual(['PH-0006', 'PH-0003']);
    expect(ids(await list({ tab: 'follow' }, admin))).toEqual([]);

    const unfollow = (id: string) =>
      api.post('/api/live/unfollow', { device_id: id }, { token: demo }).then((r) => okData(r, FollowStateSchema));
    expect(await unfollow('PH-0006')).toEqual({ followed: false, followers: 0 });
    expect(await unfollow('PH-0006')).toEqual({ followed: false, followers: 0 });
    expect(ids(await list({ tab: 'follow' }, demo))).toEqual(['PH-0003']);
  });

  it('recommend: online first, then viewers, then followers; top: viewers, then followers', async () => {
    // PH-0003 has 2 followers (above). PH-0005 online.
    await setOnline('PH-0005', true);
    try {
      const recommend = ids(await list({ tab: 'recommend', limit: 100 }));
      expect(recommend.slice(0, 2)).toEqual(['PH-0005', 'PH-0003']);
      expect(recommend.slice(2)).toEqual(['PH-0001', 'PH-0002', 'PH-0004', 'PH-0006', 'PH-0007', 'PH-0008']);
      // recommend is the default tab.
      expect(ids(await list({ limit: 100 }))).toEqual(recommend);
      const top = ids(await list({ tab: 'top', limit: 100 }));
      expect(top[0]).toBe('PH-0003');
      expect(top.slice(1)).toEqual(['PH-0001', 'PH-0002', 'PH-0004', 'PH-0005', 'PH-0006', 'PH-0007', 'PH-0008']);
    } finally {
      await setOnline('PH-0005', false);
    }
  });

  it('disabled devices leave the lists and their rooms answer not_found', async () => {
    const disabled = await api.post('/api/admin/device/disable', { device_id: 'PH-0004' }, { token: admin });
    expect(okData(disabled, AdminDeviceSchema).disabled).toBe(true);
    try {
      expect(ids(await list({ tab: 'near', limit: 100 }))).not.toContain('PH-0004');
      failure(await api.post('/api/live/detail', { device_id: 'PH-0004' }), 404, 'not_found');
      failure(await api.post('/api/live/comment/list', { device_id: 'PH-0004' }), 404, 'not_found');
      failure(await api.post('/api/live/fans/join', { device_id: 'PH-0004' }, { token: demo }), 404, 'not_found');
    } finally {
      await api.post('/api/admin/device/enable', { device_id: 'PH-0004' }, { token: admin });
    }
    failure(await api.post('/api/live/detail', { device_id: 'PH-NOPE' }), 404, 'not_found');
  });

  it('detail: a tourist sees the room; a member earns one visit point a day', async () => {
    const tourist = okData(await api.post('/api/live/detail', { device_id: 'PH-0003' }), LiveDetailSchema);
    expect(tourist).toMatchObject({
      device: { device_id: 'PH-0003', name: 'Xujiahui Feeder', online: false, days_in_operation: 0 },
      base: { name: 'Xujiahui Park Shelter Point' },
      viewers: 0,
      followers: 2,
      followed: false,
      fan_count: 0,
      fan: null,
      grams_today: 0,
      latest_seq: 0,
    });
    expect(tourist.device.base_id).toBe(tourist.base.id);
    expect(tourist.device.portions.length).toBeGreaterThan(0);

    failure(await api.post('/api/live/fans/join', { device_id: 'PH-0003' }), 401, 'login_required');
    const joined = await api.post('/api/live/fans/join', { device_id: 'PH-0003' }, { token: demo });
    expect(okData(joined, FanMembershipSchema)).toMatchObject({ level: 1, points: 0, next_level_points: 10 });
    expect(joined.body.msg).toBe('Welcome to the fan group');

    const detail = async (token: string) =>
      okData(await api.post('/api/live/detail', { device_id: 'PH-0003' }, { token }), LiveDetailSchema);
    const first = await detail(demo);
    expect(first).toMatchObject({ followed: true, fan_count: 1, fan: { level: 1, points: 1 } });
    expect((await detail(demo)).fan?.points).toBe(1);
    // Joining again changes nothing.
    okData(await api.post('/api/live/fans/join', { device_id: 'PH-0003' }, { token: demo }), FanMembershipSchema);
    expect((await detail(demo)).fan?.points).toBe(1);
    // A non-member's visit earns nothing.
    expect((await detail(friend)).fan).toBeNull();
    api.clock.advance(24 * 3600 * 1000);
    expect((await detail(demo)).fan?.points).toBe(2);
  });

  it('comments: validated in the request language, rate limited per user per room, listed for catch-up', async () => {
    const send = (content: unknown, token = demo, lang?: string) =>
      api.post('/api/live/comment/send', { device_id: 'PH-0003', content }, { token, ...(lang ? { lang } : {}) });
    failure(await send('hello', ''), 401, 'login_required');
    const empty = failure(await send('   '), 400, 'validation_failed');
    expect(empty.msg).toBe('Please enter the comment');
    expect(failure(await send('', demo, 'zh-CN'), 400, 'validation_failed').msg).toBe('请输入评论');
    expect(failure(await send(undefined, demo, 'ja'), 400, 'validation_failed').msg).toBe('コメントを入力してください');
    expect(failure(await send('x'.repeat(201)), 400, 'validation_failed').data.fields?.[0]?.path).toBe('content');
    const badId = failure(
      await api.post('/api/live/comment/send', { device_id: 'x', content: 'hi' }, { token: demo, lang: 'zh-TW' }),
      400,
      'validation_failed',
    );
    expect(badId.msg).toBe('設備ID須為3到64位字母、數字、_或-');

    const first = okData(await send('  first!  '), LiveCommentSchema);
    expect(first).toMatchObject({ device_id: 'PH-0003', nickname: 'Demo', content: 'first!', fan_level: 1 });
    // Too fast: 429 with the wait; nothing stored.
    const tooFast = failure(await send('second'), 429, 'comment_too_fast');
    expect(tooFast.data.retry_after).toBe(2);
    // Another user, or another room, is not held up.
    const friendsComment = okData(await send('hi from friend', friend), LiveCommentSchema);
    expect(friendsComment.fan_level).toBeNull();
    expect(friendsComment.seq).toBeGreaterThan(first.seq);
    api.clock.advance(2000);
    const second = okData(await send('second'), LiveCommentSchema);

    const all = okData(await api.post('/api/live/comment/list', { device_id: 'PH-0003' }), CommentListDataSchema);
    expect(all.list.map((c) => c.content)).toEqual(['first!', 'hi from friend', 'second']);
    expect(all.latest_seq).toBe(second.seq);
    const newest = okData(
      await api.post('/api/live/comment/list', { device_id: 'PH-0003', limit: 2 }),
      CommentListDataSchema,
    );
    expect(newest.list.map((c) => c.seq)).toEqual([friendsComment.seq, second.seq]);
    const after = okData(
      await api.post('/api/live/comment/list', { device_id: 'PH-0003', after_seq: first.seq }),
      CommentListDataSchema,
    );
    expect(after.list.map((c) => c.content)).toEqual(['hi from friend', 'second']);
    const none = okData(
      await api.post('/api/live/comment/list', { device_id: 'PH-0001', after_seq: 0 }),
      CommentListDataSchema,
    );
    expect(none).toEqual({ list: [], feeds: [], latest_seq: 0 });
    // The detail tells the newest sequence number.
    expect(okData(await api.post('/api/live/detail', { device_id: 'PH-0003' }), LiveDetailSchema).latest_seq).toBe(
      second.seq,
    );
  });

  it('twenty comments a minute at most, and comments earn fan points up to the daily cap', async () => {
    // A day of its own (00:10 UTC of the next day): the minute the comments span never crosses midnight, and
    // the earlier tests' comments are yesterday's.
    const now = api.clock.now();
    api.clock.advance(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1, 0, 10) - now.getTime());
    const before = okData(
      await api.post('/api/live/fans/join', { device_id: 'PH-0003' }, { token: demo }),
      FanMembershipSchema,
    );
    let sent = 0;
    let refused = 0;
    for (let i = 0; i < 30; i++) {
      const r = await api.post(
        '/api/live/comment/send',
        { device_id: 'PH-0003', content: `c${String(i)}` },
        { token: demo },
      );
      if (r.status === 200) sent++;
      else {
        failure(r, 429, 'comment_too_fast');
        refused++;
      }
      api.clock.advance(2000);
    }
    // One every 2 s: the minute window takes 20 of them and refuses the next 10.
    expect(sent).toBe(20);
    expect(refused).toBe(10);
    const after = okData(
      await api.post('/api/live/fans/join', { device_id: 'PH-0003' }, { token: demo }),
      FanMembershipSchema,
    );
    // The day's first comment brings the daily visit point; comments earn up to the day's cap.
    expect(after.points - before.points).toBe(FAN_POINTS.dailyVisit + FAN_POINTS.commentDailyCap);
  });

  it('fan list: members by points, with levels', async () => {
    okData(await api.post('/api/live/fans/join', { device_id: 'PH-0003' }, { token: friend }), FanMembershipSchema);
    const fans = okData(await api.post('/api/live/fans/list', { device_id: 'PH-0003' }), FanListDataSchema);
    expect(fans.total).toBe(2);
    expect(fans.list.map((m) => m.nickname)).toEqual(['Demo', 'Friend']);
    expect(fans.list[0]?.points).toBeGreaterThan(fans.list[1]?.points ?? 0);
    expect(fans.list[0]?.level).toBeGreaterThanOrEqual(2);
    expect(fans.list[1]).toMatchObject({ level: 1, points: 0 });
    failure(await api.post('/api/live/fans/list', { device_id: 'PH-NONE' }), 404, 'not_found');
  });
});
