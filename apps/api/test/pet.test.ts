import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminBaseListDataSchema,
  AdminBaseSchema,
  AdminPetListDataSchema,
  AdminPetSchema,
  EmptySchema,
  PetDataSchema,
  PetListDataSchema,
} from '@petheart/contracts';
import { pets as petsTable } from '../src/db/schema';
import { fourLanguages, uploadImage } from './content-support';
import { DEMO, createTestApi, failure, loginToken, okData, type TestApi } from './harness';

describe('the pet corner', () => {
  let api: TestApi;
  let admin: string;
  let user: string;
  let bund: number;
  let century: number;
  beforeAll(async () => {
    api = await createTestApi();
    [admin, user] = await Promise.all([
      loginToken(api, DEMO.admin.email, DEMO.admin.password),
      loginToken(api, DEMO.user.email, DEMO.user.password),
    ]);
    const bases = okData(
      await api.post('/api/admin/base/list', { limit: 100 }, { token: admin }),
      AdminBaseListDataSchema,
    ).list;
    const id = (name: string) => bases.find((b) => b.name === name)?.id ?? 0;
    bund = id('Bund Riverside Cat Corner');
    century = id('Century Park Dog Station');
  });
  afterAll(async () => {
    await api.close();
  });

  const create = (body: Record<string, unknown>, lang = 'en') =>
    api.post('/api/admin/pet/create', body, { token: admin, lang });
  const created = async (body: Record<string, unknown>) => okData(await create(body), AdminPetSchema);
  const list = async (body: Record<string, unknown> = {}, lang = 'en') =>
    okData(await api.post('/api/pet/list', body, { lang }), PetListDataSchema);
  const detail = async (id: number, lang = 'en') =>
    okData(await api.post('/api/pet/detail', { id }, { lang }), PetDataSchema);

  it('keeps profiles in the four languages and shows them, in order, with the base and its live room', async () => {
    const photo = await uploadImage(api, admin);
    const bun = await created({
      base_id: bund,
      name: fourLanguages('Bun'),
      species: 'cat',
      photos: [photo.fullurl, photo.url],
      story: fourLanguages('Greets everyone'),
      sort_order: 2,
    });
    expect(bun).toMatchObject({ base_id: bund, base_name: 'Bund Riverside Cat Corner', photos: [photo.url] });
    // Written only in Simplified Chinese: a Traditional Chinese reader gets it, and so does everyone else.
    const bean = await created({ base_id: century, name: { 'zh-CN': '豆豆' }, species: 'dog', sort_order: 1 });

    const all = await list({}, 'zh-TW');
    expect(all).toMatchObject({ total: 2, page: 1, limit: 10 });
    expect(all.list.map((p) => p.name)).toEqual(['豆豆', 'Bun (zh-TW)']);
    expect(all.list[1]).toEqual({
      id: bun.id,
      name: 'Bun (zh-TW)',
      species: 'cat',
      photos: [photo.url],
      story: 'Greets everyone (zh-TW)',
      base: { id: bund, name: 'Bund Riverside Cat Corner' },
      live_device_id: 'PH-0001',
    });
    expect(all.list[0]).toMatchObject({ story: '', live_device_id: 'PH-0004' });
    expect((await list({ base_id: bund }, 'ja')).list.map((p) => p.name)).toEqual(['Bun (ja)']);
    expect((await list({ page: 2, limit: 1 })).list.map((p) => p.id)).toEqual([bun.id]);
    expect(await detail(bean.id, 'ja')).toMatchObject({ name: '豆豆', species: 'dog' });
    expect(await detail(bun.id, 'en')).toMatchObject({ name: 'Bun (en)', story: 'Greets everyone (en)' });
  });

  it('has no live room for a base without an enabled device', async () => {
    const base = okData(
      await api.post(
        '/api/admin/base/create',
        { name: 'New Shelter', address: 'Somewhere', latitude: 31.2, longitude: 121.4 },
        { token: admin },
      ),
      AdminBaseSchema,
    );
    const pet = await created({ base_id: base.id, name: { en: 'Newcomer' }, species: 'rabbit' });
    expect(await detail(pet.id)).toMatchObject({ base: { id: base.id, name: 'New Shelter' }, live_device_id: null });
  });

  it('hides drafts and answers null for a pet that is not there', async () => {
    const draft = await created({ base_id: bund, name: { en: 'Shy' }, species: 'cat', published: false });
    expect(await detail(draft.id)).toBeNull();
    expect((await list({ limit: 100 })).list.map((p) => p.id)).not.toContain(draft.id);
    expect(await detail(999_999)).toBeNull();
    const adminList = okData(
      await api.post('/api/admin/pet/list', { base_id: bund, keyword: 'shy' }, { token: admin }),
      AdminPetListDataSchema,
    );
    expect(adminList.list.map((p) => [p.id, p.published])).toEqual([[draft.id, false]]);
  });

  it('says what is missing in the editor’s language, and takes only uploaded photos of an existing base', async () => {
    const before = (await api.container.database.db.select().from(petsTable)).length;
    expect(failure(await create({ base_id: bund, species: 'cat' }, 'ja'), 400, 'validation_failed').msg).toBe(
      '名前を入力してください',
    );
    expect(failure(await create({ name: { en: 'X' }, species: 'cat' }, 'zh-CN'), 400, 'validation_failed').msg).toBe(
      '请选择基地',
    );
    expect(
      failure(await create({ base_id: bund, name: { en: 'X' }, species: 'lion' }, 'zh-TW'), 400, 'validation_failed')
        .msg,
    ).toBe('請選擇種類');
    failure(await create({ base_id: 999_999, name: { en: 'X' }, species: 'cat' }), 404, 'not_found');
    for (const photos of [['https://elsewhere.example/cat.jpg'], ['/uploads/2025/none.jpg'], ['javascript:alert(1)']])
      failure(await create({ base_id: bund, name: { en: 'X' }, species: 'cat', photos }), 400, 'image_not_uploaded');
    const ten = Array.from({ length: 10 }, () => '/uploads/x.jpg');
    failure(await create({ base_id: bund, name: { en: 'X' }, species: 'cat', photos: ten }), 400, 'validation_failed');
    failure(await api.post('/api/pet/list', { base_id: 'x' }), 400, 'validation_failed');
    expect((await api.container.database.db.select().from(petsTable)).length).toBe(before);
  });

  it('updates and deletes a profile (admins only)', async () => {
    const pet = await created({ base_id: bund, name: { en: 'Tiger' }, species: 'cat' });
    const next = {
      id: pet.id,
      base_id: century,
      name: { en: 'Tiger', ja: 'トラ' },
      species: 'cat',
      story: { ja: '大きい' },
    };
    failure(await api.post('/api/admin/pet/update', next, { token: user }), 403, 'forbidden');
    const saved = okData(await api.post('/api/admin/pet/update', next, { token: admin }), AdminPetSchema);
    expect(saved).toMatchObject({ base_id: century, base_name: 'Century Park Dog Station', name: { ja: 'トラ' } });
    expect(await detail(pet.id, 'ja')).toMatchObject({ name: 'トラ', story: '大きい', live_device_id: 'PH-0004' });
    failure(await api.post('/api/admin/pet/update', { ...next, id: 999_999 }, { token: admin }), 404, 'not_found');

    failure(await api.post('/api/admin/pet/delete', { id: pet.id }), 401, 'login_required');
    okData(await api.post('/api/admin/pet/delete', { id: pet.id }, { token: admin }), EmptySchema);
    expect(await detail(pet.id)).toBeNull();
    failure(await api.post('/api/admin/pet/delete', { id: pet.id }, { token: admin }), 404, 'not_found');
  });
});
