import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FanMembershipSchema,
  LiveListDataSchema,
  MESSAGES,
  MyFanGroupListDataSchema,
  MyGiftListDataSchema,
  SupportGiveDataSchema,
} from '@petheart/contracts';
import { devices, fanMembers } from '../src/db/schema';
import { createTestApi, failure, okData, type TestApi } from './harness';
import { approvedStation, fund, helpPaid, newPerson, publish, type Person } from './support-fixtures';

/**
 * Me (issue 29 §5): the rooms the user follows (the follow tab of /api/live/list), their fan groups
 * (/api/live/myFans) and their support history (/api/support/myGifts): each the caller's own, paged.
 */
describe('Me: follows, fan groups and support history', () => {
  let api: TestApi;
  let admin: Person;
  let fan: Person;
  let other: Person;

  const myFans = (token: string | undefined, body: Record<string, unknown> = {}, lang?: string) =>
    api.post('/api/live/myFans', body, { token, ...(lang ? { lang } : {}) });
  const myGifts = (token: string | undefined, body: Record<string, unknown> = {}, lang?: string) =>
    api.post('/api/support/myGifts', body, { token, ...(lang ? { lang } : {}) });
  const join = async (user: Person, deviceId: string) =>
    okData(await api.post('/api/live/fans/join', { device_id: deviceId }, { token: user.token }), FanMembershipSchema);
  const setPoints = (user: Person, deviceId: string, points: number) =>
    api.container.database.db
      .update(fanMembers)
      .set({ points })
      .where(and(eq(fanMembers.userId, user.id), eq(fanMembers.deviceId, deviceId)));

  beforeAll(async () => {
    api = await createTestApi({ serveWeb: false });
    admin = await newPerson(api, 'admin', true);
    fan = await newPerson(api, 'fan');
    other = await newPerson(api, 'other');
  });
  afterAll(async () => {
    await api.close();
  });

  it('refuses tourists', async () => {
    failure(await myFans(undefined), 401, 'login_required');
    failure(await myGifts(undefined), 401, 'login_required');
    failure(await api.post('/api/live/list', { tab: 'follow' }), 401, 'login_required');
  });

  it('lists the fan groups the user is in, most points first, with their rooms and levels, paged', async () => {
    expect(okData(await myFans(fan.token), MyFanGroupListDataSchema)).toMatchObject({ list: [], total: 0 });
    await join(fan, 'PH-0003');
    await join(fan, 'PH-0001');
    await join(fan, 'PH-0007');
    await join(other, 'PH-0002');
    await setPoints(fan, 'PH-0001', 35);
    await setPoints(fan, 'PH-0003', 12);
    await setPoints(fan, 'PH-0007', 1);

    const all = okData(await myFans(fan.token), MyFanGroupListDataSchema);
    expect(all.total).toBe(3);
    expect(all.list.map((g) => [g.room.device_id, g.points, g.level, g.next_level_points])).toEqual([
      ['PH-0001', 35, 3, 60],
      ['PH-0003', 12, 2, 30],
      ['PH-0007', 1, 1, 10],
    ]);
    expect(all.list[0]?.room).toMatchObject({
      name: 'Bund Feeder A',
      base_name: 'Bund Riverside Cat Corner',
      base_text_lang: 'en',
      online: false,
      camera_online: false,
      thumbnail: '',
    });
    const second = okData(await myFans(fan.token, { page: 2, limit: 1 }), MyFanGroupListDataSchema);
    expect(second).toMatchObject({ total: 3, page: 2, limit: 1 });
    expect(second.list.map((g) => g.room.device_id)).toEqual(['PH-0003']);
    // Another user's groups are theirs only.
    expect(okData(await myFans(other.token), MyFanGroupListDataSchema).list.map((g) => g.room.device_id)).toEqual([
      'PH-0002',
    ]);
    // A base's name in the reader's language where the console added it (the demo's Tokyo base has Japanese).
    const ja = okData(await myFans(fan.token, {}, 'ja'), MyFanGroupListDataSchema);
    expect(ja.list.find((g) => g.room.device_id === 'PH-0007')?.room).toMatchObject({
      base_name: '谷中ねこ通り',
      base_text_lang: 'ja',
    });
  });

  it('leaves out a disabled room (as every room list does) and answers bad paging with 400 in the user’s language', async () => {
    await api.container.database.db.update(devices).set({ disabled: true }).where(eq(devices.id, 'PH-0007'));
    try {
      const groups = okData(await myFans(fan.token), MyFanGroupListDataSchema);
      expect([groups.total, groups.list.map((g) => g.room.device_id)]).toEqual([2, ['PH-0001', 'PH-0003']]);
    } finally {
      await api.container.database.db.update(devices).set({ disabled: false }).where(eq(devices.id, 'PH-0007'));
    }
    const bad = failure(await myGifts(fan.token, { limit: 0 }, 'ja'), 400, 'validation_failed');
    expect(bad.msg).not.toBe('');
  });

  it('follows are the follow tab: the user’s rooms, newest follow first', async () => {
    await api.post('/api/live/follow', { device_id: 'PH-0004' }, { token: fan.token });
    api.clock.advance(1_000);
    await api.post('/api/live/follow', { device_id: 'PH-0002' }, { token: fan.token });
    const follows = okData(
      await api.post('/api/live/list', { tab: 'follow' }, { token: fan.token }),
      LiveListDataSchema,
    );
    expect(follows.list.map((r) => r.device_id)).toEqual(['PH-0002', 'PH-0004']);
    const others = okData(
      await api.post('/api/live/list', { tab: 'follow' }, { token: other.token }),
      LiveListDataSchema,
    );
    expect(others.total).toBe(0);
  });

  it('lists the user’s gifts with coins and help-pay, newest first, with event and item, paged', async () => {
    expect(okData(await myGifts(fan.token), MyGiftListDataSchema)).toMatchObject({ list: [], total: 0 });
    const stationId = await approvedStation(api, admin);
    const event = await publish(api, admin, stationId, undefined, 'Warm beds');
    const [food, vaccine] = event.items;
    if (!food || !vaccine) throw new Error('no items');
    await fund(api, fan.id, 1_000);
    const give = async (itemId: number, points: number) =>
      okData(
        await api.post(
          '/api/support/give',
          { item_id: itemId, points, idempotency_key: `k-${randomUUID()}` },
          { token: fan.token },
        ),
        SupportGiveDataSchema,
      );
    await give(food.id, 2);
    api.clock.advance(1_000);
    // A help-pay payment, confirmed by the sandbox provider's signed notification.
    await helpPaid(api, fan.token, { id: vaccine.id, rescue_station_id: stationId, points: 1 });
    api.clock.advance(1_000);
    await give(food.id, 1);

    const gifts = okData(await myGifts(fan.token), MyGiftListDataSchema);
    expect(gifts.total).toBe(3);
    expect(gifts.list.map((g) => [g.item_title, g.points, g.coins, g.source])).toEqual([
      ['Dry food', 1, 30, 'coins'],
      ['Vaccine', 1, 80, 'help_pay'],
      ['Dry food', 2, 60, 'coins'],
    ]);
    expect(gifts.list[0]).toMatchObject({
      event_id: event.id,
      event_title: 'Warm beds',
      text_lang: 'en',
      event_status: 'live',
      item_id: food.id,
    });
    expect(gifts.list.every((g, i, all) => i === 0 || (all[i - 1]?.created_at ?? 0) >= g.created_at)).toBe(true);
    const page2 = okData(await myGifts(fan.token, { page: 2, limit: 2 }), MyGiftListDataSchema);
    expect(page2.list.map((g) => g.points)).toEqual([2]);
    expect(okData(await myGifts(other.token), MyGiftListDataSchema).total).toBe(0);
    // A message in the user's language for a refusal (the endpoints' envelope, as every route).
    expect(failure(await myGifts(undefined, {}, 'zh-TW'), 401, 'login_required').msg).toBe(
      MESSAGES['error.login_required']['zh-TW'],
    );
  });
});
