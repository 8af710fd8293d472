import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contracts from './index';
import { INT32_MAX, INT32_MIN, NulFreeSchema, coercedRowId, findNul, int32, rowId, safeInt } from './fields';

const messageOf = (r: { error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('integers that fit their columns', () => {
  it('bounds int32 to PostgreSQL integer', () => {
    const n = int32('v.animalCount');
    expect(n.safeParse(INT32_MAX).success).toBe(true);
    expect(n.safeParse(INT32_MIN).success).toBe(true);
    for (const bad of [2 ** 31, -(2 ** 31) - 1, 2 ** 63, 1.5, Number.NaN, '1'])
      expect(messageOf(n.safeParse(bad)), String(bad)).toBe('v.animalCount');
  });

  it('takes row ids from 1 to 2^31 − 1, as numbers or (coerced) numeric strings', () => {
    expect(rowId('v.invalid').safeParse(INT32_MAX).success).toBe(true);
    for (const bad of [0, -1, 2 ** 31, 2 ** 53, 2 ** 63, 1.5, '1'])
      expect(messageOf(rowId('v.invalid').safeParse(bad)), String(bad)).toBe('v.invalid');
    expect(coercedRowId().safeParse('2147483647').data).toBe(INT32_MAX);
    for (const bad of ['2147483648', '9223372036854775808', 'NaN', 'Infinity', '1e309', '', 'abc'])
      expect(coercedRowId('v.invalid').safeParse(bad).success, bad).toBe(false);
    // Without a key of its own the message is zod's: the API then names the field ("Invalid input: id").
    expect(messageOf(rowId().safeParse(2 ** 31))).not.toMatch(/^v\./);
  });

  it('keeps bigint amounts within the exact integers', () => {
    expect(safeInt().safeParse(Number.MAX_SAFE_INTEGER).success).toBe(true);
    expect(safeInt().safeParse(2 ** 53).success).toBe(false);
    expect(safeInt().safeParse(-(2 ** 53)).success).toBe(false);
  });

  /** Integers in request schemas that are not `integer` columns, and why. */
  const NOT_INT32: Record<string, string> = {
    'CashoutApplyBodySchema.amount': 'cashouts.amount is bigint (safeInt)',
    'CommentListBodySchema.after_seq': 'live_comments.id is bigint (safeInt)',
    'NotificationReadBodySchema.ids[]': 'notifications.id is bigserial (1 to MAX_SAFE_INTEGER)',
    'ConsolePaymentListBodySchema.from': 'Unix seconds, compared as a timestamp',
    'ConsolePaymentListBodySchema.to': 'Unix seconds, compared as a timestamp',
    'ConsoleLedgerTransactionListBodySchema.from': 'Unix seconds, compared as a timestamp',
    'ConsoleLedgerTransactionListBodySchema.to': 'Unix seconds, compared as a timestamp',
  };

  it('bounds every integer of every request schema (…Body, …Query, …Params, …Input) to a column', () => {
    const found: string[] = [];
    const walk = (s: Record<string, unknown>, path: string) => {
      for (const key of ['anyOf', 'oneOf', 'allOf'] as const)
        for (const alt of (s[key] as Record<string, unknown>[] | undefined) ?? []) walk(alt, path);
      const types = ([] as unknown[]).concat(s.type);
      if (types.includes('integer')) {
        const min = (s.minimum ?? s.exclusiveMinimum) as number | undefined;
        const max = (s.maximum ?? s.exclusiveMaximum) as number | undefined;
        const limit = path in NOT_INT32 ? Number.MAX_SAFE_INTEGER : INT32_MAX;
        const lowest = path in NOT_INT32 ? Number.MIN_SAFE_INTEGER : INT32_MIN;
        if (min === undefined || max === undefined || min < lowest || max > limit)
          found.push(`${path} [${String(min)}, ${String(max)}]`);
      }
      for (const [k, v] of Object.entries((s.properties as Record<string, Record<string, unknown>> | undefined) ?? {}))
        walk(v, `${path}.${k}`);
      if (s.items && typeof s.items === 'object') walk(s.items as Record<string, unknown>, `${path}[]`);
    };
    let schemas = 0;
    for (const [name, value] of Object.entries(contracts)) {
      if (!(value instanceof z.ZodType) || !/(Body|Query|Params|Input)Schema$/.test(name)) continue;
      schemas += 1;
      walk(z.toJSONSchema(value, { io: 'input', unrepresentable: 'any' }), name);
    }
    expect(schemas).toBeGreaterThan(100);
    expect(found).toEqual([]);
  });
});

describe('NUL (U+0000)', () => {
  it('finds the first NUL in any string or key, at any depth', () => {
    expect(findNul({ a: 'x', b: [1, { c: 'y\u0000' }] })).toEqual(['b', 1, 'c']);
    expect(findNul({ a: { 'k\u0000': 1 } })).toEqual(['a', 'k\ufffd']);
    expect(findNul('\u0000')).toEqual([]);
    expect(findNul({ a: 'fine', b: [null, true, 2, '🐶\u202e'] })).toBeUndefined();
    let deep: unknown = '\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findNul(deep)).toHaveLength(100_000);
  });

  it('reports v.nul at the path', () => {
    const r = NulFreeSchema.safeParse({ items: [{ title: 'a\u0000' }] });
    expect(r.error?.issues).toEqual([expect.objectContaining({ message: 'v.nul', path: ['items', 0, 'title'] })]);
    expect(NulFreeSchema.safeParse({ title: 'ok' }).success).toBe(true);
    expect(contracts.translate('zh-CN', 'v.nul')).toContain('U+0000');
  });
});
