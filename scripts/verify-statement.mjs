#!/usr/bin/env node
// Verifies PetHeart monthly statements (docs/statements.md) with plain Node: no dependencies, node:crypto only.
//
//   node scripts/verify-statement.mjs [--expect HASH] FILE [FILE…]
//   npm run verify-statement -- FILE [FILE…]
//
// Each JSON file's hash is recomputed from its bytes and its previous hash; JSON files given in order (oldest
// month first) must form a chain (same base, consecutive months, each prev_hash the hash before); a CSV is checked
// against the JSON of the same name. --expect HASH: the last JSON's hash must be this one (the published one).
// Prints OK with the hashes, or exactly what broke. Exit 0 = verified, 1 = something failed, 2 = bad usage.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const GENESIS = '0'.repeat(64);
const COLUMNS = ['time', 'entry', 'tx', 'kind', 'account', 'user', 'amount', 'grams', 'ref'];
const DOC_KEYS = ['base_id', 'lines', 'month', 'prev_hash', 'version'];
const KINDS = {
  feed: /^feed:[0-9a-f-]{36}$/,
  gift: /^gift:\d+$/,
  help_pay: /^help_pay:\d+$/,
  cashout: /^cashout:\d+$/,
};
const ACCOUNTS = new Set([
  'user_wallet',
  'operator_earnings',
  'platform_revenue',
  'payment_clearing',
  'cashout_clearing',
  'support_fund',
]);
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const HASH = /^[0-9a-f]{64}$/;
const PSEUDONYM = /^u_[0-9a-f]{16}$/;
/** At most this many problems are listed per file. */
const MAX_LISTED = 10;

/** Canonical JSON: object keys sorted by code unit, no whitespace, safe integers only. */
export function canonicalJson(value) {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new Error(`a number that is not a safe integer: ${String(value)}`);
    return String(value);
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const keys = Object.keys(value).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(value[k])}`).join(',')}}`;
}

/** hex(SHA-256(prev_hash + "\n" + the JSON bytes)). */
export function statementHash(prevHash, jsonBytes) {
  return createHash('sha256').update(`${prevHash}\n`, 'utf8').update(jsonBytes).digest('hex');
}

