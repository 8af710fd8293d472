import { randomBytes, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { io, type Socket } from 'socket.io-client';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import {
  FeedSchema,
  LIVE_NAMESPACE,
  LiveServerEvents,
  isFeedSettled,
  type DevicePortion,
  type Feed,
  type FeedBody,
  type LiveServerEvent,
} from '@petheart/contracts';
import { bases, devices } from '../src/db/schema';
import { hashDeviceSecret } from '../src/modules/device/secrets';
import type { DeviceStateEvent } from '../src/modules/gateway/gateway';
import { createTestApi, okData, type TestApi } from './harness';
import { deviceDaysMismatches } from './device-days-support';
import { TestDevice } from './devices-support';

/** A feeding station for a test: a base (with its operator) and one device with its secret. */
export interface Station {
  deviceId: string;
  secret: string;
  baseId: number;
}

let stations = 0;

/** Inserts a base and a device the way the console would (the device's secret hashed). */
export async function createStation(
  api: TestApi,
  o: {
    operatorId?: number | null;
    revenueShareBp?: number;
    portions?: DevicePortion[] | null;
    dailyGramCap?: number;
  } = {},
): Promise<Station> {
  stations += 1;
  const { db } = api.container.database;
  const [base] = await db
    .insert(bases)
    .values({
      name: `Feed Base ${String(stations)}`,
      latitude: 31.2,
      longitude: 121.5,
      operatorId: o.operatorId ?? null,
    })
    .returning();
  if (!base) throw new Error('no base');
  const deviceId = `FEED-${String(stations).padStart(3, '0')}-${randomBytes(3).toString('hex')}`;
  const secret = randomBytes(32).toString('base64url');
  await db.insert(devices).values({
    id: deviceId,
    baseId: base.id,
    name: `Feeder ${String(stations)}`,
    secretHash: await hashDeviceSecret(secret),
    revenueShareBp: o.revenueShareBp ?? 0,
    portions:
      o.portions === undefined
        ? [
            { grams: 10, coins: 10 },
            { grams: 20, coins: 18 },
          ]
        : o.portions,
    ...(o.dailyGramCap === undefined ? {} : { dailyGramCap: o.dailyGramCap }),
  });
  return { deviceId, secret, baseId: base.id };
}

export async function setDevice(api: TestApi, deviceId: string, patch: Partial<typeof devices.$inferInsert>) {
  await api.container.database.db.update(devices).set(patch).where(eq(devices.id, deviceId));
}

/** Resolves with the next state change of a device that satisfies `check` (the gateway has stored it). */
export function nextState(
  api: TestApi,
  deviceId: string,
  check: (e: DeviceStateEvent) => boolean = () => true,
): Promise<DeviceStateEvent> {
  return new Promise((resolve) => {
    const stop = api.container.services.gateway.onDeviceState((e) => {
      if (e.device_id !== deviceId || !check(e)) return;
      stop();
      resolve(e);
    });
  });
}

/** Connects a test device and reports it online (feeder and camera); resolves once the API has stored it. */
export async function onlineDevice(
  api: TestApi,
  station: Station,
  mode: 'ack' | 'silent' | 'manual' = 'ack',
  state: { feeder_online?: boolean; camera_online?: boolean } = {},
): Promise<TestDevice> {
  const url = api.container.services.gateway.brokerUrl ?? '';
  const device = await TestDevice.connect(url, station.deviceId, station.secret, { mode });
  const stored = nextState(api, station.deviceId);
  await device.publishState(state);
  await stored;
  return device;
}

let users = 0;

/** A user with `coins` in the wallet and a login token. */
export async function newFeeder(api: TestApi, coins: number, nickname?: string) {
  users += 1;
  const { services } = api.container;
  const user = await services.users.createWithEmail(`feeder-${String(users)}-${randomUUID()}@example.com`, {
    nickname: nickname ?? `Feeder${String(users)}`,
  });
  if (coins > 0) await services.ledger.credit({ userId: user.id, amount: coins, idempotencyKey: `seed-${user.id}` });
  const { token } = await services.tokens.issue(user.id);
  return { id: user.id, token, nickname: user.nickname };
}

export function feedBody(deviceId: string, over: Partial<FeedBody> = {}): FeedBody {
  return { device_id: deviceId, grams: 10, coins: 10, idempotency_key: randomUUID(), ...over };
}

/** POST /api/live/feed → the feed (throws unless it succeeded). */
export async function feed(api: TestApi, token: string, body: FeedBody): Promise<Feed> {
  return okData(await api.post('/api/live/feed', body, { token }), FeedSchema);
}

/** Long-polls /api/feed/status until the feed has ended. */
export async function settled(api: TestApi, token: string, id: string): Promise<Feed> {
  for (let i = 0; i < 20; i++) {
    const f = okData(await api.post('/api/feed/status', { id, wait_ms: 10_000 }, { token }), FeedSchema);
    if (isFeedSettled(f)) return f;
  }
  throw new Error(`feed ${id} did not end`);
}

/** A socket.io viewer of one room that records its `fed` events. */
export class RoomWatcher {
  readonly fed: LiveServerEvent<'fed'>[] = [];
  private waiters: (() => void)[] = [];

  private constructor(readonly socket: Socket) {
    socket.on('fed', (payload: unknown) => {
      this.fed.push(LiveServerEvents.fed.parse(payload));
      for (const w of this.waiters.splice(0)) w();
    });
  }

  static async join(url: string, deviceId: string): Promise<RoomWatcher> {
    const socket = io(`${url}${LIVE_NAMESPACE}`, { transports: ['websocket'], reconnection: false, forceNew: true });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => {
        resolve();
      });
      socket.once('connect_error', reject);
    });
    await socket.timeout(5000).emitWithAck('join', { device_id: deviceId });
    return new RoomWatcher(socket);
  }

  /** Resolves once `n` fed events have arrived. */
  async untilFed(n: number): Promise<void> {
    while (this.fed.length < n) await new Promise<void>((resolve) => this.waiters.push(resolve));
  }

  close(): void {
    this.socket.disconnect();
  }
}

