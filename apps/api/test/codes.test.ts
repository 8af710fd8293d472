import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmptySchema, LoginDataSchema, MESSAGES } from '@petheart/contracts';
import { DEMO, codeIn, createTestApi, failure, okData, type TestApi } from './harness';

const IP_LIMIT = 8;
let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({ env: { CODE_IP_LIMIT_PER_HOUR: String(IP_LIMIT) } });
});
afterAll(async () => {
  await api.close();
});

/** Each call gets its own client address unless a test says otherwise, so the per-IP limit stays out of the way. */
let ipSeq = 0;
const nextIp = () => `10.1.${String(Math.floor(++ipSeq / 250))}.${String(ipSeq % 250)}`;
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function sendMailCode(email: string, event: string, lang = 'en') {
  okData(await api.post('/api/ems/send', { email, event }, { ip: nextIp(), lang }), EmptySchema);
  return codeIn((await api.mail.waitForMail(email)).text);
}

describe('POST /api/ems/send', () => {
  it('sends a 6-digit code by real SMTP in the request language, and the code registers the account', async () => {
    const ip = nextIp();
    const r = await api.post('/api/ems/send', { email: 'Mail.Me@Example.com', event: 'register' }, { ip, lang: 'ja' });
    expect(okData(r, EmptySchema)).toEqual({});
    expect(r.body.msg).toBe(MESSAGES['ok.codeSent'].ja);
    const mail = await api.mail.waitForMail('mail.me@example.com');
    expect(mail.subject).toBe(MESSAGES['mail.codeSubject'].ja);
    expect(mail.text).toContain('10分間有効');
    const code = codeIn(mail.text);

    const reg = await api.post('/api/user/register', { email: 'mail.me@example.com', password: 'secret-pass', code });
    const { userinfo } = okData(reg, LoginDataSchema);
    expect(userinfo.email).toBe('mail.me@example.com');
    expect(userinfo.nickname).toBe('mail.me');
  });

  it('uses Accept-Language when no lang header is sent', async () => {
    const r = await api.post(
      '/api/ems/send',
      { email: 'tw@example.com', event: 'register' },
      { ip: nextIp(), acceptLanguage: 'zh-TW,zh;q=0.9' },
    );
    expect(r.body.msg).toBe(MESSAGES['ok.codeSent']['zh-TW']);
    expect((await api.mail.waitForMail('tw@example.com')).subject).toBe(MESSAGES['mail.codeSubject']['zh-TW']);
  });

  it('refuses a register code for a registered email', async () => {
    const r = await api.post(
      '/api/ems/send',
      { email: DEMO.user.email, event: 'register' },
      { ip: nextIp(), lang: 'zh-CN' },
    );
    expect(failure(r, 409, 'account_exists').msg).toBe(MESSAGES['error.account_exists']['zh-CN']);
    expect(api.mail.to(DEMO.user.email)).toHaveLength(0);
  });

  it('answers success for resetpwd/emaillogin to an unknown address but sends nothing', async () => {
    for (const event of ['resetpwd', 'emaillogin']) {
      const email = `nobody-${event}@example.com`;
      const r = await api.post('/api/ems/send', { email, event }, { ip: nextIp() });
      okData(r, EmptySchema);
      // The mail (if any) is acknowledged by the SMTP server before the API answers: none arrived.
      expect(api.mail.to(email)).toHaveLength(0);
      // And it still counts for the rate limit, exactly like a real send (no enumeration through 429s).
      failure(await api.post('/api/ems/send', { email, event }, { ip: nextIp() }), 429, 'rate_limited');
    }
    // A known address does get the mail.
    await sendMailCode(DEMO.friend.email, 'resetpwd');
  });

  it('limits an address to 1 a minute, 5 an hour and 10 a day (429 envelope with retry_after)', async () => {
    const email = 'limits@example.com';
    const send = () => api.post('/api/ems/send', { email, event: 'register' }, { ip: nextIp() });
    okData(await send(), EmptySchema);
    const perMinute = failure(await send(), 429, 'rate_limited');
    expect(perMinute.data.retry_after).toBeGreaterThan(0);
    expect(perMinute.data.retry_after).toBeLessThanOrEqual(60);
    expect(perMinute.msg).toBe(MESSAGES['error.rate_limited'].en);

    for (let i = 2; i <= 5; i++) {
      api.clock.advance(61_000);
      okData(await send(), EmptySchema);
    }
    api.clock.advance(61_000);
    const perHour = await send();
    failure(perHour, 429, 'rate_limited');
    expect(Number(perHour.headers['retry-after'])).toBeGreaterThan(60);

    api.clock.advance(3600_000);
    for (let i = 6; i <= 10; i++) {
      okData(await send(), EmptySchema);
      api.clock.advance(61_000);
    }
    api.clock.advance(3600_000);
    const perDay = failure(await send(), 429, 'rate_limited');
    expect(perDay.data.retry_after).toBeGreaterThan(3600);
    api.clock.advance(86_400_000);
    okData(await send(), EmptySchema);
    expect(api.mail.to(email).length).toBe(11);
  });

  it('limits one client address across many email addresses (per-IP limit)', async () => {
    const ip = '192.0.2.77';
    for (let i = 0; i < IP_LIMIT; i++) {
      okData(
        await api.post('/api/ems/send', { email: `ip${String(i)}@example.com`, event: 'register' }, { ip }),
        EmptySchema,
      );
    }
    const r = await api.post('/api/ems/send', { email: 'ip-last@example.com', event: 'register' }, { ip, lang: 'ja' });
    expect(failure(r, 429, 'rate_limited').msg).toBe(MESSAGES['error.rate_limited'].ja);
    // Another address is not affected.
    okData(
      await api.post('/api/ems/send', { email: 'ip-last@example.com', event: 'register' }, { ip: nextIp() }),
      EmptySchema,
    );
  });

  it('refuses bad input with the field message in the request language', async () => {
    const missing = await api.post('/api/ems/send', { event: 'register' }, { ip: nextIp() });
    expect(failure(missing, 400, 'validation_failed').msg).toBe(MESSAGES['v.email'].en);
    const tw = await api.post('/api/ems/send', { event: 'register' }, { ip: nextIp(), acceptLanguage: 'zh-Hant-TW' });
    expect(failure(tw, 400, 'validation_failed').msg).toBe(MESSAGES['v.email']['zh-TW']);
    const wrongType = await api.post('/api/ems/send', { email: 12345, event: 'register' }, { ip: nextIp() });
    failure(wrongType, 400, 'validation_failed');
    const badEvent = await api.post('/api/ems/send', { email: 'a@example.com', event: 'hack' }, { ip: nextIp() });
    failure(badEvent, 400, 'validation_failed');
    for (const email of ['\u202Eevil@example.com', 'ze\u200Bro@example.com', '🐱@example.com', 'a@exa mple.com']) {
      const r = await api.post('/api/ems/send', { email, event: 'register' }, { ip: nextIp(), lang: 'ja' });
      expect(failure(r, 400, 'validation_failed').msg).toBe(MESSAGES['v.emailFormat'].ja);
    }
    const huge = await api.post('/api/ems/send', {
      email: 'a@example.com',
      event: 'register',
      pad: 'x'.repeat(300_000),
    });
    failure(huge, 413, 'payload_too_large');
    expect(api.mail.received.filter((m) => m.to === 'a@example.com')).toHaveLength(0);
  });
});

