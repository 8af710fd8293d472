import { z } from 'zod';
import type { MessageKey } from './messages';

// ---- Numbers that fit their columns ----

/** PostgreSQL `integer`'s range (ids, counts, grams, coins, sort orders…). */
export const INT32_MIN = -2_147_483_648;
export const INT32_MAX = 2_147_483_647;

/**
 * An integer, a string and a boolean, one instance each for every field that starts as just that: a schema is
 * immutable, and building zod schemas is most of the work a page does to load the contracts (decision 040). A
 * chained `.min()` builds its own copy from it, as it would from a new one.
 */
export const IntSchema = z.number().int();
export const StringSchema = z.string();
export const BooleanSchema = z.boolean();

const said = (key: MessageKey | undefined) => (key === undefined ? undefined : { error: key });

/**
 * A whole number that fits a PostgreSQL `integer` column: every failure reports `key`, or, without one,
 * names the field ("Invalid input: animal_count"). Narrow it further with .min()/.max().
 */
export function int32(key?: MessageKey) {
  return z.number(said(key)).int(said(key)).min(INT32_MIN, said(key)).max(INT32_MAX, said(key));
}

/** The id of a row with an `integer` (serial) key: 1 … 2^31−1. A larger one names no row and never reaches SQL. */
export function rowId(key?: MessageKey) {
  return z.number(said(key)).int(said(key)).min(1, said(key)).max(INT32_MAX, said(key));
}

/** rowId, also given as a numeric string (forms and console filters send "12"). */
export function coercedRowId(key?: MessageKey) {
  return z.coerce.number(said(key)).int(said(key)).min(1, said(key)).max(INT32_MAX, said(key));
}

/**
 * A whole number for a `bigint` column read as a JavaScript number (amounts, balances, ledger ids): within
 * ±(2^53−1), where every integer is exact.
 */
export function safeInt(key?: MessageKey) {
  return z
    .number(said(key))
    .int(said(key))
    .min(Number.MIN_SAFE_INTEGER, said(key))
    .max(Number.MAX_SAFE_INTEGER, said(key));
}

// ---- No NUL anywhere ----

/** A key or index on the way to a value. */
export type InputPath = (string | number)[];

/**
 * Where the first NUL (U+0000) is in a request's input: the path to the string holding it, or to the object
 * whose key holds it (the key written with U+FFFD in its place); undefined when there is none. Walks any
 * depth without recursion (a body may nest 100,000 levels). PostgreSQL text cannot hold NUL at all.
 */
export function findNul(input: unknown): InputPath | undefined {
  // Each entry knows its parent: the path is built only for the NUL found, so a deep body costs linear time.
  interface At {
    value: unknown;
    key: string | number | undefined;
    parent: At | undefined;
  }
  const pathTo = (at: At | undefined, last?: string): InputPath => {
    const path: InputPath = last === undefined ? [] : [last];
    for (let a = at; a?.parent; a = a.parent) path.push(a.key as string | number);
    return path.reverse();
  };
  const stack: At[] = [{ value: input, key: undefined, parent: undefined }];
  for (let at = stack.pop(); at; at = stack.pop()) {
    const { value } = at;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return pathTo(at);
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], key: i, parent: at });
    } else if (value !== null && typeof value === 'object') {
      const keys = Object.keys(value);
      for (const key of keys) if (key.includes('\u0000')) return pathTo(at, key.replaceAll('\u0000', '\ufffd'));
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i] as string;
        stack.push({ value: (value as Record<string, unknown>)[key], key, parent: at });
      }
    }
  }
  return undefined;
}

/**
 * Any input with no NUL in any string or key, reported as `v.nul` at its path. The API checks every body,
 * query and path against it before the route's own schema (decision 025), so single fields need no rule of
 * their own.
 */
export const NulFreeSchema = z.unknown().superRefine((value, ctx) => {
  const path = findNul(value);
  if (path) ctx.addIssue({ code: 'custom', message: 'v.nul', path });
});

/** A refinement for one text field (a form checks it before sending): no NUL character. */
export const hasNoNul = (s: string) => !s.includes('\u0000');

// ---- Texts ----

/** A required, trimmed text whose missing or empty value reports `key`. */
export function requiredText(key: MessageKey, max = 200) {
  return z.string({ error: key }).trim().min(1, { error: key }).max(max, { error: 'v.tooLong' });
}

export const EmailSchema = z
  .string({ error: 'v.email' })
  .trim()
  .min(1, { error: 'v.email' })
  .max(254, { error: 'v.emailFormat' })
  .pipe(z.email({ error: 'v.emailFormat' }))
  .transform((s) => s.toLowerCase());

/** Mobile numbers in E.164-like form: optional +, 6 to 15 digits. */
export const MobileSchema = z
  .string({ error: 'v.mobile' })
  .trim()
  .min(1, { error: 'v.mobile' })
  .regex(/^\+?[0-9]{6,15}$/, { error: 'v.mobileFormat' });

export const PasswordSchema = z
  .string({ error: 'v.password' })
  .min(1, { error: 'v.password' })
  .min(6, { error: 'v.passwordLength' })
  .max(64, { error: 'v.passwordLength' });

export const CodeSchema = z
  .string({ error: 'v.code' })
  .trim()
  .min(1, { error: 'v.code' })
  .regex(/^[0-9]{6}$/, { error: 'v.codeFormat' });

export const NicknameSchema = z
  .string({ error: 'v.nickname' })
  .trim()
  .min(1, { error: 'v.nickname' })
  .max(30, { error: 'v.nickname' });
