import { describe, expect, it } from 'vitest';
import {
  AdminContentCreateBodySchema,
  AdminContentUpdateBodySchema,
  AdminPetCreateBodySchema,
  ContentPageBodySchema,
  LocalizedTextSchema,
  localize,
  pickLocale,
} from './content';

const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  r.success ? [] : (r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]);

describe('localized texts', () => {
  it('answers in the reader’s language, else the other Chinese script, else English, else any', () => {
    const all = { en: 'Hello', ja: 'こんにちは', 'zh-CN': '你好', 'zh-TW': '妳好' };
    expect(localize(all, 'ja')).toBe('こんにちは');
    expect(localize({ en: 'Hello', 'zh-CN': '你好' }, 'zh-TW')).toBe('你好');
    expect(pickLocale({ en: 'Hello', 'zh-TW': '妳好' }, 'zh-CN')).toBe('zh-TW');
    expect(localize({ en: 'Hello', 'zh-CN': '你好' }, 'ja')).toBe('Hello');
    expect(pickLocale({ ja: 'こんにちは' }, 'en')).toBe('ja');
    expect(localize({ en: '  ' }, 'en')).toBe('');
    expect(pickLocale({}, 'en')).toBeNull();
  });

  it('needs at least one language and trims', () => {
    expect(issues(LocalizedTextSchema.safeParse({ en: ' ', ja: '' }))).toEqual([['', 'v.localizedRequired']]);
    expect(LocalizedTextSchema.parse({ ja: ' 猫 ' })).toEqual({ en: '', ja: '猫', 'zh-CN': '', 'zh-TW': '' });
  });
});

describe('console content bodies', () => {
  it('names the message of the kind’s own field', () => {
    expect(issues(AdminContentCreateBodySchema.safeParse({ kind: 'qa' }))).toEqual([
      ['title', 'v.question'],
      ['body', 'v.answer'],
    ]);
    expect(issues(AdminContentCreateBodySchema.safeParse({ kind: 'article', title: { en: 'T' } }))).toEqual([
      ['body', 'v.contentBody'],
    ]);
    expect(issues(AdminContentCreateBodySchema.safeParse({ kind: 'banner', title: { en: 'T' } }))).toEqual([
      ['cover', 'v.bannerImage'],
    ]);
    expect(issues(AdminContentCreateBodySchema.safeParse({ kind: 'poster' }))).toEqual([['kind', 'v.invalid']]);
  });

  it('wants the title and the text in the same languages', () => {
    const r = AdminContentCreateBodySchema.safeParse({ kind: 'qa', title: { en: 'Q?' }, body: { en: 'A', ja: 'A' } });
    expect(issues(r)).toEqual([['body', 'v.contentPair']]);
  });

  it('wants an address for web and video pages, and the text for custom and single pages', () => {
    const page = { kind: 'page', key: 'about', title: { en: 'About' } };
    expect(issues(AdminContentCreateBodySchema.safeParse({ ...page, page_kind: 'video' }))).toEqual([
      ['url', 'v.pageUrl'],
    ]);
    expect(issues(AdminContentCreateBodySchema.safeParse({ ...page, page_kind: 'onePage' }))).toEqual([
      ['body', 'v.contentBody'],
    ]);
    expect(
      AdminContentCreateBodySchema.parse({ ...page, page_kind: 'web', url: 'https://petheart.example/about' }),
    ).toMatchObject({ kind: 'page', body: { en: '' }, cover: '', published: true });
    expect(
      issues(AdminContentCreateBodySchema.safeParse({ ...page, key: 'a/b', page_kind: 'web', url: '/x' })),
    ).toEqual([['key', 'v.pageKey']]);
  });

  it('refuses links the client must not follow', () => {
    const banner = { kind: 'banner', title: { en: 'T' }, cover: '/uploads/a.jpg' };
    for (const url of ['javascript:alert(1)', '//evil.example', 'data:text/html,<b>'])
      expect(issues(AdminContentCreateBodySchema.safeParse({ ...banner, url }))).toEqual([['url', 'v.link']]);
  });

  it('takes the id for an update and keeps the kind’s checks', () => {
    expect(
      AdminContentUpdateBodySchema.parse({ id: 4, kind: 'qa', title: { en: 'Q?' }, body: { en: 'A.' } }),
    ).toMatchObject({ id: 4, kind: 'qa', sort_order: 0 });
    expect(
      issues(AdminContentUpdateBodySchema.safeParse({ kind: 'qa', title: { en: 'Q' }, body: { en: 'A' } })),
    ).toEqual([['id', 'v.invalid']]);
  });
});

describe('page and pet bodies', () => {
  it('asks for a page key', () => {
    expect(issues(ContentPageBodySchema.safeParse({}))).toEqual([['key', 'v.pageKey']]);
  });

  it('asks for the base, the name and the species of a pet, and at most 9 photos', () => {
    expect(issues(AdminPetCreateBodySchema.safeParse({}))).toEqual([
      ['base_id', 'v.petBase'],
      ['name', 'v.petName'],
      ['species', 'v.species'],
    ]);
    const photos = Array.from({ length: 10 }, (_, i) => `/uploads/${String(i)}.jpg`);
    expect(
      issues(AdminPetCreateBodySchema.safeParse({ base_id: 1, name: { en: 'Mimi' }, species: 'cat', photos })),
    ).toEqual([['photos', 'v.tooMany']]);
  });
});
