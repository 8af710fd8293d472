import fc from 'fast-check';
import { Writable } from 'node:stream';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { translate } from '@petheart/contracts';
import { makePng } from './fixtures/images';
import { DEMO, createTestApi, loginToken, type TestApi } from './harness';

/**
 * No 5xx on malformed input (docs/decisions/025-malformed-input.md). Every operation in the app's route
 * table gets at least 40 bad requests, generated from its own schema: wrong types, missing and extra
 * fields, numbers past every column (2^31, 2^63, -2^31-1), NaN-ish and numeric strings, NUL and odd
 * unicode (lone surrogates, RTL marks, emoji, long strings), deep nesting, `__proto__` / `constructor`
 * keys, arrays where objects belong, malformed JSON and wrong content types. A user's token goes with every
 * request (an admin's on the console API). No answer may be a 5xx, and the server must still serve
 * afterwards. Everything is generated from one seed (FUZZ_SEED, printed on failure): a failure reproduces.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 250_025);
/** Bad requests per operation, at least. */
const PER_OPERATION = 40;
const INT32_MAX = 2 ** 31 - 1;

/**
 * Routes that do not get the generic JSON cases, and why. Each still gets requests of its own below; the
 * test fails when a route named here no longer exists (so the list cannot go stale).
 */
const OWN_CASES: Record<string, string> = {
  'POST /api/common/upload':
    'multipart upload: the body is read by the handler, not a schema; it gets multipart cases (odd file names, no file, wrong field, truncated parts, non-images, JSON instead)',
  'GET /live/:file':
    'the HTTP-FLV stream: a signed address opens an endless stream, so it gets bad file names and bad signatures only (never a valid one)',
  'POST /api/user/logout':
    'revokes the token it is called with: every case gets a fresh token of its own (a friend account), so the user token stays valid',
};
/**
 * Valid requests the database refuses for a reason no schema can catch (answered 400 by the error handler's
 * safety net, never 5xx), per operation, with the reason. Anything else the database refuses fails the test.
 */
const KNOWN_DATABASE_REFUSALS: Record<string, string> = {};
/** What is sent nothing at all, and why (nothing else is skipped). */
const SKIPPED_METHODS: Record<string, string> = {
  HEAD: 'Fastify adds HEAD to every GET route: the same handler and schemas, covered by the GET cases',
};

/** Values that have broken servers before: numbers past every column, NaN-ish strings, NUL, odd unicode. */
const NASTY: readonly unknown[] = [
  2 ** 31,
  2 ** 31 - 1,
  -(2 ** 31) - 1,
  2 ** 32,
  2 ** 53,
  2 ** 53 + 2,
  2 ** 63,
  -(2 ** 63),
  1e308,
  -1,
  0,
  0.5,
  -0.000001,
  5e-324,
  '2147483648',
  '9223372036854775808',
  '-2147483649',
  '1e309',
  'NaN',
  'Infinity',
  '-Infinity',
  '0x7fffffff',
  ' 1 ',
  '1.5',
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '%00',
  '\ud800',
  'x\udfffy',
  '\u202e\u200fevil\u202c',
  '🐶🐱‍👤👨‍👩‍👧‍👦',
  'ﷺ𒐫𝕳e\u0301\u0301\u0301',
  'x'.repeat(20_000),
  '汉'.repeat(5_000),
  "'; DROP TABLE users; --",
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  '{{7*7}}${7*7}',
  'null',
  'true',
  null,
  true,
  false,
  [],
  {},
  [1, 2, 3],
  [[[[[]]]]],
  { id: 1 },
  ['\u0000'],
  { '\u0000': 1 },
];

/** Keys no schema names, some of them names a careless handler would trust. */
const ODD_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'role',
  'is_admin',
  'user_id',
  '\u0000',
  '🐶',
  '',
];

/** A small positive integer names a demo row (the users whose tokens the fuzz uses, their bases, posts…). */
function awayFromDemoRows(value: unknown): unknown {
  if (typeof value === 'number' && Number.isInteger(value) && value > 0 && value < 100_000) return value + 100_000;
  if (Array.isArray(value)) return value.map(awayFromDemoRows);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, awayFromDemoRows(v)]));
  return value;
}

const nastyValue: fc.Arbitrary<unknown> = fc
  .oneof(
    { arbitrary: fc.constantFrom(...NASTY), weight: 5 },
    { arbitrary: fc.string({ unit: 'binary', maxLength: 24 }), weight: 2 },
    { arbitrary: fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(Number), weight: 2 },
    { arbitrary: fc.double(), weight: 1 },
    { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 1 },
    { arbitrary: fc.array(fc.oneof(fc.integer(), fc.string({ unit: 'binary' })), { maxLength: 5 }), weight: 1 },
  )
  .map(awayFromDemoRows);

