/** Wraps a successful result in the envelope {code: 1, msg, time, data}. */
export function ok<T>(data: T, msg = '') {
  return { code: 1 as const, msg, time: Math.floor(Date.now() / 1000), data };
}
