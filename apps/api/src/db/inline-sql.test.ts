import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { inlineQuery, literal } from './inline-sql';

const dialect = new PgDialect();
const inlineSql = (statement: SQL) => inlineQuery(dialect.sqlToQuery(statement));

describe('literal', () => {
  it('quotes every value, doubling quotes and backslashes in the E form', () => {
    expect(literal(null)).toBe('NULL');
    expect(literal(undefined)).toBe('NULL');
    expect(literal("it's")).toBe("E'it''s'");
    expect(literal('a\\b')).toBe("E'a\\\\b'");
    expect(literal("\\'; DROP TABLE users; --")).toBe("E'\\\\''; DROP TABLE users; --'");
    expect(literal(42)).toBe("E'42'");
    expect(literal(-1.5)).toBe("E'-1.5'");
    expect(literal(10n)).toBe("E'10'");
    expect(literal(false)).toBe("E'false'");
    expect(literal(new Date('2026-11-21T10:11:12.345Z'))).toBe("E'2026-11-21T10:11:12.345Z'");
  });

  it('refuses what has no faithful literal', () => {
    expect(() => literal(Number.NaN)).toThrow();
    expect(() => literal(Infinity)).toThrow();
    expect(() => literal(new Date(Number.NaN))).toThrow();
    expect(() => literal('a\0b')).toThrow(/NUL/);
    expect(() => literal({ a: 1 })).toThrow();
    expect(() => literal([1])).toThrow();
  });
});

describe('inlineQuery', () => {
  it('writes each parameter in where it stands, however often and whatever its number', () => {
    const values = Array.from({ length: 11 }, (_, i) => i + 1);
    const q = sql.join(
      values.map((v) => sql`${v}`),
      sql`, `,
    );
    expect(inlineSql(sql`SELECT ${q}`)).toBe(`SELECT ${values.map((v) => `E'${String(v)}'`).join(', ')}`);
  });

  it('leaves $n alone inside strings, quoted identifiers, dollar quotes, comments and names', () => {
    const text = inlineSql(
      sql`SELECT '$1 ''$2''' AS "a$1""b", $$ $1 $$, $tag$ $1 $tag$, x$1 -- $1
      /* $1 */ FROM t WHERE v = ${'it'}`,
    );
    expect(text).toBe(`SELECT '$1 ''$2''' AS "a$1""b", $$ $1 $$, $tag$ $1 $tag$, x$1 -- $1
      /* $1 */ FROM t WHERE v = E'it'`);
  });

  it('refuses text it cannot read to its end', () => {
    expect(() => inlineSql(sql.raw(`SELECT 'open`))).toThrow(/unterminated/);
    expect(() => inlineSql(sql.raw(`SELECT $q$ open`))).toThrow(/unterminated/);
    expect(() => inlineSql(sql.raw(`SELECT 1 /* open`))).toThrow(/unterminated/);
  });
});
