import { createHash } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WechatShareConfigSchema } from '@petheart/contracts';
import { FakeWechatMp } from './fixtures/fake-wechat-mp';
import { createTestApi, failure, okData, type TestApi } from './harness';

const APP_ID = 'wx1234567890abcdef';
const SECRET = 'app-secret-for-tests';
const PAGE = 'http://pet.example/pages/live/live?device_id=PH-0001&lang=zh-CN';

/** A built app of one page (the CSP is checked on it). */
async function webDist(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'petheart-dist-'));
  await writeFile(
    path.join(dir, 'index.html'),
    '<!doctype html><html lang="en"><head><title>PetHeart</title></head></html>',
  );
  return dir;
}

/** The signature as WeChat's documentation computes it, written here independently of the API's code. */
const expected = (ticket: string, nonce: string, timestamp: number, url: string) =>
  createHash('sha1')
    .update(`jsapi_ticket=${ticket}&noncestr=${nonce}&timestamp=${String(timestamp)}&url=${url}`)
    .digest('hex');

describe('sharing inside WeChat: the JS-SDK signature (issue 29 §4)', () => {
  let api: TestApi;
  let wechat: FakeWechatMp;

  beforeAll(async () => {
    wechat = await new FakeWechatMp(APP_ID, SECRET).start();
    api = await createTestApi({
      seed: false,
      env: {
        PUBLIC_URL: 'http://pet.example',
        WECHAT_APPID: APP_ID,
        WECHAT_SECRET: SECRET,
        WECHAT_API_URL: wechat.url,
        WEB_DIST: await webDist(),
      },
    });
  });
  afterAll(async () => {
    await api.close();
    await wechat.stop();
  });

  it('signs a page with the ticket got with the app id and secret, and allows the JS-SDK’s script', async () => {
    const config = okData(await api.post('/api/share/wechat', { url: `${PAGE}#comments` }), WechatShareConfigSchema);
    expect(config).not.toBeNull();
    expect(config?.app_id).toBe(APP_ID);
    expect(config?.timestamp).toBe(Math.floor(api.clock.now().getTime() / 1000));
    expect(config?.signature).toBe(expected(wechat.ticket, config?.nonce_str ?? '', config?.timestamp ?? 0, PAGE));
    expect(wechat.asked).toEqual({ token: 1, ticket: 1 });
    // Pages may load the script from WeChat's origin only because sharing is configured.
    const page = await api.get('/pages/index/index', { headers: { accept: 'text/html' } });
    expect(page.headers['content-security-policy']).toContain("script-src 'self' https://res.wx.qq.com");
  });

  it('keeps token and ticket until they expire, then gets new ones', async () => {
    for (let i = 0; i < 3; i++) okData(await api.post('/api/share/wechat', { url: PAGE }), WechatShareConfigSchema);
    expect(wechat.asked).toEqual({ token: 1, ticket: 1 });
    api.clock.advance(7200_000);
    const ticket = wechat.renewTicket();
    // This one lives half an hour: the token outlives it (the next test).
    wechat.ticketExpiresIn = 1800;
    const config = okData(await api.post('/api/share/wechat', { url: PAGE }), WechatShareConfigSchema);
    expect(config?.signature).toBe(expected(ticket, config?.nonce_str ?? '', config?.timestamp ?? 0, PAGE));
    expect(wechat.asked).toEqual({ token: 2, ticket: 2 });
  });

  it('gets a new token once when WeChat says the one it holds is stale', async () => {
    wechat.ticketExpiresIn = 7200;
    api.clock.advance(1800_000);
    wechat.mode = 'stale_token_once';
    okData(await api.post('/api/share/wechat', { url: PAGE }), WechatShareConfigSchema);
    // The ticket had expired, the kept token not, but WeChat refused it (40001): a new one, the ticket asked again.
    expect(wechat.asked).toEqual({ token: 3, ticket: 4 });
  });

  it('answers WeChat’s refusal as a clear error in the caller’s language, and asks again only later', async () => {
    api.clock.advance(7200_000);
    wechat.mode = 'bad_secret';
    const refused = failure(
      await api.post('/api/share/wechat', { url: PAGE }, { lang: 'zh-CN' }),
      409,
      'share_unavailable',
    );
    expect(refused.msg).toBe('暂时无法通过微信分享，请点击右上角「···」分享');
    const asked = { ...wechat.asked };
    failure(await api.post('/api/share/wechat', { url: PAGE }), 409, 'share_unavailable');
    expect(wechat.asked).toEqual(asked);
    wechat.mode = 'http_500';
    api.clock.advance(30_000);
    failure(await api.post('/api/share/wechat', { url: PAGE }), 409, 'share_unavailable');
    wechat.mode = 'ok';
    api.clock.advance(30_000);
    okData(await api.post('/api/share/wechat', { url: PAGE }), WechatShareConfigSchema);
  });

  it('signs only this site’s pages, and refuses what is no address', async () => {
    failure(
      await api.post('/api/share/wechat', { url: 'https://evil.example/pages/live/live' }),
      400,
      'validation_failed',
    );
    failure(await api.post('/api/share/wechat', { url: 'not an address' }), 400, 'validation_failed');
    failure(await api.post('/api/share/wechat', {}), 400, 'validation_failed');
  });
});

describe('without WECHAT_APPID and WECHAT_SECRET', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi({ seed: false, env: { WEB_DIST: await webDist() } });
  });
  afterAll(async () => {
    await api.close();
  });

  it('answers null (pages keep the messenger’s menu hint), and pages may load no script from WeChat', async () => {
    expect(
      okData(await api.post('/api/share/wechat', { url: `${api.config.publicUrl}/` }), WechatShareConfigSchema),
    ).toBeNull();
    const page = await api.get('/pages/index/index', { headers: { accept: 'text/html' } });
    expect(page.headers['content-security-policy']).not.toContain('wx.qq.com');
  });
});
