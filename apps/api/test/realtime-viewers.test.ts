import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_NAMESPACE, LiveListDataSchema, RoomJoinAckSchema } from '@petheart/contracts';
import { LiveRealtime } from '../src/modules/realtime/realtime';
import { MAX_SOCKETS_PER_VIEWER as CAP } from '../src/modules/realtime/viewer-keys';
import { DEMO, createTestApi, loginToken, okData, type TestApi } from './harness';

interface ConnectOptions {
  token?: string;
  /** The client's own address (any 127.x.y.z is this machine on Linux): a tourist from elsewhere. */
  from?: string;
  headers?: Record<string, string>;
}

/** Connects to /live; resolves with the socket, or with the connect_error the server refused it with. */
async function connect(
  url: string,
  o: ConnectOptions = {},
): Promise<{ socket: Socket; refused?: { message: string; data?: unknown } }> {
  const socket = io(`${url}${LIVE_NAMESPACE}`, {
    transports: ['websocket'],
    auth: o.token ? { token: o.token } : {},
    reconnection: false,
    forceNew: true,
    ...(o.from ? { localAddress: o.from } : {}),
    ...(o.headers ? { extraHeaders: o.headers } : {}),
  });
  return new Promise((resolve) => {
    socket.once('connect', () => {
      resolve({ socket });
    });
    socket.once('connect_error', (error: Error & { data?: unknown }) => {
      resolve({ socket, refused: { message: error.message, data: error.data } });
    });
  });
}

async function join(socket: Socket, deviceId: string): Promise<number> {
  const ack = RoomJoinAckSchema.parse(await socket.timeout(5000).emitWithAck('join', { device_id: deviceId }));
  if (!ack.ok) throw new Error(`join ${deviceId}: ${ack.error}`);
  return ack.viewers;
}

/** Disconnects every socket (a refused one still holds its engine.io connection); waits for the connected. */
async function closeAll(sockets: Socket[]): Promise<void> {
  const connected = sockets.filter((s) => s.connected);
  const gone = connected.map(
    (s) =>
      new Promise<void>((resolve) =>
        s.once('disconnect', () => {
          resolve();
        }),
      ),
  );
  for (const s of sockets) s.disconnect();
  await Promise.all(gone);
}

