import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config/env';

const WECHAT = {
  PAYMENT_PROVIDER: 'wechat',
  WECHAT_APPID: 'wx1',
  WECHAT_MCHID: '1230000109',
  WECHAT_MERCHANT_SERIAL: 'ABC',
  WECHAT_PRIVATE_KEY_PATH: 'keys/apiclient_key.pem',
  WECHAT_API_V3_KEY: 'a'.repeat(32),
  WECHAT_PLATFORM_KEY_PATH: '/etc/petheart/pub.pem',
};

describe('payment settings', () => {
  it('default to the sandbox, its key kept in DATA_DIR/payment', () => {
    const c = loadConfig({}, '/srv/app');
    expect(c.payment).toEqual({
      provider: 'sandbox',
      dir: '/srv/app/data/payment',
      orderTtlMs: 30 * 60_000,
      wechat: undefined,
    });
  });

  it('close unpaid orders after PAYMENT_ORDER_TTL_MINUTES (1 to 1440)', () => {
    expect(loadConfig({ PAYMENT_ORDER_TTL_MINUTES: '45' }).payment.orderTtlMs).toBe(45 * 60_000);
    expect(() => loadConfig({ PAYMENT_ORDER_TTL_MINUTES: '0' })).toThrow(/PAYMENT_ORDER_TTL_MINUTES/);
    expect(() => loadConfig({ PAYMENT_ORDER_TTL_MINUTES: '2.5' })).toThrow(/PAYMENT_ORDER_TTL_MINUTES/);
  });

  it('read the WeChat Pay merchant settings; the notify URL defaults to PUBLIC_URL', () => {
    const c = loadConfig({ ...WECHAT, PUBLIC_URL: 'https://pet.example.com/' }, '/srv/app');
    expect(c.payment.provider).toBe('wechat');
    expect(c.payment.wechat).toEqual({
      appId: 'wx1',
      mchId: '1230000109',
      merchantSerial: 'ABC',
      privateKeyPath: '/srv/app/keys/apiclient_key.pem',
      apiV3Key: 'a'.repeat(32),
      platformKeyPath: '/etc/petheart/pub.pem',
      platformSerial: undefined,
      notifyUrl: 'https://pet.example.com/api/payment/notify/wechat',
      apiBase: 'https://api.mch.weixin.qq.com',
    });
  });

  it('list every missing WeChat setting at once, and refuse an APIv3 key that is not 32 bytes', () => {
    try {
      loadConfig({ PAYMENT_PROVIDER: 'wechat', WECHAT_APPID: 'wx1' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).problems).toEqual([
        'WECHAT_MCHID: required with PAYMENT_PROVIDER=wechat',
        'WECHAT_MERCHANT_SERIAL: required with PAYMENT_PROVIDER=wechat',
        'WECHAT_PRIVATE_KEY_PATH: required with PAYMENT_PROVIDER=wechat',
        'WECHAT_API_V3_KEY: required with PAYMENT_PROVIDER=wechat',
        'WECHAT_PLATFORM_KEY_PATH: required with PAYMENT_PROVIDER=wechat',
      ]);
    }
    expect(() => loadConfig({ ...WECHAT, WECHAT_API_V3_KEY: 'short' })).toThrow(/WECHAT_API_V3_KEY/);
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'alipay' })).toThrow(/PAYMENT_PROVIDER/);
  });
});
