import type { AddressInfo } from 'node:net';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CommentListDataSchema,
  LIVE_NAMESPACE,
  LiveCommentSchema,
  LiveServerEvents,
  RoomJoinAckSchema,
  RoomLeaveAckSchema,
  type LiveComment,
  type LiveServerEvent,
  type RoomJoinAck,
  type RoomLeaveAck,
} from '@petheart/contracts';
import { demoDeviceCredentials } from '../src/seed/demo-devices';
import { DEMO, createTestApi, failure, loginToken, okData, type TestApi } from './harness';
import { TestDevice } from './devices-support';

type Received = {
  [K in keyof typeof LiveServerEvents]: { event: K; payload: LiveServerEvent<K> };
}[keyof typeof LiveServerEvents];

/** A socket.io client in the /live namespace that records every server event (checked against the contract). */
class Viewer {
  readonly received: Received[] = [];
  private waiters: { check: () => boolean; resolve: () => void }[] = [];

  private constructor(readonly socket: Socket) {
    for (const name of Object.keys(LiveServerEvents) as (keyof typeof LiveServerEvents)[]) {
      socket.on(name, (payload: unknown) => {
        this.received.push({ event: name, payload: LiveServerEvents[name].parse(payload) } as Received);
        this.waiters = this.waiters.filter((w) => {
          if (!w.check()) return true;
          w.resolve();
          return false;
        });
      });
    }
  }

  /** `from`: the client's own address (127.x.y.z is this machine on Linux), for tourists at other addresses. */
  static async connect(url: string, token?: string, from?: string): Promise<Viewer> {
    const socket = io(`${url}${LIVE_NAMESPACE}`, {
      transports: ['websocket'],
      auth: token ? { token } : {},
      reconnection: false,
      forceNew: true,
      ...(from ? { localAddress: from } : {}),
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => {
        resolve();
      });
      socket.once('connect_error', reject);
    });
    return new Viewer(socket);
  }

  async join(deviceId: unknown): Promise<RoomJoinAck> {
    return RoomJoinAckSchema.parse(await this.socket.timeout(5000).emitWithAck('join', { device_id: deviceId }));
  }

  async leave(deviceId: string): Promise<RoomLeaveAck> {
    return RoomLeaveAckSchema.parse(await this.socket.timeout(5000).emitWithAck('leave', { device_id: deviceId }));
  }

  events<K extends Received['event']>(event: K): Extract<Received, { event: K }>['payload'][] {
    return this.received.filter((r) => r.event === event).map((r) => r.payload) as never;
  }

  viewerCounts(deviceId: string): number[] {
    return this.events('viewers')
      .filter((v) => v.device_id === deviceId)
      .map((v) => v.viewers);
  }

  /** Resolves once `check` holds (checked now and at every event); fails after timeoutMs. */
  until(check: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
    if (check()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new Error(`timed out waiting for ${what}; got ${JSON.stringify(this.received)}`));
      }, timeoutMs);
      this.waiters.push({
        check,
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
      });
    });
  }

  untilViewers(deviceId: string, n: number): Promise<void> {
    return this.until(() => this.viewerCounts(deviceId).at(-1) === n, `${String(n)} viewers of ${deviceId}`);
  }

  untilComment(seq: number): Promise<void> {
    return this.until(() => this.events('comment').some((c) => c.seq === seq), `comment ${String(seq)}`);
  }

  close(): Promise<void> {
    if (this.socket.disconnected) return Promise.resolve();
    return new Promise((resolve) => {
      this.socket.once('disconnect', () => {
        resolve();
      });
      this.socket.disconnect();
    });
  }
}

