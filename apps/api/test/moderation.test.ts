import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminPostListDataSchema,
  AdminPostSchema,
  AdminReportListDataSchema,
  AdminReportSchema,
  PostSchema,
  ReportSchema,
  type Post,
} from '@petheart/contracts';
import { eq } from 'drizzle-orm';
import { problemReports } from '../src/db/schema';
import { failure, okData } from './harness';
import { communityApi, type CommunityApi } from './post-support';

describe('the console’s moderation and report queues', () => {
  let c: CommunityApi;
  let first: Post;
  let second: Post;
  beforeAll(async () => {
    c = await communityApi();
    first = await c.publish(c.demo, { content: 'First in the queue', device_id: 'PH-0001' });
    second = await c.publish(c.friend, { content: 'Second, about Songjiang', device_id: 'PH-0005' });
  });
  afterAll(async () => {
    await c.close();
  });

  const adminList = async (body: Record<string, unknown>) =>
    okData(await c.api.post('/api/admin/post/list', body, { token: c.admin }), AdminPostListDataSchema);

  it('is for admins only', async () => {
    for (const url of [
      '/api/admin/post/list',
      '/api/admin/post/approve',
      '/api/admin/post/reject',
      '/api/admin/report/list',
      '/api/admin/report/resolve',
    ]) {
      failure(await c.api.post(url, { id: first.id, remark: 'x', note: 'x' }, { token: c.demo }), 403, 'forbidden');
      failure(await c.api.post(url, {}), 401, 'login_required');
    }
  });

  it('lists pending posts oldest first, and filters by keyword (text, author or device)', async () => {
    const pending = await adminList({ status: 'ped' });
    expect(pending.list.map((p) => p.id)).toEqual([first.id, second.id]);
    expect(pending.list[0]).toMatchObject({ status: 'ped', reviewed_by: null, reviewed_at: null, mine: false });
    expect((await adminList({ keyword: 'songjiang' })).list.map((p) => p.id)).toEqual([second.id]);
    expect((await adminList({ keyword: 'Friend' })).list.map((p) => p.id)).toEqual([second.id]);
    expect((await adminList({ keyword: 'Bund Feeder' })).list.map((p) => p.id)).toEqual([first.id]);
    expect((await adminList({ keyword: '%' })).total).toBe(0);
    expect((await adminList({ status: 'res' })).total).toBe(0);
    failure(
      await c.api.post('/api/admin/post/list', { status: 'draft' }, { token: c.admin }),
      400,
      'validation_failed',
    );
  });

  it('approves, recording who and when', async () => {
    const r = await c.api.post('/api/admin/post/approve', { id: first.id }, { token: c.admin, lang: 'en' });
    const approved = okData(r, AdminPostSchema);
    expect(r.body.msg).toBe('Approved');
    expect(approved).toMatchObject({
      status: 'res',
      reviewed_by: { id: c.ids.admin, nickname: 'Admin' },
      reviewed_at: Math.floor(c.api.clock.now().getTime() / 1000),
      published_at: Math.floor(c.api.clock.now().getTime() / 1000),
    });
    expect((await adminList({ status: 'res' })).list.map((p) => p.id)).toEqual([first.id]);
    expect(okData(await c.api.post('/api/post/detail', { id: first.id }), PostSchema).status).toBe('res');
    failure(await c.api.post('/api/admin/post/approve', { id: 999_999 }, { token: c.admin }), 404, 'not_found');
  });

  it('rejects with a remark (asked for in the admin’s language) that the author sees', async () => {
    const reject = (remark: string, lang: string) =>
      c.api.post('/api/admin/post/reject', { id: second.id, remark }, { token: c.admin, lang });
    expect(failure(await reject(' ', 'en'), 400, 'validation_failed').msg).toBe(
      'Please enter the reason for rejection',
    );
    expect(failure(await reject('', 'ja'), 400, 'validation_failed').msg).toBe('却下の理由を入力してください');
    const rejected = okData(await reject('Please show the animals', 'zh-CN'), AdminPostSchema);
    expect(rejected).toMatchObject({
      status: 'rej',
      remark: 'Please show the animals',
      reviewed_by: { id: c.ids.admin },
    });
    const seen = okData(await c.api.post('/api/post/detail', { id: second.id }, { token: c.friend }), PostSchema);
    expect(seen).toMatchObject({ status: 'rej', remark: 'Please show the animals' });
    // The author edits and resubmits: back in the queue, the review cleared.
    okData(
      await c.api.post(
        '/api/post/update',
        { id: second.id, content: 'Now with the cats in view', device_id: 'PH-0005' },
        { token: c.friend },
      ),
      PostSchema,
    );
    const queued = (await adminList({ status: 'ped' })).list;
    expect(queued.map((p) => [p.id, p.remark, p.reviewed_by])).toEqual([[second.id, '', null]]);
  });

  it('lists problem reports by status and resolves them with a note, recording who and when', async () => {
    const file = async (token: string, reason: string) =>
      okData(await c.api.post('/api/report/create', { device_id: 'PH-0003', reason }, { token }), ReportSchema);
    const older = await file(c.demo, 'The bowl is tipped over');
    c.api.clock.advance(1_000);
    const newer = await file(c.friend, 'No food falls');
    const reports = async (body: Record<string, unknown>) =>
      okData(await c.api.post('/api/admin/report/list', body, { token: c.admin }), AdminReportListDataSchema);
    const open = await reports({ status: 'open' });
    expect(open.list.map((r) => r.id)).toEqual([older.id, newer.id]);
    expect(open.list[0]).toMatchObject({
      reporter: { id: c.ids.demo, nickname: 'Demo' },
      device_id: 'PH-0003',
      device_name: 'Xujiahui Feeder',
      base_name: 'Xujiahui Park Shelter Point',
      status: 'open',
      note: '',
      resolved_by: null,
      resolved_at: null,
    });

    const resolve = (id: number, note: string, lang = 'en') =>
      c.api.post('/api/admin/report/resolve', { id, note }, { token: c.admin, lang });
    expect(failure(await resolve(older.id, ''), 400, 'validation_failed').msg).toBe('Please enter a note');
    expect(failure(await resolve(older.id, ' ', 'zh-CN'), 400, 'validation_failed').msg).toBe('请输入处理说明');
    failure(await resolve(999_999, 'x'), 404, 'not_found');
    c.api.clock.advance(5_000);
    const r = await resolve(older.id, 'Volunteer set the bowl upright');
    expect(r.body.msg).toBe('Resolved');
    const resolved = okData(r, AdminReportSchema);
    expect(resolved).toMatchObject({
      status: 'resolved',
      note: 'Volunteer set the bowl upright',
      resolved_by: { id: c.ids.admin, nickname: 'Admin' },
      resolved_at: Math.floor(c.api.clock.now().getTime() / 1000),
    });
    expect((await reports({ status: 'open' })).list.map((x) => x.id)).toEqual([newer.id]);
    expect((await reports({ status: 'resolved' })).list.map((x) => x.id)).toEqual([older.id]);
    expect((await reports({})).total).toBe(2);
    const [row] = await c.api.container.database.db
      .select()
      .from(problemReports)
      .where(eq(problemReports.id, older.id));
    expect(row).toMatchObject({
      status: 'resolved',
      remark: 'Volunteer set the bowl upright',
      resolvedBy: c.ids.admin,
    });
  });
});
