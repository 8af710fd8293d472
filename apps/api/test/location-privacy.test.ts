import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ALL_ENDPOINTS,
  AdminBaseListDataSchema,
  DeviceListDataSchema,
  LIVE_NAMESPACE,
  LIVE_TABS,
  LiveListDataSchema,
  LiveServerEvents,
  ManagedBaseListDataSchema,
  ManagedBaseSchema,
  PostSchema,
  SearchDataSchema,
  type Endpoint,
} from '@petheart/contracts';
import { bases } from '../src/db/schema';
import { distanceMetres } from '../src/lib/geo';
import { coarsePoint } from '../src/modules/base/location-policy';
import { DEMO, createTestApi, failure, loginToken, okData, type CallResult, type TestApi } from './harness';
import type { TestDevice } from './devices-support';
import { feed, feedBody, newFeeder, onlineDevice, settled } from './feed-support';
import { validSample } from './fuzz-values';
import { newOperator, newUser } from './operator-support';

/**
 * Issue 28 §5 (decision 037): a base that has not published its location never shows its exact point or its
 * street address to tourists and users. Every endpoint in the contracts (packages/contracts endpoint objects)
 * is called as a tourist and as an ordinary user, with inputs that name the base, its device, a feed and a post
 * where the endpoint takes them, and every answer is walked: no number within 1e-6 of the exact latitude or
 * longitude, no text holding the street address. The live room's socket payloads are walked too. Then the
 * operator publishes the location and the same sweep must find the exact point (so the sweep can fail); its
 * operator and admins see the exact point throughout.
 */

/** Not on a grid centre (the centre is 31.235, …). */
const EXACT = { latitude: 31.2345678, longitude: 121.4567891 };
const STREET = 'Hidden Cat Alley';
const ADDRESS = `No. 17 ${STREET}, Huangpu District, Shanghai`;
const NAME = 'Quietcorner Base';
const COARSE = coarsePoint(EXACT);
/** Where the lists are asked from: about 6 km away. */
const NEAR = { latitude: 31.2, longitude: 121.4 };

/** Endpoints sent nothing, and why. */
const SKIPPED: Record<string, string> = {
  'GET /live/:file': 'an endless HTTP-FLV stream (and it carries video, no JSON)',
};

interface Seen {
  /** Where an exact coordinate or the address showed: "endpoint as who: path". */
  leaks: string[];
  /** Endpoints whose answers held the base's public (coarse) point. */
  coarse: Set<string>;
}

/** Walks a JSON value (or text) for the exact point, the address and the coarse point. */
function walk(value: unknown, where: string, seen: Seen, path = '$'): void {
  if (typeof value === 'number') {
    if (Math.abs(value - EXACT.latitude) < 1e-6 || Math.abs(value - EXACT.longitude) < 1e-6)
      seen.leaks.push(`${where}: ${path} = ${String(value)}`);
    if (Math.abs(value - COARSE.latitude) < 1e-9) seen.coarse.add(where.split(' as ')[0] ?? where);
  } else if (typeof value === 'string') {
    if (value.includes(STREET) || value.includes(String(EXACT.latitude)) || value.includes(String(EXACT.longitude)))
      seen.leaks.push(`${where}: ${path} holds ${JSON.stringify(value.slice(0, 120))}`);
  } else if (Array.isArray(value)) {
    value.forEach((v, i) => {
      walk(v, where, seen, `${path}[${String(i)}]`);
    });
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) walk(v, where, seen, `${path}.${k}`);
  }
}

/** The top-level keys of a zod request schema (objects, through optional/default/pipe/union). */
function keysOf(schema: unknown): string[] {
  if (!(schema instanceof z.ZodType)) return [];
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape);
  const def = (schema as unknown as { def: Record<string, unknown> }).def;
  if (def.type === 'optional' || def.type === 'default' || def.type === 'nullable') return keysOf(def.innerType);
  if (def.type === 'pipe') return keysOf(def.in);
  if (def.type === 'union') return [...new Set((def.options as unknown[]).flatMap(keysOf))];
  return [];
}

interface World {
  baseId: number;
  deviceId: string;
  feedId: string;
  postId: number;
}

