import { createCipheriv, createSign, createVerify, generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  authorizationHeader,
  decryptResource,
  encryptResource,
  hmac,
  hmacVerify,
  jsapiMessage,
  nonceStr,
  parseAuthorization,
  requestMessage,
  responseMessage,
  rsaSign,
  rsaVerify,
  withinWindow,
} from './signatures';

const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
const other = generateKeyPairSync('rsa', { modulusLength: 2048 });
const V3_KEY = Buffer.from('0123456789abcdef0123456789ABCDEF', 'utf8');

describe('WeChat Pay v3 signature messages', () => {
  it('builds the request message: method, path with query, timestamp, nonce, body, each line ended by \\n', () => {
    expect(requestMessage('post', '/v3/pay/transactions/jsapi?x=1', '1554208460', 'N0NCE', '{"a":1}')).toBe(
      'POST\n/v3/pay/transactions/jsapi?x=1\n1554208460\nN0NCE\n{"a":1}\n',
    );
    expect(requestMessage('GET', '/v3/certificates', '1', 'n', '')).toBe('GET\n/v3/certificates\n1\nn\n\n');
  });

  it('builds the answer / notification and JSAPI messages', () => {
    expect(responseMessage('1', 'n', 'body')).toBe('1\nn\nbody\n');
    expect(jsapiMessage('wx8888', '1414561699', '5K8264ILTKCH16CQ2502SI8ZNMTM67VS', 'prepay_id=wx201410')).toBe(
      'wx8888\n1414561699\n5K8264ILTKCH16CQ2502SI8ZNMTM67VS\nprepay_id=wx201410\n',
    );
  });

  it('signs with SHA256-with-RSA that any standard verifier accepts, and verifies standard signatures', () => {
    const message = requestMessage('POST', '/v3/pay/transactions/jsapi', '1700000000', 'abc', '{}');
    const signature = rsaSign(message, merchant.privateKey);
    expect(createVerify('RSA-SHA256').update(message).verify(merchant.publicKey, signature, 'base64')).toBe(true);
    const theirs = createSign('RSA-SHA256').update(message).sign(merchant.privateKey, 'base64');
    expect(rsaVerify(message, theirs, merchant.publicKey)).toBe(true);
  });

  it('refuses a signature by another key, over another message, or malformed', () => {
    const message = responseMessage('1700000000', 'abc', '{"id":"EV-1"}');
    const signature = rsaSign(message, merchant.privateKey);
    expect(rsaVerify(message, signature, other.publicKey)).toBe(false);
    expect(rsaVerify(message.replace('EV-1', 'EV-2'), signature, merchant.publicKey)).toBe(false);
    expect(rsaVerify(message, 'not base64!', merchant.publicKey)).toBe(false);
    expect(rsaVerify(message, '', merchant.publicKey)).toBe(false);
    expect(rsaVerify(message, 'WECHATPAY/SIGNTEST/abc', merchant.publicKey)).toBe(false);
  });

  it('writes and reads the Authorization header', () => {
    const parts = {
      mchid: '1900009191',
      nonce_str: 'N',
      signature: 'c2ln+/=',
      timestamp: '1554208460',
      serial_no: '1DDE55AD98ED71D6EDD4A4A16996DE7B47773A8C',
    };
    const header = authorizationHeader(parts);
    expect(header).toBe(
      'WECHATPAY2-SHA256-RSA2048 mchid="1900009191",nonce_str="N",signature="c2ln+/=",timestamp="1554208460",serial_no="1DDE55AD98ED71D6EDD4A4A16996DE7B47773A8C"',
    );
    expect(parseAuthorization(header)).toEqual(parts);
    expect(parseAuthorization('Bearer x')).toBeUndefined();
    expect(parseAuthorization('WECHATPAY2-SHA256-RSA2048 mchid="1"')).toBeUndefined();
  });

  it('accepts timestamps within 5 minutes either side, nothing else', () => {
    const now = new Date(1_700_000_000_000);
    expect(withinWindow('1700000000', now)).toBe(true);
    expect(withinWindow('1699999700', now)).toBe(true);
    expect(withinWindow('1700000300', now)).toBe(true);
    expect(withinWindow('1699999699', now)).toBe(false);
    expect(withinWindow('1700000301', now)).toBe(false);
    expect(withinWindow('17e8', now)).toBe(false);
    expect(withinWindow('', now)).toBe(false);
  });

  it('makes 32-character nonces', () => {
    expect(nonceStr()).toMatch(/^[0-9A-F]{32}$/);
    expect(nonceStr()).not.toBe(nonceStr());
  });
});

describe('AEAD_AES_256_GCM resources', () => {
  /** Encrypted the way the v3 documentation describes, with node:crypto directly. */
  const encryptAsWechat = (plaintext: string, key: Buffer, nonce: string, aad: string) => {
    const cipher = createCipheriv('aes-256-gcm', key, Buffer.from(nonce));
    cipher.setAAD(Buffer.from(aad));
    const data = Buffer.concat([cipher.update(plaintext), cipher.final(), cipher.getAuthTag()]);
    return { algorithm: 'AEAD_AES_256_GCM', ciphertext: data.toString('base64'), nonce, associated_data: aad };
  };
  const plaintext = JSON.stringify({ out_trade_no: 'P1', trade_state: 'SUCCESS', amount: { total: 600 } });

  it('decrypts what WeChat Pay encrypts with the APIv3 key, nonce and associated data', () => {
    expect(decryptResource(encryptAsWechat(plaintext, V3_KEY, 'fdasflkja484', 'transaction'), V3_KEY)).toBe(plaintext);
    expect(decryptResource(encryptResource(plaintext, V3_KEY, 'abcdefghijkl', 'transaction'), V3_KEY)).toBe(plaintext);
  });

  it('refuses a wrong key, tampered ciphertext, other associated data, another algorithm', () => {
    const resource = encryptAsWechat(plaintext, V3_KEY, 'fdasflkja484', 'transaction');
    expect(() => decryptResource(resource, Buffer.from('x'.repeat(32)))).toThrow();
    const bytes = Buffer.from(resource.ciphertext, 'base64');
    bytes[3] = (bytes[3] ?? 0) ^ 1;
    expect(() => decryptResource({ ...resource, ciphertext: bytes.toString('base64') }, V3_KEY)).toThrow();
    expect(() => decryptResource({ ...resource, associated_data: 'certificate' }, V3_KEY)).toThrow();
    expect(() => decryptResource({ ...resource, algorithm: 'AES_256_CBC' }, V3_KEY)).toThrow(/unsupported/);
    expect(() => decryptResource({ ...resource, ciphertext: 'AAAA' }, V3_KEY)).toThrow(/short/);
  });
});

describe('sandbox HMAC', () => {
  const key = Buffer.alloc(32, 7);
  it('verifies its own signature and nothing else', () => {
    const signature = hmac(key, 'message');
    expect(hmacVerify(key, 'message', signature)).toBe(true);
    expect(hmacVerify(key, 'messagf', signature)).toBe(false);
    expect(hmacVerify(Buffer.alloc(32, 8), 'message', signature)).toBe(false);
    expect(hmacVerify(key, 'message', `${signature}x`)).toBe(false);
    expect(hmacVerify(key, 'message', '')).toBe(false);
  });
});
