import { createHash } from 'node:crypto';
import type { StatementDocument, StatementLine } from '@petheart/contracts';

/**
 * A statement's bytes (docs/statements.md): canonical JSON (object keys sorted by code unit, no whitespace,
 * integers only, strings as JSON.stringify writes them, UTF-8), the CSV with the same lines, and the hash chain.
 * scripts/verify-statement.mjs recomputes all of this with plain Node; the two must agree byte for byte.
 */

/** The first month's previous hash. */
export const GENESIS_HASH = '0'.repeat(64);

export const CSV_COLUMNS = ['time', 'entry', 'tx', 'kind', 'account', 'user', 'amount', 'grams', 'ref'] as const;

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** Canonical JSON text of a value: sorted keys, no whitespace; refuses what has no single spelling. */
export function canonicalJson(value: Json): string {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new Error(`canonical JSON holds safe integers only, got ${String(value)}`);
    return String(value);
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const keys = Object.keys(value).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(value[k] as Json)}`).join(',')}}`;
}

/** The statement's JSON bytes (as text). */
export function statementJson(doc: StatementDocument): string {
  return canonicalJson(doc);
}

/** hex(SHA-256(prev_hash + "\n" + json)), over UTF-8. */
export function statementHash(prevHash: string, json: string): string {
  return createHash('sha256').update(`${prevHash}\n${json}`, 'utf8').digest('hex');
}

/** A CSV field, quoted (RFC 4180) only when it must be. */
function csvField(value: string | number | null): string {
  const text = value === null ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The CSV: a header and one row per line, in the JSON's order, each ended by "\n". */
export function statementCsv(lines: readonly StatementLine[]): string {
  const rows = [CSV_COLUMNS.join(',')];
  for (const line of lines) rows.push(CSV_COLUMNS.map((c) => csvField(line[c])).join(','));
  return `${rows.join('\n')}\n`;
}

/** Lines in statement order: by time (ISO text sorts as time), then by entry id. */
export function sortLines(lines: StatementLine[]): StatementLine[] {
  return lines.sort((a, b) => (a.time < b.time ? -1 : a.time > b.time ? 1 : a.entry - b.entry));
}
