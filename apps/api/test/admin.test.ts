import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminUserListDataSchema, AdminUserSchema, MESSAGES, UserInfoDataSchema } from '@petheart/contracts';
import { DEMO, createTestApi, failure, loginToken, okData, registerUser, setMobile, type TestApi } from './harness';

let api: TestApi;
let admin: string;
beforeAll(async () => {
  api = await createTestApi();
  admin = await loginToken(api, DEMO.admin.email, DEMO.admin.password);
});
afterAll(async () => {
  await api.close();
});

const list = async (body: Record<string, unknown>) =>
  okData(await api.post('/api/admin/user/list', body, { token: admin }), AdminUserListDataSchema);

describe('the seeded demo accounts', () => {
  it('has the admin with roles user+admin and two demo users, and seeding again changes nothing', async () => {
    const before = await list({ limit: 100 });
    expect(before.total).toBe(3);
    expect(before.list.find((u) => u.email === DEMO.admin.email)?.roles).toEqual(['user', 'admin']);
    const { seedDemo } = await import('../src/seed/demo');
    await seedDemo(api.container);
    expect((await list({ limit: 100 })).total).toBe(3);
    await loginToken(api, DEMO.friend.email, DEMO.friend.password);
  });
});

describe('POST /api/admin/user/list', () => {
  it('pages newest first and searches email, mobile, nickname and id', async () => {
    const made = [];
    for (let i = 0; i < 12; i++)
      made.push(
        await registerUser(api, `page${String(i).padStart(2, '0')}@example.com`, 'page-pass', `10.2.0.${String(i)}`),
      );
    const first = await list({});
    expect(first).toMatchObject({ page: 1, limit: 10, total: 15 });
    expect(first.list).toHaveLength(10);
    expect(first.list[0]?.email).toBe('page11@example.com');
    const second = await list({ page: 2, limit: 10 });
    expect(second.list).toHaveLength(5);
    const firstUser = made[0];
    if (!firstUser) throw new Error('no user');

    expect((await list({ keyword: 'PAGE0' })).total).toBe(10);
    expect((await list({ keyword: 'page1' })).list.map((u) => u.email).sort()).toEqual([
      'page10@example.com',
      'page11@example.com',
    ]);
    expect((await list({ keyword: String(firstUser.id) })).list.map((u) => u.id)).toContain(firstUser.id);
    // LIKE wildcards are literal.
    expect((await list({ keyword: '%' })).total).toBe(0);
    expect((await list({ keyword: '_' })).total).toBe(0);
    okData(await setMobile(api, firstUser.token, '+8613700009999', '10.2.1.1'), UserInfoDataSchema);
    okData(
      await api.post('/api/user/profile', { nickname: 'Tabby 🐈' }, { token: firstUser.token }),
      UserInfoDataSchema,
    );
    expect((await list({ keyword: '0009999' })).list[0]?.id).toBe(firstUser.id);
    expect((await list({ keyword: 'tabby' })).list[0]?.id).toBe(firstUser.id);

    failure(await api.post('/api/admin/user/list', { limit: 1000 }, { token: admin }), 400, 'validation_failed');
    failure(await api.post('/api/admin/user/list', { page: 0 }, { token: admin }), 400, 'validation_failed');
    failure(
      await api.post('/api/admin/user/list', { keyword: 'k'.repeat(101) }, { token: admin }),
      400,
      'validation_failed',
    );
  });
});

describe('detail, disable, enable', () => {
  it('shows one user with status and last login', async () => {
    const user = await registerUser(api, 'detail@example.com', 'detail-pass');
    const detail = okData(await api.post('/api/admin/user/detail', { id: user.id }, { token: admin }), AdminUserSchema);
    expect(detail).toMatchObject({ id: user.id, email: 'detail@example.com', status: 'normal', login_days: 1 });
    expect(detail.last_login_at).toBeGreaterThan(0);
    failure(await api.post('/api/admin/user/detail', { id: 999_999 }, { token: admin }), 404, 'not_found');
    failure(await api.post('/api/admin/user/detail', { id: 'abc' }, { token: admin }), 400, 'validation_failed');
    failure(await api.post('/api/admin/user/detail', {}, { token: admin }), 400, 'validation_failed');
  });

  it('disables (ending every session) and enables a user', async () => {
    const user = await registerUser(api, 'victim-of-admin@example.com', 'victim-pass');
    const r = await api.post('/api/admin/user/disable', { id: user.id }, { token: admin, lang: 'ja' });
    expect(okData(r, AdminUserSchema).status).toBe('disabled');
    expect(r.body.msg).toBe(MESSAGES['ok.userDisabled'].ja);
    failure(await api.get('/api/user/index', { token: user.token }), 401, 'login_expired');
    expect((await list({ keyword: 'victim-of-admin' })).list[0]?.status).toBe('disabled');

    const enabled = await api.post('/api/admin/user/enable', { id: user.id }, { token: admin });
    expect(okData(enabled, AdminUserSchema).status).toBe('normal');
    await loginToken(api, 'victim-of-admin@example.com', 'victim-pass');
    failure(await api.post('/api/admin/user/disable', { id: 999_999 }, { token: admin }), 404, 'not_found');
  });

  it('does not let an admin disable themself', async () => {
    const me = (await list({ keyword: DEMO.admin.email })).list[0];
    if (!me) throw new Error('admin not listed');
    failure(await api.post('/api/admin/user/disable', { id: me.id }, { token: admin }), 403, 'forbidden');
    okData(await api.post('/api/admin/user/detail', { id: me.id }, { token: admin }), AdminUserSchema);
  });

  it('refuses a non-admin', async () => {
    const token = await loginToken(api, DEMO.user.email, DEMO.user.password);
    failure(await api.post('/api/admin/user/list', {}, { token }), 403, 'forbidden');
    failure(await api.post('/api/admin/user/disable', { id: 1 }, { token }), 403, 'forbidden');
  });
});
