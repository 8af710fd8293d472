import { createPrivateKey, createPublicKey, X509Certificate, type KeyObject } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { WechatPayConfig } from '../../../config/env';

/** The merchant's signing key and WeChat Pay's verifying key, read once at start. */
export interface WechatKeys {
  /** The merchant API private key: signs requests and JSAPI parameters. */
  privateKey: KeyObject;
  /** The platform certificate's key or the WeChat Pay public key: verifies answers and notifications. */
  platformKey: KeyObject;
  /** Its serial, as Wechatpay-Serial names it (upper case). */
  platformSerial: string;
  /** The APIv3 key (32 bytes): decrypts notification resources. */
  apiV3Key: Buffer;
}

/** Reads the PEM files of the configuration; a platform certificate gives its own serial. */
export async function loadWechatKeys(config: WechatPayConfig): Promise<WechatKeys> {
  const privateKey = createPrivateKey(await readFile(config.privateKeyPath));
  const platformPem = await readFile(config.platformKeyPath, 'utf8');
  let platformKey: KeyObject;
  let serial = config.platformSerial;
  if (platformPem.includes('-----BEGIN CERTIFICATE-----')) {
    const certificate = new X509Certificate(platformPem);
    platformKey = certificate.publicKey;
    serial ??= certificate.serialNumber;
  } else {
    platformKey = createPublicKey(platformPem);
    if (!serial) throw new Error('WECHAT_PLATFORM_SERIAL: required with a WeChat Pay public key (PUB_KEY_ID_…)');
  }
  const apiV3Key = Buffer.from(config.apiV3Key, 'utf8');
  if (apiV3Key.length !== 32) throw new Error('WECHAT_API_V3_KEY: must be 32 bytes');
  return { privateKey, platformKey, platformSerial: serial.toUpperCase(), apiV3Key };
}
