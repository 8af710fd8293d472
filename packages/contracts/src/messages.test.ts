import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_IDS } from './errors';
import { LOCALES } from './locales';
import { MESSAGES, MESSAGE_PLACEHOLDER, translate } from './messages';

/** packages/contracts/locales/<locale>/<section>.json, read as the files are (not through the catalogue). */
const DIR = path.join(import.meta.dirname, '../locales');
const sections = (locale: string) =>
  readdirSync(path.join(DIR, locale))
    .filter((f) => f.endsWith('.json'))
    .sort();
const read = (locale: string, file: string) =>
  JSON.parse(readFileSync(path.join(DIR, locale, file), 'utf8')) as Record<string, unknown>;
const placeholders = (text: string) => [...text.matchAll(MESSAGE_PLACEHOLDER)].map((m) => m[1]).sort();

describe('message catalogue', () => {
  it('has every message in all four languages', () => {
    const missing = Object.entries(MESSAGES).flatMap(([key, texts]) =>
      LOCALES.filter((l) => !(texts as Record<string, string>)[l]?.trim()).map((l) => `${key}:${l}`),
    );
    expect(missing).toEqual([]);
  });

  it('is one JSON file per language and section, the same sections and keys in every language', () => {
    expect(readdirSync(DIR).sort()).toEqual([...LOCALES].sort());
    const english = sections('en');
    expect(english.length).toBeGreaterThanOrEqual(5);
    for (const locale of LOCALES) {
      expect(sections(locale), locale).toEqual(english);
      for (const file of english) {
        const texts = read(locale, file);
        expect(Object.keys(texts).sort(), `${locale}/${file}`).toEqual(Object.keys(read('en', file)).sort());
        expect(Object.values(texts).filter((t) => typeof t !== 'string')).toEqual([]);
      }
    }
  });

  it('uses the same `{{name}}` placeholders in every language, and no other brace syntax', () => {
    const wrong: string[] = [];
    for (const file of sections('en')) {
      const english = read('en', file) as Record<string, string>;
      for (const locale of LOCALES) {
        for (const [key, text] of Object.entries(read(locale, file) as Record<string, string>)) {
          const where = `${locale}/${file} ${key}`;
          if (JSON.stringify(placeholders(text)) !== JSON.stringify(placeholders(english[key] ?? '')))
            wrong.push(`${where}: ${text}`);
          if (/[{}]/.test(text.replace(MESSAGE_PLACEHOLDER, ''))) wrong.push(`${where}: stray brace in ${text}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('never defines a key in two sections (a later one would silently win)', () => {
    const keys = sections('en').flatMap((file) => Object.keys(read('en', file)));
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
    expect(Object.keys(MESSAGES)).toHaveLength(keys.length);
  });

  it('has a message for every error id', () => {
    expect(ERROR_IDS.filter((id) => !(`error.${id}` in MESSAGES))).toEqual([]);
  });

  it('uses the specification’s own texts', () => {
    expect(translate('en', 'v.agreement')).toBe('Please check the relevant agreements first');
    expect(translate('en', 'v.passwordMismatch')).toBe('The two password entries are inconsistent');
    expect(translate('en', 'error.login_expired')).toBe('Login expired');
  });

  it('fills placeholders and keeps unknown ones', () => {
    expect(translate('ja', 'error.too_many_attempts', { seconds: 30 })).toBe(
      '失敗が多すぎます。30秒後に再度お試しください',
    );
    expect(translate('en', 'v.invalidField')).toBe('Invalid input: {{field}}');
    expect(translate('en', 'v.invalidField', { other: 1 })).toBe('Invalid input: {{field}}');
  });

  it('returns unknown keys unchanged', () => {
    expect(translate('zh-CN', 'no.such.key')).toBe('no.such.key');
  });
});