// --- Valid bodies, generated from each route's own schema (so a bad field is all that is wrong) ------

interface JsonSchema {
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  default?: unknown;
}

const letters = fc.constantFrom(...Array.from('abcdefghijklmnopqrstuvwxyz0123456789'));

/** An arbitrary of values a JSON schema (as zod writes it for a request's input) accepts. */
function validOf(s: JsonSchema): fc.Arbitrary<unknown> {
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map(validOf));
  if (s.allOf?.[0]) return validOf(s.allOf[0]);
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  switch (type) {
    case 'string': {
      if (s.format === 'email') return fc.constant('fuzz@example.com');
      if (s.format === 'uuid') return fc.uuid();
      if (s.format === 'uri' || s.format === 'url') return fc.constant('https://example.com/a.png');
      if (s.format === 'date-time') return fc.constant('2024-01-02T03:04:05Z');
      if (s.format === 'date') return fc.constant('2024-01-02');
      const min = s.minLength ?? 1;
      const max = Math.max(min, Math.min(s.maxLength ?? 24, min + 24));
      if (s.pattern) return fc.stringMatching(new RegExp(s.pattern)).filter((v) => v.length >= min && v.length <= max);
      return fc.string({ unit: letters, minLength: Math.max(1, min), maxLength: max });
    }
    case 'integer':
    case 'number': {
      let lo = s.minimum ?? (s.exclusiveMinimum === undefined ? -1000 : s.exclusiveMinimum + 1);
      let hi = s.maximum ?? (s.exclusiveMaximum === undefined ? INT32_MAX : s.exclusiveMaximum - 1);
      lo = Math.max(lo, -(2 ** 31));
      hi = Math.min(hi, INT32_MAX);
      // Ids in range that name no demo row (see awayFromDemoRows).
      if (lo <= 100_000 && hi >= 200_000) [lo, hi] = [100_000, Math.min(hi, 9_999_999)];
      if (type === 'integer') return fc.noBias(fc.integer({ min: Math.ceil(lo), max: Math.floor(hi) }));
      return fc.double({ min: lo, max: hi, noNaN: true, noDefaultInfinity: true });
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const min = s.minItems ?? 0;
      return fc.array(s.items ? validOf(s.items) : fc.constant(1), {
        minLength: min,
        maxLength: Math.max(min, Math.min(s.maxItems ?? 3, min + 2)),
      });
    }
    case 'object': {
      // zod writes a piped email as a plain string: the property's name says what it holds.
      const props = Object.fromEntries(
        Object.entries(s.properties ?? {}).map(([k, v]) => [k, k === 'email' ? { ...v, format: 'email' } : v]),
      );
      if (Object.keys(props).length === 0 && typeof s.additionalProperties === 'object')
        return fc.dictionary(
          fc.string({ unit: letters, minLength: 1, maxLength: 6 }),
          validOf(s.additionalProperties),
          {
            maxKeys: 3,
          },
        );
      return fc.record(
        Object.fromEntries(Object.entries(props).map(([k, v]) => [k, validOf(v)])),
        // Optional fields too: each one can be malformed only if it is there.
        { requiredKeys: Object.keys(props) },
      );
    }
    default:
      return fc.jsonValue({ maxDepth: 1 });
  }
}

/**
 * Valid bodies the generator cannot find by itself (a check digit, rules across fields), so that a malformed
 * field is the only thing wrong with their mutations.
 */
const BASES: Record<string, unknown> = {
  'POST /api/cashout/apply': {
    amount: 100_000,
    bank: 'Fuzz Bank',
    code: '6212261202000000001',
    name: 'Fuzz',
    mobile: '13800138000',
    idempotency_key: 'fuzz-cashout-0001',
  },
  'POST /api/admin/cashout/settings/update': { min_amount: 10_000, fee_rate_bp: 100, fee_fixed: 0, coin_value: 100 },
  'POST /api/support/supporters': { event_id: 123_456 },
};

