import { describe, expect, it, vi } from 'vitest';
import type { PayRequestData, WechatJsapiParams } from '@petheart/contracts';
import { invokeWechatPay, isWechatBrowser, payAction, wechatPayResult, type BridgeHost } from './bridge';

const WECHAT_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN';
const SAFARI_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

const params: WechatJsapiParams = {
  appId: 'wx123',
  timeStamp: '1700000000',
  nonceStr: 'n',
  package: 'prepay_id=wx1',
  signType: 'RSA',
  paySign: 'sig',
};
const placed = { order_no: 'P1234567', amount: 600, coins: 60, currency: 'CNY' };
const sandbox: PayRequestData = {
  provider: 'sandbox',
  ...placed,
  response: { pay_url: '/api/payment/sandbox/P1?sig=s' },
};
const wechat: PayRequestData = { provider: 'wechat', ...placed, response: params };

/** A fake window: the bridge present (or arriving with WeixinJSBridgeReady) and answering `answer`. */
function host(answer: (cb: (res: { err_msg?: string }) => void) => void, present = true) {
  const listeners = new Map<string, () => void>();
  const invoke = vi.fn((_api: string, _p: WechatJsapiParams, cb: (res: { err_msg?: string } | undefined) => void) => {
    answer(cb);
  });
  const h: BridgeHost = {
    document: {
      addEventListener: (name, fn) => {
        listeners.set(name, fn);
      },
      removeEventListener: (name) => {
        listeners.delete(name);
      },
    },
  };
  if (present) h.WeixinJSBridge = { invoke };
  const ready = () => {
    h.WeixinJSBridge = { invoke };
    listeners.get('WeixinJSBridgeReady')?.();
  };
  return { host: h, invoke, ready, listeners };
}

describe('the payment bridge decision', () => {
  it('recognises the WeChat browser by MicroMessenger in its user agent', () => {
    expect(isWechatBrowser(WECHAT_UA)).toBe(true);
    expect(isWechatBrowser(SAFARI_UA)).toBe(false);
    expect(isWechatBrowser('')).toBe(false);
  });

  it('sends the sandbox to its payment page in any browser', () => {
    expect(payAction(sandbox, SAFARI_UA)).toEqual({ kind: 'redirect', url: '/api/payment/sandbox/P1?sig=s' });
    expect(payAction(sandbox, WECHAT_UA)).toEqual({ kind: 'redirect', url: '/api/payment/sandbox/P1?sig=s' });
  });

  it('hands WeChat Pay parameters to the bridge only inside WeChat; elsewhere: open in WeChat', () => {
    expect(payAction(wechat, WECHAT_UA)).toEqual({ kind: 'wechat', params });
    expect(payAction(wechat, SAFARI_UA)).toEqual({ kind: 'open_in_wechat' });
  });
});

describe('WeixinJSBridge.invoke getBrandWCPayRequest', () => {
  it('reads WeChat’s answer: ok, cancel, anything else a failure', () => {
    expect(wechatPayResult('get_brand_wcpay_request:ok')).toBe('ok');
    expect(wechatPayResult('get_brand_wcpay_request:cancel')).toBe('cancel');
    expect(wechatPayResult('get_brand_wcpay_request:fail')).toBe('fail');
    expect(wechatPayResult(undefined)).toBe('fail');
  });

  it('invokes getBrandWCPayRequest with the signed parameters as given', async () => {
    const fake = host((cb) => {
      cb({ err_msg: 'get_brand_wcpay_request:ok' });
    });
    await expect(invokeWechatPay(params, fake.host)).resolves.toBe('ok');
    expect(fake.invoke).toHaveBeenCalledWith('getBrandWCPayRequest', params, expect.any(Function));
  });

  it('waits for WeixinJSBridgeReady when the bridge is not there yet', async () => {
    const fake = host((cb) => {
      cb({ err_msg: 'get_brand_wcpay_request:cancel' });
    }, false);
    const result = invokeWechatPay(params, fake.host, 1000);
    expect(fake.invoke).not.toHaveBeenCalled();
    fake.ready();
    await expect(result).resolves.toBe('cancel');
    expect(fake.listeners.size).toBe(0);
  });

  it('fails (支付异常) when the bridge never comes or throws', async () => {
    vi.useFakeTimers();
    try {
      const never = host(() => undefined, false);
      const result = invokeWechatPay(params, never.host, 1000);
      await vi.advanceTimersByTimeAsync(1000);
      await expect(result).resolves.toBe('fail');
      expect(never.listeners.size).toBe(0);
    } finally {
      vi.useRealTimers();
    }
    const throwing = host(() => {
      throw new Error('bridge crashed');
    });
    await expect(invokeWechatPay(params, throwing.host)).resolves.toBe('fail');
  });
});
