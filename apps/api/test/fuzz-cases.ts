import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import type { z } from 'zod';
import { makePng } from './fixtures/images';
import {
  awayFromDemoRows,
  DEEP,
  DEEP_ARRAY,
  INT32_MAX,
  jsonOf,
  keysOf,
  nastyValue,
  ODD_KEYS,
  pathsOf,
  setAt,
  shown,
  withRawMember,
} from './fuzz-values';

// The fuzz test's requests (fuzz-inputs.test.ts): malformed bodies, queries and path parameters built from a
// valid one, and the upload's and the video stream's cases of their own.

/** Bad requests per operation, at least. */
export const PER_OPERATION = 40;

// --- Requests ------------------------------------------------------------------------------------

export interface Case {
  label: string;
  inject: InjectOptions;
}

export interface Operation {
  method: string;
  url: string;
  auth: string;
  body?: z.ZodType;
  querystring?: z.ZodType;
  params?: z.ZodType;
}

/** Malformed variants of one object (a body or a query): per field, then generated mutations. */
export function mutations(base: unknown, seed: number, count: number): { label: string; value: unknown }[] {
  const out: { label: string; value: unknown }[] = [];
  for (const key of keysOf(base)) {
    const original = (base as Record<string, unknown>)[key];
    const { [key]: _dropped, ...without } = base as Record<string, unknown>;
    out.push({ label: `${key} missing`, value: without });
    for (const bad of [2 ** 31, INT32_MAX, -(2 ** 31) - 1, 2 ** 63, '2147483648', '\u0000'])
      out.push({ label: `${key}=${JSON.stringify(bad)}`, value: { ...(base as object), [key]: bad } });
    if (typeof original === 'string')
      out.push({ label: `${key} with a NUL inside`, value: { ...(base as object), [key]: `${original}\u0000x` } });
    if (typeof original === 'number')
      out.push({ label: `${key} as a numeric string`, value: { ...(base as object), [key]: String(original) } });
  }
  const paths = pathsOf(base).filter((p) => p.length > 0);
  const generated = fc.sample(
    fc.oneof(
      {
        weight: 6,
        arbitrary: fc.tuple(fc.constantFrom(...(paths.length ? paths : [['x']])), nastyValue).map(([path, v]) => ({
          label: `at ${path.join('.')}: ${shown(v)}`,
          value: setAt(base, path, v),
        })),
      },
      {
        weight: 2,
        arbitrary: fc
          .dictionary(fc.constantFrom(...keysOf(base), ...ODD_KEYS), nastyValue, { minKeys: 1, maxKeys: 6 })
          .map((d) => ({ label: `fields ${JSON.stringify(d).slice(0, 80)}`, value: { ...(base as object), ...d } })),
      },
      {
        weight: 1,
        arbitrary: fc.jsonValue({ maxDepth: 4 }).map((v) => ({
          label: `any JSON ${JSON.stringify(v).slice(0, 60)}`,
          value: awayFromDemoRows(v),
        })),
      },
    ),
    { seed, numRuns: Math.max(count - out.length, 16) },
  );
  return [...out, ...generated];
}

export const json = (payload: string) => ({ payload, headers: { 'content-type': 'application/json' } });

