import fc from 'fast-check';
import { z } from 'zod';

// Values for the fuzz test (fuzz-inputs.test.ts): what has broken servers before, and values a route's own schema
// accepts, generated from its JSON schema, to mutate one field at a time.

export const INT32_MAX = 2 ** 31 - 1;

/** Values that have broken servers before: numbers past every column, NaN-ish strings, NUL, odd unicode. */
export const NASTY: readonly unknown[] = [
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
export const ODD_KEYS = [
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
export function awayFromDemoRows(value: unknown): unknown {
  if (typeof value === 'number' && Number.isInteger(value) && value > 0 && value < 100_000) return value + 100_000;
  if (Array.isArray(value)) return value.map(awayFromDemoRows);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, awayFromDemoRows(v)]));
  return value;
}

export const nastyValue: fc.Arbitrary<unknown> = fc
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

export interface JsonSchema {
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

export const letters = fc.constantFrom(...Array.from('abcdefghijklmnopqrstuvwxyz0123456789'));

/** An arbitrary of values a JSON schema (as zod writes it for a request's input) accepts. */
export function validOf(s: JsonSchema): fc.Arbitrary<unknown> {
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

/** A value the zod schema accepts, searched among seeded samples of its JSON schema; else the last sample. */
export function validSample(schema: z.ZodType, seed: number, known?: unknown): { value: unknown; valid: boolean } {
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

/** Every path into a JSON value (objects and arrays), the value itself as []. */
export function pathsOf(value: unknown, prefix: (string | number)[] = [], out: (string | number)[][] = []) {
  out.push(prefix);
  if (Array.isArray(value)) value.forEach((v, i) => pathsOf(v, [...prefix, i], out));
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) pathsOf(v, [...prefix, k], out);
  return out;
}

export function setAt(value: unknown, path: (string | number)[], replacement: unknown): unknown {
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
export const jsonOf = (value: unknown): string => {
  const text = JSON.stringify(value) as string | undefined;
  return text ?? 'null';
};
export const shown = (value: unknown) => jsonOf(value).slice(0, 60);

export const keysOf = (value: unknown) =>
  value && typeof value === 'object' && !Array.isArray(value) ? Object.keys(value) : [];

/** A JSON text with `raw` spliced in as the first member of the object `base` (keys JSON.stringify would drop). */
export const withRawMember = (raw: string, base: unknown) => {
  const rest = JSON.stringify(base && typeof base === 'object' && !Array.isArray(base) ? base : {}).slice(1);
  return `{${raw}${rest === '}' ? '' : ','}${rest}`;
};

export const DEEP = '{"a":'.repeat(20_000) + '1' + '}'.repeat(20_000);
export const DEEP_ARRAY = '['.repeat(50_000) + ']'.repeat(50_000);
