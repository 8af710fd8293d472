import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  createSign,
  createVerify,
  randomBytes,
  timingSafeEqual,
  type KeyObject,
} from 'node:crypto';

/**
 * The signatures of the payment providers (decision 010), free of I/O so they are unit-tested on their own.
 * WeChat Pay API v3: SHA256-with-RSA (PKCS#1 v1.5) over newline-terminated lines, AEAD_AES_256_GCM resources.
 * The sandbox: HMAC-SHA256 over the same lines.
 */

/** A random nonce of 32 characters [0-9A-Z] (WeChat's nonce_str is at most 32). */
export function nonceStr(bytes = 16): string {
  return randomBytes(bytes).toString('hex').toUpperCase();
}

/** Lines joined with "\n", each line (the last too) ended by "\n": the text every v3 signature covers. */
export function signedLines(...lines: string[]): string {
  return lines.map((l) => `${l}\n`).join('');
}

/** v3 request: HTTP method, path with query, timestamp (seconds), nonce, body ('' for GET). */
export function requestMessage(method: string, pathWithQuery: string, timestamp: string, nonce: string, body: string) {
  return signedLines(method.toUpperCase(), pathWithQuery, timestamp, nonce, body);
}

/** v3 answers and notifications: timestamp, nonce, body (as received, byte for byte). */
export function responseMessage(timestamp: string, nonce: string, body: string) {
  return signedLines(timestamp, nonce, body);
}

/** JSAPI payment parameters: appId, timeStamp, nonceStr, package ("prepay_id=…"). */
export function jsapiMessage(appId: string, timeStamp: string, nonce: string, pkg: string) {
  return signedLines(appId, timeStamp, nonce, pkg);
}

/** SHA256-with-RSA, base64. */
export function rsaSign(message: string, privateKey: KeyObject): string {
  return createSign('RSA-SHA256').update(message, 'utf8').sign(privateKey, 'base64');
}

/** Checks a base64 SHA256-with-RSA signature; false (never throws) on any malformed input. */
export function rsaVerify(message: string, signature: string, publicKey: KeyObject): boolean {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(signature)) return false;
  try {
    return createVerify('RSA-SHA256').update(message, 'utf8').verify(publicKey, signature, 'base64');
  } catch {
    return false;
  }
}

export interface AuthorizationParts {
  mchid: string;
  nonce_str: string;
  signature: string;
  timestamp: string;
  serial_no: string;
}

export const AUTH_SCHEME = 'WECHATPAY2-SHA256-RSA2048';

/** The v3 Authorization header of a request signed with the merchant's key. */
export function authorizationHeader(parts: AuthorizationParts): string {
  const { mchid, nonce_str, signature, timestamp, serial_no } = parts;
  return `${AUTH_SCHEME} mchid="${mchid}",nonce_str="${nonce_str}",signature="${signature}",timestamp="${timestamp}",serial_no="${serial_no}"`;
}

/** Parses a v3 Authorization header; undefined when the scheme or a field is missing. */
export function parseAuthorization(header: string | undefined): AuthorizationParts | undefined {
  if (!header?.startsWith(`${AUTH_SCHEME} `)) return undefined;
  const fields = new Map<string, string>();
  for (const match of header.slice(AUTH_SCHEME.length + 1).matchAll(/(\w+)="([^"]*)"/g)) {
    const [, name, value] = match;
    if (name !== undefined && value !== undefined) fields.set(name, value);
  }
  const get = (k: keyof AuthorizationParts) => fields.get(k);
  const mchid = get('mchid');
  const nonce = get('nonce_str');
  const signature = get('signature');
  const timestamp = get('timestamp');
  const serial = get('serial_no');
  if (!mchid || !nonce || !signature || !timestamp || !serial) return undefined;
  return { mchid, nonce_str: nonce, signature, timestamp, serial_no: serial };
}

/** Whether a seconds timestamp lies within `windowSeconds` of now (either side). */
export function withinWindow(timestamp: string, now: Date, windowSeconds = 300): boolean {
  if (!/^\d{1,12}$/.test(timestamp)) return false;
  return Math.abs(Math.floor(now.getTime() / 1000) - Number(timestamp)) <= windowSeconds;
}

export interface EncryptedResource {
  algorithm: string;
  ciphertext: string;
  nonce: string;
  associated_data?: string | undefined;
}

/**
 * Decrypts a v3 resource: AES-256-GCM with the APIv3 key, the resource's nonce (its UTF-8 bytes) as IV,
 * associated_data as AAD, base64 ciphertext whose last 16 bytes are the tag. Throws when it does not authenticate.
 */
export function decryptResource(resource: EncryptedResource, apiV3Key: Buffer): string {
  if (resource.algorithm !== 'AEAD_AES_256_GCM') throw new Error(`unsupported algorithm ${resource.algorithm}`);
  if (apiV3Key.length !== 32) throw new Error('the APIv3 key is 32 bytes');
  const data = Buffer.from(resource.ciphertext, 'base64');
  if (data.length < 17) throw new Error('ciphertext too short');
  const decipher = createDecipheriv('aes-256-gcm', apiV3Key, Buffer.from(resource.nonce, 'utf8'), {
    authTagLength: 16,
  });
  decipher.setAAD(Buffer.from(resource.associated_data ?? '', 'utf8'));
  decipher.setAuthTag(data.subarray(data.length - 16));
  return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8');
}

/** The inverse of decryptResource (what WeChat Pay does; the tests' fake server and unit tests use it). */
export function encryptResource(plaintext: string, apiV3Key: Buffer, nonce: string, associatedData: string) {
  const cipher = createCipheriv('aes-256-gcm', apiV3Key, Buffer.from(nonce, 'utf8'), { authTagLength: 16 });
  cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return {
    algorithm: 'AEAD_AES_256_GCM',
    ciphertext: data.toString('base64'),
    nonce,
    associated_data: associatedData,
  };
}

/** HMAC-SHA256, base64url. */
export function hmac(key: Buffer, message: string): string {
  return createHmac('sha256', key).update(message, 'utf8').digest('base64url');
}

/** Compares an HMAC in constant time; false for anything malformed. */
export function hmacVerify(key: Buffer, message: string, signature: string): boolean {
  const expected = Buffer.from(hmac(key, message), 'utf8');
  const given = Buffer.from(signature, 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