describe('using codes', () => {
  it('is single use', async () => {
    const code = await sendMailCode(DEMO.friend.email, 'resetpwd');
    api.clock.advance(61_000);
    const body = { type: 'email', email: DEMO.friend.email, newpassword: 'petheart-demo', captcha: code };
    okData(await api.post('/api/user/resetpwd', body), EmptySchema);
    failure(await api.post('/api/user/resetpwd', body), 400, 'code_invalid');
  });

  it('dies after 5 wrong tries, even for the right code afterwards', async () => {
    api.clock.advance(3600_000);
    const email = DEMO.user.email;
    const code = await sendMailCode(email, 'emaillogin');
    for (let i = 0; i < 5; i++) {
      const r = await api.post('/api/user/emaillogin', { email, captcha: wrong(code) }, { lang: 'zh-CN' });
      expect(failure(r, 400, 'code_invalid').msg).toBe(MESSAGES['error.code_invalid']['zh-CN']);
    }
    failure(await api.post('/api/user/emaillogin', { email, captcha: code }), 400, 'code_invalid');
  });

  it('expires after 10 minutes (fake clock)', async () => {
    api.clock.advance(3600_000);
    const email = DEMO.user.email;
    const code = await sendMailCode(email, 'emaillogin');
    api.clock.advance(10 * 60_000 + 1000);
    failure(await api.post('/api/user/emaillogin', { email, captcha: code }), 400, 'code_invalid');
  });

  it('works just before it expires, and only for its own event', async () => {
    api.clock.advance(3600_000);
    const email = DEMO.user.email;
    const code = await sendMailCode(email, 'emaillogin');
    api.clock.advance(9 * 60_000);
    const asReset = { type: 'email', email, newpassword: 'whatever-1', captcha: code };
    failure(await api.post('/api/user/resetpwd', asReset), 400, 'code_invalid');
    const { userinfo } = okData(await api.post('/api/user/emaillogin', { email, captcha: code }), LoginDataSchema);
    expect(userinfo.email).toBe(email);
  });
});

describe('POST /api/sms/send', () => {
  it('sends a code by SMS; mobilelogin creates the account when none exists', async () => {
    const mobile = '+8613800001111';
    okData(
      await api.post('/api/sms/send', { mobile, event: 'mobilelogin' }, { ip: nextIp(), lang: 'zh-CN' }),
      EmptySchema,
    );
    const sms = api.sms.to(mobile).at(-1);
    expect(sms?.text).toContain('10分钟内有效');
    const code = codeIn(sms?.text ?? '');
    const first = okData(await api.post('/api/user/mobilelogin', { mobile, captcha: code }), LoginDataSchema);
    expect(first.userinfo.mobile).toBe(mobile);
    expect(first.userinfo.email).toBeNull();

    api.clock.advance(61_000);
    okData(await api.post('/api/sms/send', { mobile, event: 'mobilelogin' }, { ip: nextIp() }), EmptySchema);
    const again = codeIn(api.sms.to(mobile).at(-1)?.text ?? '');
    const second = okData(await api.post('/api/user/mobilelogin', { mobile, captcha: again }), LoginDataSchema);
    expect(second.userinfo.id).toBe(first.userinfo.id);
  });

  it('refuses bad mobile numbers and is rate limited like mail', async () => {
    const bad = await api.post('/api/sms/send', { mobile: '12ab', event: 'mobilelogin' }, { ip: nextIp() });
    expect(failure(bad, 400, 'validation_failed').msg).toBe(MESSAGES['v.mobileFormat'].en);
    const mobile = '13800002222';
    okData(await api.post('/api/sms/send', { mobile, event: 'mobilelogin' }, { ip: nextIp() }), EmptySchema);
    failure(await api.post('/api/sms/send', { mobile, event: 'mobilelogin' }, { ip: nextIp() }), 429, 'rate_limited');
    expect(api.sms.to(mobile)).toHaveLength(1);
  });
});