/**
 * The feed tests' API for a describe block: listening (rooms are watched over socket.io), with a short feed
 * timeout (1.5 s, the product's default is 10 s) so the silent-device cases are quick; the ledger's
 * invariants and the devices' daily grams (device_days) checked after each test; its devices and watchers
 * closed at the end.
 */
export function feedSuite() {
  let api: TestApi | undefined;
  let url = '';
  const devices: TestDevice[] = [];
  const watchers: RoomWatcher[] = [];
  const current = () => {
    if (!api) throw new Error('the feed suite has not started');
    return api;
  };
  beforeAll(async () => {
    api = await createTestApi({ seed: false, serveWeb: false, env: { FEED_TIMEOUT_MS: '1500' } });
    await api.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${String((api.app.server.address() as AddressInfo).port)}`;
  });
  afterEach(async () => {
    const report = await current().container.services.ledger.checkInvariants();
    expect(report.problems).toEqual([]);
    expect(await deviceDaysMismatches(current().container.database.db)).toEqual([]);
  });
  afterAll(async () => {
    for (const w of watchers) w.close();
    await Promise.all(devices.map((d) => d.end()));
    await api?.close();
  });
  return {
    get api() {
      return current();
    },
    /** onlineDevice, closed with the suite. */
    online: async (...args: Parameters<typeof onlineDevice>) => {
      const d = await onlineDevice(...args);
      devices.push(d);
      return d;
    },
    /** A watcher of the device's room, closed with the suite. */
    watch: async (deviceId: string) => {
      const w = await RoomWatcher.join(url, deviceId);
      watchers.push(w);
      return w;
    },
    wallet: async (userId: number) => (await current().container.services.ledger.balances(userId)).wallet,
  };
}
