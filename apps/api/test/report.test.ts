import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReportSchema, UploadDataSchema, type UploadData } from '@petheart/contracts';
import { problemReports } from '../src/db/schema';
import { makeJpeg } from './fixtures/images';
import { multipartBody } from './fixtures/multipart';
import { DEMO, createTestApi, failure, loginToken, okData, type TestApi } from './harness';

describe('problem reports', () => {
  let api: TestApi;
  let demo: string;
  let friend: string;
  beforeAll(async () => {
    api = await createTestApi();
    [demo, friend] = await Promise.all([
      loginToken(api, DEMO.user.email, DEMO.user.password),
      loginToken(api, DEMO.friend.email, DEMO.friend.password),
    ]);
  });
  afterAll(async () => {
    await api.close();
  });

  async function upload(token: string): Promise<UploadData> {
    const { payload, headers } = multipartBody({ data: await makeJpeg() });
    const r = await api.app.inject({
      method: 'POST',
      url: '/api/common/upload',
      payload,
      headers: { ...headers, token },
    });
    return okData({ status: r.statusCode, body: r.json(), headers: r.headers }, UploadDataSchema);
  }
  const report = (body: Record<string, unknown>, token?: string, lang?: string) =>
    api.post('/api/report/create', body, { token, ...(lang ? { lang } : {}) });

  it('stores a report with the reporter’s own uploaded images, linked to the device', async () => {
    const [a, b] = [await upload(demo), await upload(demo)];
    const r = await report(
      { device_id: 'PH-0002', reason: '  The bowl is tipped over  ', images: [a.url, b.fullurl, a.url] },
      demo,
    );
    const created = okData(r, ReportSchema);
    expect(created).toMatchObject({
      device_id: 'PH-0002',
      reason: 'The bowl is tipped over',
      images: [a.url, b.url],
      status: 'open',
    });
    expect(r.body.msg).toBe('Thank you, your report has been submitted');
    const rows = await api.container.database.db.select().from(problemReports);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: created.id, deviceId: 'PH-0002', images: [a.url, b.url], status: 'open' });
    // Without images too.
    okData(await report({ device_id: 'PH-0002', reason: 'No food falls' }, demo), ReportSchema);
  });

  it('refuses images this server did not issue to the reporter, and changes nothing', async () => {
    const before = (await api.container.database.db.select().from(problemReports)).length;
    const friends = await upload(friend);
    for (const images of [
      [friends.url],
      ['https://elsewhere.example/cat.jpg'],
      ['/uploads/20250101/0000000000000000000000000000abcd.jpg'],
      ['/uploads/../secret'],
      ['javascript:alert(1)'],
    ]) {
      failure(await report({ device_id: 'PH-0002', reason: 'x', images }, demo), 400, 'validation_failed');
    }
    expect((await api.container.database.db.select().from(problemReports)).length).toBe(before);
  });

  it('needs a user, an existing device and a reason (messages in the request language)', async () => {
    failure(await report({ device_id: 'PH-0002', reason: 'x' }), 401, 'login_required');
    failure(await report({ device_id: 'PH-9999', reason: 'x' }, demo), 404, 'not_found');
    expect(failure(await report({ device_id: 'PH-0002', reason: ' ' }, demo), 400, 'validation_failed').msg).toBe(
      'Please describe the problem',
    );
    expect(
      failure(await report({ device_id: 'PH-0002', reason: '' }, demo, 'zh-CN'), 400, 'validation_failed').msg,
    ).toBe('请填写问题描述');
    const many = Array.from({ length: 10 }, (_, i) => `/uploads/x/${String(i)}.jpg`);
    failure(await report({ device_id: 'PH-0002', reason: 'x', images: many }, demo), 400, 'validation_failed');
  });
});
