import { describe, expect, it, vi } from 'vitest';
import { WECHAT_JS_SDK, loadWechatSdk, setWechatShareCard, type WechatJsSdk } from './wechat-sdk';

const CONFIG = { app_id: 'wx0123', timestamp: 1_700_000_000, nonce_str: 'abc123', signature: 'f00d' };
const CARD = {
  title: 'Bund Corner · Feeder B',
  text: 'Watch Bund Corner live',
  link: 'https://pet.example/pages/live/live?device_id=PH-0002&lang=zh-CN',
  image: 'https://pet.example/uploads/thumbs/PH-0002/1.jpg',
};

/** A stand-in for the JS-SDK's wx: ready or error once configured, as `outcome` says. */
function fakeWx(outcome: 'ready' | 'error') {
  let onReady: (() => void) | undefined;
  let onError: ((reason: unknown) => void) | undefined;
  const wx = {
    config: vi.fn(() => {
      queueMicrotask(() => {
        if (outcome === 'ready') onReady?.();
        else onError?.({ errMsg: 'config:invalid signature' });
      });
    }),
    ready: (fn: () => void) => {
      onReady = fn;
    },
    error: (fn: (reason: unknown) => void) => {
      onError = fn;
    },
    updateAppMessageShareData: vi.fn(),
    updateTimelineShareData: vi.fn(),
  };
  return wx satisfies WechatJsSdk;
}

describe('the WeChat share card', () => {
  it('configures the JS-SDK with the API’s signature, then sets the card for chats and Moments', async () => {
    const wx = fakeWx('ready');
    await setWechatShareCard(wx, CONFIG, CARD);
    expect(wx.config).toHaveBeenCalledWith({
      debug: false,
      appId: 'wx0123',
      timestamp: 1_700_000_000,
      nonceStr: 'abc123',
      signature: 'f00d',
      jsApiList: ['updateAppMessageShareData', 'updateTimelineShareData'],
    });
    expect(wx.updateAppMessageShareData).toHaveBeenCalledWith({
      title: CARD.title,
      desc: CARD.text,
      link: CARD.link,
      imgUrl: CARD.image,
    });
    expect(wx.updateTimelineShareData).toHaveBeenCalledWith({ title: CARD.title, link: CARD.link, imgUrl: CARD.image });
  });

  it('sets nothing when WeChat refuses the configuration', async () => {
    const wx = fakeWx('error');
    await expect(setWechatShareCard(wx, CONFIG, CARD)).rejects.toThrow(/invalid signature/);
    expect(wx.updateAppMessageShareData).not.toHaveBeenCalled();
  });

  it('loads the JS-SDK’s script once, from WeChat’s origin', async () => {
    const win = { document, wx: undefined } as unknown as Window & { wx?: WechatJsSdk };
    const first = loadWechatSdk(win);
    const second = loadWechatSdk(win);
    const scripts = document.querySelectorAll(`script[src="${WECHAT_JS_SDK}"]`);
    expect(scripts).toHaveLength(1);
    const wx = fakeWx('ready');
    win.wx = wx;
    scripts[0]?.dispatchEvent(new Event('load'));
    expect(await first).toBe(wx);
    expect(await second).toBe(wx);
    expect(await loadWechatSdk(win)).toBe(wx);
    scripts[0]?.remove();
  });
});
