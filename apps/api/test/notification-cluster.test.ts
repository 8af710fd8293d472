import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, createTestApi, loginToken, type TestApi } from './harness';
import { NotificationSocket, listening } from './notification-support';
import { redisBin, startRedis } from './redis-support';

/**
 * Issue 29 §1: a notification written by one API process reaches its reader's app connected to another (the
 * processes share Redis). Each test API has a database of its own here; the demo users have the same ids in both.
 */
describe.skipIf(!redisBin)('notifications across two API processes sharing Redis', () => {
  let redis: { url: string; process: ChildProcess };
  const apis: TestApi[] = [];
  const sockets: NotificationSocket[] = [];

  beforeAll(async () => {
    redis = await startRedis(redisBin ?? '');
    for (let i = 0; i < 2; i++) apis.push(await createTestApi({ env: { REDIS_URL: redis.url }, serveWeb: false }));
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await Promise.all(apis.map((a) => a.close()));
    redis.process.kill();
  });

  it('reaches the reader’s socket on the other process, in the socket’s language, and so does a read', async () => {
    const [one, two] = apis;
    if (!one || !two) throw new Error('no APIs');
    const token = await loginToken(two, DEMO.user.email, DEMO.user.password);
    const userId = (await two.container.authenticator.authenticate(token))?.id;
    if (userId === undefined) throw new Error('not signed in');
    const here = await NotificationSocket.connect(await listening(two), { token, lang: 'zh-CN' });
    sockets.push(here);
    await listening(one);
    const [written] = await one.container.services.notifications.notify({
      userIds: [userId],
      kind: 'room_online',
      params: { device: 'Bund Feeder' },
      link: '/pages/live/live?device_id=PH-0001',
    });
    const [event] = await here.waitFor(1);
    expect(event?.notification).toMatchObject({
      id: written?.id,
      kind: 'room_online',
      title: 'Bund Feeder 重新开播了',
      link: '/pages/live/live?device_id=PH-0001',
    });

    // Read on the first process: the app on the second hears the count (0).
    const counted = new Promise<unknown>((resolve) => here.socket.once('notification_unread', resolve));
    await one.container.services.notifications.readAll(userId);
    expect(await counted).toEqual({ unread: 0 });
  });
});
