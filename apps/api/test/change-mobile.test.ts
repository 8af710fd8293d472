import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmptySchema, LoginDataSchema, MESSAGES, UserInfoDataSchema } from '@petheart/contracts';
import { CODE_TTL_MS } from '../src/modules/code/service';
import { codeIn, createTestApi, failure, okData, type TestApi } from './harness';
import { newPerson, type Person } from './support-fixtures';

/**
 * Issue 29 §5: the mobile number is set from user info with a code sent to it (/api/sms/send, event
 * 'changemobile', then /api/user/changemobile). The SMS is the outside edge: the tests read it from the
 * in-memory SmsSender the container uses instead of the outbox.
 */
describe('setting the mobile number with a code', () => {
  let api: TestApi;
  let user: Person;
  let ipSeq = 0;
  const ip = () => `10.29.5.${String((ipSeq += 1))}`;

  const send = (mobile: string, lang = 'en') =>
    api.post('/api/sms/send', { mobile, event: 'changemobile' }, { ip: ip(), lang });
  const codeFor = async (mobile: string) => {
    okData(await send(mobile), EmptySchema);
    const last = api.sms.to(mobile).at(-1);
    if (!last) throw new Error(`no SMS to ${mobile}`);
    return codeIn(last.text);
  };
  const change = (token: string | undefined, mobile: string, captcha: string, lang = 'en') =>
    api.post('/api/user/changemobile', { mobile, captcha }, { token, lang });

  beforeAll(async () => {
    api = await createTestApi({ seed: false, serveWeb: false });
    user = await newPerson(api, 'mobile');
  });
  afterAll(async () => {
    await api.close();
  });

  it('sets the number with the right code, once; the number then logs in to this account', async () => {
    const code = await codeFor('13700000001');
    const { userinfo } = okData(await change(user.token, '13700000001', code, 'ja'), UserInfoDataSchema);
    expect(userinfo).toMatchObject({ id: user.id, mobile: '13700000001' });
    // The next userinfo says so too (no stale cache).
    const index = okData(await api.get('/api/user/index', { token: user.token }), UserInfoDataSchema);
    expect(index.userinfo.mobile).toBe('13700000001');
    // A code is used once.
    failure(await change(user.token, '13700000001', code), 400, 'code_invalid');
    // The number is this account's now: a mobile login with it signs in as this user.
    api.clock.advance(61_000);
    okData(await api.post('/api/sms/send', { mobile: '13700000001', event: 'mobilelogin' }, { ip: ip() }), EmptySchema);
    const login = codeIn(api.sms.to('13700000001').at(-1)?.text ?? '');
    const logged = okData(
      await api.post('/api/user/mobilelogin', { mobile: '13700000001', captcha: login }, { ip: ip() }),
      LoginDataSchema,
    );
    expect(logged.userinfo.id).toBe(user.id);
  });

  it('refuses a wrong code, and the right one after it still works', async () => {
    const code = await codeFor('13700000002');
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const refused = failure(await change(user.token, '13700000002', wrong, 'zh-CN'), 400, 'code_invalid');
    expect(refused.msg).toBe(MESSAGES['error.code_invalid']['zh-CN']);
    // A code sent to another number does not set this one.
    failure(await change(user.token, '13700000009', code), 400, 'code_invalid');
    const { userinfo } = okData(await change(user.token, '13700000002', code), UserInfoDataSchema);
    expect(userinfo.mobile).toBe('13700000002');
  });

  it('refuses an expired code and leaves the number as it was', async () => {
    const code = await codeFor('13700000003');
    api.clock.advance(CODE_TTL_MS + 1_000);
    failure(await change(user.token, '13700000003', code), 400, 'code_invalid');
    const index = okData(await api.get('/api/user/index', { token: user.token }), UserInfoDataSchema);
    expect(index.userinfo.mobile).toBe('13700000002');
  });

  it('refuses a number another account has, in the user’s language, before sending or using any code', async () => {
    const owner = await newPerson(api, 'owner');
    const code = await codeFor('13700000004');
    okData(await change(owner.token, '13700000004', code), UserInfoDataSchema);
    const sent = api.sms.to('13700000004').length;
    api.clock.advance(61_000);
    const taken = failure(await send('13700000004', 'ja'), 409, 'mobile_exists');
    expect(taken.msg).toBe(MESSAGES['error.mobile_exists'].ja);
    expect(api.sms.to('13700000004')).toHaveLength(sent);
    // Even with a code for it (sent before the other account took it), the number stays the owner's.
    const early = await codeFor('13700000005');
    const other = await newPerson(api, 'other');
    const second = await codeFor('13700000006');
    okData(await change(other.token, '13700000005', early), UserInfoDataSchema);
    const clash = failure(await change(user.token, '13700000005', second, 'zh-TW'), 409, 'mobile_exists');
    expect(clash.msg).toBe(MESSAGES['error.mobile_exists']['zh-TW']);
  });

  it('needs a login and a well-formed number and code (400 in the user’s language)', async () => {
    failure(await change(undefined, '13700000007', '123456'), 401, 'login_required');
    const badNumber = failure(await change(user.token, 'call me', '123456', 'ja'), 400, 'validation_failed');
    expect(badNumber.msg).toBe(MESSAGES['v.mobileFormat'].ja);
    const badCode = failure(await change(user.token, '13700000007', '12ab', 'zh-CN'), 400, 'validation_failed');
    expect(badCode.msg).toBe(MESSAGES['v.codeFormat']['zh-CN']);
  });
});
