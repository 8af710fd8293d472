import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminUserSchema, EmptySchema, LoginDataSchema, MESSAGES, UserInfoDataSchema } from '@petheart/contracts';
import { DEMO, createTestApi, failure, loginToken, setMobile, okData, registerUser, type TestApi } from './harness';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => {
  await api.close();
});

describe('the login guard, for every route the app declares', () => {
  // HEAD twins of GET routes are Fastify's own; path parameters get a sample value.
  const guarded = () =>
    api.routes
      .filter((r) => (r.auth === 'user' || r.auth === 'admin') && r.method !== 'HEAD')
      .map((r) => ({ ...r, url: r.url.replace(/:(\w+)/g, 'sample') }));
  const call = (route: { method: string; url: string }, token?: string, lang?: string) => {
    const options = { ...(token === undefined ? {} : { token }), ...(lang ? { lang } : {}) };
    return route.method === 'GET' ? api.get(route.url, options) : api.post(route.url, {}, options);
  };

  it('finds the login-only routes in the route table', () => {
    const urls = guarded().map((r) => `${r.method} ${r.url}`);
    expect(urls).toEqual(
      expect.arrayContaining([
        'GET /api/user/index',
        'POST /api/user/logout',
        'POST /api/user/profile',
        'POST /api/admin/user/list',
      ]),
    );
  });

  it('answers a tourist 401 login_required on each, before reading the body', async () => {
    for (const route of guarded()) {
      const r = await call(route, undefined, 'ja');
      expect(failure(r, 401, 'login_required').msg, `${route.method} ${route.url}`).toBe(
        MESSAGES['error.login_required'].ja,
      );
      failure(await call(route, ''), 401, 'login_required');
    }
  });

  it('answers an unknown token 401 login_expired on each', async () => {
    for (const route of guarded()) failure(await call(route, 'not-a-real-token'), 401, 'login_expired');
  });

  it('answers a logged-in non-admin 403 on each admin route', async () => {
    const token = await loginToken(api, DEMO.user.email, DEMO.user.password);
    const adminRoutes = guarded().filter((r) => r.auth === 'admin');
    expect(adminRoutes.length).toBeGreaterThanOrEqual(4);
    for (const route of adminRoutes) {
      const r = await call(route, token, 'zh-TW');
      expect(failure(r, 403, 'forbidden').msg).toBe(MESSAGES['error.forbidden']['zh-TW']);
    }
  });
});

describe('tokens', () => {
  it('logout ends that token at once, and only that one', async () => {
    const a = await loginToken(api, DEMO.user.email, DEMO.user.password);
    const b = await loginToken(api, DEMO.user.email, DEMO.user.password);
    const r = await api.post('/api/user/logout', {}, { token: a, lang: 'zh-CN' });
    okData(r, EmptySchema);
    expect(r.body.msg).toBe(MESSAGES['ok.loggedOut']['zh-CN']);
    const expired = await api.get('/api/user/index', { token: a, acceptLanguage: 'zh-TW' });
    expect(failure(expired, 401, 'login_expired').msg).toBe(MESSAGES['error.login_expired']['zh-TW']);
    okData(await api.get('/api/user/index', { token: b }), UserInfoDataSchema);
  });

  it('expires after TOKEN_TTL_DAYS (fake clock)', async () => {
    const token = await loginToken(api, DEMO.friend.email, DEMO.friend.password);
    api.clock.advance(30 * 86_400_000 - 60_000);
    okData(await api.get('/api/user/index', { token }), UserInfoDataSchema);
    api.clock.advance(61_000);
    failure(await api.get('/api/user/index', { token }), 401, 'login_expired');
  });

  it('stops working when the user is disabled, and a new login is refused', async () => {
    const user = await registerUser(api, 'disabled-session@example.com', 'session-pass');
    okData(await api.get('/api/user/index', { token: user.token }), UserInfoDataSchema);
    const admin = await loginToken(api, DEMO.admin.email, DEMO.admin.password);
    okData(await api.post('/api/admin/user/disable', { id: user.id }, { token: admin }), AdminUserSchema);
    failure(await api.get('/api/user/index', { token: user.token }), 401, 'login_expired');
    failure(
      await api.post('/api/user/login', { account: 'disabled-session@example.com', password: 'session-pass' }),
      403,
      'account_disabled',
    );
    // Enabled again: the old token stays revoked, a new login works.
    okData(await api.post('/api/admin/user/enable', { id: user.id }, { token: admin }), AdminUserSchema);
    failure(await api.get('/api/user/index', { token: user.token }), 401, 'login_expired');
    okData(
      await api.post('/api/user/login', { account: 'disabled-session@example.com', password: 'session-pass' }),
      LoginDataSchema,
    );
  });

  it('stores only the SHA-256 of a token', async () => {
    const token = await loginToken(api, DEMO.user.email, DEMO.user.password);
    const rows = await api.container.database.db.query.userTokens.findMany();
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.tokenHash))).toBe(true);
  });
});