export function bodyCases(op: Operation, base: unknown, seed: number): Case[] {
  const fixed: [string, Partial<InjectOptions>][] = [
    ['no body', {}],
    ['JSON null', json('null')],
    ['an array', json('[]')],
    ['an array of the valid body', json(JSON.stringify([base]))],
    ['a string', json('"body"')],
    ['a number past int32', json('2147483648')],
    ['true', json('true')],
    ['{}', json('{}')],
    ['deeply nested objects', json(DEEP)],
    ['deeply nested arrays', json(DEEP_ARRAY)],
    [
      'a deep value in every field',
      json(JSON.stringify(Object.fromEntries(keysOf(base).map((k) => [k, 0]))).replace(/0/g, DEEP)),
    ],
    ['__proto__ key', json(withRawMember('"__proto__":{"admin":true,"id":1}', base))],
    ['constructor.prototype key', json(withRawMember('"constructor":{"prototype":{"admin":true}}', base))],
    ['a NUL key', json(withRawMember('"\\u0000":"\\u0000"', base))],
    ['escaped lone surrogates', json(withRawMember('"s":"\\ud800\\udc00\\udfff\\ud83d"', base))],
    ['malformed JSON', json('{"id":')],
    ['JSON with a raw NUL byte', json('{"id":"a\u0000b"}')],
    ['text/plain', { payload: JSON.stringify(base), headers: { 'content-type': 'text/plain' } }],
    ['an unknown content type', { payload: 'a=1', headers: { 'content-type': 'application/x-evil' } }],
    [
      'form-urlencoded',
      { payload: 'id=%00&page=2147483648', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
    ],
    ['past the body limit', json(JSON.stringify({ ...(base as object), pad: 'x'.repeat(300 * 1024) }))],
    [
      'extra fields',
      json(JSON.stringify({ ...(base as object), role: 'admin', user_id: 1, is_admin: true, extra: [1] })),
    ],
    ['every field null', json(JSON.stringify(Object.fromEntries(keysOf(base).map((k) => [k, null]))))],
    ['every field a NUL', json(JSON.stringify(Object.fromEntries(keysOf(base).map((k) => [k, '\u0000']))))],
    ['every field 2^63', json(JSON.stringify(Object.fromEntries(keysOf(base).map((k) => [k, 2 ** 63]))))],
  ];
  const cases: Case[] = fixed.map(([label, o]) => ({ label, inject: { method: 'POST', url: op.url, ...o } }));
  for (const m of mutations(base, seed, PER_OPERATION - cases.length))
    cases.push({ label: m.label, inject: { method: 'POST', url: op.url, ...json(jsonOf(m.value)) } });
  return cases;
}

/** encodeURIComponent, except that a lone surrogate goes as its WTF-8 bytes (%ED%A0%80), as a sloppy client sends it. */
export function encode(text: string): string {
  return text.replace(/[\s\S]/gu, (ch) => {
    const code = ch.codePointAt(0) ?? 0;
    if (ch.length === 1 && code >= 0xd800 && code <= 0xdfff)
      return `%ED%${(0x80 | ((code >> 6) & 0x3f)).toString(16).toUpperCase()}%${(0x80 | (code & 0x3f)).toString(16).toUpperCase()}`;
    return encodeURIComponent(ch);
  });
}

/** A value as a query string parameter (arrays repeat the key, objects are bracketed like qs). */
export function queryOf(value: unknown): string {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return `q=${encode(String(value))}`;
  const parts: string[] = [];
  for (const [k, v] of Object.entries(value)) {
    const key = encode(k);
    if (Array.isArray(v)) for (const item of v) parts.push(`${key}=${encode(String(item))}`);
    else if (v && typeof v === 'object') parts.push(`${key}[x]=${encode(JSON.stringify(v))}`);
    else parts.push(`${key}=${encode(v === null ? '' : String(v))}`);
  }
  return parts.join('&');
}

export function queryCases(op: Operation, url: string, base: unknown, seed: number): Case[] {
  const raw = [
    '',
    'a=%00',
    '%00=1',
    'x=%ZZ%',
    '__proto__[admin]=1&constructor[prototype][admin]=1',
    'a[b][c][d][e]=1',
    'x=1&'.repeat(3_000),
    `long=${'x'.repeat(60_000)}`,
    `${queryOf(base)}&${queryOf(base)}`,
  ];
  const cases: Case[] = raw.map((q) => ({
    label: `query ${q.slice(0, 40)}`,
    inject: { method: op.method as 'GET', url: `${url}?${q}` },
  }));
  for (const m of mutations(base, seed, PER_OPERATION - cases.length))
    cases.push({
      label: `query ${m.label}`,
      inject: { method: op.method, url: `${url}?${queryOf(m.value)}` },
    });
  return cases;
}

/** The URL with its `:params` filled in. */
export const fill = (url: string, params: Record<string, unknown>) =>
  url.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    return encode(typeof value === 'string' ? value : jsonOf(value ?? 'x'));
  });

