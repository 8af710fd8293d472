import { describe, expect, it } from 'vitest';
import { isMessenger, isShareAbort, shareMode, wechatSignedUrl } from './share';

const WECHAT_IOS =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.44(0x18002c2f) NetType/WIFI Language/zh_CN';
const WECHAT_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36 MicroMessenger/8.0.49.2600';
const SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const share = () => Promise.resolve();

describe('how the live room is shared', () => {
  it('inside WeChat: its own menu (with the card the JS-SDK sets), even where a share sheet or a clipboard exists', () => {
    expect(isMessenger(WECHAT_IOS)).toBe(true);
    expect(shareMode({ userAgent: WECHAT_IOS, share }, true)).toBe('messenger');
    expect(shareMode({ userAgent: WECHAT_ANDROID }, false)).toBe('messenger');
  });

  it('the system share sheet where the browser has one', () => {
    expect(isMessenger(SAFARI)).toBe(false);
    expect(shareMode({ userAgent: SAFARI, share }, true)).toBe('sheet');
    expect(shareMode({ userAgent: SAFARI, share }, false)).toBe('sheet');
  });

  it('else the link copied, or shown when the clipboard cannot be written', () => {
    expect(shareMode({ userAgent: SAFARI }, true)).toBe('clipboard');
    expect(shareMode({ userAgent: SAFARI, share: 'not a function' }, true)).toBe('clipboard');
    expect(shareMode({ userAgent: SAFARI }, false)).toBe('manual');
  });

  it('treats a closed share sheet as no failure', () => {
    expect(isShareAbort(new DOMException('cancelled', 'AbortError'))).toBe(true);
    expect(isShareAbort(new DOMException('denied', 'NotAllowedError'))).toBe(false);
  });

  it('has WeChat sign the address it checks: the landing one on iOS, the current one elsewhere, no #fragment', () => {
    const landing = 'https://pet.example/';
    const current = 'https://pet.example/pages/live/live?device_id=PH-0001#chat';
    expect(wechatSignedUrl(WECHAT_IOS, current, landing)).toBe(landing);
    expect(wechatSignedUrl(WECHAT_IOS, current, undefined)).toBe(
      'https://pet.example/pages/live/live?device_id=PH-0001',
    );
    expect(wechatSignedUrl(WECHAT_ANDROID, current, landing)).toBe(
      'https://pet.example/pages/live/live?device_id=PH-0001',
    );
  });
});
