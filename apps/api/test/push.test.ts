import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EmptySchema,
  NotificationSettingsDataSchema,
  PostSchema,
  PushKeyDataSchema,
  PushPayloadSchema,
  type NotificationSettings,
} from '@petheart/contracts';
import { pushSubscriptions, users } from '../src/db/schema';
import { renderNotification } from '../src/modules/notification/render';
import { vapidPublicKeyOf } from '../src/modules/push/vapid';
import { DEMO, createTestApi, failure, loginToken, okData, type TestApi } from './harness';
import { createStation } from './feed-support';
import { newOperator, newUser } from './operator-support';
import { PushService, verifiedVapid, type TestBrowser } from './push-service-support';

const settings = (over: Partial<NotificationSettings> = {}): NotificationSettings => ({
  push_kinds: [],
  email_kinds: [],
  quiet_start: null,
  quiet_end: null,
  time_zone: 'UTC',
  lang: 'en',
  ...over,
});

describe('web push (issue 29 §2), against a local stand-in push service', () => {
  let api: TestApi;
  let service: PushService;

  beforeAll(async () => {
    api = await createTestApi({ serveWeb: false });
    service = await PushService.start();
  });
  afterAll(async () => {
    await api.close();
    await service.close();
  });

  const save = async (token: string, over: Partial<NotificationSettings>, lang = 'en') =>
    okData(
      await api.post('/api/notification/settings/save', settings(over), { token, lang }),
      NotificationSettingsDataSchema,
    );
  const subscribe = async (token: string, browser: TestBrowser, lang: string) =>
    okData(
      await api.post('/api/push/subscribe', { endpoint: browser.endpoint, keys: browser.keys, lang }, { token }),
      EmptySchema,
    );
  const subscription = async (endpoint: string) =>
    (
      await api.container.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint))
    )[0];
  /** Everything the sender was told has been sent or has failed. */
  const sent = () => api.container.services.pushSender.idle();
  const notify = (userId: number, kind: 'post_approved' | 'cashout_status' | 'station_jam', params = {}) =>
    api.container.services.notifications.notify({ userIds: [userId], kind, params, link: '/pages/mine/mine' });

  it('answers the VAPID public key, of a private key made once in the data folder', async () => {
    const { public_key } = okData(await api.post('/api/push/key', {}), PushKeyDataSchema);
    const kept = (await readFile(path.join(api.config.dataDir, 'push', 'vapid-private-key'), 'utf8')).trim();
    expect(public_key).toBe(vapidPublicKeyOf(Buffer.from(kept, 'hex').toString('base64url')));
    expect(Buffer.from(public_key, 'base64url')).toHaveLength(65);
  });

  it('starts with nothing pushed, offers the kinds of each role, and saves only what fits', async () => {
    const user = await newUser(api);
    const initial = okData(
      await api.post('/api/notification/settings', {}, { token: user.token, lang: 'zh-TW' }),
      NotificationSettingsDataSchema,
    );
    expect(initial).toMatchObject({
      push_kinds: [],
      email_kinds: [],
      quiet_start: null,
      quiet_end: null,
      time_zone: 'UTC',
      lang: 'zh-TW',
      has_email: true,
    });
    expect(initial.available_kinds).not.toContain('station_jam');
    expect(initial.available_kinds).not.toContain('review_queue');
    expect(initial.available_kinds).toContain('room_online');

    const operator = await newOperator(api);
    const asOperator = okData(
      await api.post('/api/notification/settings', {}, { token: operator.token }),
      NotificationSettingsDataSchema,
    );
    expect(asOperator.available_kinds).toEqual(
      expect.arrayContaining(['station_offline', 'station_hopper_low', 'station_jam']),
    );
    const admin = await loginToken(api, DEMO.admin.email, DEMO.admin.password);
    const asAdmin = okData(
      await api.post('/api/notification/settings', {}, { token: admin }),
      NotificationSettingsDataSchema,
    );
    expect(asAdmin.available_kinds).toContain('review_queue');

    // A user's station alerts, e-mail for another kind, half quiet hours, an unknown zone: 400 in the user's
    // language, nothing saved.
    for (const bad of [
      settings({ push_kinds: ['station_jam'] }),
      settings({ push_kinds: ['review_queue'] }),
      settings({ email_kinds: ['room_online'] }),
      settings({ quiet_start: 60, quiet_end: null }),
      settings({ time_zone: 'Mars/Olympus' }),
    ]) {
      const r = await api.post('/api/notification/settings/save', bad, { token: user.token, lang: 'ja' });
      expect(failure(r, 400, 'validation_failed').msg).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
    }
    expect(
      failure(
        await api.post('/api/notification/settings/save', settings({ email_kinds: ['station_jam'] }), {
          token: user.token,
        }),
        400,
        'validation_failed',
      ),
    ).toBeTruthy();
    // An operator without an e-mail address cannot have alerts mailed.
    await api.container.database.db.update(users).set({ email: null }).where(eq(users.id, operator.id));
    expect(
      failure(
        await api.post('/api/notification/settings/save', settings({ email_kinds: ['station_jam'] }), {
          token: operator.token,
        }),
        400,
        'validation_failed',
      ),
    ).toBeTruthy();

    const saved = await save(user.token, {
      push_kinds: ['room_online', 'post_approved'],
      quiet_start: 1320,
      quiet_end: 420,
      time_zone: 'Asia/Tokyo',
      lang: 'ja',
    });
    expect(saved).toMatchObject({
      push_kinds: ['room_online', 'post_approved'],
      quiet_start: 1320,
      quiet_end: 420,
      time_zone: 'Asia/Tokyo',
      lang: 'ja',
    });
    const again = okData(
      await api.post('/api/notification/settings', {}, { token: user.token, lang: 'en' }),
      NotificationSettingsDataSchema,
    );
    expect(again).toEqual(saved);
  });

  it('refuses a subscription whose keys are not a browser’s', async () => {
    const user = await newUser(api);
    const browser = service.browser();
    for (const keys of [
      { p256dh: 'BAAA', auth: browser.keys.auth },
      { p256dh: browser.keys.p256dh, auth: 'c2hvcnQ' },
      { p256dh: `${browser.keys.p256dh}!`, auth: browser.keys.auth },
    ]) {
      const r = await api.post('/api/push/subscribe', { endpoint: browser.endpoint, keys }, { token: user.token });
      failure(r, 400, 'validation_failed');
    }
    expect(await subscription(browser.endpoint)).toBeUndefined();
  });

  it('pushes an approved post to its author’s browser: VAPID-signed, aes128gcm, in the browser’s language', async () => {
    const author = await newUser(api);
    const station = await createStation(api);
    const admin = await loginToken(api, DEMO.admin.email, DEMO.admin.password);
    const browser = service.browser();
    await subscribe(author.token, browser, 'ja');
    await save(author.token, { push_kinds: ['post_approved'] });
    const post = okData(
      await api.post(
        '/api/post/publish',
        { content: 'Morning cats at the park', device_id: station.deviceId },
        { token: author.token },
      ),
      PostSchema,
    );

    const arrives = service.next(browser.endpoint);
    const approvedAt = performance.now();
    okData(await api.post('/api/admin/post/approve', { id: post.id }, { token: admin }), PostSchema.partial());
    const request = await arrives;
    const elapsedMs = performance.now() - approvedAt;

    expect(request.method).toBe('POST');
    expect(request.headers['content-encoding']).toBe('aes128gcm');
    expect(request.headers.ttl).toBe('86400');
    expect(request.headers.urgency).toBe('normal');
    const { claims, key } = verifiedVapid(String(request.headers.authorization));
    expect(key).toBe(okData(await api.post('/api/push/key', {}), PushKeyDataSchema).public_key);
    expect(claims.aud).toBe(service.origin);
    expect(claims.sub).toMatch(/^(mailto:|https:)/);
    expect(claims.exp * 1000).toBeGreaterThan(Date.now());
    expect(claims.exp * 1000).toBeLessThanOrEqual(Date.now() + 24 * 3600_000);

    const payload = PushPayloadSchema.parse(JSON.parse(browser.decrypt(request.body)));
    const inJapanese = renderNotification('post_approved', { title: 'Morning cats at the park' }, 'ja');
    expect(payload).toEqual({
      id: expect.any(Number) as number,
      kind: 'post_approved',
      title: inJapanese.title,
      body: inJapanese.body,
      link: `/pages/community/detail?id=${String(post.id)}`,
      icon: '/icons/icon-192.png',
    });
    expect(payload.title).not.toBe(renderNotification('post_approved', { title: 'x' }, 'en').title);
    await sent();
    expect((await subscription(browser.endpoint))?.lastSuccessAt).toBeInstanceOf(Date);
    expect(elapsedMs).toBeLessThan(5_000);
  });

  it('drops a subscription the push service says is gone (410), and one that failed five times in a row', async () => {
    const user = await newUser(api);
    const gone = service.browser();
    const failing = service.browser();
    await subscribe(user.token, gone, 'en');
    await subscribe(user.token, failing, 'en');
    await save(user.token, { push_kinds: ['cashout_status'] });
    service.answer(gone.endpoint, 410);
    service.answer(failing.endpoint, 500);

    await notify(user.id, 'cashout_status', { status: 'ready', amount: '100.00' });
    await sent();
    expect(service.to(gone.endpoint)).toHaveLength(1);
    expect(await subscription(gone.endpoint)).toBeUndefined();
    expect((await subscription(failing.endpoint))?.failures).toBe(1);

    for (let i = 2; i <= 5; i++) {
      await notify(user.id, 'cashout_status', { status: 'ready', amount: '100.00' });
      await sent();
      expect(service.to(failing.endpoint)).toHaveLength(i);
    }
    expect(await subscription(failing.endpoint)).toBeUndefined();
  });

  it('holds pushes back during quiet hours (in the user’s zone) and sends no kind not chosen', async () => {
    const user = await newUser(api);
    const browser = service.browser();
    await subscribe(user.token, browser, 'en');
    // Quiet from an hour before now to an hour after, in Tokyo: a span across midnight when now is near it.
    const now = api.clock.now();
    const tokyo = Number(
      new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Tokyo', hour: 'numeric', hourCycle: 'h23' }).format(now),
    );
    const minute = tokyo * 60 + now.getUTCMinutes();
    const quiet = {
      quiet_start: (minute + 1440 - 60) % 1440,
      quiet_end: (minute + 60) % 1440,
      time_zone: 'Asia/Tokyo',
    };
    await save(user.token, { push_kinds: ['post_approved'], ...quiet });

    await notify(user.id, 'post_approved', { title: 'quiet' });
    await notify(user.id, 'cashout_status', { status: 'ready', amount: '1.00' });
    await sent();
    expect(service.to(browser.endpoint)).toEqual([]);

    // Two hours on, quiet hours are over: the chosen kind goes, the other still does not.
    api.clock.advance(2 * 3600_000);
    const arrives = service.next(browser.endpoint);
    await notify(user.id, 'cashout_status', { status: 'ready', amount: '1.00' });
    await notify(user.id, 'post_approved', { title: 'awake' });
    const payload = PushPayloadSchema.parse(JSON.parse(browser.decrypt((await arrives).body)));
    expect(payload).toMatchObject({
      kind: 'post_approved',
      title: renderNotification('post_approved', { title: 'awake' }, 'en').title,
    });
    await sent();
    expect(service.to(browser.endpoint)).toHaveLength(1);
  });

  it('removes at logout the subscriptions made under that login, and only those', async () => {
    const user = await newUser(api);
    const other = await api.container.services.tokens.issue(user.id);
    const phone = service.browser();
    const laptop = service.browser();
    await subscribe(user.token, phone, 'en');
    await subscribe(other.token, laptop, 'en');
    okData(await api.post('/api/user/logout', {}, { token: user.token }), EmptySchema);
    expect(await subscription(phone.endpoint)).toBeUndefined();
    expect((await subscription(laptop.endpoint))?.userId).toBe(user.id);

    // The other login still gets its pushes; unsubscribing takes only one's own browser.
    const stranger = await newUser(api);
    okData(
      await api.post('/api/push/unsubscribe', { endpoint: laptop.endpoint }, { token: stranger.token }),
      EmptySchema,
    );
    expect(await subscription(laptop.endpoint)).toBeDefined();
    okData(await api.post('/api/push/unsubscribe', { endpoint: laptop.endpoint }, { token: other.token }), EmptySchema);
    expect(await subscription(laptop.endpoint)).toBeUndefined();
  });

  it('mails operators the station alerts they chose, in their language', async () => {
    const operator = await newOperator(api);
    await save(operator.token, { email_kinds: ['station_jam'], lang: 'zh-CN' });
    await notify(operator.id, 'station_jam', { device: 'Park Feeder' });
    const mail = await api.mail.waitForMail(operator.email);
    const zh = renderNotification('station_jam', { device: 'Park Feeder' }, 'zh-CN');
    expect(mail.subject).toBe(zh.title);
    expect(mail.text).toContain(zh.body);
    expect(mail.text).toContain(`${api.config.publicUrl}/pages/mine/mine`);
    // A kind not chosen for e-mail is not mailed.
    await notify(operator.id, 'cashout_status', { status: 'ready', amount: '1.00' });
    await sent();
    expect(api.mail.to(operator.email)).toHaveLength(1);
  });
});
