import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  CashoutSchema,
  FeedSchema,
  NotificationListDataSchema,
  PayRequestDataSchema,
  PostSchema,
  type ErrorId,
} from '@petheart/contracts';
import { baseFoodPurchases, liveClips } from '../src/db/schema';
import { DEMO, createTestApi, loginToken, okData, type CallResult, type TestApi } from './harness';
import type { TestDevice } from './devices-support';
import { feed, feedBody, onlineDevice, settled } from './feed-support';
import { apply, earn, newOperator } from './operator-support';
import {
  FIXTURES,
  OWN_LISTS,
  PUBLIC_IDS,
  REFUSED,
  UPDATE_CLIP,
  isIdKey,
  keysOf,
  updateWithClip,
  type Case,
  type World,
} from './authz-matrix-fixtures';

/**
 * The authorization matrix (PRODUCT.md §1: a user can never read or change another user's cash-out, post,
 * device or order by guessing its id). Generated from the app's route table: every route whose body, query
 * or path names an object id (id, *_id, *_no) is called by a second user — and by a tourist where the route
 * lets tourists in — with the id of an object a first user owns, and must be refused (403 or 404) while the
 * first user's objects stay exactly as they were. Admin routes are refused to the second user by
 * construction. A route that takes an id needs a fixture here or an entry in PUBLIC_IDS with the reason: a
 * new route cannot escape the matrix. Routes not in the app (other lanes' work still to come) are skipped.
 */

