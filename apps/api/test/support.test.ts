import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  ConsoleSupportApplicationListDataSchema,
  ConsoleSupportEventListDataSchema,
  ConsoleSupportEventSchema,
  SupportApplicationListDataSchema,
  SupportApplicationSchema,
  SupportEventDetailSchema,
  SupportEventListDataSchema,
  SupportTypeListDataSchema,
} from '@petheart/contracts';
import { supportApplications } from '../src/db/schema';
import { createTestApi, failure, okData, type TestApi } from './harness';
import {
  apply,
  applyBody,
  approvedStation,
  expectLedgerSound,
  ITEMS,
  newPerson,
  publish,
  review,
  type Person,
} from './support-fixtures';

describe('support requests and events', () => {
  let api: TestApi;
  let admin: Person;

  beforeAll(async () => {
    api = await createTestApi({ seed: false, serveWeb: false });
    admin = await newPerson(api, 'admin', true);
  });
  afterEach(async () => {
    await expectLedgerSound(api);
  });
  afterAll(async () => {
    await api.close();
  });

  it('lists the support types from config in the request’s language', async () => {
    const en = okData(await api.post('/api/support/types', {}), SupportTypeListDataSchema);
    expect(en.list.map((t) => t.name)).toEqual(['Food', 'Medical care', 'Shelter']);
    const zh = okData(await api.post('/api/support/types', {}, { lang: 'zh-CN' }), SupportTypeListDataSchema);
    expect(zh.list[1]).toEqual({ id: 2, name: '医疗' });
  });

  it('validates an application with clear messages, in English and Chinese, and stores nothing', async () => {
    const user = await newPerson(api, 'applicant');
    failure(await api.post('/api/support/apply', applyBody()), 401, 'login_required');
    const cases: [Record<string, unknown>, string, string][] = [
      [{ applicant: ' ' }, 'Please enter the applicant', '请输入申请人'],
      [{ name: undefined }, 'Please enter the name of the shelter', '请输入救助站名称'],
      [{ mobile: '12ab' }, 'Please enter a valid mobile number', '请输入正确的手机号'],
      [
        { wechat_number: 'has space' },
        'A WeChat ID has letters, digits, _ or - and no spaces',
        '微信号由字母、数字、_ 或 - 组成，不能有空格',
      ],
      [{ animal_nums: 0 }, 'Please enter the number of animals (1 to 100000)', '请输入动物数量（1到100000）'],
      [{ application_type_id: 'x' }, 'Please select the type of support', '请选择救助类型'],
      [{ latitude: undefined }, 'Please pick the address on the map', '请在地图上选择地址'],
      [{ address: '' }, 'Please enter the address', '请输入地址'],
    ];
    for (const [changes, en, zh] of cases) {
      const body = applyBody(changes);
      const english = failure(
        await api.post('/api/support/apply', body, { token: user.token }),
        400,
        'validation_failed',
      );
      const chinese = failure(
        await api.post('/api/support/apply', body, { token: user.token, lang: 'zh-CN' }),
        400,
        'validation_failed',
      );
      expect([english.msg, chinese.msg]).toEqual([en, zh]);
    }
    const unknownType = failure(
      await api.post('/api/support/apply', applyBody({ application_type_id: 99 }), {
        token: user.token,
        lang: 'zh-CN',
      }),
      400,
      'support_type_unknown',
    );
    expect(unknownType.msg).toBe('该救助类型已停用，请选择其他类型');
    const rows = await api.container.database.db
      .select()
      .from(supportApplications)
      .where(eq(supportApplications.userId, user.id));
    expect(rows).toEqual([]);
  });

  it('an applicant sees their own applications only, with the state and the reason', async () => {
    const owner = await newPerson(api, 'owner');
    const other = await newPerson(api, 'other');
    const first = await apply(api, owner, { name: 'First Shelter', description: 'Forty cats' });
    expect(first).toMatchObject({
      status: 0,
      reason: '',
      application_type: 'Food',
      name: 'First Shelter',
      description: 'Forty cats',
      reviewed_at: null,
      event_ids: [],
    });
    const second = await apply(api, owner, { name: 'Second Shelter', application_type_id: 2 });

    const mine = okData(
      await api.post('/api/support/applications', {}, { token: owner.token }),
      SupportApplicationListDataSchema,
    );
    expect(mine.list.map((a) => a.id)).toEqual([second.id, first.id]);
    expect(mine.total).toBe(2);
    const theirs = okData(
      await api.post('/api/support/applications', {}, { token: other.token }),
      SupportApplicationListDataSchema,
    );
    expect(theirs).toEqual({ list: [], total: 0, page: 1, limit: 10 });
    failure(await api.post('/api/support/application', { id: first.id }, { token: other.token }), 404, 'not_found');
    failure(await api.post('/api/support/application', { id: first.id }), 401, 'login_required');

    const rejected = await review(api, admin, first.id, 2, 'Please add photos of the shelter');
    expect(rejected).toMatchObject({
      status: 2,
      reason: 'Please add photos of the shelter',
      reviewed_by: { id: admin.id },
    });
    const seen = okData(
      await api.post('/api/support/application', { id: first.id }, { token: owner.token, lang: 'ja' }),
      SupportApplicationSchema,
    );
    expect(seen).toMatchObject({ status: 2, reason: 'Please add photos of the shelter', application_type: 'フード' });
    expect(seen.reviewed_at).toBeGreaterThan(0);
    const pending = okData(
      await api.post('/api/support/applications', { status: 0 }, { token: owner.token }),
      SupportApplicationListDataSchema,
    );
    expect(pending.list.map((a) => a.id)).toEqual([second.id]);
  });

  it('allows three applications waiting for review at a time', async () => {
    const busy = await newPerson(api, 'busy');
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await apply(api, busy, { name: `Shelter ${String(i)}` }));
    const refused = failure(
      await api.post('/api/support/apply', applyBody(), { token: busy.token }),
      429,
      'support_apply_limit',
    );
    expect(refused.msg).toBe('You already have 3 applications waiting for review');
    const [firstMade] = made;
    if (!firstMade) throw new Error('no application');
    await review(api, admin, firstMade.id, 1);
    await apply(api, busy, { name: 'Shelter 3' });
  });

  it('the console reviews once: approve or reject with a reason; only admins', async () => {
    const user = await newPerson(api, 'reviewed');
    const application = await apply(api, user);
    failure(
      await api.post('/api/admin/support/review', { id: application.id, status: 1 }, { token: user.token }),
      403,
      'forbidden',
    );
    failure(await api.post('/api/admin/support/applications', {}, { token: user.token }), 403, 'forbidden');

    const noReason = failure(
      await api.post(
        '/api/admin/support/review',
        { id: application.id, status: 2 },
        { token: admin.token, lang: 'zh-CN' },
      ),
      400,
      'validation_failed',
    );
    expect(noReason.msg).toBe('请输入驳回原因');
    failure(
      await api.post('/api/admin/support/review', { id: application.id, status: 0 }, { token: admin.token }),
      400,
      'validation_failed',
    );

    const queue = okData(
      await api.post('/api/admin/support/applications', { status: 0, keyword: 'putuo cat' }, { token: admin.token }),
      ConsoleSupportApplicationListDataSchema,
    );
    expect(queue.list.map((a) => a.id)).toContain(application.id);
    expect(queue.list.find((a) => a.id === application.id)?.user).toMatchObject({ id: user.id });

    const approved = await review(api, admin, application.id, 1, 'Welcome');
    expect(approved).toMatchObject({ status: 1, reason: 'Welcome', reviewed_by: { id: admin.id } });
    failure(
      await api.post(
        '/api/admin/support/review',
        { id: application.id, status: 2, reason: 'no' },
        { token: admin.token },
      ),
      409,
      'application_reviewed',
    );
    failure(
      await api.post('/api/admin/support/review', { id: 999_999, status: 1 }, { token: admin.token }),
      404,
      'not_found',
    );

    // Two admins deciding at once: exactly one decision is kept.
    const raced = await apply(api, user, { name: 'Raced Shelter' });
    const answers = await Promise.all([
      api.post('/api/admin/support/review', { id: raced.id, status: 1 }, { token: admin.token }),
      api.post('/api/admin/support/review', { id: raced.id, status: 2, reason: 'Duplicate' }, { token: admin.token }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
  });

  it('publishes events only for approved applications, and shows them with progress to everyone', async () => {
    const user = await newPerson(api, 'pending-shelter');
    const pending = await apply(api, user, { name: 'Not Yet' });
    failure(
      await api.post(
        '/api/admin/support/event/create',
        { application_id: pending.id, title: 'Too early', items: ITEMS },
        { token: admin.token },
      ),
      409,
      'application_not_approved',
    );
    const noItems = failure(
      await api.post(
        '/api/admin/support/event/create',
        { application_id: pending.id, title: 'No items', items: [] },
        { token: admin.token },
      ),
      400,
      'validation_failed',
    );
    expect(noItems.msg).toBe('An event has 1 to 20 items');
    const stationId = await approvedStation(api, admin, 'Jing’an Cat Rescue');
    // A cover must be an upload of this server.
    failure(
      await api.post(
        '/api/admin/support/event/create',
        { application_id: stationId, title: 'Cover', cover: 'https://example.com/x.png', items: ITEMS },
        { token: admin.token },
      ),
      400,
      'image_not_uploaded',
    );
    const event = await publish(api, admin, stationId);
    expect(event).toMatchObject({
      status: 'live',
      application_id: stationId,
      station: { id: stationId, name: 'Jing’an Cat Rescue' },
      completed: 0,
      target: 110,
      item_count: 2,
      supporters: 0,
      coins: 0,
      help_pay_amount: 0,
      created_by: { id: admin.id },
    });
    expect(event.items.map((i) => [i.title, i.price, i.gift, i.completed, i.target])).toEqual([
      ['Dry food', 30, 'One 1 kg bag', 0, 100],
      ['Vaccine', 80, 'One shot', 0, 10],
    ]);

    const list = okData(await api.post('/api/support/events', {}), SupportEventListDataSchema);
    expect(list.list.map((e) => e.id)).toContain(event.id);
    const detail = okData(await api.post('/api/support/event', { id: event.id }), SupportEventDetailSchema);
    expect(detail.items).toHaveLength(2);
    expect(detail.description).toBe('Help us through the winter');
    failure(await api.post('/api/support/event', { id: 999_999 }), 404, 'not_found');

    const applicant = okData(
      await api.post('/api/admin/support/application', { id: stationId }, { token: admin.token }),
      SupportApplicationSchema,
    );
    expect(applicant.event_ids).toEqual([event.id]);
  });

  it('edits an event: texts, status, targets (never below what was given), new items; prices stay', async () => {
    const stationId = await approvedStation(api, admin);
    const event = await publish(api, admin, stationId);
    const [food, vaccine] = event.items;
    if (!food || !vaccine) throw new Error('items missing');
    const update = (body: Record<string, unknown>) =>
      api.post('/api/admin/support/event/update', { id: event.id, ...body }, { token: admin.token });

    failure(await update({ items: [{ ...food, price: 31 }] }), 409, 'support_price_fixed');
    const edited = okData(
      await update({
        title: 'Winter food and vaccines',
        items: [
          { id: food.id, title: 'Dry food (1 kg)', price: 30, gift: 'One bag', target: 150 },
          { title: 'Blankets', price: 20, gift: 'One blanket', target: 30 },
        ],
      }),
      ConsoleSupportEventSchema,
    );
    expect(edited.title).toBe('Winter food and vaccines');
    expect(edited.items.map((i) => [i.title, i.target])).toEqual([
      ['Dry food (1 kg)', 150],
      ['Vaccine', 10],
      ['Blankets', 30],
    ]);
    expect(edited.target).toBe(190);

    // Points given (through the ledger) set a floor for the target.
    const giver = await newPerson(api, 'giver');
    await api.container.services.ledger.credit({
      userId: giver.id,
      amount: 300,
      idempotencyKey: `fund-${String(giver.id)}`,
    });
    await api.post(
      '/api/support/give',
      { item_id: vaccine.id, points: 3, idempotency_key: `give-${String(giver.id)}-vaccine` },
      { token: giver.token },
    );
    const tooLow = failure(
      await update({ items: [{ id: vaccine.id, title: 'Vaccine', price: 80, gift: 'One shot', target: 2 }] }),
      409,
      'support_target_too_low',
    );
    expect(tooLow.msg).toBe('The target cannot be below the 3 points already given');
    // A refused item leaves the whole update undone.
    failure(
      await update({
        title: 'Not saved',
        items: [{ id: vaccine.id, title: 'Vaccine', price: 80, gift: 'One shot', target: 2 }],
      }),
      409,
      'support_target_too_low',
    );

    const closed = okData(await update({ status: 'closed' }), ConsoleSupportEventSchema);
    expect(closed).toMatchObject({ status: 'closed', title: 'Winter food and vaccines', completed: 3 });
    const listed = okData(
      await api.post('/api/admin/support/events', { status: 'closed' }, { token: admin.token }),
      ConsoleSupportEventListDataSchema,
    );
    expect(listed.list.map((e) => e.id)).toContain(event.id);
    const live = okData(await api.post('/api/support/events', { status: 'live' }), SupportEventListDataSchema);
    expect(live.list.map((e) => e.id)).not.toContain(event.id);
    failure(
      await api.post('/api/admin/support/event/update', { id: 999_999, title: 'x' }, { token: admin.token }),
      404,
      'not_found',
    );
  });

  it('lists live events before closed ones, newest first', async () => {
    const stationId = await approvedStation(api, admin);
    const older = await publish(api, admin, stationId, ITEMS, 'Older');
    api.clock.advance(1000);
    const newer = await publish(api, admin, stationId, ITEMS, 'Newer');
    api.clock.advance(1000);
    const closed = await publish(api, admin, stationId, ITEMS, 'Closed');
    await api.post('/api/admin/support/event/update', { id: closed.id, status: 'closed' }, { token: admin.token });
    const ids = okData(await api.post('/api/support/events', { limit: 100 }), SupportEventListDataSchema).list.map(
      (e) => e.id,
    );
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(ids.indexOf(older.id)).toBeLessThan(ids.indexOf(closed.id));
  });
});

describe('the demo shelter', () => {
  it('seeds one approved application with a live event of two items, once', async () => {
    const api = await createTestApi({ seed: false, serveWeb: false });
    try {
      // The demo friend and admin it needs (the full demo seed also hashes passwords and adds devices).
      await api.container.services.users.createWithEmail('friend@petheart.local');
      await api.container.services.users.createWithEmail(api.config.demoAdmin.email, { roles: ['user', 'admin'] });
      const { seedDemoSupport } = await import('../src/seed/demo-support');
      await seedDemoSupport(api.container);
      await seedDemoSupport(api.container);
      const events = okData(await api.post('/api/support/events', {}), SupportEventListDataSchema);
      expect(events.total).toBe(1);
      expect(events.list[0]).toMatchObject({
        status: 'live',
        item_count: 2,
        station: { name: 'Jing’an Stray Cat Rescue' },
      });
      const detail = okData(await api.post('/api/support/event', { id: events.list[0]?.id }), SupportEventDetailSchema);
      expect(detail.items.map((i) => i.price)).toEqual([30, 80]);
    } finally {
      await api.close();
    }
  });
});
