import { execFileSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WechatPayConfig } from '../../../config/env';
import { rsaSign, rsaVerify } from '../signatures';
import { loadWechatKeys } from './wechat-keys';

describe('loadWechatKeys', () => {
  let dir = '';
  const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const platform = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const config = (over: Partial<WechatPayConfig>): WechatPayConfig => ({
    appId: 'wx1',
    mchId: '1',
    merchantSerial: 'S',
    privateKeyPath: path.join(dir, 'apiclient_key.pem'),
    apiV3Key: 'k'.repeat(32),
    platformKeyPath: path.join(dir, 'pub.pem'),
    platformSerial: undefined,
    notifyUrl: 'https://x/notify',
    apiBase: 'https://api.mch.weixin.qq.com',
    ...over,
  });

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'wechat-keys-'));
    await writeFile(path.join(dir, 'apiclient_key.pem'), merchant.privateKey.export({ type: 'pkcs8', format: 'pem' }));
    await writeFile(path.join(dir, 'pub.pem'), platform.publicKey.export({ type: 'spki', format: 'pem' }));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('reads a WeChat Pay public key with its configured serial', async () => {
    const keys = await loadWechatKeys(config({ platformSerial: 'pub_key_id_0114' }));
    expect(keys.platformSerial).toBe('PUB_KEY_ID_0114');
    expect(keys.apiV3Key.length).toBe(32);
    expect(rsaVerify('m', rsaSign('m', keys.privateKey), merchant.publicKey)).toBe(true);
    expect(rsaVerify('m', rsaSign('m', platform.privateKey), keys.platformKey)).toBe(true);
  });

  it('needs the serial with a bare public key', async () => {
    await expect(loadWechatKeys(config({}))).rejects.toThrow(/WECHAT_PLATFORM_SERIAL/);
  });

  it.skipIf(!existsSync('/usr/bin/openssl'))('reads a platform certificate and takes its serial from it', async () => {
    const key = path.join(dir, 'platform_key.pem');
    const cert = path.join(dir, 'wechatpay_cert.pem');
    await writeFile(key, platform.privateKey.export({ type: 'pkcs8', format: 'pem' }));
    execFileSync('/usr/bin/openssl', [
      'req',
      '-x509',
      '-new',
      '-key',
      key,
      '-out',
      cert,
      '-days',
      '1',
      '-subj',
      '/CN=Tenpay.com Root CA',
      '-set_serial',
      '0x5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
    ]);
    const keys = await loadWechatKeys(config({ platformKeyPath: cert }));
    expect(keys.platformSerial).toBe('5157F09EFDC096DE15EBE81A47057A7232F1B8E1');
    expect(rsaVerify('m', rsaSign('m', platform.privateKey), keys.platformKey)).toBe(true);
  });
});