export function paramCases(op: Operation, base: Record<string, unknown>): Case[] {
  const names = [...op.url.matchAll(/:(\w+)/g)].map((m) => m[1] ?? '');
  const cases: Case[] = [];
  for (const name of names)
    // Already percent-encoded: %ED%A0%80 is a lone surrogate's bytes (not UTF-8), a bare % is no escape at all.
    for (const bad of [
      '%00',
      'a%00b',
      '2147483648',
      '9223372036854775808',
      '%ED%A0%80',
      '%E2%80%AE%F0%9F%90%B6',
      '..',
      'x'.repeat(5_000),
      '%',
      '%ZZ',
    ])
      cases.push({
        label: `param ${name}=${bad.slice(0, 30)}`,
        inject: {
          method: op.method,
          url: fill(op.url.replace(`:${name}`, bad), base),
          ...(op.method === 'POST' ? json('{}') : {}),
        },
      });
  return cases;
}

// --- Routes with cases of their own ----------------------------------------------------------------

export const BOUNDARY = 'fuzzboundary250025';
export function multipart(parts: string[] | Buffer[], boundary = BOUNDARY): Partial<InjectOptions> {
  const chunks = (parts as (string | Buffer)[]).map((p) => (typeof p === 'string' ? Buffer.from(p) : p));
  return {
    payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
export const filePart = (filename: string, data: Buffer | string, field = 'file', type = 'image/png') =>
  Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    typeof data === 'string' ? Buffer.from(data) : data,
    Buffer.from('\r\n'),
  ]);

export async function uploadCases(): Promise<Case[]> {
  const png = await makePng(8, 8);
  const url = '/api/common/upload';
  const list: [string, Partial<InjectOptions>][] = [
    ['no body, multipart type', { headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` } }],
    ['no boundary', { payload: 'x', headers: { 'content-type': 'multipart/form-data' } }],
    ['only the closing boundary', multipart([])],
    [
      'a text field, no file',
      multipart([`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"\r\n\r\n\u0000\r\n`]),
    ],
    ['the file in another field', multipart([filePart('a.png', png, 'avatar')])],
    ['a NUL in the file name', multipart([filePart('a\u0000b.png', png)])],
    ['RTL marks and emoji in the file name', multipart([filePart('\u202egnp.exe🐶.png', png)])],
    ['a 5000-character file name', multipart([filePart(`${'汉'.repeat(5_000)}.png`, png)])],
    ['a path in the file name', multipart([filePart('../../../../etc/passwd', png)])],
    ['an empty file', multipart([filePart('a.png', Buffer.alloc(0))])],
    ['text, not an image', multipart([filePart('a.png', 'hello \u0000 world', 'file', 'text/plain')])],
    [
      'a PNG header and garbage',
      multipart([filePart('a.png', Buffer.concat([png.subarray(0, 16), Buffer.alloc(64, 0xff)]))]),
    ],
    ['two files', multipart([filePart('a.png', png), filePart('b.png', png)])],
    [
      'truncated part',
      {
        payload: filePart('a.png', png).subarray(0, 60),
        headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      },
    ],
    [
      '20 text fields',
      multipart(
        Array.from(
          { length: 20 },
          (_, i) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="f${String(i)}"\r\n\r\nv\r\n`,
        ),
      ),
    ],
    ['a JSON body', json('{"file":"\\u0000"}')],
    ['a NUL in the boundary', { payload: 'x', headers: { 'content-type': 'multipart/form-data; boundary=a%00b' } }],
  ];
  return list.map(([label, o]) => ({ label, inject: { method: 'POST', url, ...o } }));
}

export function streamCases(): Case[] {
  const names = [
    'x.flv',
    '%00.flv',
    'a%00b.flv',
    `${'a'.repeat(5_000)}.flv`,
    '%F0%9F%90%B6.flv',
    'sim-001',
    '..%2F..%2Fetc%2Fpasswd.flv',
    'sim-001.flv',
  ];
  const queries = [
    '',
    'e=2147483648&v=1&s=x',
    'e=9223372036854775808&v=NaN&s=%00',
    'e=-1&v=-1&s=',
    'e=1e309&v=%00&s=%ud800',
    'e[]=1&e[]=2&v[x]=1',
  ];
  return names.flatMap((name) =>
    queries.map((q) => ({
      label: `stream ${name.slice(0, 30)}?${q}`,
      inject: { method: 'GET' as const, url: `/live/${name}?${q}` },
    })),
  );
}

// --- The run ------------------------------------------------------------------------------------
