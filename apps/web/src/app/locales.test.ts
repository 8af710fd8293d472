import { describe, expect, it } from 'vitest';
import { LOCALES, MESSAGE_PLACEHOLDER } from '@petheart/contracts';

/** Every leaf of a nested strings object: key path (i18next plural suffixes folded) → its text. */
function leaves(value: unknown, prefix = ''): [string, unknown][] {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return [[prefix.replace(/_(zero|one|two|few|many|other)$/, ''), value]];
  return Object.entries(value).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k));
}

/** Each key's placeholders (`{{name}}`), over its plural forms. */
function placeholders(strings: unknown): Map<string, string> {
  const out = new Map<string, Set<string>>();
  for (const [key, text] of leaves(strings)) {
    const names = out.get(key) ?? new Set();
    for (const m of String(text).matchAll(MESSAGE_PLACEHOLDER)) names.add(m[1] ?? '');
    out.set(key, names);
  }
  return new Map([...out].map(([k, names]) => [k, [...names].sort().join(',')]));
}

/**
 * Names i18next reads from t()'s options as its own, not as values: a placeholder so named switches the language
 * (`{{lng}}` showed the raw key once no fallback language was set), the namespace, or the default.
 */
const I18NEXT_OPTIONS = [
  'lng',
  'lngs',
  'ns',
  'fallbackLng',
  'defaultValue',
  'keySeparator',
  'nsSeparator',
  'returnObjects',
];

/** src/locales/<locale>/<namespace>.json, every language's. */
const files = import.meta.glob<unknown>('../locales/*/*.json', { eager: true, import: 'default' });
const byNamespace = new Map<string, Map<string, unknown>>();
for (const [file, strings] of Object.entries(files)) {
  const [, locale = '', namespace = ''] = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(file) ?? [];
  const languages = byNamespace.get(namespace) ?? new Map<string, unknown>();
  languages.set(locale, strings);
  byNamespace.set(namespace, languages);
}

describe('every namespace’s strings (src/locales/<locale>/<namespace>.json)', () => {
  it('are found (the check itself sees the files)', () => {
    expect(byNamespace.size).toBeGreaterThanOrEqual(5);
    expect([...byNamespace.keys()]).toEqual(expect.arrayContaining(['common', 'home', 'live', 'admin']));
  });

  describe.each([...byNamespace])('%s', (_namespace, languages) => {
    it('are in all four languages, with the same keys and no empty text', () => {
      expect([...languages.keys()].sort()).toEqual([...LOCALES].sort());
      const english = [...new Set(leaves(languages.get('en')).map(([k]) => k))].sort();
      expect(english.length).toBeGreaterThan(0);
      for (const locale of LOCALES) {
        const own = leaves(languages.get(locale));
        expect([...new Set(own.map(([k]) => k))].sort(), locale).toEqual(english);
        expect(
          own.filter(([, text]) => typeof text !== 'string' || text.trim() === '').map(([k]) => k),
          locale,
        ).toEqual([]);
      }
    });

    it('use the same `{{name}}` placeholders in every language, and no other brace syntax', () => {
      const english = placeholders(languages.get('en'));
      for (const locale of LOCALES) {
        expect(placeholders(languages.get(locale)), locale).toEqual(english);
        const stray = leaves(languages.get(locale)).filter(([, text]) =>
          /[{}]/.test(String(text).replace(MESSAGE_PLACEHOLDER, '')),
        );
        expect(stray, locale).toEqual([]);
      }
      const reserved = [...english].filter(([, names]) => names.split(',').some((n) => I18NEXT_OPTIONS.includes(n)));
      expect(reserved).toEqual([]);
    });
  });
});