/** The value a request field gets so that the answer is about the base (or a valid minimum). */
function valueFor(path: string, key: string, w: World): unknown {
  switch (key) {
    case 'base_id':
      return w.baseId;
    case 'device_id':
      return w.deviceId;
    case 'id':
      if (path.startsWith('/api/base/')) return w.baseId;
      if (path.startsWith('/api/feed/')) return w.feedId;
      if (path.startsWith('/api/post/')) return w.postId;
      return undefined;
    case 'page':
    case 'page_index':
      return 1;
    case 'limit':
    case 'page_size':
      return 20;
    case 'keyword':
      return NAME.split(' ')[0];
    case 'latitude':
      return NEAR.latitude;
    case 'longitude':
      return NEAR.longitude;
    case 'location':
      return NEAR;
    default:
      return undefined;
  }
}

/** A request body or query for an input schema: the fields above, completed to a valid one where it can be. */
function inputFor(path: string, schema: z.ZodType | undefined, w: World, seed: number): Record<string, unknown> {
  if (!schema) return {};
  const own = Object.fromEntries(
    keysOf(schema)
      .map((k) => [k, valueFor(path, k, w)] as const)
      .filter(([, v]) => v !== undefined),
  );
  if (schema.safeParse(own).success) return own;
  const sample = validSample(schema, seed).value;
  const merged = { ...(sample && typeof sample === 'object' ? sample : {}), ...own };
  return schema.safeParse(merged).success ? merged : own;
}

/** Extra requests per path (beyond the one inputFor makes): every tab, a keyword search, a geocoded name. */
function extraInputs(path: string): Record<string, unknown>[] {
  switch (path) {
    case '/api/live/list':
      return LIVE_TABS.flatMap((tab) => [
        { tab, limit: 100 },
        { tab, limit: 100, ...NEAR },
      ]);
    case '/api/device/list':
      return [{ limit: 100 }, { limit: 100, ...NEAR }];
    case '/api/search/search':
      return ['all', 'live', 'base'].map((type) => ({ keyword: NAME.split(' ')[0], type, limit: 20 }));
    case '/api/maps/search':
    case '/api/maps/suggestion':
      return [{ keyword: NAME.split(' ')[0], location: NEAR }];
    case '/api/maps/geocoder':
      return [{ address: NAME }, { location: COARSE }];
    default:
      return [];
  }
}

/** A field as text (a path parameter, a query value). */
const text = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v));
const query = (input: Record<string, unknown>) =>
  new URLSearchParams(Object.entries(input).map(([k, v]): [string, string] => [k, text(v)])).toString();