function csvField(value) {
  const text = value === null ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The CSV a statement's lines make: a header, then one row per line, each ended by "\n". */
export function statementCsv(lines) {
  const rows = [COLUMNS.join(',')];
  for (const line of lines) rows.push(COLUMNS.map((c) => csvField(line[c])).join(','));
  return `${rows.join('\n')}\n`;
}

function nextMonth(month) {
  const [y, m] = month.split('-').map(Number);
  return m === 12 ? `${String(y + 1)}-01` : `${String(y)}-${String(m + 1).padStart(2, '0')}`;
}

const sameKeys = (object, keys) =>
  object !== null &&
  typeof object === 'object' &&
  !Array.isArray(object) &&
  canonicalJson(Object.keys(object).sort()) === canonicalJson(keys);

/** What is wrong with one line (its number is 1-based). */
function lineProblems(line, n, month) {
  const at = `line ${String(n)}`;
  if (!sameKeys(line, [...COLUMNS].sort())) return [`${at}: its fields are not exactly ${COLUMNS.join(', ')}`];
  const out = [];
  if (typeof line.time !== 'string' || !TIME.test(line.time))
    out.push(`${at}: time ${JSON.stringify(line.time)} is not ISO 8601 UTC with ms`);
  else if (line.time.slice(0, 7) !== month) out.push(`${at}: time ${line.time} is not in ${month}`);
  for (const field of ['entry', 'tx'])
    if (!Number.isSafeInteger(line[field]) || line[field] < 1) out.push(`${at}: ${field} is not a positive integer`);
  if (!Number.isSafeInteger(line.amount) || line.amount === 0)
    out.push(`${at}: amount ${JSON.stringify(line.amount)} is not a nonzero integer`);
  if (!Number.isSafeInteger(line.grams) || line.grams < 0)
    out.push(`${at}: grams ${JSON.stringify(line.grams)} is not a whole number ≥ 0`);
  if (!Object.hasOwn(KINDS, line.kind)) out.push(`${at}: unknown kind ${JSON.stringify(line.kind)}`);
  else if (typeof line.ref !== 'string' || !KINDS[line.kind].test(line.ref))
    out.push(`${at}: ref ${JSON.stringify(line.ref)} does not fit kind ${line.kind}`);
  if (!ACCOUNTS.has(line.account)) out.push(`${at}: unknown account ${JSON.stringify(line.account)}`);
  if (line.user !== null && (typeof line.user !== 'string' || !PSEUDONYM.test(line.user)))
    out.push(`${at}: user ${JSON.stringify(line.user)} is not a pseudonym (u_ + 16 hex) or null`);
  return out;
}

/** Reads and checks one JSON statement: { doc, hash, problems }. */
export function checkStatement(bytes) {
  const text = bytes.toString('utf8');
  if (!Buffer.from(text, 'utf8').equals(bytes)) return { problems: ['is not valid UTF-8'] };
  let doc;
  try {
    doc = JSON.parse(text);
  } catch (error) {
    return { problems: [`is not JSON (${error.message})`] };
  }
  if (!sameKeys(doc, DOC_KEYS))
    return { problems: [`is not a statement: its fields are not exactly ${DOC_KEYS.join(', ')}`] };
  const problems = [];
  if (doc.version !== 1) problems.push(`version ${JSON.stringify(doc.version)} is not 1`);
  if (!Number.isSafeInteger(doc.base_id) || doc.base_id < 1) problems.push('base_id is not a positive integer');
  if (typeof doc.month !== 'string' || !MONTH.test(doc.month))
    problems.push(`month ${JSON.stringify(doc.month)} is not YYYY-MM`);
  if (typeof doc.prev_hash !== 'string' || !HASH.test(doc.prev_hash))
    problems.push('prev_hash is not 64 lowercase hex');
  if (!Array.isArray(doc.lines)) problems.push('lines is not a list');
  if (problems.length > 0) return { problems };
  const txs = new Map();
  doc.lines.forEach((line, i) => {
    const found = lineProblems(line, i + 1, doc.month);
    problems.push(...found);
    if (found.length > 0) return;
    const before = doc.lines[i - 1];
    if (i > 0 && before && (before.time > line.time || (before.time === line.time && before.entry >= line.entry)))
      problems.push(`line ${String(i + 1)}: out of order (lines sort by time, then entry; entries are unique)`);
    const tx = txs.get(line.tx) ?? { sum: 0, first: i + 1, line };
    if (tx.line.time !== line.time || tx.line.kind !== line.kind || tx.line.ref !== line.ref)
      problems.push(
        `line ${String(i + 1)}: transaction ${String(line.tx)} differs from its line ${String(tx.first)} in time, kind or ref`,
      );
    tx.sum += line.amount;
    txs.set(line.tx, tx);
  });
  for (const [tx, { sum, first }] of txs)
    if (sum !== 0)
      problems.push(
        `transaction ${String(tx)} (from line ${String(first)}) sums to ${String(sum)}, not 0: a line was changed, added or removed`,
      );
  if (problems.length === 0 && canonicalJson(doc) !== text)
    problems.push('is not in canonical form (sorted keys, no spaces, no final newline): its bytes were changed');
  return { doc, hash: statementHash(doc.prev_hash, bytes), problems };
}

/** The first row where two CSV texts differ, for the report. */
function firstDifference(expected, found) {
  const a = expected.split('\n');
  const b = found.split('\n');
  for (let i = 0; i < Math.max(a.length, b.length); i++)
    if (a[i] !== b[i])
      return `row ${String(i + 1)}: the JSON says ${JSON.stringify(a[i] ?? '(no row)')}, the CSV has ${JSON.stringify(b[i] ?? '(no row)')}`;
  return 'they differ';
}

const short = (hash) => `${hash.slice(0, 12)}…`;

/**
 * Verifies the files (paths as given, read relative to `cwd`); answers { ok, out } with the report's lines.
 * `expect`: the hash the last JSON must have.
 */
export function verify(files, { cwd = process.cwd(), expect } = {}) {
  const out = [];
  let failures = 0;
  const fail = (name, message) => {
    failures += 1;
    out.push(`FAIL ${name}: ${message}`);
  };
  const read = (file) => {
    try {
      return readFileSync(path.resolve(cwd, file));
    } catch (error) {
      fail(file, `cannot read (${error.code ?? error.message})`);
      return undefined;
    }
  };
  const jsons = [];
  const csvs = [];
  for (const file of files) (file.toLowerCase().endsWith('.csv') ? csvs : jsons).push(file);
  const checked = new Map();
  let previous;
  for (const file of jsons) {
    const bytes = read(file);
    if (!bytes) {
      previous = undefined;
      continue;
    }
    const { doc, hash, problems } = checkStatement(bytes);
    if (problems.length > 0) {
      for (const p of problems.slice(0, MAX_LISTED)) fail(file, p);
      if (problems.length > MAX_LISTED) out.push(`     … and ${String(problems.length - MAX_LISTED)} more`);
    }
    if (!doc) {
      previous = undefined;
      continue;
    }
    checked.set(path.basename(file).replace(/\.json$/i, ''), doc);
    const link =
      previous === undefined
        ? doc.prev_hash === GENESIS
          ? 'the base’s first statement'
          : `continues from ${doc.prev_hash} (compare with the published hash of the month before)`
        : `continues ${previous.file}`;
    const before = failures;
    if (previous) {
      if (previous.doc.base_id !== doc.base_id)
        fail(
          file,
          `is base ${String(doc.base_id)}, ${previous.file} is base ${String(previous.doc.base_id)}: not one chain`,
        );
      else if (nextMonth(previous.doc.month) !== doc.month)
        fail(
          file,
          `is ${doc.month}, but the month after ${previous.file} (${previous.doc.month}) is ${nextMonth(previous.doc.month)}: months missing or out of order`,
        );
      if (previous.hash !== doc.prev_hash)
        fail(
          file,
          `prev_hash ${short(doc.prev_hash)} is not the hash of ${previous.file} (${short(previous.hash)}): the chain is broken`,
        );
    }
    const summary = `base ${String(doc.base_id)}, ${doc.month}, ${String(doc.lines.length)} lines, hash ${hash}`;
    if (problems.length === 0 && failures === before) out.push(`OK   ${file}: ${summary} (${link})`);
    else out.push(`     ${file}: ${summary} (recomputed from its bytes as they are)`);
    previous = { file, doc, hash };
  }
  if (expect !== undefined) {
    if (!previous) fail('--expect', 'no JSON statement to compare with');
    else if (previous.hash !== expect.toLowerCase())
      fail(previous.file, `its hash ${previous.hash} is not the expected ${expect}`);
    else out.push(`OK   ${previous.file}: hash is the expected one`);
  }
  for (const file of csvs) {
    const bytes = read(file);
    if (!bytes) continue;
    const stem = path.basename(file).replace(/\.csv$/i, '');
    const doc = checked.get(stem);
    if (!doc) {
      fail(file, `no JSON statement named ${stem}.json was given (a CSV is checked against its JSON)`);
      continue;
    }
    const expected = statementCsv(doc.lines);
    const found = bytes.toString('utf8');
    if (expected === found) out.push(`OK   ${file}: the same ${String(doc.lines.length)} lines as ${stem}.json`);
    else fail(file, `does not match ${stem}.json: ${firstDifference(expected, found)}`);
  }
  if (failures === 0 && jsons.length > 1 && previous)
    out.push(`OK   chain of ${String(jsons.length)} months, last hash ${previous.hash}`);
  out.push(failures === 0 ? 'VERIFIED' : `FAILED: ${String(failures)} problem(s)`);
  return { ok: failures === 0, out };
}

function main(argv) {
  const files = [];
  let expect;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--expect') {
      expect = argv[++i];
      if (!expect || !HASH.test(expect.toLowerCase())) {
        console.error('--expect needs a 64-hex hash');
        return 2;
      }
    } else if (arg === '-h' || arg === '--help') {
      console.log(
        'usage: npm run verify-statement -- [--expect HASH] FILE.json [FILE.csv] [FILE…] (oldest month first)',
      );
      return 0;
    } else files.push(arg);
  }
  if (files.length === 0) {
    console.error(
      'usage: npm run verify-statement -- [--expect HASH] FILE.json [FILE.csv] [FILE…] (oldest month first)',
    );
    return 2;
  }
  // `npm run` runs in the repository's root: paths are the caller's, from where npm was started.
  const { ok, out } = verify(files, { cwd: process.env.INIT_CWD ?? process.cwd(), expect });
  for (const line of out) console.log(line);
  return ok ? 0 : 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href)
  process.exitCode = main(process.argv.slice(2));