describe('authorization matrix: another user’s object ids are refused on every route that takes one', () => {
  let api: TestApi;
  let world: World;
  let a: Awaited<ReturnType<typeof newOperator>>;
  let b: Awaited<ReturnType<typeof newOperator>>;
  let bPostId: number;
  const devices: TestDevice[] = [];

  const routes = () =>
    api.routes
      .filter((r) => r.method !== 'HEAD')
      .map((r) => ({
        ...r,
        keys: [
          ...new Set([...keysOf(r.schema?.body), ...keysOf(r.schema?.querystring), ...keysOf(r.schema?.params)]),
        ].filter(isIdKey),
      }));
  const call = (method: string, url: string, body: unknown, token?: string): Promise<CallResult> =>
    method === 'GET' ? api.get(url, { token }) : api.post(url, body ?? {}, { token });

  /** A's objects as stored (JSON), to compare before and after the matrix. */
  async function snapshot(): Promise<unknown> {
    const tables = [
      ['cashouts', 'user_id'],
      ['cashout_events', 'actor_id'],
      ['payment_orders', 'user_id'],
      ['feeds', 'user_id'],
      ['live_clips', 'user_id'],
      ['posts', 'user_id'],
      ['post_comments', 'user_id'],
      ['support_applications', 'user_id'],
      ['base_food_purchases', 'recorded_by'],
      ['notifications', 'user_id'],
      ['push_subscriptions', 'user_id'],
      ['notification_settings', 'user_id'],
    ] as const;
    const out: Record<string, unknown> = {};
    for (const [table, owner] of tables) {
      const exists = await api.container.database.db.execute(sql`SELECT to_regclass(${table}) IS NOT NULL AS ok`);
      if (!(exists as { rows: { ok: boolean }[] }).rows[0]?.ok) continue;
      const result = await api.container.database.db.execute(
        sql`SELECT coalesce(jsonb_agg(to_jsonb(t) ORDER BY to_jsonb(t)::text), '[]'::jsonb)::text AS rows
            FROM ${sql.identifier(table)} t WHERE ${sql.identifier(owner)} = ${a.id}::int`,
      );
      out[table] = JSON.parse((result as { rows: { rows: string }[] }).rows[0]?.rows ?? '[]');
    }
    return out;
  }

  beforeAll(async () => {
    api = await createTestApi({ serveWeb: false });
    const admin = await loginToken(api, DEMO.admin.email, DEMO.admin.password);
    a = await newOperator(api);
    b = await newOperator(api);
    const has = (url: string) => api.routes.some((r) => r.url === url);

    await earn(api, a.id, 2_000);
    const cashout = await apply(api, a.token);
    const order = okData(await api.post('/api/balance/Recharge', { id: 1 }, { token: a.token }), PayRequestDataSchema);
    await api.container.services.ledger.credit({ userId: a.id, amount: 100, idempotencyKey: `matrix-${randomUUID()}` });
    devices.push(await onlineDevice(api, a.station));
    const fed = await feed(api, a.token, feedBody(a.station.deviceId));
    await settled(api, a.token, fed.id);
    const clipId = randomUUID();
    await api.container.database.db.insert(liveClips).values({
      id: clipId,
      userId: a.id,
      deviceId: a.station.deviceId,
      path: `/uploads/clips/${clipId}.mp4`,
      durationMs: 10_000,
      bytes: 1_000,
    });
    const [purchase] = await api.container.database.db
      .insert(baseFoodPurchases)
      .values({
        baseId: a.station.baseId,
        recordedBy: a.id,
        amount: 100,
        currency: 'CNY',
        grams: 1_000,
        receiptPhoto: '/uploads/receipt.jpg',
        purchasedAt: new Date(),
      })
      .returning();
    const publish = async (token: string, content: string) =>
      okData(await api.post('/api/post/publish', { content, device_id: a.station.deviceId }, { token }), PostSchema);
    const pending = await publish(a.token, 'pending post');
    const published = await publish(a.token, 'published post');
    expect((await api.post('/api/admin/post/approve', { id: published.id }, { token: admin })).status).toBe(200);
    const comment = await api.post('/api/post/comment', { id: published.id, content: 'mine' }, { token: a.token });
    const commentId = z.object({ data: z.object({ id: z.number() }) }).parse(comment.body).data.id;
    bPostId = (await publish(b.token, 'b post')).id;
    let applicationId: number | undefined;
    if (has('/api/support/apply')) {
      const applied = await api.post(
        '/api/support/apply',
        {
          animal_nums: 5,
          applicant: 'A',
          mobile: '13800138000',
          wechat_number: 'wx_a',
          application_type_id: 1,
          address: 'Huangpu, Shanghai',
          name: 'Shelter A',
          latitude: 31.2,
          longitude: 121.5,
        },
        { token: a.token },
      );
      applicationId = z.object({ data: z.object({ id: z.number() }) }).parse(applied.body).data.id;
    }
    // A's published post told A it was approved (issue 29 §1).
    await api.container.services.notificationProducers.idle();
    const notified = okData(
      await api.post('/api/notification/list', {}, { token: a.token }),
      NotificationListDataSchema,
    );
    world = {
      notificationId: notified.list[0]?.id ?? 0,
      cashoutId: CashoutSchema.parse(cashout).id,
      orderNo: order.order_no,
      feedId: FeedSchema.parse(fed).id,
      clipId,
      foodPurchaseId: purchase?.id ?? 0,
      deviceId: a.station.deviceId,
      baseId: a.station.baseId,
      pendingPostId: pending.id,
      publishedPostId: published.id,
      commentId,
      applicationId,
    };
  });
  afterAll(async () => {
    await Promise.all(devices.map((d) => d.end()));
    await api.close();
  });

  it('has a fixture or a stated reason for every id a route takes', () => {
    const missing = routes()
      .filter((r) => r.auth !== 'admin')
      .flatMap((r) => r.keys.map((k) => `${r.method} ${r.url} ${k}`))
      .filter((k) => !(k in FIXTURES) && !(k in PUBLIC_IDS) && k !== UPDATE_CLIP);
    expect(missing).toEqual([]);
    // The matrix covers the objects the issue names: cash-outs, orders, posts, applications (when there).
    const covered = routes().flatMap((r) => r.keys.map((k) => `${r.method} ${r.url} ${k}`));
    expect(covered).toEqual(
      expect.arrayContaining(['POST /api/cashout/detail id', 'POST /api/balance/order order_no']),
    );
  });

  it('refuses every admin route to a user who is not an admin (401 to tourists)', async () => {
    const admin = routes().filter((r) => r.auth === 'admin');
    expect(admin.length).toBeGreaterThan(10);
    for (const r of admin) {
      const body = r.keys.includes('id') ? { id: world.cashoutId } : {};
      const asUser = await call(r.method, r.url, body, b.token);
      expect([r.url, asUser.status, (asUser.body.data as { error?: ErrorId } | undefined)?.error]).toEqual([
        r.url,
        403,
        'forbidden',
      ]);
      expect((await call(r.method, r.url, body)).status, r.url).toBe(401);
    }
    for (const r of routes()) if (r.url.startsWith('/api/admin/')) expect(r.auth, r.url).toBe('admin');
  });

  it('refuses the second user (and tourists) every other user’s object, and changes nothing of it', async () => {
    const before = await snapshot();
    const cases = routes()
      .filter((r) => r.auth !== 'admin')
      .flatMap((r) =>
        r.keys
          .map((k) => `${r.method} ${r.url} ${k}`)
          .filter((k) => k in FIXTURES || k === UPDATE_CLIP)
          .map((key) => ({ route: r, key })),
      );
    expect(cases.length).toBeGreaterThanOrEqual(15);
    const outcomes: string[] = [];
    for (const { route, key } of cases) {
      if (key.includes('/api/support/') && world.applicationId === undefined) continue;
      const c: Case = key === UPDATE_CLIP ? updateWithClip(bPostId, world) : (FIXTURES[key]?.(world) ?? {});
      const url = c.url ?? route.url;
      const asB = await call(route.method, url, c.body, b.token);
      const error = (asB.body.data as { error?: ErrorId } | undefined)?.error;
      const refused =
        (REFUSED.has(asB.status) && asB.status !== 401 && (asB.body.code === 0 || url.includes('/sandbox/'))) ||
        (c.refusedAs !== undefined && asB.body.code === 0 && error === c.refusedAs);
      outcomes.push(`${key}: ${String(asB.status)}${refused ? '' : ` NOT REFUSED ${JSON.stringify(asB.body)}`}`);
      if (route.auth === 'none' || route.auth === 'optional') {
        const asTourist = await call(route.method, url, c.body);
        if (!REFUSED.has(asTourist.status)) outcomes.push(`${key} (tourist): ${String(asTourist.status)} NOT REFUSED`);
      }
    }
    expect(outcomes.filter((o) => o.includes('NOT REFUSED'))).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it('lets the owner make the same calls (the fixtures name real objects in valid requests)', async () => {
    let checked = 0;
    for (const [key, fixture] of Object.entries(FIXTURES)) {
      const [method = 'POST', url = ''] = key.split(' ');
      if (!api.routes.some((r) => r.url === url && r.method === method)) continue;
      if (key.includes('/api/support/') && world.applicationId === undefined) continue;
      const c = fixture(world);
      if (!c.ownerSucceeds) continue;
      const r = await call(method, c.url ?? url, c.body, a.token);
      expect([key, r.status]).toEqual([key, 200]);
      checked += 1;
    }
    expect(checked).toBeGreaterThanOrEqual(7);
    if (api.routes.some((r) => r.url === '/api/post/update')) {
      const c = updateWithClip(world.publishedPostId, world);
      expect((await call('POST', '/api/post/update', c.body, a.token)).status).toBe(200);
    }
  });

  it('answers the lists of one’s own fan groups, follows and gifts to their owner only (and never to tourists)', async () => {
    const admin = await loginToken(api, DEMO.admin.email, DEMO.admin.password);
    const device = { device_id: a.station.deviceId };
    expect((await api.post('/api/live/fans/join', device, { token: a.token })).status).toBe(200);
    expect((await api.post('/api/live/follow', device, { token: a.token })).status).toBe(200);
    if (world.applicationId !== undefined) {
      await api.post('/api/admin/support/review', { id: world.applicationId, status: 1 }, { token: admin });
      const event = await api.post(
        '/api/admin/support/event/create',
        { application_id: world.applicationId, title: 'Matrix', items: [{ title: 'Food', price: 1, target: 10 }] },
        { token: admin },
      );
      const itemId = z.object({ data: z.object({ items: z.array(z.object({ id: z.number() })) }) }).parse(event.body)
        .data.items[0]?.id;
      const gift = { item_id: itemId, points: 1, idempotency_key: `matrix-${randomUUID()}` };
      expect((await api.post('/api/support/give', gift, { token: a.token })).status).toBe(200);
    }
    for (const [key, list] of Object.entries(OWN_LISTS)) {
      const [method = 'POST', url = ''] = key.split(' ');
      const route = api.routes.find((r) => r.url === url && r.method === method);
      expect(route?.auth, key).toBe(key.endsWith('/live/list') ? 'optional' : 'user');
      if (key.includes('/api/support/') && world.applicationId === undefined) continue;
      const asA = await call(method, url, list.body, a.token);
      expect([key, list.count(asA.body.data)]).toEqual([key, 1]);
      const asB = await call(method, url, list.body, b.token);
      expect([key, asB.status, list.count(asB.body.data)]).toEqual([key, 200, 0]);
      expect([key, (await call(method, url, list.body)).status]).toEqual([key, 401]);
    }
  });
  it('keeps one’s push subscriptions and notification settings one’s own (issue 29 §2; no ids: by endpoint)', async () => {
    const endpoint = `https://push.example/matrix-${randomUUID()}`;
    const keys = { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) };
    expect((await api.post('/api/push/subscribe', { endpoint, keys, lang: 'en' }, { token: a.token })).status).toBe(
      200,
    );
    const mine = {
      push_kinds: [],
      email_kinds: [],
      quiet_start: 60,
      quiet_end: 120,
      time_zone: 'Asia/Tokyo',
      lang: 'ja',
    };
    expect((await api.post('/api/notification/settings/save', mine, { token: a.token })).status).toBe(200);
    const before = await snapshot();
    // B names A's browser, and saves settings of their own: nothing of A's changes.
    expect((await api.post('/api/push/unsubscribe', { endpoint }, { token: b.token })).status).toBe(200);
    const theirs = { ...mine, quiet_start: null, quiet_end: null, time_zone: 'UTC', lang: 'en' };
    expect((await api.post('/api/notification/settings/save', theirs, { token: b.token })).status).toBe(200);
    const asB = await api.post('/api/notification/settings', {}, { token: b.token });
    expect(asB.body.data).toMatchObject({ quiet_start: null, time_zone: 'UTC' });
    expect(await snapshot()).toEqual(before);
    for (const url of ['/api/push/subscribe', '/api/push/unsubscribe', '/api/notification/settings/save']) {
      expect([url, (await api.post(url, {})).status]).toEqual([url, 401]);
    }
    expect((await api.post('/api/notification/settings', {})).status).toBe(401);
  });
});
