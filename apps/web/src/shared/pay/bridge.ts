import type { PayRequestData, WechatJsapiParams } from '@petheart/contracts';

/** What the page does with a placed order (decision 010: `response` goes to the provider's payment bridge). */
export type PayAction =
  /** Sandbox: open its payment page; it links back to the wallet page with the order number. */
  | { kind: 'redirect'; url: string }
  /** WeChat Pay JSAPI inside the WeChat browser: WeixinJSBridge.invoke('getBrandWCPayRequest', params). */
  | { kind: 'wechat'; params: WechatJsapiParams }
  /** WeChat Pay outside the WeChat browser: "请在微信中打开" (payment_open_in_wechat). */
  | { kind: 'open_in_wechat' };

/** The WeChat in-app browser names itself "MicroMessenger" in its user agent. */
export function isWechatBrowser(userAgent: string): boolean {
  return /MicroMessenger/i.test(userAgent);
}

/** Chooses how to pay a placed order in this browser. */
export function payAction(data: PayRequestData, userAgent: string): PayAction {
  if (data.provider === 'sandbox') return { kind: 'redirect', url: data.response.pay_url };
  return isWechatBrowser(userAgent) ? { kind: 'wechat', params: data.response } : { kind: 'open_in_wechat' };
}

/** How the WeChat payment sheet ended: paid (pending the notification), cancelled by the payer, or failed. */
export type WechatPayResult = 'ok' | 'cancel' | 'fail';

interface WeixinJSBridge {
  invoke(api: string, params: WechatJsapiParams, callback: (res: { err_msg?: string } | undefined) => void): void;
}
/** The parts of `window` the bridge needs (a test passes a fake). */
export interface BridgeHost {
  WeixinJSBridge?: WeixinJSBridge;
  document: {
    addEventListener(type: string, listener: () => void): void;
    removeEventListener(type: string, listener: () => void): void;
  };
}

/** How long to wait for WeChat's `WeixinJSBridgeReady` when the bridge is not there yet. */
export const BRIDGE_READY_TIMEOUT_MS = 5_000;

/** 'get_brand_wcpay_request:ok' → ok, ':cancel' → cancel, anything else (':fail', none) → fail. */
export function wechatPayResult(errMsg: string | undefined): WechatPayResult {
  if (errMsg?.endsWith(':ok')) return 'ok';
  if (errMsg?.endsWith(':cancel')) return 'cancel';
  return 'fail';
}

function bridgeReady(host: BridgeHost, timeoutMs: number): Promise<WeixinJSBridge | undefined> {
  if (host.WeixinJSBridge) return Promise.resolve(host.WeixinJSBridge);
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      host.document.removeEventListener('WeixinJSBridgeReady', done);
      resolve(host.WeixinJSBridge);
    };
    const timer = setTimeout(done, timeoutMs);
    host.document.addEventListener('WeixinJSBridgeReady', done);
  });
}

/**
 * Opens WeChat's payment sheet with the merchant-signed JSAPI parameters. Never rejects: a missing bridge,
 * an exception or a failed answer are 'fail' (the page says "支付异常", payment_failed).
 */
export async function invokeWechatPay(
  params: WechatJsapiParams,
  host: BridgeHost = window,
  readyTimeoutMs = BRIDGE_READY_TIMEOUT_MS,
): Promise<WechatPayResult> {
  const bridge = await bridgeReady(host, readyTimeoutMs);
  if (!bridge) return 'fail';
  return new Promise((resolve) => {
    try {
      bridge.invoke('getBrandWCPayRequest', params, (res) => {
        resolve(wechatPayResult(res?.err_msg));
      });
    } catch {
      resolve('fail');
    }
  });
}

/** Leaves the app for the provider's payment page (the sandbox's; it links back with `?order_no=`). */
export function openPayPage(url: string): void {
  window.location.assign(url);
}
