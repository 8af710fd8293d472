import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotificationUnreadEventSchema, UnreadDataSchema, translate } from '@petheart/contracts';
import { failure, okData } from './harness';
import { NotificationSocket, inbox, listening } from './notification-support';
import { communityApi, type CommunityApi } from './post-support';

/** Issue 29 §1: the notification centre's inbox, the post producer, and delivery over the app's socket. */
describe('the notification centre', () => {
  let c: CommunityApi;
  beforeAll(async () => {
    c = await communityApi();
  });
  afterAll(async () => {
    await c.close();
  });

  const unread = async (token: string) =>
    okData(await c.api.post('/api/notification/unread', {}, { token }), UnreadDataSchema).unread;
  const notify = (userId: number, n: number) =>
    c.api.container.services.notifications.notify({
      userIds: Array.from({ length: n }, () => userId),
      kind: 'room_online',
      params: { device: 'Bund Feeder' },
      link: '/pages/live/live?device_id=PH-0001',
    });

  it('tells a post’s author it was approved, in the language they read it in, and once', async () => {
    const post = await c.publish(c.demo, { content: 'Morning  at the\nBund, three cats', device_id: 'PH-0001' });
    expect((await inbox(c.api, c.demo)).list).toEqual([]);
    await c.approve(post.id);
    const en = await inbox(c.api, c.demo);
    expect(en).toMatchObject({ total: 1, unread: 1, page: 1 });
    expect(en.list[0]).toMatchObject({
      kind: 'post_approved',
      title: 'Your post was approved',
      body: '"Morning at the Bund, three cats" is now in the community',
      link: `/pages/community/detail?id=${String(post.id)}`,
      read: false,
      created_at: Math.floor(c.api.clock.now().getTime() / 1000),
    });
    const ja = await inbox(c.api, c.demo, { lang: 'ja' });
    expect(ja.list[0]).toMatchObject({
      title: '投稿が承認されました',
      body: '「Morning at the Bund, three cats」がコミュニティに公開されました',
    });
    // A second click on Approve changes nothing, and tells nobody again; nobody else heard.
    await c.approve(post.id);
    expect((await inbox(c.api, c.demo)).total).toBe(1);
    expect((await inbox(c.api, c.friend)).total).toBe(0);
  });

  it('tells the author of a rejected post the reason, and again when an edited post is decided', async () => {
    const post = await c.publish(c.friend, { content: 'A blurry one', device_id: 'PH-0002' });
    await c.reject(post.id, 'The photo is too blurry');
    const [rejected] = (await inbox(c.api, c.friend, { lang: 'zh-CN' })).list;
    expect(rejected).toMatchObject({
      kind: 'post_rejected',
      title: '你的帖子未通过审核',
      body: '“A blurry one”未发布，你可以修改后重新提交\n原因：The photo is too blurry',
    });
    c.api.clock.advance(1_000);
    const edited = await c.api.post(
      '/api/post/update',
      { id: post.id, content: 'A sharp one', device_id: 'PH-0002' },
      { token: c.friend },
    );
    expect(edited.status).toBe(200);
    await c.reject(post.id, 'Still blurry');
    await c.approve(post.id);
    expect((await inbox(c.api, c.friend)).list.map((n) => n.kind)).toEqual([
      'post_approved',
      'post_rejected',
      'post_rejected',
    ]);
  });

  it('pages the inbox newest first, with the unread count', async () => {
    await notify(c.ids.friend, 1);
    const before = (await inbox(c.api, c.friend)).total;
    await c.api.container.services.notifications.notifyEach(
      Array.from({ length: 12 }, (_, i) => ({
        userId: c.ids.friend,
        kind: 'feed_refunded' as const,
        params: { device: `Feeder ${String(i)}`, coins: i },
        link: '/pages/history/history',
      })),
    );
    const first = await inbox(c.api, c.friend, { limit: 5 });
    expect(first).toMatchObject({ total: before + 12, unread: before + 12, page: 1, limit: 5 });
    expect(first.list.map((n) => n.body)).toEqual(
      [11, 10, 9, 8, 7].map((i) =>
        translate('en', 'notify.feed_refunded.body', { device: `Feeder ${String(i)}`, coins: i }),
      ),
    );
    const ids = first.list.map((n) => n.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    const pages = await Promise.all([2, 3, 4].map((page) => inbox(c.api, c.friend, { limit: 5, page })));
    const rest = pages.flatMap((p) => p.list.map((n) => n.id));
    expect(rest).toHaveLength(before + 12 - 5);
    expect(new Set([...ids, ...rest]).size).toBe(before + 12);
    expect(rest.every((id) => id < Math.min(...ids))).toBe(true);
    expect((await inbox(c.api, c.friend, { page: 99 })).list).toEqual([]);
  });

  it('marks some read, never another user’s, and all read', async () => {
    const { list: mine, unread: total } = await inbox(c.api, c.friend);
    const r = await c.api.post('/api/notification/read', { ids: [mine[0]?.id, mine[1]?.id] }, { token: c.friend });
    expect(okData(r, UnreadDataSchema).unread).toBe(total - 2);
    expect((await inbox(c.api, c.friend, { limit: 3 })).list.map((n) => n.read)).toEqual([true, true, false]);
    // Reading again is harmless.
    expect(
      okData(await c.api.post('/api/notification/read', { ids: [mine[0]?.id] }, { token: c.friend }), UnreadDataSchema),
    ).toEqual({ unread: total - 2 });

    // The demo user names the friend's ids (with one of their own): refused, nothing marked on either side.
    const demoUnread = await unread(c.demo);
    const demoId = (await inbox(c.api, c.demo)).list[0]?.id;
    failure(
      await c.api.post('/api/notification/read', { ids: [demoId, mine[2]?.id] }, { token: c.demo }),
      404,
      'not_found',
    );
    expect(await unread(c.friend)).toBe(total - 2);
    expect(await unread(c.demo)).toBe(demoUnread);

    // Read all: only the caller's.
    expect(okData(await c.api.post('/api/notification/readAll', {}, { token: c.friend }), UnreadDataSchema)).toEqual({
      unread: 0,
    });
    expect((await inbox(c.api, c.friend)).list.every((n) => n.read)).toBe(true);
    expect(await unread(c.demo)).toBe(demoUnread);
  });

  it('refuses bad input with a 400 in the caller’s language, and tourists with a 401', async () => {
    for (const body of [{}, { ids: [] }, { ids: ['x'] }, { ids: [0] }, { ids: Array(101).fill(1) }, { ids: 1 }]) {
      const r = failure(
        await c.api.post('/api/notification/read', body, { token: c.demo, lang: 'ja' }),
        400,
        'validation_failed',
      );
      expect(r.msg).toMatch(/[ぁ-んァ-ン一-龥]/);
    }
    failure(await c.api.post('/api/notification/list', { page: 0 }, { token: c.demo }), 400, 'validation_failed');
    failure(await c.api.post('/api/notification/list', { limit: 101 }, { token: c.demo }), 400, 'validation_failed');
    for (const url of ['list', 'unread', 'read', 'readAll'])
      failure(await c.api.post(`/api/notification/${url}`, { ids: [1] }), 401, 'login_required');
  });

  it('delivers at once over the open app’s socket, in its language, with the unread count', async () => {
    const url = await listening(c.api);
    const demo = await NotificationSocket.connect(url, { token: c.demo, lang: 'ja' });
    const friend = await NotificationSocket.connect(url, { token: c.friend });
    const tourist = await NotificationSocket.connect(url, {});
    try {
      const post = await c.publish(c.demo, { content: 'Kittens!', device_id: 'PH-0003' });
      const before = await unread(c.demo);
      await c.approve(post.id);
      const [event] = await demo.waitFor(1);
      expect(event).toMatchObject({
        notification: {
          kind: 'post_approved',
          title: '投稿が承認されました',
          body: '「Kittens!」がコミュニティに公開されました',
          link: `/pages/community/detail?id=${String(post.id)}`,
          read: false,
        },
        unread: before + 1,
      });
      expect((await inbox(c.api, c.demo)).list[0]?.id).toBe(event?.notification.id);
      // A round trip on the others' sockets: what was sent to them before it has arrived.
      await friend.socket.emitWithAck('leave', { device_id: 'PH-0003' });
      await tourist.socket.emitWithAck('leave', { device_id: 'PH-0003' });
      expect(friend.received).toEqual([]);
      expect(tourist.received).toEqual([]);
    } finally {
      for (const s of [demo, friend, tourist]) s.close();
    }
  });

  it('tells the user’s other open apps the new unread count when some or all are read, and nobody else', async () => {
    const url = await listening(c.api);
    const [phone, tab, other] = await Promise.all([
      NotificationSocket.connect(url, { token: c.demo }),
      NotificationSocket.connect(url, { token: c.demo, lang: 'zh-CN' }),
      NotificationSocket.connect(url, { token: c.friend }),
    ]);
    const counts = (s: NotificationSocket) => {
      const seen: number[] = [];
      s.socket.on('notification_unread', (payload: unknown) => {
        seen.push(NotificationUnreadEventSchema.parse(payload).unread);
      });
      return seen;
    };
    const [onPhone, onTab, onOther] = [counts(phone), counts(tab), counts(other)];
    // A round trip on a socket: what the server sent it before has arrived.
    const settled = (s: NotificationSocket) => s.socket.emitWithAck('leave', { device_id: 'PH-0003' });
    try {
      await notify(c.ids.demo, 3);
      const { list, unread: total } = await inbox(c.api, c.demo);
      await c.api.post('/api/notification/read', { ids: [list[0]?.id] }, { token: c.demo });
      await Promise.all([phone, tab, other].map(settled));
      expect(onPhone).toEqual([total - 1]);
      expect(onTab).toEqual([total - 1]);
      await c.api.post('/api/notification/readAll', {}, { token: c.demo });
      await Promise.all([phone, tab, other].map(settled));
      expect(onTab).toEqual([total - 1, 0]);
      expect(onOther).toEqual([]);
    } finally {
      for (const s of [phone, tab, other]) s.close();
    }
  });
});
