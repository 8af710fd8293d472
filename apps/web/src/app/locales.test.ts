import { describe, expect, it } from 'vitest';
import { LOCALES } from '@petheart/contracts';

/** Every leaf key path of a nested strings object, with i18next plural suffixes folded. */
function keys(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix.replace(/_(zero|one|two|few|many|other)$/, '')];
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

type Resources = Record<(typeof LOCALES)[number], unknown>;
const features = import.meta.glob<{ resources: Resources }>(['../features/*/locales.ts', '../shared/i18n/locales.ts'], {
  eager: true,
});

describe('every feature’s strings', () => {
  it('are found (the check itself sees the features)', () => {
    expect(Object.keys(features).length).toBeGreaterThanOrEqual(5);
  });

  describe.each(Object.entries(features))('%s', (_file, { resources }) => {
    it('have the same keys in all four languages and no empty text', () => {
      const english = [...new Set(keys(resources.en))].sort();
      expect(english.length).toBeGreaterThan(0);
      for (const locale of LOCALES) {
        expect([...new Set(keys(resources[locale]))].sort(), locale).toEqual(english);
        expect(JSON.stringify(resources[locale]), locale).not.toContain('""');
      }
    });
  });
});
