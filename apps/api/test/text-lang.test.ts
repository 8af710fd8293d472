import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminBaseListDataSchema,
  AdminBaseSchema,
  BaseDetailSchema,
  ConsoleSupportEventSchema,
  DeviceListDataSchema,
  LiveListDataSchema,
  MESSAGES,
  OrderConfirmDataSchema,
  SearchDataSchema,
  SupportEventDetailSchema,
  SupportEventListDataSchema,
} from '@petheart/contracts';
import { DEMO, createTestApi, failure, loginToken, okData, type TestApi } from './harness';
import { ITEMS, approvedStation, newPerson, type Person } from './support-fixtures';

/**
 * Issue 29 §5: base and event texts are written by operators in one language. Each is stored with that
 * language and the console's translations; readers get theirs where it is there, else the original, and every
 * answer says which language it shows (`text_lang`).
 */
describe('operator texts: their language and translations', () => {
  let api: TestApi;
  let admin: string;
  let adminPerson: Person;

  const base = {
    name: 'Harbour Cats',
    address: '1 Pier Road',
    latitude: 31.2,
    longitude: 121.5,
    introduction: 'Cats by the water.',
  };
  const createBase = (body: Record<string, unknown>, lang = 'en') =>
    api.post('/api/admin/base/create', body, { token: admin, lang });
  const updateBase = (body: Record<string, unknown>, lang = 'en') =>
    api.post('/api/admin/base/update', body, { token: admin, lang });
  const baseFor = async (id: number, lang: string) =>
    okData(await api.post('/api/base/detail', { id }, { lang }), BaseDetailSchema).base;

  beforeAll(async () => {
    api = await createTestApi({ serveWeb: false });
    admin = await loginToken(api, DEMO.admin.email, DEMO.admin.password);
    adminPerson = await newPerson(api, 'admin', true);
  });
  afterAll(async () => {
    await api.close();
  });

  it('records a new base’s texts in the writer’s language, unless the console says which', async () => {
    const ja = okData(await createBase({ ...base, name: '港の猫' }, 'ja'), AdminBaseSchema);
    expect([ja.text_lang, ja.translations]).toEqual(['ja', {}]);
    const said = okData(await createBase({ ...base, text_lang: 'zh-TW' }, 'en'), AdminBaseSchema);
    expect(said.text_lang).toBe('zh-TW');
  });

  it('shows a reader their language where translated, else the original, and says which', async () => {
    const created = okData(
      await createBase({
        ...base,
        translations: {
          ja: { name: '港の猫たち', introduction: '水辺の猫。' },
          en: { name: 'ignored', introduction: '' },
        },
      }),
      AdminBaseSchema,
    );
    // The original's own language is not a translation.
    expect(created).toMatchObject({
      text_lang: 'en',
      translations: { ja: { name: '港の猫たち', introduction: '水辺の猫。' } },
    });
    expect(Object.keys(created.translations)).toEqual(['ja']);

    expect(await baseFor(created.id, 'ja')).toMatchObject({
      name: '港の猫たち',
      introduction: '水辺の猫。',
      text_lang: 'ja',
    });
    expect(await baseFor(created.id, 'zh-TW')).toMatchObject({
      name: 'Harbour Cats',
      introduction: 'Cats by the water.',
      text_lang: 'en',
    });
    expect(await baseFor(created.id, 'en')).toMatchObject({ name: 'Harbour Cats', text_lang: 'en' });
    // The console sees what was written, whatever its own language.
    const listed = okData(
      await api.post('/api/admin/base/list', { keyword: 'Harbour', limit: 100 }, { token: admin, lang: 'ja' }),
      AdminBaseListDataSchema,
    );
    expect(listed.list.find((b) => b.id === created.id)).toMatchObject({ name: 'Harbour Cats', text_lang: 'en' });
  });

  it('uses a translation only when it has every text the original has', async () => {
    const created = okData(await createBase({ ...base, translations: { ja: { name: '名前だけ' } } }), AdminBaseSchema);
    expect(await baseFor(created.id, 'ja')).toMatchObject({ name: 'Harbour Cats', text_lang: 'en' });
    const filled = okData(
      await updateBase({ id: created.id, translations: { ja: { name: '名前', introduction: '紹介' } } }),
      AdminBaseSchema,
    );
    expect(filled.text_lang).toBe('en');
    expect(await baseFor(created.id, 'ja')).toMatchObject({ name: '名前', introduction: '紹介', text_lang: 'ja' });
  });

  it('keeps the language when an edit leaves the texts as they are, and takes the writer’s when they change', async () => {
    const created = okData(await createBase(base, 'zh-CN'), AdminBaseSchema);
    // The console sends every field back: the same texts from an English console keep their language.
    const same = okData(await updateBase({ id: created.id, ...base, animal_count: 3 }, 'en'), AdminBaseSchema);
    expect(same.text_lang).toBe('zh-CN');
    const renamed = okData(await updateBase({ id: created.id, name: 'Harbour Cats II' }, 'ja'), AdminBaseSchema);
    expect(renamed.text_lang).toBe('ja');
    const said = okData(
      await updateBase({ id: created.id, name: 'Harbour III', text_lang: 'en' }, 'ja'),
      AdminBaseSchema,
    );
    expect(said.text_lang).toBe('en');
  });

  it('refuses translations in other languages, of other texts, too long or with a NUL (400 in the writer’s language)', async () => {
    const bad = async (translations: unknown, lang: string) =>
      failure(await createBase({ ...base, translations }, lang), 400, 'validation_failed').msg;
    expect(await bad({ fr: { name: 'Chats' } }, 'ja')).toBe(MESSAGES['v.translations'].ja);
    expect(await bad({ ja: { name: 'x', address: 'y' } }, 'zh-TW')).toBe(MESSAGES['v.translations']['zh-TW']);
    expect(await bad({ ja: 'x' }, 'en')).toBe(MESSAGES['v.translations'].en);
    expect(await bad({ ja: { name: 'x'.repeat(101) } }, 'zh-CN')).toBe(MESSAGES['v.tooLong']['zh-CN']);
    expect(await bad({ ja: { introduction: 'a\u0000b' } }, 'en')).toBe(MESSAGES['v.nul'].en);
    failure(await createBase({ ...base, text_lang: 'fr' }), 400, 'validation_failed');
    failure(await createBase({ ...base, text_lang: '' }), 400, 'validation_failed');
  });

  it('shows the demo’s Tokyo base in Japanese to Japanese readers everywhere its name is listed', async () => {
    const ja = { lang: 'ja' };
    const rooms = okData(await api.post('/api/live/list', { tab: 'top', limit: 20 }, ja), LiveListDataSchema);
    expect(rooms.list.find((r) => r.device_id === 'PH-0007')).toMatchObject({
      base_name: '谷中ねこ通り',
      base_text_lang: 'ja',
    });
    expect(rooms.list.find((r) => r.device_id === 'PH-0001')).toMatchObject({
      base_name: 'Bund Riverside Cat Corner',
      base_text_lang: 'en',
    });
    const en = okData(
      await api.post('/api/live/list', { tab: 'top', limit: 20 }, { lang: 'zh-TW' }),
      LiveListDataSchema,
    );
    expect(en.list.find((r) => r.device_id === 'PH-0007')).toMatchObject({
      base_name: 'Yanaka Cat Street',
      base_text_lang: 'en',
    });
    const found = okData(await api.post('/api/search/search', { keyword: 'Yanaka' }, ja), SearchDataSchema);
    expect(found.bases[0]).toMatchObject({ name: '谷中ねこ通り', text_lang: 'ja' });
    expect(found.live[0]).toMatchObject({ base_name: '谷中ねこ通り', base_text_lang: 'ja' });
    const stations = okData(await api.post('/api/device/list', { keyword: 'Yanaka' }, ja), DeviceListDataSchema);
    expect(stations.list[0]).toMatchObject({ name: '谷中ねこ通り', text_lang: 'ja' });
    const room = await api.post('/api/live/detail', { device_id: 'PH-0007' }, ja);
    expect((room.body.data as { base: { name: string; text_lang: string } }).base).toMatchObject({
      name: '谷中ねこ通り',
      text_lang: 'ja',
    });
  });

  describe('support events', () => {
    let stationId: number;
    const createEvent = (body: Record<string, unknown>, lang = 'en') =>
      api.post(
        '/api/admin/support/event/create',
        {
          application_id: stationId,
          title: 'Winter food',
          description: 'Help us through the winter',
          items: ITEMS,
          ...body,
        },
        { token: adminPerson.token, lang },
      );
    const updateEvent = (body: Record<string, unknown>, lang = 'en') =>
      api.post('/api/admin/support/event/update', body, { token: adminPerson.token, lang });

    beforeAll(async () => {
      stationId = await approvedStation(api, adminPerson);
    });

    it('records the writer’s language and shows readers their translation, saying which', async () => {
      const event = okData(
        await createEvent({ translations: { ja: { title: '冬の食べ物', description: '冬を越す手助けを' } } }),
        ConsoleSupportEventSchema,
      );
      expect(event).toMatchObject({
        title: 'Winter food',
        text_lang: 'en',
        translations: { ja: { title: '冬の食べ物', description: '冬を越す手助けを' } },
      });
      const detail = (lang: string) =>
        api.post('/api/support/event', { id: event.id }, { lang }).then((r) => okData(r, SupportEventDetailSchema));
      expect(await detail('ja')).toMatchObject({
        title: '冬の食べ物',
        description: '冬を越す手助けを',
        text_lang: 'ja',
      });
      expect(await detail('zh-TW')).toMatchObject({
        title: 'Winter food',
        description: 'Help us through the winter',
        text_lang: 'en',
      });
      const list = okData(await api.post('/api/support/events', {}, { lang: 'ja' }), SupportEventListDataSchema);
      expect(list.list.find((e) => e.id === event.id)).toMatchObject({ title: '冬の食べ物', text_lang: 'ja' });
      const [item] = event.items;
      const confirm = okData(
        await api.post(
          '/api/support/orderConfirm',
          { id: item?.id, rescue_station_id: stationId, points: 1 },
          { lang: 'ja' },
        ),
        OrderConfirmDataSchema,
      );
      expect(confirm.event).toMatchObject({ title: '冬の食べ物', text_lang: 'ja' });
      // The console reads the original back, whatever its own language.
      const consoleView = okData(
        await api.post('/api/admin/support/event', { id: event.id }, { token: adminPerson.token, lang: 'ja' }),
        ConsoleSupportEventSchema,
      );
      expect([consoleView.title, consoleView.text_lang]).toEqual(['Winter food', 'en']);
    });

    it('takes a Japanese writer’s language, keeps it on edits that leave the texts, and replaces translations sent', async () => {
      const event = okData(await createEvent({ title: '冬支度', description: '' }, 'ja'), ConsoleSupportEventSchema);
      expect(event.text_lang).toBe('ja');
      const closed = okData(
        await updateEvent({ id: event.id, title: '冬支度', status: 'closed' }, 'en'),
        ConsoleSupportEventSchema,
      );
      expect(closed.text_lang).toBe('ja');
      const translated = okData(
        await updateEvent({ id: event.id, translations: { en: { title: 'Getting ready for winter' } } }, 'en'),
        ConsoleSupportEventSchema,
      );
      expect(translated.translations).toEqual({ en: { title: 'Getting ready for winter', description: '' } });
      const shown = okData(
        await api.post('/api/support/event', { id: event.id }, { lang: 'en' }),
        SupportEventDetailSchema,
      );
      expect([shown.title, shown.text_lang]).toEqual(['Getting ready for winter', 'en']);
      // zh-TW readers: no Chinese translation; after their own language and zh-CN comes English.
      const tw = okData(
        await api.post('/api/support/event', { id: event.id }, { lang: 'zh-TW' }),
        SupportEventDetailSchema,
      );
      expect([tw.title, tw.text_lang]).toEqual(['Getting ready for winter', 'en']);
      const retitled = okData(
        await updateEvent({ id: event.id, title: '冬の準備' }, 'zh-CN'),
        ConsoleSupportEventSchema,
      );
      expect(retitled.text_lang).toBe('zh-CN');
      const bad = failure(
        await updateEvent({ id: event.id, translations: { ja: { title: 'x', body: 'y' } } }, 'ja'),
        400,
        'validation_failed',
      );
      expect(bad.msg).toBe(MESSAGES['v.translations'].ja);
    });
  });
});
