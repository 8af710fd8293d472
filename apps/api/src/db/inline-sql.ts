/**
 * A parameter as a quoted literal. Every value is quoted, numbers too: a quoted literal has no type until its
 * context gives one, as an untyped parameter has none, so `'5'::int`, `col = '5'` and `LIMIT '5'` mean what
 * `$1` meant. The E'' form reads the same whatever standard_conforming_strings is.
 */
export function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  let text: string;
  if (typeof value === 'string') text = value;
  else if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`not a number for SQL: ${String(value)}`);
    text = String(value);
  } else if (typeof value === 'bigint' || typeof value === 'boolean') text = String(value);
  else if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) throw new Error('an invalid date for SQL');
    text = value.toISOString();
  } else throw new Error(`no literal for a ${typeof value} parameter`);
  if (text.includes('\0')) throw new Error('a NUL character cannot be sent to PostgreSQL');
  return `E'${text.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

/**
 * A statement (drizzle's text and parameters, `dialect.sqlToQuery`) as one text with its parameters written
 * in as literals (for sending several statements at once, which only the simple query protocol allows).
 * `$n` is replaced only outside quoted strings, quoted identifiers, dollar-quoted bodies and comments.
 */
export function inlineQuery({ sql: text, params }: { sql: string; params: unknown[] }): string {
  // The next place where something other than plain text may start.
  const special = /['"]|--|\/\*|\$/g;
  let out = '';
  let i = 0;
  const skipTo = (end: number, what: string) => {
    if (end < 0) throw new Error(`an unterminated ${what} in SQL`);
    out += text.slice(i, end);
    i = end;
  };
  for (;;) {
    special.lastIndex = i;
    const m = special.exec(text);
    if (!m) break;
    out += text.slice(i, m.index);
    i = m.index;
    const token = m[0];
    if (token === "'" || token === '"') {
      // A quoted string or identifier; a doubled quote stays inside it.
      let j = i + 1;
      for (;;) {
        const k = text.indexOf(token, j);
        if (k < 0) throw new Error('an unterminated quote in SQL');
        if (text[k + 1] === token) j = k + 2;
        else {
          skipTo(k + 1, 'quote');
          break;
        }
      }
    } else if (token === '--') {
      const k = text.indexOf('\n', i);
      skipTo(k < 0 ? text.length : k + 1, 'comment');
    } else if (token === '/*') {
      const k = text.indexOf('*/', i + 2);
      skipTo(k < 0 ? -1 : k + 2, 'comment');
    } else {
      const param = /^\$(\d+)/.exec(text.slice(i, i + 12));
      const tag = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(text.slice(i, i + 64));
      if (param && !/[A-Za-z0-9_]/.test(text[i - 1] ?? '')) {
        const n = Number(param[1]);
        if (n < 1 || n > params.length) throw new Error(`no parameter $${String(n)}`);
        out += literal(params[n - 1]);
        i += param[0].length;
      } else if (tag) {
        const k = text.indexOf(tag[0], i + tag[0].length);
        skipTo(k < 0 ? -1 : k + tag[0].length, 'dollar quote');
      } else skipTo(i + 1, '');
    }
  }
  return out + text.slice(i);
}