/** A value the zod schema accepts, searched among seeded samples of its JSON schema; else the last sample. */
function validSample(schema: z.ZodType, seed: number, known?: unknown): { value: unknown; valid: boolean } {
  if (known !== undefined) return { value: known, valid: schema.safeParse(known).success };
  let json: JsonSchema;
  try {
    json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  } catch {
    return { value: {}, valid: schema.safeParse({}).success };
  }
  const samples = fc.sample(validOf(json), { seed, numRuns: 60 });
  // Optional fields may make a sample invalid (a refinement across fields): drop them one by one.
  for (const sample of samples) {
    if (schema.safeParse(sample).success) return { value: sample, valid: true };
    if (sample && typeof sample === 'object' && !Array.isArray(sample)) {
      const required = new Set(json.required ?? []);
      const lean = Object.fromEntries(Object.entries(sample).filter(([k]) => required.has(k)));
      if (schema.safeParse(lean).success) return { value: lean, valid: true };
    }
  }
  return { value: samples.at(-1) ?? {}, valid: false };
}

// --- Requests ------------------------------------------------------------------------------------

interface Case {
  label: string;
  inject: InjectOptions;
}

interface Operation {
  method: string;
  url: string;
  auth: string;
  body?: z.ZodType;
  querystring?: z.ZodType;
  params?: z.ZodType;
}

const seedOf = (text: string) => {
  let h = SEED;
  for (const ch of text) h = (Math.imul(h, 31) + ch.charCodeAt(0)) | 0;
  return h;
};

/** Every path into a JSON value (objects and arrays), the value itself as []. */
function pathsOf(value: unknown, prefix: (string | number)[] = [], out: (string | number)[][] = []) {
  out.push(prefix);
  if (Array.isArray(value)) value.forEach((v, i) => pathsOf(v, [...prefix, i], out));
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) pathsOf(v, [...prefix, k], out);
  return out;
}

function setAt(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  if (Array.isArray(value)) {
    const copy: unknown[] = [...(value as unknown[])];
    copy[head as number] = setAt(copy[head as number], rest, replacement);
    return copy;
  }
  const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  copy[head as string] = setAt(copy[head as string], rest, replacement);
  return copy;
}

/** JSON text of any value (JSON.stringify answers undefined for undefined and functions: then null). */
const jsonOf = (value: unknown): string => {
  const text = JSON.stringify(value) as string | undefined;
  return text ?? 'null';
};
const shown = (value: unknown) => jsonOf(value).slice(0, 60);

const keysOf = (value: unknown) =>
  value && typeof value === 'object' && !Array.isArray(value) ? Object.keys(value) : [];

/** A JSON text with `raw` spliced in as the first member of the object `base` (keys JSON.stringify would drop). */
const withRawMember = (raw: string, base: unknown) => {
  const rest = JSON.stringify(base && typeof base === 'object' && !Array.isArray(base) ? base : {}).slice(1);
  return `{${raw}${rest === '}' ? '' : ','}${rest}`;
};

const DEEP = '{"a":'.repeat(20_000) + '1' + '}'.repeat(20_000);
const DEEP_ARRAY = '['.repeat(50_000) + ']'.repeat(50_000);

