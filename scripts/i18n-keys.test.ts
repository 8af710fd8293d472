import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@petheart/contracts';

/*
 * The web app's strings against its code: every key of apps/web/src/locales/en/<namespace>.json is used, and
 * every key the code asks for exists. Per source file (tests and test support left out), the TypeScript parser
 * finds the `t` functions and their namespaces (`const { t: alias } = useTranslation('ns')`; a feature's helper
 * that is given a `t` uses its feature's namespace, the console's `admin`) and their calls:
 * - t('key'), t('ns:key'), t(c ? 'a' : 'b'): keys, which must exist (in `messages`: the contracts catalogue);
 * - t(`status.${s}`): a pattern, `${…}` standing for one key segment, which must match at least one key;
 * - t(variable): the key is some string literal of the file (tables of keys, e.g. the tab bar's), so every
 *   string literal of a file counts as a use of that key in the file's namespaces.
 * A key is unused when no file of its namespace uses it in any of these ways. Plural forms (`_one`, `_other`…)
 * count as their base key. USED_ELSEWHERE lists keys used in ways the parser cannot see.
 */

const root = path.resolve(import.meta.dirname, '..');
const WEB = path.join(root, 'apps/web/src');
const EN = path.join(WEB, 'locales/en');

/** Keys (or prefixes ending in `.`) used where no t() call names them; each with its reason. */
const USED_ELSEWHERE: Record<string, string[]> = {
  // The service worker's texts (decision 038): `update.` read from the JSON by app/pwa/announce.ts (a dialog
  // outside React), `offline.` written into offline.html at build time by apps/web/vite-pwa.ts.
  pwa: ['update.', 'offline.'],
};

/** The contracts catalogue's namespace in the web app (MESSAGES_NS). */
const MESSAGES_NS = 'messages';
const NAMESPACE_CONSTANTS: Record<string, string> = { MESSAGES_NS, COMMON_NS: 'common' };

function leaves(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix.replace(/_(zero|one|two|few|many|other)$/, '')];
  return Object.entries(value).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k));
}

/** Each namespace's keys, from its English file. */
const KEYS = new Map<string, Set<string>>(
  readdirSync(EN)
    .filter((f) => f.endsWith('.json'))
    .map((f) => [f.replace(/\.json$/, ''), new Set(leaves(JSON.parse(readFileSync(path.join(EN, f), 'utf8'))))]),
);
KEYS.set(MESSAGES_NS, new Set(Object.keys(MESSAGES)));

function sources(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$|\.d\.ts$|(^|\/)test-support\/|-test-support\.tsx?$/.test(f))
    .map((f) => path.join(dir, f));
}

