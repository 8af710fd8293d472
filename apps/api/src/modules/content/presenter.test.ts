import { describe, expect, it } from 'vitest';
import type { ContentRow } from './repository';
import { excerpt, itemLocale, toArticleSummary, toPage } from './presenter';

const text = (t: Partial<Record<'en' | 'ja' | 'zh-CN' | 'zh-TW', string>>) => ({
  en: '',
  ja: '',
  'zh-CN': '',
  'zh-TW': '',
  ...t,
});
const row = (over: Partial<ContentRow>): ContentRow => ({
  id: 7,
  kind: 'article',
  key: null,
  pageKind: null,
  title: text({ en: 'Title' }),
  summary: text({}),
  body: text({ en: 'Body' }),
  url: '',
  cover: '',
  highlight: false,
  published: true,
  sortOrder: 0,
  createdAt: new Date('2026-03-01T00:00:00Z'),
  updatedAt: new Date('2026-03-01T00:00:00Z'),
  ...over,
});

describe('content presenter', () => {
  it('shows an item in the language of its title, chosen by the reader’s fallbacks', () => {
    expect(itemLocale(row({ title: text({ ja: 'タイトル', en: 'Title' }) }), 'ja')).toBe('ja');
    expect(itemLocale(row({ title: text({ 'zh-TW': '標題', en: 'Title' }) }), 'zh-CN')).toBe('zh-TW');
    expect(itemLocale(row({ title: text({}) }), 'ja')).toBe('ja');
  });

  it('summarises an article by the start of its text when no summary is written', () => {
    const long = `## Heading\n\n${'word '.repeat(60)}`;
    const summary = toArticleSummary(row({ body: text({ en: long }) }), 'en');
    expect(summary.summary.startsWith('Heading word word')).toBe(true);
    expect(Array.from(summary.summary)).toHaveLength(121);
    expect(summary.summary.endsWith('…')).toBe(true);
    expect(summary).toMatchObject({ link: '/pages/public/article?id=7', created_at: 1772323200 });
    expect(toArticleSummary(row({ summary: text({ en: 'Mine' }) }), 'en').summary).toBe('Mine');
  });

  it('cuts at characters, not UTF-16 halves', () => {
    expect(excerpt('🐱🐶🐰', 2)).toBe('🐱🐶…');
    expect(excerpt('短い', 5)).toBe('短い');
  });

  it('has no page for a row that is not one', () => {
    expect(toPage(row({}), 'en')).toBeNull();
    expect(
      toPage(row({ kind: 'page', key: 'about', pageKind: 'custom', body: text({ en: 'Hi' }) }), 'en'),
    ).toMatchObject({ key: 'about', kind: 'custom', body: [{ type: 'paragraph' }] });
  });
});
