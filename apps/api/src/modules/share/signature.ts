import { createHash, randomBytes } from 'node:crypto';

/**
 * The JS-SDK's signature (WeChat's JS-SDK documentation, appendix 1): sha1, hex, of
 * `jsapi_ticket=…&noncestr=…&timestamp=…&url=…`, the keys in that (ASCII) order and the values raw: the page's
 * address exactly as the browser has it, without its #fragment.
 */
export function jsapiSignature(p: { ticket: string; nonceStr: string; timestamp: number; url: string }): string {
  const text = `jsapi_ticket=${p.ticket}&noncestr=${p.nonceStr}&timestamp=${String(p.timestamp)}&url=${p.url}`;
  return createHash('sha1').update(text, 'utf8').digest('hex');
}

/** The address to sign: the page's, without its #fragment (WeChat signs what precedes it). */
export const signedUrl = (url: string) => url.split('#')[0] ?? '';

/** A nonce of 16 letters and digits. */
export const nonceStr = () => randomBytes(8).toString('hex');