async function until(check: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('realtime: a room counts distinct viewers', () => {
  let api: TestApi;
  let url: string;
  let demo: string;
  let friend: string;
  const sockets: Socket[] = [];
  const open = async (o: ConnectOptions = {}) => {
    const c = await connect(url, o);
    sockets.push(c.socket);
    return c;
  };
  const viewers = (deviceId: string) => api.container.services.realtime.viewers(deviceId);

  beforeAll(async () => {
    api = await createTestApi();
    await api.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${String((api.app.server.address() as AddressInfo).port)}`;
    [demo, friend] = await Promise.all([
      loginToken(api, DEMO.user.email, DEMO.user.password),
      loginToken(api, DEMO.friend.email, DEMO.friend.password),
    ]);
  });
  afterEach(async () => {
    await closeAll(sockets.splice(0));
    await until(() => ['PH-0005', 'PH-0006'].every((d) => viewers(d) === 0), 'empty rooms');
  });
  afterAll(async () => {
    await api.close();
  });

  it('a user counts once however many sockets; two users two; a tourist once per address', async () => {
    const tabs = await Promise.all([open({ token: demo }), open({ token: demo }), open({ token: demo })]);
    for (const t of tabs) await join(t.socket, 'PH-0006');
    expect(viewers('PH-0006')).toBe(1);
    await join((await open({ token: friend })).socket, 'PH-0006');
    expect(viewers('PH-0006')).toBe(2);
    const here = [await open(), await open(), await open()];
    for (const t of here) await join(t.socket, 'PH-0006');
    expect(viewers('PH-0006')).toBe(3);
    // Another address (127.0.0.2 is this machine too) is another tourist.
    expect(await join((await open({ from: '127.0.0.2' })).socket, 'PH-0006')).toBe(4);
    // Two of the user's three tabs leave: still 4; the last one closes: 3.
    for (const t of tabs.slice(0, 2))
      expect(await t.socket.timeout(5000).emitWithAck('leave', { device_id: 'PH-0006' })).toEqual({
        ok: true,
        viewers: 4,
      });
    await closeAll([tabs[2].socket]);
    await until(() => viewers('PH-0006') === 3, '3 viewers');
    // Joining the same room twice, or leaving a room not joined, changes nothing.
    const [first] = here;
    if (!first) throw new Error('no socket');
    expect(await join(first.socket, 'PH-0006')).toBe(3);
    await first.socket.timeout(5000).emitWithAck('leave', { device_id: 'PH-0005' });
    expect(viewers('PH-0006')).toBe(3);
  });

  it('300 tourist sockets from one address: the cap refuses the rest, the room counts 1 and stays below 2 real viewers', async () => {
    const flood = await Promise.all(Array.from({ length: 300 }, () => open()));
    const connected = flood.filter((c) => !c.refused);
    const refused = flood.filter((c) => c.refused);
    expect(connected).toHaveLength(CAP);
    expect(refused).toHaveLength(300 - CAP);
    // A clear error a client can act on, not a crash: socket.io's connect_error with an error id.
    expect(refused[0]?.refused).toEqual({ message: 'rate_limited', data: { error: 'rate_limited', limit: CAP } });
    await Promise.all(connected.map((c) => join(c.socket, 'PH-0005')));
    expect(viewers('PH-0005')).toBe(1);
    // Signed-in viewers from the same address are not refused: they are counted (and capped) per user.
    await join((await open({ token: demo })).socket, 'PH-0006');
    await join((await open({ token: friend })).socket, 'PH-0006');
    expect(viewers('PH-0006')).toBe(2);
    const top = okData(await api.post('/api/live/list', { tab: 'top', limit: 100 }), LiveListDataSchema).list;
    const rank = (id: string) => top.findIndex((r) => r.device_id === id);
    expect(top.find((r) => r.device_id === 'PH-0005')?.viewers).toBe(1);
    expect(rank('PH-0006')).toBeLessThan(rank('PH-0005'));
    // A freed socket makes room for a new one from that address.
    await closeAll([connected[0]?.socket].filter((s) => s !== undefined));
    const again = await open();
    expect(again.refused).toBeUndefined();
  });
});

describe('realtime: client addresses and the socket cap, on a bare server', () => {
  const servers: { server: HttpServer; realtime: LiveRealtime }[] = [];
  const sockets: Socket[] = [];

  /** Token `user-<id>` is that user, after `authMs`; any other is a tourist. */
  async function serve(
    trustProxy: boolean,
    o: { authMs?: number; cap?: number } = {},
  ): Promise<{ url: string; realtime: LiveRealtime }> {
    const realtime = new LiveRealtime({
      authenticator: {
        authenticate: async (token) => {
          await new Promise((r) => setTimeout(r, o.authMs ?? 0));
          const id = /^user-(\d+)$/.exec(token)?.[1];
          return id ? { id: Number(id), roles: [], tokenHash: token } : null;
        },
      },
      rooms: { roomStatus: () => Promise.resolve({ enabled: true, latestSeq: 0 }) },
      trustProxy,
      ...(o.cap ? { maxSocketsPerViewer: o.cap } : {}),
    });
    const server = createServer();
    realtime.attach(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    servers.push({ server, realtime });
    return { url: `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`, realtime };
  }
  const tourist = async (target: string, forwardedFor: string) => {
    const c = await connect(target, { headers: { 'x-forwarded-for': forwardedFor } });
    sockets.push(c.socket);
    if (c.refused) throw new Error(c.refused.message);
    return join(c.socket, 'PH-0001');
  };

  afterAll(async () => {
    await closeAll(sockets);
    for (const { server, realtime } of servers) {
      await realtime.close();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('X-Forwarded-For names the client only when the proxy is trusted (as request.ip does)', async () => {
    const trusting = await serve(true);
    expect(await tourist(trusting.url, '203.0.113.7')).toBe(1);
    expect(await tourist(trusting.url, '203.0.113.7, 10.0.0.2')).toBe(1);
    expect(await tourist(trusting.url, '198.51.100.9')).toBe(2);
    // IPv6: one /64 is one subscriber.
    expect(await tourist(trusting.url, '2001:db8:1:2::1')).toBe(3);
    expect(await tourist(trusting.url, '2001:db8:1:2:aaaa::5')).toBe(3);
    const direct = await serve(false);
    expect(await tourist(direct.url, '203.0.113.7')).toBe(1);
    expect(await tourist(direct.url, '198.51.100.9')).toBe(1);
    expect(direct.realtime.viewers('PH-0001')).toBe(1);
  });

  it('a client that closes while its token is checked holds no place; a disconnect frees one', async () => {
    const { url } = await serve(false, { authMs: 300, cap: 1 });
    const early = io(`${url}${LIVE_NAMESPACE}`, {
      transports: ['websocket'],
      auth: { token: 'user-1' },
      reconnection: false,
      forceNew: true,
    });
    await new Promise<void>((resolve) => early.io.once('open', resolve));
    early.disconnect();
    await new Promise((r) => setTimeout(r, 500));
    const first = await connect(url, { token: 'user-1' });
    sockets.push(first.socket);
    expect(first.refused).toBeUndefined();
    const second = await connect(url, { token: 'user-1' });
    sockets.push(second.socket);
    expect(second.refused).toEqual({ message: 'rate_limited', data: { error: 'rate_limited', limit: 1 } });
    // Another user is another viewer with a place of its own.
    const other = await connect(url, { token: 'user-2' });
    sockets.push(other.socket);
    expect(other.refused).toBeUndefined();
    await closeAll([first.socket]);
    // Free once the server has seen the disconnect (a few ms).
    let again = await connect(url, { token: 'user-1' });
    for (let i = 0; again.refused && i < 20; i++) {
      again.socket.disconnect();
      await new Promise((r) => setTimeout(r, 100));
      again = await connect(url, { token: 'user-1' });
    }
    sockets.push(again.socket);
    expect(again.refused).toBeUndefined();
  });
});