/** Malformed variants of one object (a body or a query): per field, then generated mutations. */
function mutations(base: unknown, seed: number, count: number): { label: string; value: unknown }[] {
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

const json = (payload: string) => ({ payload, headers: { 'content-type': 'application/json' } });

function bodyCases(op: Operation, base: unknown, seed: number): Case[] {
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
function encode(text: string): string {
  return text.replace(/[\s\S]/gu, (ch) => {
    const code = ch.codePointAt(0) ?? 0;
    if (ch.length === 1 && code >= 0xd800 && code <= 0xdfff)
      return `%ED%${(0x80 | ((code >> 6) & 0x3f)).toString(16).toUpperCase()}%${(0x80 | (code & 0x3f)).toString(16).toUpperCase()}`;
    return encodeURIComponent(ch);
  });
}

/** A value as a query string parameter (arrays repeat the key, objects are bracketed like qs). */
function queryOf(value: unknown): string {
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

function queryCases(op: Operation, url: string, base: unknown, seed: number): Case[] {
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
const fill = (url: string, params: Record<string, unknown>) =>
  url.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    return encode(typeof value === 'string' ? value : jsonOf(value ?? 'x'));
  });

function paramCases(op: Operation, base: Record<string, unknown>): Case[] {
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

const BOUNDARY = 'fuzzboundary250025';
function multipart(parts: string[] | Buffer[], boundary = BOUNDARY): Partial<InjectOptions> {
  const chunks = (parts as (string | Buffer)[]).map((p) => (typeof p === 'string' ? Buffer.from(p) : p));
  return {
    payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
const filePart = (filename: string, data: Buffer | string, field = 'file', type = 'image/png') =>
  Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    typeof data === 'string' ? Buffer.from(data) : data,
    Buffer.from('\r\n'),
  ]);

async function uploadCases(): Promise<Case[]> {
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

function streamCases(): Case[] {
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

describe('malformed input never answers 5xx', () => {
  let api: TestApi;
  let userToken: string;
  let adminToken: string;

  /** The server's warnings and errors, one JSON line each, taken after every request. */
  let logged: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logged.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  const takeLog = () => {
    const lines = logged.map((l) => JSON.parse(l) as { msg?: string; err?: { message?: string } });
    logged = [];
    return lines;
  };

  beforeAll(async () => {
    api = await createTestApi({ serveWeb: false, logger: { level: 'warn', stream: sink } });
    userToken = await loginToken(api, DEMO.user.email, DEMO.user.password);
    adminToken = await loginToken(api, DEMO.admin.email, DEMO.admin.password);
  }, 60_000);
  afterAll(() => api.close());

  it(`answers every generated bad request (≥${String(PER_OPERATION)} per operation) below 500, and still serves`, async () => {
    const operations: Operation[] = api.routes
      .filter((r) => !(r.method in SKIPPED_METHODS))
      .map((r) => {
        const s = (r.schema ?? {}) as Record<string, unknown>;
        const zod = (v: unknown) => (v instanceof z.ZodType ? v : undefined);
        return {
          method: r.method,
          url: r.url,
          auth: r.auth,
          body: zod(s.body),
          querystring: zod(s.querystring),
          params: zod(s.params),
        };
      });
    const names = new Set(operations.map((o) => `${o.method} ${o.url}`));
    for (const name of Object.keys(OWN_CASES)) expect(names, name).toContain(name);

    const fails: string[] = [];
    /** Requests the schemas let through and only the database refused (the error handler's safety net). */
    const refusedByDatabase: string[] = [];
    const perOperation = new Map<string, number>();
    const noValidBase: string[] = [];
    let requests = 0;
    const send = async (name: string, c: Case, token: string | undefined) => {
      requests += 1;
      perOperation.set(name, (perOperation.get(name) ?? 0) + 1);
      const headers = { ...(c.inject.headers as Record<string, string> | undefined), ...(token ? { token } : {}) };
      try {
        takeLog();
        const res = await api.app.inject({ ...c.inject, headers, remoteAddress: '10.9.9.9' });
        const log = takeLog();
        const why = log.find((l) => l.msg === 'unhandled error')?.err?.message?.slice(0, 160) ?? res.body.slice(0, 120);
        if (res.statusCode >= 500) fails.push(`${name} [${c.label}] → ${String(res.statusCode)} ${why}`);
        const refused = log.find((l) => l.msg === 'input the database refused');
        if (refused)
          refusedByDatabase.push(
            `${name} [${c.label}]: SQLSTATE ${/"code":"([0-9A-Z]{5})"/.exec(JSON.stringify(refused.err))?.[1] ?? '?'}`,
          );
      } catch (error) {
        fails.push(`${name} [${c.label}] → threw ${String(error)}`);
      }
    };

    const started = Date.now();
    for (const op of operations) {
      const name = `${op.method} ${op.url}`;
      const token = op.auth === 'admin' ? adminToken : userToken;
      if (name === 'POST /api/common/upload') {
        for (const c of await uploadCases()) await send(name, c, token);
        continue;
      }
      if (name === 'GET /live/:file') {
        for (const c of streamCases()) await send(name, c, token);
        continue;
      }
      const seed = seedOf(name);
      const params = op.params ? validSample(op.params, seed) : { value: {}, valid: true };
      const url = fill(op.url, params.value as Record<string, unknown>);
      let cases: Case[];
      if (op.method === 'GET') {
        const query = op.querystring ? validSample(op.querystring, seed) : { value: {}, valid: true };
        if (!query.valid) noValidBase.push(`${name} (query)`);
        cases = queryCases(op, url, query.value, seed);
      } else {
        const body = op.body ? validSample(op.body, seed, BASES[name]) : { value: {}, valid: true };
        if (!body.valid) noValidBase.push(name);
        cases = bodyCases({ ...op, url }, body.value, seed);
      }
      if (op.params) cases.push(...paramCases(op, params.value as Record<string, unknown>));
      for (const c of cases) {
        const own =
          name === 'POST /api/user/logout' ? await loginToken(api, DEMO.friend.email, DEMO.friend.password) : token;
        await send(name, c, own);
      }
    }
    const seconds = (Date.now() - started) / 1000;
    console.log(
      `fuzz (seed ${String(SEED)}): ${String(requests)} requests over ${String(perOperation.size)} operations in ${seconds.toFixed(1)} s, ${String(fails.length)} answered 5xx, ${String(refusedByDatabase.length)} refused only by the database` +
        (fails.length ? `\n  5xx:\n  ${fails.join('\n  ')}` : '') +
        (refusedByDatabase.length ? `\n  refused only by the database:\n  ${refusedByDatabase.join('\n  ')}` : '') +
        (noValidBase.length ? `\n  no valid base body generated for: ${noValidBase.join(', ')}` : '') +
        `\n  cases of their own: ${Object.entries(OWN_CASES)
          .map(([k, why]) => `${k} (${why})`)
          .join('; ')}` +
        `\n  skipped: ${Object.entries(SKIPPED_METHODS)
          .map(([m, why]) => `${m} (${why})`)
          .join('; ')}`,
    );
    const short = [...perOperation].filter(([, n]) => n < PER_OPERATION).map(([k]) => k);
    expect(short.filter((k) => k !== 'GET /live/:file' && k !== 'POST /api/common/upload')).toEqual([]);
    expect(fails).toEqual([]);
    // The schemas refuse malformed input themselves: the database's refusal (400 too) is only a safety net.
    const known = Object.keys(KNOWN_DATABASE_REFUSALS);
    expect(refusedByDatabase.filter((r) => !known.some((k) => r.startsWith(`${k} [`)))).toEqual([]);
    expect(noValidBase).toEqual([]);

    // The server still serves: a public read, a login and a user's own page.
    expect((await api.post('/api/configuration/getConfiguration', {})).status).toBe(200);
    const fresh = await loginToken(api, DEMO.user.email, DEMO.user.password, '10.0.0.77');
    expect((await api.get('/api/user/index', { token: fresh })).status).toBe(200);
    expect((await api.get('/api/user/index', { token: userToken })).status).toBe(200);
    expect((await api.post('/api/admin/user/list', {}, { token: adminToken })).status).toBe(200);
  }, 300_000);

  it('answers a NUL and an id past int32 as validation failures, in the request’s language', async () => {
    const nul = await api.post('/api/user/login', { account: 'demo\u0000', password: 'x' }, { lang: 'ja' });
    expect(nul.status).toBe(400);
    expect(nul.body).toMatchObject({
      code: 0,
      msg: translate('ja', 'v.nul'),
      data: { error: 'validation_failed', fields: [{ path: 'account', message: translate('ja', 'v.nul') }] },
    });
    // Anywhere: in a key, deep in a value, in a query string and in a path.
    const key = await api.post('/api/post/list', { page: 1, '\u0000': 1 }, { lang: 'zh-TW' });
    expect([key.status, key.body.msg]).toEqual([400, translate('zh-TW', 'v.nul')]);
    const deep = await api.post(
      '/api/admin/content/list',
      { keyword: 'a', x: [{ y: ['\u0000'] }] },
      { token: adminToken },
    );
    expect([deep.status, (deep.body.data as { fields?: unknown }).fields]).toEqual([
      400,
      [{ path: 'x.0.y.0', message: translate('en', 'v.nul') }],
    ]);
    const query = await api.get('/api/payment/sandbox/PH12345678?sig=%00');
    expect([query.status, (query.body.data as { error?: string }).error]).toEqual([400, 'validation_failed']);
    const path = await api.get('/api/payment/sandbox/PH1234%00?sig=x');
    expect([path.status, (path.body.data as { error?: string }).error]).toEqual([400, 'validation_failed']);

    // Ids past PostgreSQL's integer, with and without a login; the largest integer is still a (missing) id.
    for (const [url, token] of [
      ['/api/post/detail', undefined],
      ['/api/base/detail', undefined],
      ['/api/pet/detail', undefined],
      ['/api/post/like', userToken],
      ['/api/admin/user/detail', adminToken],
    ] as const) {
      for (const id of [2 ** 31, 2 ** 63, '2147483648']) {
        const r = await api.post(url, { id, like: true }, { token });
        expect([url, id, r.status, (r.body.data as { error?: string }).error]).toEqual([
          url,
          id,
          400,
          'validation_failed',
        ]);
      }
      // pet/detail answers null for a missing pet, the others 404.
      const largest = await api.post(url, { id: INT32_MAX, like: true }, { token });
      expect([url, largest.status]).toEqual([url, url === '/api/pet/detail' ? 200 : 404]);
    }
  });
});