describe('realtime: socket.io rooms per live stream', () => {
  let api: TestApi;
  let url: string;
  let demo: string;
  let friend: string;
  let admin: string;
  let closed = false;
  const viewers: Viewer[] = [];
  const connect = async (token?: string, from?: string) => {
    const v = await Viewer.connect(url, token, from);
    viewers.push(v);
    return v;
  };

  beforeAll(async () => {
    api = await createTestApi();
    await api.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${String((api.app.server.address() as AddressInfo).port)}`;
    [demo, friend, admin] = await Promise.all([
      loginToken(api, DEMO.user.email, DEMO.user.password),
      loginToken(api, DEMO.friend.email, DEMO.friend.password),
      loginToken(api, DEMO.admin.email, DEMO.admin.password),
    ]);
  });
  afterAll(async () => {
    await Promise.all(viewers.map((v) => v.close()));
    if (!closed) await api.close();
  });

  const sendComment = async (token: string, deviceId: string, content: string): Promise<LiveComment> => {
    api.clock.advance(2000); // past the 2-second comment limit
    return okData(
      await api.post('/api/live/comment/send', { device_id: deviceId, content }, { token }),
      LiveCommentSchema,
    );
  };

  it('two viewers see the count reach 2 and each other’s comments; leaving updates the count', async () => {
    const a = await connect(demo);
    const b = await connect();
    expect(await a.join('PH-0003')).toEqual({ ok: true, viewers: 1, latest_seq: 0 });
    expect(await b.join('PH-0003')).toEqual({ ok: true, viewers: 2, latest_seq: 0 });
    expect(api.container.services.realtime.viewers('PH-0003')).toBe(2);
    await Promise.all([a.untilViewers('PH-0003', 2), b.untilViewers('PH-0003', 2)]);

    const fromDemo = await sendComment(demo, 'PH-0003', 'hello room');
    const fromFriend = await sendComment(friend, 'PH-0003', 'hi demo');
    await Promise.all([a.untilComment(fromFriend.seq), b.untilComment(fromFriend.seq)]);
    for (const v of [a, b]) {
      expect(v.events('comment')).toEqual([fromDemo, fromFriend]);
    }
    expect(fromDemo).toMatchObject({ nickname: 'Demo', content: 'hello room', device_id: 'PH-0003' });

    expect(await b.leave('PH-0003')).toEqual({ ok: true, viewers: 1 });
    await a.untilViewers('PH-0003', 1);
    const afterLeave = await sendComment(demo, 'PH-0003', 'anyone?');
    await a.untilComment(afterLeave.seq);
    // A round trip on b's connection: anything sent to it before would have arrived first.
    await b.join('PH-NOPE');
    expect(b.events('comment').map((c) => c.seq)).not.toContain(afterLeave.seq);
    // Other rooms never see this room's comments.
    const c = await connect();
    await c.join('PH-0002');
    const elsewhere = await sendComment(friend, 'PH-0002', 'other room');
    await c.untilComment(elsewhere.seq);
    expect(a.events('comment').map((x) => x.seq)).not.toContain(elsewhere.seq);

    // A disconnect counts as leaving.
    await b.join('PH-0003');
    await a.untilViewers('PH-0003', 2);
    await b.close();
    await a.untilViewers('PH-0003', 1);
  });

  it('viewer counts are coalesced: 20 joins within a second give at most 2 updates, ending on the final count', async () => {
    // 21 tourists at 21 addresses: 21 distinct viewers (tourists at one address count once).
    const watcher = await connect(undefined, '127.0.1.100');
    await watcher.join('PH-0005');
    await watcher.untilViewers('PH-0005', 1);
    const before = watcher.viewerCounts('PH-0005').length;
    const crowd = await Promise.all(
      Array.from({ length: 20 }, (_, i) => connect(undefined, `127.0.1.${String(i + 1)}`)),
    );
    const started = Date.now();
    const acks = await Promise.all(crowd.map((v) => v.join('PH-0005')));
    const joinMs = Date.now() - started;
    expect(acks.every((a) => a.ok)).toBe(true);
    await watcher.untilViewers('PH-0005', 21);
    const updates = watcher.viewerCounts('PH-0005').slice(before);
    // At most one update a second, plus the trailing one: 2 when the joins took under a second (they
    // normally take a few tens of ms; a very slow machine gets the same rule over its longer span).
    expect(updates.length).toBeLessThanOrEqual(1 + Math.max(1, Math.ceil(joinMs / 1000)));
    expect(updates.at(-1)).toBe(21);
    // Everyone in the room got the final count too.
    await Promise.all(crowd.map((v) => v.untilViewers('PH-0005', 21)));

    await Promise.all(crowd.map((v) => v.close()));
    await watcher.untilViewers('PH-0005', 1);
    expect(watcher.viewerCounts('PH-0005').slice(before).length).toBeLessThanOrEqual(4);
  });

  it('a reconnecting viewer fetches what it missed after the last sequence number it has', async () => {
    const first = await connect();
    await first.join('PH-0006');
    const seen = await sendComment(demo, 'PH-0006', 'before the tunnel');
    await first.untilComment(seen.seq);
    await first.close();

    const missed = [
      await sendComment(demo, 'PH-0006', 'while away 1'),
      await sendComment(friend, 'PH-0006', 'while away 2'),
    ];
    const again = await connect();
    const ack = await again.join('PH-0006');
    expect(ack).toMatchObject({ ok: true, latest_seq: missed[1]?.seq });
    const lastSeen = Math.max(...first.events('comment').map((c) => c.seq));
    const catchUp = okData(
      await api.post('/api/live/comment/list', { device_id: 'PH-0006', after_seq: lastSeen }),
      CommentListDataSchema,
    );
    expect(catchUp.list).toEqual(missed);
    expect(catchUp.latest_seq).toBe(ack.ok ? ack.latest_seq : -1);
  });

  it('pushes device state changes to the device’s room', async () => {
    const v = await connect();
    await v.join('PH-0001');
    const other = await connect();
    await other.join('PH-0002');
    const creds = (await demoDeviceCredentials(api.config.dataDir)).find((d) => d.id === 'PH-0001');
    if (!creds) throw new Error('no demo device');
    const device = await TestDevice.connect(api.container.services.gateway.brokerUrl ?? '', creds.id, creds.secret);
    try {
      await device.publishState({ food_stock: 777, camera_online: false });
      await v.until(() => v.events('device').some((d) => d.food_stock === 777), 'device state');
      const pushed = v.events('device').find((d) => d.food_stock === 777);
      expect(pushed).toMatchObject({
        device_id: 'PH-0001',
        online: true,
        feeder_online: true,
        camera_online: false,
        food_stock: 777,
      });
      expect(Object.keys(pushed ?? {}).sort()).toEqual(
        ['camera_online', 'device_id', 'feeder_online', 'food_stock', 'last_seen_at', 'online'].sort(),
      );
      // The last will: offline.
      device.kill();
      await v.until(() => v.events('device').at(-1)?.online === false, 'offline');
      await other.join('PH-NOPE');
      expect(other.events('device')).toEqual([]);
    } finally {
      await device.end();
    }
  });

  it('invalid payloads get an error ack and change nothing', async () => {
    const v = await connect();
    const realtime = api.container.services.realtime;
    const before = realtime.viewers('PH-0007');
    expect(RoomJoinAckSchema.parse(await v.socket.timeout(5000).emitWithAck('join', 'PH-0007'))).toEqual({
      ok: false,
      error: 'validation_failed',
    });
    expect(await v.join('x')).toEqual({ ok: false, error: 'validation_failed' });
    expect(await v.join(42)).toEqual({ ok: false, error: 'validation_failed' });
    expect(await v.join('PH-9999')).toEqual({ ok: false, error: 'not_found' });
    expect(await v.leave('')).toEqual({ ok: false, error: 'validation_failed' });
    // Without an ack callback (or with junk): ignored, the connection stays.
    v.socket.emit('join');
    v.socket.emit('leave', null);
    v.socket.emit('nonsense', { a: 1 });
    expect(realtime.viewers('PH-0007')).toBe(before);
    // A disabled device's room cannot be joined.
    await api.post('/api/admin/device/disable', { device_id: 'PH-0007' }, { token: admin });
    expect(await v.join('PH-0007')).toEqual({ ok: false, error: 'not_found' });
    await api.post('/api/admin/device/enable', { device_id: 'PH-0007' }, { token: admin });
    expect(await v.join('PH-0007')).toMatchObject({ ok: true, viewers: before + 1 });
    // At most 4 rooms per socket.
    for (const id of ['PH-0001', 'PH-0002', 'PH-0003']) expect((await v.join(id)).ok).toBe(true);
    expect(await v.join('PH-0004')).toEqual({ ok: false, error: 'rate_limited' });
    // An expired or bad token still watches (as a tourist).
    const tourist = await connect('not-a-token');
    expect((await tourist.join('PH-0007')).ok).toBe(true);
    failure(await api.post('/api/live/comment/send', { device_id: 'PH-0007', content: 'x' }), 401, 'login_required');
  });

  it('closing the app disconnects every socket and the server stops', async () => {
    const v = await connect();
    await v.join('PH-0008');
    const gone = new Promise<string>((resolve) => v.socket.once('disconnect', resolve));
    await api.close();
    closed = true;
    expect(await gone).toBe('io server disconnect');
  });
});
