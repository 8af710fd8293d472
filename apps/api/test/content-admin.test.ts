import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminContentItemSchema,
  AdminContentListDataSchema,
  AppConfigSchema,
  ArticleDataSchema,
  BODY_MAX,
  ContentHomeDataSchema,
  EmptySchema,
  PageDataSchema,
  QaListDataSchema,
  translate,
} from '@petheart/contracts';
import { contentItems } from '../src/db/schema';
import { fourLanguages, uploadImage } from './content-support';
import { DEMO, createTestApi, failure, loginToken, okData, type TestApi } from './harness';

describe('the console’s content editor', () => {
  let api: TestApi;
  let admin: string;
  let user: string;
  beforeAll(async () => {
    api = await createTestApi();
    [admin, user] = await Promise.all([
      loginToken(api, DEMO.admin.email, DEMO.admin.password),
      loginToken(api, DEMO.user.email, DEMO.user.password),
    ]);
  });
  afterAll(async () => {
    await api.close();
  });

  const create = (body: Record<string, unknown>, lang = 'en') =>
    api.post('/api/admin/content/create', body, { token: admin, lang });
  const update = (body: Record<string, unknown>, lang = 'en') =>
    api.post('/api/admin/content/update', body, { token: admin, lang });
  const created = async (body: Record<string, unknown>) => okData(await create(body), AdminContentItemSchema);

  it('refuses tourists and users on every console content and pet route, before reading the body', async () => {
    const routes = api.routes.filter((r) => /^\/api\/admin\/(content|pet)\//.test(r.url));
    expect(routes.map((r) => r.url).sort()).toEqual(
      ['content', 'pet'].flatMap((m) => ['create', 'delete', 'list', 'update'].map((a) => `/api/admin/${m}/${a}`)),
    );
    for (const route of routes) {
      expect(route.auth).toBe('admin');
      failure(await api.post(route.url, { kind: 'qa' }), 401, 'login_required');
      failure(await api.post(route.url, { kind: 'qa' }, { token: user }), 403, 'forbidden');
    }
    const before = (await api.container.database.db.select().from(contentItems)).length;
    failure(
      await api.post(
        '/api/admin/content/create',
        { kind: 'qa', title: { en: 'Q' }, body: { en: 'A' } },
        { token: user },
      ),
      403,
      'forbidden',
    );
    expect((await api.container.database.db.select().from(contentItems)).length).toBe(before);
  });

  it('answers each reader in their language, then the other Chinese script, then English, then any', async () => {
    const zhOnly = await created({ kind: 'qa', title: { 'zh-CN': '问题？' }, body: { 'zh-CN': '回答。' } });
    const enJa = await created({
      kind: 'qa',
      title: { en: 'Question?', ja: '質問？' },
      body: { en: 'Answer.', ja: '回答。' },
    });
    const qa = async (lang: string) => {
      const data = okData(await api.post('/api/content/qa', { limit: 100 }, { lang }), QaListDataSchema);
      return [zhOnly.id, enJa.id].map((id) => data.list.find((q) => q.id === id)?.question);
    };
    expect(await qa('zh-TW')).toEqual(['问题？', 'Question?']);
    expect(await qa('ja')).toEqual(['问题？', '質問？']);
    expect(await qa('en')).toEqual(['问题？', 'Question?']);
    expect(await qa('zh-CN')).toEqual(['问题？', 'Question?']);
    // The answer always comes from the question's language.
    const list = okData(await api.post('/api/content/qa', { limit: 100 }, { lang: 'ja' }), QaListDataSchema);
    expect(list.list.find((q) => q.id === enJa.id)).toMatchObject({ question: '質問？', answer: '回答。' });
  });

  it('says what is missing, in the editor’s language, and saves nothing', async () => {
    const before = (await api.container.database.db.select().from(contentItems)).length;
    const msg = async (body: Record<string, unknown>, lang: string) =>
      failure(await create(body, lang), 400, 'validation_failed').msg;
    expect(await msg({ kind: 'qa', body: { en: 'A' } }, 'zh-CN')).toBe('请输入问题');
    expect(await msg({ kind: 'qa', title: { en: ' ' }, body: { en: 'A' } }, 'ja')).toBe('質問を入力してください');
    expect(await msg({ kind: 'qa', title: { en: 'Q', ja: 'Q' }, body: { en: 'A' } }, 'en')).toBe(
      translate('en', 'v.contentPair'),
    );
    expect(await msg({ kind: 'article', title: { en: 'T' } }, 'zh-TW')).toBe('請輸入內文');
    expect(await msg({ kind: 'page', key: 'x', page_kind: 'video', title: { en: 'T' } }, 'en')).toBe(
      'Please enter the address of the web page or video',
    );
    expect(
      await msg({ kind: 'banner', title: { en: 'T' }, cover: '/uploads/a.jpg', url: 'javascript:alert(1)' }, 'en'),
    ).toBe('Links must start with https://, http:// or /');
    expect(await msg({ kind: 'qa', title: { en: 'x'.repeat(301) }, body: { en: 'A' } }, 'en')).toBe(
      'The text is too long',
    );
    expect(await msg({ kind: 'poster' }, 'en')).toBe('Invalid input');
    expect((await api.container.database.db.select().from(contentItems)).length).toBe(before);
  });

  it('takes the longest article in all four languages within the request size limit', async () => {
    const long = '猫'.repeat(BODY_MAX);
    const full = { en: long, ja: long, 'zh-CN': long, 'zh-TW': long };
    const saved = await created({ kind: 'article', title: fourLanguages('Long'), body: full, published: false });
    expect(saved.body['zh-TW']).toHaveLength(BODY_MAX);
    failure(
      await create({ kind: 'article', title: { en: 'Longer' }, body: { en: `${long}!` } }),
      400,
      'validation_failed',
    );
  });

  it('takes only uploaded images (as a path or the full address) and stores the path', async () => {
    const mine = await uploadImage(api, admin);
    const another = await uploadImage(api, admin);
    const article = {
      kind: 'article',
      title: { en: 'With pictures' },
      body: { en: `Look:\n\n![A cat](${another.fullurl})` },
    };
    const saved = await created({ ...article, cover: mine.fullurl });
    expect(saved.cover).toBe(mine.url);
    const before = (await api.container.database.db.select().from(contentItems)).length;
    for (const cover of [
      'https://elsewhere.example/cat.jpg',
      '/uploads/20250101/0000000000000000000000000000abcd.jpg',
      '/uploads/../secret',
      'javascript:alert(1)',
    ]) {
      const r = failure(await create({ ...article, cover }, 'ja'), 400, 'image_not_uploaded');
      expect(r.msg).toBe('ここでアップロードした画像を使用してください');
    }
    failure(
      await create({ ...article, body: { en: '![x](https://elsewhere.example/cat.jpg)' } }),
      400,
      'image_not_uploaded',
    );
    failure(
      await create({ kind: 'banner', title: { en: 'B' }, cover: 'https://elsewhere.example/b.jpg' }),
      400,
      'image_not_uploaded',
    );
    expect((await api.container.database.db.select().from(contentItems)).length).toBe(before);
  });

  it('keeps an article a draft until published, and shows its markup as text, never as HTML', async () => {
    const draft = await created({
      kind: 'article',
      title: { en: 'Draft <b>news</b>' },
      body: { en: '<script>alert(1)</script> **bold** [x](javascript:alert(1))' },
      published: false,
    });
    const read = async () =>
      okData(await api.post('/api/content/article', { id: draft.id }, { lang: 'en' }), ArticleDataSchema);
    expect(await read()).toBeNull();
    const news = okData(await api.post('/api/content/home', {}), ContentHomeDataSchema).whats_new;
    expect(news.map((n) => n.id)).not.toContain(draft.id);

    okData(
      await update({ id: draft.id, kind: 'article', title: draft.title, body: draft.body, highlight: true }),
      AdminContentItemSchema,
    );
    const article = await read();
    expect(article?.title).toBe('Draft <b>news</b>');
    expect(article?.body).toEqual([
      {
        type: 'paragraph',
        content: [
          { type: 'text', text: '<script>alert(1)</script> ' },
          { type: 'strong', text: 'bold' },
          { type: 'text', text: ' [x](javascript:alert(1))' },
        ],
      },
    ]);
    const home = okData(await api.post('/api/content/home', {}), ContentHomeDataSchema);
    expect(home.whats_new[0]).toMatchObject({
      id: draft.id,
      kind: 'highlight',
      // No summary written: the start of the text.
      summary: '<script>alert(1)</script> bold [x](javascript:alert(1))',
    });
  });

  it('lists a kind with drafts, finds a word in any language, updates and deletes', async () => {
    const banner = await created({
      kind: 'banner',
      title: fourLanguages('Spring drive'),
      cover: (await uploadImage(api, admin)).url,
      url: '/pages/index/petCorner',
      published: false,
      sort_order: -1,
    });
    const list = async (body: Record<string, unknown>) =>
      okData(await api.post('/api/admin/content/list', body, { token: admin }), AdminContentListDataSchema);
    expect((await list({ kind: 'banner' })).list.map((b) => b.id)).toEqual([banner.id]);
    expect((await list({ kind: 'banner', keyword: 'drive (zh-TW)' })).total).toBe(1);
    expect((await list({ kind: 'banner', keyword: '100%' })).total).toBe(0);
    expect((await list({ kind: 'qa' })).list.every((i) => i.kind === 'qa')).toBe(true);
    // getConfiguration answers from memory: read once here (a draft is not shown), then edits must show at once.
    const configBanners = async (lang: string) =>
      okData(await api.post('/api/configuration/getConfiguration', {}, { lang }), AppConfigSchema).banners ?? [];
    expect((await configBanners('ja')).map((b) => b.id)).not.toContain(banner.id);

    // Published, it is on the home page and in the configuration; the kind cannot change.
    const next = { ...banner, published: true, title: { ...banner.title, ja: '春の募金' } };
    const saved = okData(await update(next), AdminContentItemSchema);
    expect(saved).toMatchObject({ published: true, title: { ja: '春の募金' } });
    expect(saved.updated_at).toBeGreaterThanOrEqual(banner.updated_at);
    const home = okData(await api.post('/api/content/home', {}, { lang: 'ja' }), ContentHomeDataSchema);
    expect(home.banners).toEqual([
      { id: banner.id, image: banner.cover, title: '春の募金', link: '/pages/index/petCorner' },
    ]);
    expect((await configBanners('ja')).find((b) => b.id === banner.id)?.title).toBe('春の募金');
    okData(await update({ ...next, title: { ...next.title, ja: '秋の募金' } }), AdminContentItemSchema);
    expect((await configBanners('ja')).find((b) => b.id === banner.id)?.title).toBe('秋の募金');
    failure(await update({ ...next, kind: 'qa', body: fourLanguages('A') }), 404, 'not_found');

    const deleted = await api.post('/api/admin/content/delete', { id: banner.id }, { token: admin, lang: 'zh-CN' });
    okData(deleted, EmptySchema);
    expect(deleted.body.msg).toBe('已删除');
    expect(okData(await api.post('/api/content/home', {}), ContentHomeDataSchema).banners).toEqual([]);
    expect((await configBanners('ja')).map((b) => b.id)).not.toContain(banner.id);
    failure(await api.post('/api/admin/content/delete', { id: banner.id }, { token: admin }), 404, 'not_found');
    failure(await update(next), 404, 'not_found');
  });

  it('keeps page keys unique and answers pages by key', async () => {
    const page = { kind: 'page', page_kind: 'custom', title: { en: 'Help' }, body: { en: 'Hello' } };
    const first = await created({ ...page, key: 'help' });
    failure(await create({ ...page, key: 'help' }), 409, 'page_key_exists');
    const second = await created({ ...page, key: 'help-2' });
    failure(await update({ ...page, id: second.id, key: 'help' }), 409, 'page_key_exists');
    okData(await update({ ...page, id: first.id, key: 'help', title: { en: 'Help!' } }), AdminContentItemSchema);
    expect(okData(await api.post('/api/content/page', { key: 'help' }), PageDataSchema)).toMatchObject({
      key: 'help',
      kind: 'custom',
      title: 'Help!',
      body: [{ type: 'paragraph', content: [{ type: 'text', text: 'Hello' }] }],
      lang: 'en',
    });
    okData(await update({ ...page, id: first.id, key: 'help', published: false }), AdminContentItemSchema);
    expect(okData(await api.post('/api/content/page', { key: 'help' }), PageDataSchema)).toBeNull();
  });
});
