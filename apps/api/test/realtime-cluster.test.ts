import type { ChildProcess } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_NAMESPACE, LiveCommentSchema, RoomJoinAckSchema } from '@petheart/contracts';
import { DEMO, createTestApi, loginToken, okData, type TestApi } from './harness';
import { redisBin, startRedis } from './redis-support';

function until(check: () => boolean, what: string, timeoutMs = 8000): Promise<void> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const poll = () => {
      if (check()) resolve();
      else if (Date.now() - started > timeoutMs) reject(new Error(`timed out waiting for ${what}`));
      else setTimeout(poll, 10);
    };
    poll();
  });
}

describe.skipIf(!redisBin)('realtime across two API processes sharing Redis', () => {
  let redis: { url: string; process: ChildProcess };
  const apis: TestApi[] = [];
  const urls: string[] = [];
  const sockets: Socket[] = [];

  beforeAll(async () => {
    redis = await startRedis(redisBin ?? '');
    for (let i = 0; i < 2; i++) {
      const api = await createTestApi({ env: { REDIS_URL: redis.url } });
      await api.app.listen({ port: 0, host: '127.0.0.1' });
      apis.push(api);
      urls.push(`http://127.0.0.1:${String((api.app.server.address() as AddressInfo).port)}`);
    }
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await Promise.all(apis.map((a) => a.close()));
    redis.process.kill();
  });

  /** A socket to one process: a user's (token), or a tourist's from `from` (127.x.y.z, default 127.0.0.1). */
  async function viewer(url: string, o: { token?: string; from?: string } = {}) {
    const socket = io(`${url}${LIVE_NAMESPACE}`, {
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
      auth: o.token ? { token: o.token } : {},
      ...(o.from ? { localAddress: o.from } : {}),
    });
    sockets.push(socket);
    const events = { comments: [] as number[], viewers: [] as number[] };
    socket.on('comment', (c: unknown) => events.comments.push(LiveCommentSchema.parse(c).seq));
    socket.on('viewers', (v: { viewers: number }) => events.viewers.push(v.viewers));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    return { socket, events };
  }

  it('a comment sent to one process reaches viewers on the other, and viewer counts add up', async () => {
    const [one, two] = apis;
    if (!one || !two) throw new Error('no APIs');
    // Two tourists at two addresses (at one address they would be one viewer).
    const a = await viewer(urls[0] ?? '');
    const b = await viewer(urls[1] ?? '', { from: '127.0.0.2' });
    expect(RoomJoinAckSchema.parse(await a.socket.emitWithAck('join', { device_id: 'PH-0003' }))).toMatchObject({
      ok: true,
    });
    expect(RoomJoinAckSchema.parse(await b.socket.emitWithAck('join', { device_id: 'PH-0003' }))).toMatchObject({
      ok: true,
    });
    // Each process counts its own socket and the one the other announced.
    await until(() => a.events.viewers.at(-1) === 2 && b.events.viewers.at(-1) === 2, 'two viewers on both');
    expect(one.container.services.realtime.viewers('PH-0003')).toBe(2);

    const token = await loginToken(one, DEMO.user.email, DEMO.user.password);
    const sent = okData(
      await one.post('/api/live/comment/send', { device_id: 'PH-0003', content: 'across processes' }, { token }),
      LiveCommentSchema,
    );
    await until(() => a.events.comments.includes(sent.seq) && b.events.comments.includes(sent.seq), 'the comment');

    b.socket.disconnect();
    await until(() => a.events.viewers.at(-1) === 1, 'one viewer again');
    expect(two.container.services.realtime.viewers('PH-0003')).toBe(1);
  });

  it('a viewer with sockets on both processes counts once on both', async () => {
    const [one, two] = apis;
    if (!one || !two) throw new Error('no APIs');
    const counts = () => apis.map((api) => api.container.services.realtime.viewers('PH-0004'));
    const join = async (v: Awaited<ReturnType<typeof viewer>>) => {
      expect(RoomJoinAckSchema.parse(await v.socket.emitWithAck('join', { device_id: 'PH-0004' })).ok).toBe(true);
    };
    // The same seeded user on both processes (each has its own database, the same ids).
    const demoOne = await viewer(urls[0] ?? '', { token: await loginToken(one, DEMO.user.email, DEMO.user.password) });
    const demoTwo = await viewer(urls[1] ?? '', { token: await loginToken(two, DEMO.user.email, DEMO.user.password) });
    const touristOne = await viewer(urls[0] ?? '', { from: '127.0.0.3' });
    const touristTwo = await viewer(urls[1] ?? '', { from: '127.0.0.3' });
    for (const v of [demoOne, demoTwo, touristOne, touristTwo]) await join(v);
    await until(() => counts().every((n) => n === 2), 'the user and the tourist, once each');
    const friend = await viewer(urls[1] ?? '', {
      token: await loginToken(two, DEMO.friend.email, DEMO.friend.password),
    });
    await join(friend);
    await until(() => counts().every((n) => n === 3), 'three viewers on both');
    // The user leaves one process: still watching on the other. Then the other too.
    demoTwo.socket.disconnect();
    touristOne.socket.disconnect();
    await new Promise((r) => setTimeout(r, 1500));
    expect(counts()).toEqual([3, 3]);
    demoOne.socket.disconnect();
    await until(() => counts().every((n) => n === 2), 'two viewers after the user left both');
    await until(() => friend.events.viewers.at(-1) === 2, 'the count pushed to the room');
  });
});
