import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/errors';
import { jsapiSignature } from './signature';
import { WechatShareService } from './service';

const at = (ms: number) => ({ now: () => new Date(ms) });

function service(tickets: () => Promise<string>, clock = at(1_700_000_000_000)) {
  return new WechatShareService({
    wechat: { appId: 'wx0123456789abcdef', tickets: { current: tickets } },
    publicUrl: 'https://pet.example',
    clock,
    retryAfterMs: 30_000,
  });
}

describe('the WeChat share configuration of a page', () => {
  it('signs this site’s page with the ticket: app id, timestamp, nonce and signature', async () => {
    const url = 'https://pet.example/pages/live/live?device_id=PH-0001&lang=ja';
    const config = await service(() => Promise.resolve('TICKET')).config(`${url}#x`);
    expect(config).toMatchObject({ app_id: 'wx0123456789abcdef', timestamp: 1_700_000_000 });
    expect(config?.signature).toBe(
      jsapiSignature({ ticket: 'TICKET', nonceStr: config?.nonce_str ?? '', timestamp: 1_700_000_000, url }),
    );
  });

  it('is null when WeChat sharing is not configured', async () => {
    const off = new WechatShareService({
      wechat: undefined,
      publicUrl: 'https://pet.example',
      clock: at(0),
      retryAfterMs: 0,
    });
    expect(await off.config('https://pet.example/pages/live/live')).toBeNull();
  });

  it('signs no other site’s pages', async () => {
    await expect(
      service(() => Promise.resolve('T')).config('https://evil.example/pages/live/live'),
    ).rejects.toMatchObject({
      id: 'validation_failed',
    });
  });

  it('says share_unavailable when WeChat gives no ticket, and does not ask again for a while', async () => {
    let now = 1_700_000_000_000;
    let calls = 0;
    const s = service(
      () => {
        calls++;
        return calls === 1 ? Promise.reject(new Error('errcode 40013')) : Promise.resolve('T');
      },
      { now: () => new Date(now) },
    );
    const page = 'https://pet.example/pages/live/live';
    await expect(s.config(page)).rejects.toBeInstanceOf(AppError);
    await expect(s.config(page)).rejects.toMatchObject({ id: 'share_unavailable', status: 409 });
    expect(calls).toBe(1);
    now += 30_000;
    expect(await s.config(page)).not.toBeNull();
    expect(calls).toBe(2);
  });
});
