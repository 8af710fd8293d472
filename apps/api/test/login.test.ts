import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmptySchema, LoginDataSchema, MESSAGES, UserInfoDataSchema } from '@petheart/contracts';
import { DEMO, codeIn, createTestApi, setMobile, failure, okData, registerUser, type TestApi } from './harness';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => {
  await api.close();
});

describe('POST /api/user/register', () => {
  it('creates the account with an argon2id hash, logs it in, and the token reads /api/user/index', async () => {
    const userinfo = await registerUser(api, 'new.user+tag@example.com', 'my-password');
    expect(userinfo.nickname).toBe('new.user+tag');
    expect(userinfo.login_days).toBe(1);
    expect(userinfo.roles).toEqual(['user']);
    expect(userinfo.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(userinfo.expires_in).toBe(30 * 86_400);

    const me = okData(await api.get('/api/user/index', { token: userinfo.token }), UserInfoDataSchema);
    expect(me.userinfo).toMatchObject({ id: userinfo.id, email: 'new.user+tag@example.com', balance: 0, avatar: '' });
    const stored = await api.container.services.users.byId(userinfo.id);
    expect(stored?.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('refuses a wrong code, a taken email, and bad fields', async () => {
    const email = 'second@example.com';
    okData(await api.post('/api/ems/send', { email, event: 'register' }), EmptySchema);
    const code = codeIn((await api.mail.waitForMail(email)).text);
    const bad = String((Number(code) + 1) % 1e6).padStart(6, '0');
    failure(await api.post('/api/user/register', { email, password: 'secret-pass', code: bad }), 400, 'code_invalid');
    okData(await api.post('/api/user/register', { email, password: 'secret-pass', code }), LoginDataSchema);

    const taken = await api.post(
      '/api/user/register',
      { email: 'Second@Example.com', password: 'x-secret', code },
      { lang: 'ja' },
    );
    expect(failure(taken, 409, 'account_exists').msg).toBe(MESSAGES['error.account_exists'].ja);

    const noPassword = await api.post(
      '/api/user/register',
      { email: 'x@example.com', code: '123456' },
      { lang: 'zh-CN' },
    );
    expect(failure(noPassword, 400, 'validation_failed').msg).toBe(MESSAGES['v.password']['zh-CN']);
    const shortPassword = await api.post('/api/user/register', {
      email: 'x@example.com',
      password: '123',
      code: '123456',
    });
    expect(failure(shortPassword, 400, 'validation_failed').msg).toBe(MESSAGES['v.passwordLength'].en);
    const badCode = await api.post('/api/user/register', {
      email: 'x@example.com',
      password: '123456',
      code: '12a456',
    });
    expect(failure(badCode, 400, 'validation_failed').msg).toBe(MESSAGES['v.codeFormat'].en);
    const wrongTypes = await api.post('/api/user/register', {
      email: ['x@example.com'],
      password: 123456,
      code: 123456,
    });
    failure(wrongTypes, 400, 'validation_failed');
    const notJson = await api.app.inject({
      method: 'POST',
      url: '/api/user/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json()).toMatchObject({ code: 0, data: { error: 'validation_failed' } });
  });
});

describe('POST /api/user/login', () => {
  it('logs in by email (any case) and by mobile, counting distinct login days', async () => {
    const first = okData(
      await api.post('/api/user/login', { account: 'DEMO@petheart.local', password: DEMO.user.password }),
      LoginDataSchema,
    );
    const days = first.userinfo.login_days;
    const same = okData(
      await api.post('/api/user/login', { account: DEMO.user.email, password: DEMO.user.password }),
      LoginDataSchema,
    );
    expect(same.userinfo.login_days).toBe(days);
    api.clock.advance(86_400_000);
    const next = okData(
      await api.post('/api/user/login', { account: DEMO.user.email, password: DEMO.user.password }),
      LoginDataSchema,
    );
    expect(next.userinfo.login_days).toBe(days + 1);
    expect(next.userinfo.token).not.toBe(same.userinfo.token);

    // The number is set with a code sent to it (issue 29 §5).
    okData(await setMobile(api, next.userinfo.token, '+8613900000001', '10.9.1.1'), UserInfoDataSchema);
    const byMobile = okData(
      await api.post('/api/user/login', { account: '+8613900000001', password: DEMO.user.password }),
      LoginDataSchema,
    );
    expect(byMobile.userinfo.id).toBe(first.userinfo.id);
  });

  it('answers a wrong account and a wrong password with the same message', async () => {
    const wrongPassword = await api.post(
      '/api/user/login',
      { account: DEMO.friend.email, password: 'nope-nope' },
      { ip: '10.9.0.1', lang: 'zh-TW' },
    );
    const wrongAccount = await api.post(
      '/api/user/login',
      { account: 'ghost@example.com', password: 'nope-nope' },
      { ip: '10.9.0.1', lang: 'zh-TW' },
    );
    expect(failure(wrongPassword, 400, 'invalid_credentials').msg).toBe(MESSAGES['error.invalid_credentials']['zh-TW']);
    expect(failure(wrongAccount, 400, 'invalid_credentials').msg).toBe(wrongPassword.body.msg);
  });

  it('needs both fields', async () => {
    const r = await api.post('/api/user/login', { account: '  ', password: 'x' }, { lang: 'ja' });
    expect(failure(r, 400, 'validation_failed').msg).toBe(MESSAGES['v.account'].ja);
    const p = await api.post('/api/user/login', { account: 'a@b.co' });
    expect(failure(p, 400, 'validation_failed').msg).toBe(MESSAGES['v.password'].en);
  });

  it('slows an attacking address down exponentially while the owner still logs in from theirs', async () => {
    const victim = await registerUser(api, 'victim@example.com', 'victim-pass');
    const attacker = '203.0.113.66';
    const owner = '198.51.100.5';
    const tryAttack = () =>
      api.post('/api/user/login', { account: 'victim@example.com', password: 'guess-guess' }, { ip: attacker });
    for (let i = 0; i < 5; i++) failure(await tryAttack(), 400, 'invalid_credentials');
    // 5 failures: the 6th must wait 2^0 = 1 s.
    let throttled = failure(await tryAttack(), 429, 'too_many_attempts');
    expect(throttled.data.retry_after).toBe(1);
    expect(throttled.msg).toBe(MESSAGES['error.too_many_attempts'].en.replace('{{seconds}}', '1'));
    // The right password from the attacking address is refused too while it waits (no oracle).
    failure(
      await api.post('/api/user/login', { account: 'victim@example.com', password: 'victim-pass' }, { ip: attacker }),
      429,
      'too_many_attempts',
    );

    // Waiting grows: 1, 2, 4, 8 s after each further failure.
    for (const wait of [1, 2, 4, 8]) {
      api.clock.advance(wait * 1000);
      failure(await tryAttack(), 400, 'invalid_credentials');
      throttled = failure(await tryAttack(), 429, 'too_many_attempts');
      expect(throttled.data.retry_after).toBe(wait * 2);
    }
    // Capped at 15 minutes.
    for (let i = 0; i < 12; i++) {
      api.clock.advance(15 * 60_000);
      failure(await tryAttack(), 400, 'invalid_credentials');
    }
    expect(failure(await tryAttack(), 429, 'too_many_attempts').data.retry_after).toBe(900);

    // The owner, from their own address, is not blocked at all.
    const ok = okData(
      await api.post('/api/user/login', { account: 'victim@example.com', password: 'victim-pass' }, { ip: owner }),
      LoginDataSchema,
    );
    expect(ok.userinfo.id).toBe(victim.id);
    const ja = await api.post(
      '/api/user/login',
      { account: 'victim@example.com', password: 'guess-guess' },
      { ip: attacker, lang: 'ja' },
    );
    expect(failure(ja, 429, 'too_many_attempts').msg).toMatch(/^失敗が多すぎます。\d+秒後/);
  });

  it('a success clears only that address; the failures of other addresses never block it', async () => {
    await registerUser(api, 'clear@example.com', 'clear-pass');
    const login = (password: string, ip: string) =>
      api.post('/api/user/login', { account: 'clear@example.com', password }, { ip });
    for (let i = 0; i < 4; i++) failure(await login('bad-pass', '10.7.0.1'), 400, 'invalid_credentials');
    okData(await login('clear-pass', '10.7.0.1'), LoginDataSchema);
    // Cleared: 4 more failures are still free.
    for (let i = 0; i < 4; i++) failure(await login('bad-pass', '10.7.0.1'), 400, 'invalid_credentials');
    for (let i = 0; i < 6; i++) await login('bad-pass', '10.7.0.2');
    failure(await login('bad-pass', '10.7.0.2'), 429, 'too_many_attempts');
    failure(await login('bad-pass', '10.7.0.1'), 400, 'invalid_credentials');
  });

  it('adds an account-wide delay past 100 failures an hour from many addresses, without locking out', async () => {
    await registerUser(api, 'spray@example.com', 'spray-pass');
    const login = (password: string, ip: string) =>
      api.post('/api/user/login', { account: 'spray@example.com', password }, { ip });
    for (let i = 0; i < 100; i++)
      failure(await login('bad-pass', `172.16.${String(Math.floor(i / 4))}.1`), 400, 'invalid_credentials');
    const fresh = failure(await login('spray-pass', '172.31.0.1'), 429, 'too_many_attempts');
    expect(fresh.data.retry_after).toBeLessThanOrEqual(30);
    api.clock.advance(30_000);
    okData(await login('spray-pass', '172.31.0.1'), LoginDataSchema);
  });

  it('refuses a disabled account only after the right password', async () => {
    const user = await registerUser(api, 'to-disable@example.com', 'dis-pass');
    await api.container.services.adminUsers.disable(0, user.id);
    failure(
      await api.post('/api/user/login', { account: 'to-disable@example.com', password: 'wrong-pass' }),
      400,
      'invalid_credentials',
    );
    const r = await api.post(
      '/api/user/login',
      { account: 'to-disable@example.com', password: 'dis-pass' },
      { lang: 'ja' },
    );
    expect(failure(r, 403, 'account_disabled').msg).toBe(MESSAGES['error.account_disabled'].ja);
  });
});

describe('POST /api/user/emaillogin and /api/user/resetpwd', () => {
  it('logs in with an emailed code', async () => {
    api.clock.advance(3600_000);
    okData(await api.post('/api/ems/send', { email: DEMO.friend.email, event: 'emaillogin' }), EmptySchema);
    const captcha = codeIn((await api.mail.waitForMail(DEMO.friend.email)).text);
    const r = okData(await api.post('/api/user/emaillogin', { email: DEMO.friend.email, captcha }), LoginDataSchema);
    expect(r.userinfo.email).toBe(DEMO.friend.email);
    failure(await api.post('/api/user/emaillogin', { email: DEMO.friend.email }), 400, 'validation_failed');
  });

  it('resets the password: the old one stops working, the new one works, every old token is revoked', async () => {
    const user = await registerUser(api, 'reset@example.com', 'old-password');
    const other = await api.post('/api/user/login', { account: 'reset@example.com', password: 'old-password' });
    const otherToken = okData(other, LoginDataSchema).userinfo.token;
    api.clock.advance(61_000);
    okData(await api.post('/api/ems/send', { email: 'reset@example.com', event: 'resetpwd' }), EmptySchema);
    const captcha = codeIn((await api.mail.waitForMail('reset@example.com')).text);
    const body = { type: 'email', email: 'reset@example.com', newpassword: 'new-password', captcha };
    const r = await api.post('/api/user/resetpwd', body, { lang: 'zh-CN' });
    okData(r, EmptySchema);
    expect(r.body.msg).toBe(MESSAGES['ok.passwordReset']['zh-CN']);
    for (const token of [user.token, otherToken]) {
      failure(await api.get('/api/user/index', { token }), 401, 'login_expired');
    }
    failure(
      await api.post('/api/user/login', { account: 'reset@example.com', password: 'old-password' }),
      400,
      'invalid_credentials',
    );
    okData(
      await api.post('/api/user/login', { account: 'reset@example.com', password: 'new-password' }),
      LoginDataSchema,
    );

    const missing = await api.post(
      '/api/user/resetpwd',
      { type: 'email', email: 'reset@example.com', captcha },
      { lang: 'ja' },
    );
    expect(failure(missing, 400, 'validation_failed').msg).toBe(MESSAGES['v.password'].ja);
    failure(await api.post('/api/user/resetpwd', { type: 'fax', captcha }), 400, 'validation_failed');
  });
});
