import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AppConfigSchema,
  ArticleDataSchema,
  ArticleListDataSchema,
  ContentHomeDataSchema,
  PageDataSchema,
  PetListDataSchema,
  QaListDataSchema,
  translate,
} from '@petheart/contracts';
import { contentItems, pets } from '../src/db/schema';
import { seedDemoContent } from '../src/seed/demo-content';
import { createContentApi } from './content-support';
import { failure, okData, type TestApi } from './harness';

describe('content for readers (demo content, four languages)', () => {
  let api: TestApi;
  beforeAll(async () => {
    ({ api } = await createContentApi());
  });
  afterAll(async () => {
    await api.close();
  });

  const home = (lang?: string) => api.post('/api/content/home', {}, lang ? { lang } : {});

  it('answers the home page’s banners and What’s New in the reader’s language, tourists included', async () => {
    const en = okData(await home('en'), ContentHomeDataSchema);
    expect(en.banners.map((b) => b.title)).toEqual(['Feed a stray from anywhere', 'Meet the animals of our bases']);
    expect(en.banners.every((b) => b.image.startsWith('/uploads/'))).toBe(true);
    expect(en.banners[1]?.link).toBe('/pages/index/petCorner');
    // Highlighted first, then the newest others.
    expect(en.whats_new.map((n) => [n.kind, n.title])).toEqual([
      ['highlight', 'How remote feeding works'],
      ['article', 'Winter care: keeping strays warm and fed'],
      ['article', 'Meet the cats of the Bund riverside'],
    ]);
    const first = en.whats_new[0];
    expect(first?.link).toBe(`/pages/public/article?id=${String(first?.id)}`);
    expect(en.banners[0]?.link).toBe(first?.link);
    expect(first?.cover).toMatch(/^\/uploads\//);

    const ja = okData(await home('ja'), ContentHomeDataSchema);
    expect(ja.banners[0]?.title).toBe('どこからでも、野良の子にごはんを');
    expect(ja.whats_new[0]?.title).toBe('遠隔給餌のしくみ');
    const zhTw = okData(
      await api.post('/api/content/home', {}, { acceptLanguage: 'zh-Hant-TW,zh;q=0.8' }),
      ContentHomeDataSchema,
    );
    expect(zhTw.whats_new[0]?.title).toBe('遠端餵食是如何運作的');
  });

  it('serves the same banners in getConfiguration', async () => {
    const config = okData(
      await api.post('/api/configuration/getConfiguration', {}, { lang: 'zh-CN' }),
      AppConfigSchema,
    );
    expect(config.banners?.map((b) => b.title)).toEqual(['随时随地，为流浪动物送上一餐', '认识基地里的小动物们']);
  });

  it('pages the Q&A in the reader’s language', async () => {
    const first = okData(await api.post('/api/content/qa', { page: 1, limit: 5 }, { lang: 'zh-CN' }), QaListDataSchema);
    expect(first).toMatchObject({ total: 7, page: 1, limit: 5 });
    expect(first.list).toHaveLength(5);
    expect(first.list[0]).toMatchObject({ question: 'PetHeart 是什么？' });
    const second = okData(await api.post('/api/content/qa', { page: 2, limit: 5 }), QaListDataSchema);
    expect(second.list.map((q) => q.question)).toEqual([
      'How do I report a problem with a stream?',
      'Can I share photos of the animals?',
    ]);
    // Defaults: page 1, limit 10.
    expect(okData(await api.post('/api/content/qa', {}), QaListDataSchema)).toMatchObject({ page: 1, limit: 10 });
  });

  it('gives an article as a block tree in the reader’s language, and null when there is none', async () => {
    const list = okData(
      await api.post('/api/content/articles', { page: 1, limit: 10 }, { lang: 'ja' }),
      ArticleListDataSchema,
    );
    expect(list.total).toBe(3);
    expect(list.list.map((a) => a.title)).toEqual([
      '冬のケア：野良の子たちを暖かく、おなかいっぱいに',
      '外灘リバーサイドの猫たち',
      '遠隔給餌のしくみ',
    ]);
    const feeding = list.list[2];
    const article = okData(
      await api.post('/api/content/article', { id: feeding?.id }, { lang: 'ja' }),
      ArticleDataSchema,
    );
    expect(article).toMatchObject({ id: feeding?.id, title: '遠隔給餌のしくみ', lang: 'ja' });
    expect(article?.body[1]).toEqual({
      type: 'heading',
      level: 2,
      content: [{ type: 'text', text: 'タップからお皿まで' }],
    });
    expect(article?.body.find((b) => b.type === 'list')).toMatchObject({ type: 'list', ordered: true });
    expect(article?.body.at(-1)?.type).toBe('quote');

    expect(okData(await api.post('/api/content/article', { id: 999_999 }), ArticleDataSchema)).toBeNull();
    const bad = failure(await api.post('/api/content/article', { id: 'x' }, { lang: 'ja' }), 400, 'validation_failed');
    expect(bad.msg).toBe(translate('ja', 'v.invalid'));
  });

  it('gives each kind of page by key, and null for a key with no page', async () => {
    const page = async (key: string, lang = 'en') =>
      okData(await api.post('/api/content/page', { key }, { lang }), PageDataSchema);
    expect(await page('about')).toMatchObject({ key: 'about', kind: 'custom', title: 'About PetHeart', url: '' });
    expect(await page('user_agreement', 'zh-TW')).toMatchObject({
      kind: 'onePage',
      title: '使用者協議',
      lang: 'zh-TW',
    });
    expect(await page('privacy_policy', 'ja')).toMatchObject({ kind: 'onePage', title: 'プライバシーポリシー' });
    const web = await page('tnr');
    expect(web?.kind).toBe('web');
    expect(web?.url).toMatch(/^https:\/\/en\.wikipedia\.org\//);
    const video = await page('feeding_video');
    expect(video?.kind).toBe('video');
    expect(video?.cover).toMatch(/^\/uploads\//);
    expect(video?.url).toMatch(/^\/uploads\/demo\/feeding-[0-9a-f]+\.mp4$/);
    const served = await api.app.inject({ method: 'GET', url: video?.url ?? '' });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toContain('video/mp4');

    expect(await page('no-such-page')).toBeNull();
    const missing = failure(await api.post('/api/content/page', {}, { lang: 'zh-CN' }), 400, 'validation_failed');
    expect(missing.msg).toBe('标识须为1到64位字母、数字、- 或 _');
    failure(await api.post('/api/content/page', { key: '../etc' }), 400, 'validation_failed');
  });

  it('shows the demo bases’ animals in the pet corner, each linked to its base’s live room', async () => {
    const corner = okData(await api.post('/api/pet/list', { limit: 20 }, { lang: 'zh-CN' }), PetListDataSchema);
    expect(corner.total).toBe(8);
    expect(corner.list[0]).toMatchObject({
      name: '馒头',
      species: 'cat',
      base: { name: 'Bund Riverside Cat Corner' },
      live_device_id: 'PH-0001',
    });
    expect(corner.list.every((p) => p.photos.length === 1 && p.photos[0]?.startsWith('/uploads/'))).toBe(true);
    expect(corner.list.every((p) => p.story !== '' && p.live_device_id !== null)).toBe(true);
  });

  it('seeds once: running the seed again adds nothing', async () => {
    const { db } = api.container.database;
    const before = [(await db.select().from(contentItems)).length, (await db.select().from(pets)).length];
    await seedDemoContent(api.container);
    expect([(await db.select().from(contentItems)).length, (await db.select().from(pets)).length]).toEqual(before);
  });

  it('has the specification’s empty-state text as a message', () => {
    expect(translate('en', 'empty.noIntroduction')).toBe('no introduction yet');
  });
});
