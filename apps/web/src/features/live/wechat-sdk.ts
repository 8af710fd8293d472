import type { WechatShareConfig } from '@petheart/contracts';

/** WeChat's JS-SDK (the CSP allows its origin only when the API has WeChat sharing configured). */
export const WECHAT_JS_SDK = 'https://res.wx.qq.com/open/js/jweixin-1.6.0.js';
const READY_TIMEOUT_MS = 8000;

/** What a WeChat share card carries. */
export interface ShareCard {
  title: string;
  text: string;
  /** Absolute. */
  link: string;
  /** Absolute; '' = none. */
  image: string;
}

/** The part of the JS-SDK's `wx` this page uses. */
export interface WechatJsSdk {
  config(options: {
    debug: boolean;
    appId: string;
    timestamp: number;
    nonceStr: string;
    signature: string;
    jsApiList: string[];
  }): void;
  ready(fn: () => void): void;
  error(fn: (reason: unknown) => void): void;
  updateAppMessageShareData(data: { title: string; desc: string; link: string; imgUrl: string }): void;
  updateTimelineShareData(data: { title: string; link: string; imgUrl: string }): void;
}

type WithWx = Window & { wx?: WechatJsSdk };

/** Loads the JS-SDK's script once (it defines `window.wx`). */
export function loadWechatSdk(win: WithWx = window): Promise<WechatJsSdk> {
  if (win.wx) return Promise.resolve(win.wx);
  const doc = win.document;
  return new Promise((resolve, reject) => {
    let script = doc.querySelector<HTMLScriptElement>(`script[src="${WECHAT_JS_SDK}"]`);
    if (!script) {
      script = doc.createElement('script');
      script.src = WECHAT_JS_SDK;
      script.async = true;
      doc.head.appendChild(script);
    }
    script.addEventListener('load', () => {
      if (win.wx) resolve(win.wx);
      else reject(new Error('the WeChat JS-SDK did not define wx'));
    });
    script.addEventListener('error', () => {
      reject(new Error('the WeChat JS-SDK did not load'));
    });
  });
}

/**
 * Configures the JS-SDK with the API's signature and sets the card WeChat's menu sends to a chat and to Moments:
 * resolves once set, rejects when WeChat refused the configuration (or said nothing for 8 s).
 */
export async function setWechatShareCard(
  wx: WechatJsSdk,
  config: NonNullable<WechatShareConfig>,
  card: ShareCard,
): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new Error('the WeChat JS-SDK did not get ready'));
    }, READY_TIMEOUT_MS);
    wx.ready(() => {
      clearTimeout(timer);
      resolve();
    });
    wx.error((reason) => {
      clearTimeout(timer);
      reject(new Error(`the WeChat JS-SDK refused its configuration: ${JSON.stringify(reason)}`));
    });
    wx.config({
      debug: false,
      appId: config.app_id,
      timestamp: config.timestamp,
      nonceStr: config.nonce_str,
      signature: config.signature,
      jsApiList: ['updateAppMessageShareData', 'updateTimelineShareData'],
    });
  });
  wx.updateAppMessageShareData({ title: card.title, desc: card.text, link: card.link, imgUrl: card.image });
  wx.updateTimelineShareData({ title: card.title, link: card.link, imgUrl: card.image });
}