describe('location privacy: a base that has not published its location never shows it', () => {
  let api: TestApi;
  let url: string;
  let world: World;
  let userToken: string;
  let adminToken: string;
  let operator: Awaited<ReturnType<typeof newOperator>>;
  let roomEvents: unknown[] = [];
  const devices: TestDevice[] = [];
  const sockets: Socket[] = [];

  const seedOf = (name: string) => {
    let h = 285;
    for (let i = 0; i < name.length; i++) h = (Math.imul(h, 31) + name.charCodeAt(i)) | 0;
    return h;
  };

  /** One request; `token` undefined = a tourist. */
  async function call(e: Endpoint, input: Record<string, unknown>, token: string | undefined): Promise<CallResult> {
    const path = e.path.replace(/:([a-z_]+)/gi, (_, name: string) =>
      encodeURIComponent(text(input[name] ?? (name === 'device_id' ? world.deviceId : 'x'))),
    );
    if (e.method === 'GET') return api.get(Object.keys(input).length ? `${path}?${query(input)}` : path, { token });
    return api.post(path, input, { token });
  }

  /** Every non-console endpoint as a tourist and as the user; what they showed. */
  async function sweep(): Promise<Seen & { answered: Map<string, number> }> {
    const seen: Seen = { leaks: [], coarse: new Set() };
    const answered = new Map<string, number>();
    for (const e of ALL_ENDPOINTS) {
      const name = `${e.method} ${e.path}`;
      if (e.auth === 'admin' || name in SKIPPED) continue;
      const schema = e.kind === 'json' ? e.input : (e.body ?? e.query);
      const params = e.kind === 'raw' ? inputFor(e.path, e.params, world, seedOf(name)) : {};
      const inputs = [inputFor(e.path, schema, world, seedOf(name)), ...extraInputs(e.path)];
      const callers: [string, string | undefined][] = [
        ['user', e.path === '/api/user/logout' ? (await newUser(api)).token : userToken],
      ];
      if (e.auth === 'none' || e.auth === 'optional') callers.push(['tourist', undefined]);
      for (const input of inputs) {
        for (const [who, token] of callers) {
          const r = await call(e, { ...params, ...input }, token);
          if (r.status === 200 && r.body.code !== 0) answered.set(name, (answered.get(name) ?? 0) + 1);
          walk(r.body, `${name} as ${who} ${JSON.stringify(input).slice(0, 80)}`, seen);
          walk(r.headers.location, `${name} as ${who} (location header)`, seen);
        }
      }
    }
    const preview = await api.container.services.sharePreview.preview(
      `/pages/live/live?device_id=${encodeURIComponent(world.deviceId)}`,
    );
    expect(preview?.title).toContain(NAME);
    walk(preview, 'share preview', seen);
    return { ...seen, answered };
  }

  /** The base as the public lists show it (the user asks from NEAR). */
  async function listed() {
    const rooms = okData(
      await api.post('/api/live/list', { tab: 'near', limit: 100, ...NEAR }, { token: userToken }),
      LiveListDataSchema,
    ).list.find((r) => r.base_id === world.baseId);
    const base = okData(await api.post('/api/device/list', { limit: 100, ...NEAR }), DeviceListDataSchema).list.find(
      (b) => b.id === world.baseId,
    );
    return { room: rooms, base };
  }

  beforeAll(async () => {
    api = await createTestApi({ serveWeb: false });
    await api.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${String((api.app.server.address() as AddressInfo).port)}`;
    adminToken = await loginToken(api, DEMO.admin.email, DEMO.admin.password);
    operator = await newOperator(api);
    const { db } = api.container.database;
    await db
      .update(bases)
      .set({ name: NAME, address: ADDRESS, ...EXACT, introduction: '' })
      .where(eq(bases.id, operator.station.baseId));

    // The live room's socket: a tourist watches while the device comes online and a user's feed falls.
    const socket = io(`${url}${LIVE_NAMESPACE}`, { transports: ['websocket'], reconnection: false, forceNew: true });
    sockets.push(socket);
    const events: unknown[] = [];
    let fed: () => void = () => undefined;
    const fell = new Promise<void>((resolve) => {
      fed = resolve;
    });
    for (const name of Object.keys(LiveServerEvents))
      socket.on(name, (payload: unknown) => {
        events.push(payload);
        if (name === 'fed') fed();
      });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => {
        resolve();
      });
      socket.once('connect_error', reject);
    });
    events.push(await socket.timeout(5000).emitWithAck('join', { device_id: operator.station.deviceId }));
    devices.push(await onlineDevice(api, operator.station));
    const user = await newFeeder(api, 1_000, 'Walker');
    userToken = user.token;
    const done = await settled(api, user.token, (await feed(api, user.token, feedBody(operator.station.deviceId))).id);
    await fell;
    roomEvents = events;

    const post = okData(
      await api.post(
        '/api/post/publish',
        { content: 'fed them', device_id: operator.station.deviceId },
        { token: userToken },
      ),
      PostSchema,
    );
    expect((await api.post('/api/admin/post/approve', { id: post.id }, { token: adminToken })).status).toBe(200);
    world = { baseId: operator.station.baseId, deviceId: operator.station.deviceId, feedId: done.id, postId: post.id };
  }, 60_000);

  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await Promise.all(devices.map((d) => d.end()));
    await api.close();
  });

  it('shows tourists and users the coarse point and no address in every answer and room event', async () => {
    expect(Math.abs(COARSE.latitude - EXACT.latitude)).toBeGreaterThan(1e-4);
    const seen = await sweep();
    const events: Seen = { leaks: [], coarse: new Set() };
    expect(roomEvents.length).toBeGreaterThanOrEqual(3); // the join's answer, the device's state, the feed
    walk(roomEvents, 'live room events', events);
    expect([...seen.leaks, ...events.leaks]).toEqual([]);
    // The sweep reached the base: these answered with its public point.
    for (const name of [
      'POST /api/base/detail',
      'POST /api/live/detail',
      'POST /api/live/list',
      'POST /api/device/list',
      'POST /api/search/search',
      'POST /api/maps/search',
    ])
      expect(seen.coarse, name).toContain(name);
    expect(seen.answered.size).toBeGreaterThan(30);
  }, 120_000);

  it('measures "Live Near You" and the device list from the public point, and orders by it', async () => {
    const fromCoarse = Math.round(distanceMetres(NEAR, COARSE));
    expect(Math.abs(fromCoarse - distanceMetres(NEAR, EXACT))).toBeGreaterThan(5);
    const { room, base } = await listed();
    expect(room).toMatchObject({
      distance: fromCoarse,
      latitude: COARSE.latitude,
      longitude: COARSE.longitude,
      address: '',
    });
    expect(base).toMatchObject({ latitude: COARSE.latitude, longitude: COARSE.longitude, address: '' });
    expect(Math.abs((base?.distance ?? 0) - fromCoarse)).toBeLessThanOrEqual(1);
  });

  it('finds no base by its unpublished street (a search would confirm where it is)', async () => {
    const found = okData(await api.post('/api/search/search', { keyword: STREET }), SearchDataSchema);
    expect([found.live.length, found.bases.length]).toEqual([0, 0]);
    const listedBy = okData(await api.post('/api/device/list', { keyword: STREET }), DeviceListDataSchema);
    expect(listedBy.list).toEqual([]);
    expect(okData(await api.post('/api/search/search', { keyword: NAME }), SearchDataSchema).bases).toHaveLength(1);
  });

  it('shows the exact point to the base’s operator and to admins', async () => {
    const mine = okData(await api.post('/api/manage/bases', {}, { token: operator.token }), ManagedBaseListDataSchema);
    expect(mine.list).toEqual([
      {
        id: world.baseId,
        name: NAME,
        address: ADDRESS,
        ...EXACT,
        location_public: false,
        public_address: '',
        public_latitude: COARSE.latitude,
        public_longitude: COARSE.longitude,
      },
    ]);
    const listedForAdmin = okData(
      await api.post('/api/admin/base/list', { keyword: NAME }, { token: adminToken }),
      AdminBaseListDataSchema,
    );
    expect(listedForAdmin.list).toEqual([
      expect.objectContaining({ id: world.baseId, address: ADDRESS, ...EXACT, location_public: false }),
    ]);
  });

  it('lets only the base’s operator publish it', async () => {
    const body = { base_id: world.baseId, location_public: true };
    const other = await newOperator(api);
    failure(await api.post('/api/manage/base/location', body, { token: other.token }), 404, 'not_found');
    failure(await api.post('/api/manage/base/location', body, { token: userToken }), 403, 'not_operator');
    failure(await api.post('/api/manage/base/location', body), 401, 'login_required');
    const { base } = await listed();
    expect(base?.latitude).toBe(COARSE.latitude);
  });

  it('shows the exact point and the address everywhere once the operator publishes them, and hides them again', async () => {
    const published = okData(
      await api.post(
        '/api/manage/base/location',
        { base_id: world.baseId, location_public: true },
        { token: operator.token },
      ),
      ManagedBaseSchema,
    );
    expect(published).toMatchObject({
      location_public: true,
      public_address: ADDRESS,
      public_latitude: EXACT.latitude,
    });
    const seen = await sweep();
    const leaked = new Set(seen.leaks.map((l) => l.split(' as ')[0]));
    for (const name of [
      'POST /api/base/detail',
      'POST /api/live/detail',
      'POST /api/live/list',
      'POST /api/device/list',
      'POST /api/search/search',
    ])
      expect(leaked, name).toContain(name);
    expect(seen.leaks.some((l) => l.includes(STREET))).toBe(true);
    const { room, base } = await listed();
    expect(room).toMatchObject({ ...EXACT, address: ADDRESS, distance: Math.round(distanceMetres(NEAR, EXACT)) });
    expect(base).toMatchObject({ ...EXACT, address: ADDRESS });
    const byStreet = okData(await api.post('/api/search/search', { keyword: STREET }), SearchDataSchema);
    expect(byStreet.bases.map((b) => b.id)).toEqual([world.baseId]);

    // An admin turns it off again in the console.
    const update = await api.post(
      '/api/admin/base/update',
      { id: world.baseId, location_public: false },
      { token: adminToken },
    );
    expect(update.status).toBe(200);
    const again = await listed();
    expect(again.base).toMatchObject({ ...COARSE, address: '' });
    expect(again.room).toMatchObject({ ...COARSE, address: '' });
  }, 120_000);

  it('creates bases with the location coarse unless the admin publishes it', async () => {
    const create = (extra: object) =>
      api.post(
        '/api/admin/base/create',
        { name: `Base ${randomUUID()}`, address: 'x', ...EXACT, ...extra },
        { token: adminToken },
      );
    expect((await create({})).body.data).toMatchObject({ location_public: false, ...EXACT });
    expect((await create({ location_public: true })).body.data).toMatchObject({ location_public: true });
  });
});
