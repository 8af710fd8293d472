import { createHash } from 'node:crypto';

/**
 * The Tencent location web service's request signature (SN check, "签名校验"): the parameters sorted by name,
 * joined as name=value with & (raw values, not URL-encoded), after the request path and '?', followed by the
 * secret key (SK); the lower-case hex MD5 of that is sent as the `sig` parameter (URL-encoded like the rest).
 */
export function tencentSignature(path: string, params: Record<string, string>, secretKey: string): string {
  const query = Object.keys(params)
    .sort()
    .map((name) => `${name}=${params[name] ?? ''}`)
    .join('&');
  return createHash('md5').update(`${path}?${query}${secretKey}`, 'utf8').digest('hex');
}

/** The query string of a request: the parameters URL-encoded, plus `sig` when a secret key is configured. */
export function signedQuery(path: string, params: Record<string, string>, secretKey: string | undefined): string {
  const all = secretKey ? { ...params, sig: tencentSignature(path, params, secretKey) } : params;
  return Object.entries(all)
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
    .join('&');
}