describe('POST /api/user/profile', () => {
  it('changes only the fields sent', async () => {
    const user = await registerUser(api, 'profile@example.com', 'profile-pass');
    const r = await api.post('/api/user/profile', { nickname: '  Kitty Fan  ' }, { token: user.token, lang: 'ja' });
    const { userinfo } = okData(r, UserInfoDataSchema);
    expect(r.body.msg).toBe(MESSAGES['ok.saved'].ja);
    expect(userinfo).toMatchObject({ nickname: 'Kitty Fan', avatar: '', mobile: null, email: 'profile@example.com' });
    const avatar = okData(
      await api.post('/api/user/profile', { avatar: '/uploads/2025/01/abc.webp' }, { token: user.token }),
      UserInfoDataSchema,
    );
    expect(avatar.userinfo).toMatchObject({ nickname: 'Kitty Fan', avatar: '/uploads/2025/01/abc.webp' });
    const cleared = okData(
      await api.post('/api/user/profile', { avatar: '' }, { token: user.token }),
      UserInfoDataSchema,
    );
    expect(cleared.userinfo.avatar).toBe('');
  });

  it('keeps emoji and CJK but strips invisible and direction-changing characters from nicknames', async () => {
    const { token } = await registerUser(api, 'unicode@example.com', 'unicode-pass');
    const set = async (nickname: string) =>
      okData(await api.post('/api/user/profile', { nickname }, { token }), UserInfoDataSchema).userinfo.nickname;
    expect(await set('猫咪🐱 ねこ')).toBe('猫咪🐱 ねこ');
    expect(await set('\u202Eevil\u202C name')).toBe('evil name');
    expect(await set('ze\u200Bro\u200D\uFEFFwidth')).toBe('zerowidth');
    expect(await set('e\u0301')).toBe('\u00e9');
    for (const nickname of ['\u200B\u200E\u202E', '   ', 'x'.repeat(31), '']) {
      const r = await api.post('/api/user/profile', { nickname }, { token, lang: 'zh-CN' });
      expect(failure(r, 400, 'validation_failed').msg).toBe(MESSAGES['v.nickname']['zh-CN']);
    }
    failure(await api.post('/api/user/profile', { nickname: 42 }, { token }), 400, 'validation_failed');
  });

  it('accepts only avatars this server issued', async () => {
    const { token } = await registerUser(api, 'avatar@example.com', 'avatar-pass');
    for (const avatar of [
      'https://evil.example/x.png',
      '/uploads/../etc/passwd',
      'javascript:alert(1)',
      '/api/user/index',
      '/uploads/a b.png',
    ]) {
      const r = await api.post('/api/user/profile', { avatar }, { token, lang: 'ja' });
      expect(failure(r, 400, 'validation_failed').msg, avatar).toBe(MESSAGES['v.avatar'].ja);
    }
  });

  it('sets no mobile number through the profile (it takes a code sent to it), and lets the owner clear theirs', async () => {
    const a = await registerUser(api, 'mobile-a@example.com', 'mobile-pass');
    const b = await registerUser(api, 'mobile-b@example.com', 'mobile-pass');
    // Without a code, nobody puts a number on their account: not a free one, not someone else's.
    const refused = await api.post('/api/user/profile', { mobile: '13911112222' }, { token: b.token, lang: 'zh-TW' });
    expect(failure(refused, 400, 'validation_failed').msg).toBe(MESSAGES['v.mobileNeedsCode']['zh-TW']);
    const set = await setMobile(api, a.token, '13911112222', '10.8.1.1');
    expect(okData(set, UserInfoDataSchema).userinfo.mobile).toBe('13911112222');
    const cleared = okData(await api.post('/api/user/profile', { mobile: '' }, { token: a.token }), UserInfoDataSchema);
    expect(cleared.userinfo.mobile).toBeNull();
    const index = okData(await api.get('/api/user/index', { token: a.token }), UserInfoDataSchema);
    expect(index.userinfo.mobile).toBeNull();
  });

  it('refuses bodies over the size limit', async () => {
    const { token } = await registerUser(api, 'big@example.com', 'big-pass');
    failure(
      await api.post('/api/user/profile', { nickname: 'x'.repeat(300 * 1024) }, { token }),
      413,
      'payload_too_large',
    );
  });
});