interface FileUses {
  file: string;
  namespaces: Set<string>;
  keys: { ns: Set<string>; key: string }[];
  patterns: { ns: Set<string>; source: string; pattern: RegExp }[];
  literals: Set<string>;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function namespaceOf(arg: ts.Expression | undefined): string | undefined {
  if (arg && (ts.isStringLiteral(arg) || ts.isNoSubstitutionTemplateLiteral(arg))) return arg.text;
  if (arg && ts.isIdentifier(arg)) return NAMESPACE_CONSTANTS[arg.text];
  return undefined;
}

function scan(file: string): FileUses {
  const text = readFileSync(file, 'utf8');
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const aliases = new Map<string, Set<string>>();
  const uses: FileUses = { file, namespaces: new Set(), keys: [], patterns: [], literals: new Set() };
  const bind = (alias: string, ns: string) => {
    aliases.set(alias, (aliases.get(alias) ?? new Set()).add(ns));
    uses.namespaces.add(ns);
  };
  const findBindings = (node: ts.Node) => {
    if (
      ts.isVariableDeclaration(node) &&
      ts.isObjectBindingPattern(node.name) &&
      node.initializer &&
      ts.isCallExpression(node.initializer) &&
      node.initializer.expression.getText(source) === 'useTranslation'
    ) {
      const ns = namespaceOf(node.initializer.arguments[0]);
      for (const el of node.name.elements) {
        const property = (el.propertyName ?? el.name).getText(source);
        if (ns && property === 't') bind(el.name.getText(source), ns);
      }
    }
    ts.forEachChild(node, findBindings);
  };
  findBindings(source);
  // a feature folder's namespace is its name; the operator console's (src/console) is `admin`
  const rel = path.relative(WEB, file).split(path.sep).join('/');
  const feature = rel.startsWith('console/') ? 'admin' : /^features\/([^/]+)\//.exec(rel)?.[1];
  if (aliases.size === 0 && feature && KEYS.has(feature)) bind('t', feature);

  const keysOf = (arg: ts.Expression, ns: Set<string>) => {
    if (ts.isStringLiteral(arg) || ts.isNoSubstitutionTemplateLiteral(arg)) {
      const [prefix, rest] = arg.text.split(/:(.*)/s);
      if (rest !== undefined && prefix && KEYS.has(prefix)) uses.keys.push({ ns: new Set([prefix]), key: rest });
      else uses.keys.push({ ns, key: arg.text });
    } else if (ts.isConditionalExpression(arg)) {
      keysOf(arg.whenTrue, ns);
      keysOf(arg.whenFalse, ns);
    } else if (ts.isTemplateExpression(arg)) {
      const parts = [escape(arg.head.text), ...arg.templateSpans.map((s) => `[^.]+${escape(s.literal.text)}`)];
      uses.patterns.push({ ns, source: arg.getText(source), pattern: new RegExp(`^${parts.join('')}$`) });
    }
  };
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) uses.literals.add(node.text);
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.arguments[0]) {
      const ns = aliases.get(node.expression.text);
      if (ns) keysOf(node.arguments[0], ns);
    }
    if (ts.isJsxAttribute(node) && node.name.getText(source) === 'i18nKey' && node.initializer) {
      const value = ts.isJsxExpression(node.initializer) ? node.initializer.expression : node.initializer;
      if (value) keysOf(value, uses.namespaces);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return uses;
}

const files = sources(WEB).map(scan);
const where = (f: FileUses) => path.relative(WEB, f.file);
const has = (ns: Set<string>, key: string) => [...ns].some((n) => KEYS.get(n)?.has(key));

describe('translation keys (apps/web/src/locales/en/*.json against the code)', () => {
  it('sees the code’s t() calls (the check itself works)', () => {
    expect(files.filter((f) => f.keys.length > 0).length).toBeGreaterThan(50);
    expect(files.flatMap((f) => f.patterns).length).toBeGreaterThan(10);
    expect(KEYS.get('live')?.size).toBeGreaterThan(20);
  });

  it('every key the code asks for exists in English', () => {
    const missing = files.flatMap((f) =>
      f.keys.filter(({ ns, key }) => !has(ns, key)).map(({ ns, key }) => `${where(f)}: ${[...ns].join('|')}:${key}`),
    );
    expect(missing).toEqual([]);
  });

  it('every key pattern (t(`status.${s}`)) matches some key', () => {
    const dead = files.flatMap((f) =>
      f.patterns
        .filter(({ ns, pattern }) => ![...ns].some((n) => [...(KEYS.get(n) ?? [])].some((k) => pattern.test(k))))
        .map(({ ns, source }) => `${where(f)}: ${[...ns].join('|')} ${source}`),
    );
    expect(dead).toEqual([]);
  });

  it('every key of every namespace is used', () => {
    const unused: string[] = [];
    for (const [ns, keys] of KEYS) {
      if (ns === MESSAGES_NS) continue; // the contracts catalogue: the API's words too
      const mine = files.filter((f) => f.namespaces.has(ns));
      const elsewhere = USED_ELSEWHERE[ns] ?? [];
      for (const key of keys) {
        const used =
          mine.some((f) => f.literals.has(key) || f.patterns.some((p) => p.ns.has(ns) && p.pattern.test(key))) ||
          files.some((f) => f.keys.some((k) => k.ns.has(ns) && k.key === key)) ||
          elsewhere.some((e) => key === e || (e.endsWith('.') && key.startsWith(e)));
        if (!used) unused.push(`${ns}:${key}`);
      }
    }
    expect(unused).toEqual([]);
  });
});
