import { describe, expect, it } from 'vitest';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { AdminPet } from '@petheart/contracts';
import {
  contentFormToBody,
  contentResolver,
  emptyContentForm,
  emptyPetForm,
  langFill,
  petResolver,
  petToForm,
} from './content-forms';
import { firstMessage } from './forms';

function resolve<F extends FieldValues, O>(resolver: Resolver<F, unknown, O>, values: F) {
  return resolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });
}

const text = (en: string, ja = '', zhCN = '', zhTW = '') => ({ en, ja, 'zh-CN': zhCN, 'zh-TW': zhTW });

describe('content editor → request body', () => {
  it('sends only the fields of the kind', () => {
    const form = { ...emptyContentForm('banner'), title: text('Drive'), cover: '/uploads/b.jpg', key: 'ignored' };
    expect(contentFormToBody(form)).toEqual({
      kind: 'banner',
      title: text('Drive'),
      cover: '/uploads/b.jpg',
      url: '',
      published: true,
      sort_order: 0,
    });
  });

  it('needs a banner image and a safe link', async () => {
    const result = await resolve(contentResolver(null), {
      ...emptyContentForm('banner'),
      title: text('Drive'),
      url: 'javascript:alert(1)',
    });
    expect(result.errors).toMatchObject({ cover: { message: 'v.bannerImage' }, url: { message: 'v.link' } });
  });

  it('asks a web page for its address, a custom page for its text and a valid key', async () => {
    const web = await resolve(contentResolver(null), {
      ...emptyContentForm('page'),
      key: 'partner',
      page_kind: 'web' as const,
      title: text('Partner'),
    });
    expect(web.errors).toMatchObject({ url: { message: 'v.pageUrl' } });
    const custom = await resolve(contentResolver(null), {
      ...emptyContentForm('page'),
      key: 'a b',
      title: text('About'),
    });
    expect(custom.errors).toMatchObject({ key: { message: 'v.pageKey' }, body: { message: 'v.contentBody' } });
  });

  it('validates an update with its id and a whole-number order', async () => {
    const form = { ...emptyContentForm('article'), title: text('Hi', 'こんにちは'), body: text('Text', '本文') };
    const ok = await resolve(contentResolver(9), form);
    expect(ok.errors).toEqual({});
    expect(ok.values).toMatchObject({ id: 9, kind: 'article', highlight: false, cover: '' });
    const bad = await resolve(contentResolver(9), { ...form, sort_order: '1.5' });
    expect(bad.errors).toMatchObject({ sort_order: { message: 'v.sortOrder' } });
  });

  it('tells the tabs which languages are written', () => {
    const title = text('Q', 'Q');
    const body = text('A', '', 'A');
    expect(langFill([title, body], 2, 'en')).toBe('filled');
    expect(langFill([title, body], 2, 'ja')).toBe('partial');
    expect(langFill([title, body], 2, 'zh-CN')).toBe('partial');
    expect(langFill([title, body], 2, 'zh-TW')).toBe('empty');
    // An optional text (a summary, after the required ones) alone is partial.
    expect(langFill([text(''), text(''), text('S')], 2, 'en')).toBe('partial');
  });
});

describe('pet profile form → request body', () => {
  it('asks for the base, the species and a name in some language', async () => {
    const result = await resolve(petResolver(null), emptyPetForm());
    expect(result.errors).toMatchObject({
      base_id: { message: 'v.petBase' },
      species: { message: 'v.species' },
    });
    expect(firstMessage(result.errors.name)).toBe('v.petName');
  });

  it('round-trips a profile and drops blank photos', async () => {
    const pet: AdminPet = {
      id: 4,
      base_id: 2,
      base_name: 'Bund',
      name: text('Mimi', 'ミミ', '咪咪', '咪咪'),
      species: 'cat',
      photos: ['/uploads/m.jpg'],
      story: text('Found under the bridge.'),
      published: false,
      sort_order: 3,
      created_at: 1,
      updated_at: 1,
    };
    const form = petToForm(pet);
    const result = await resolve(petResolver(4), { ...form, photos: [...form.photos, '  '] });
    expect(result.errors).toEqual({});
    expect(result.values).toEqual({
      id: 4,
      base_id: 2,
      name: pet.name,
      species: 'cat',
      photos: ['/uploads/m.jpg'],
      story: pet.story,
      published: false,
      sort_order: 3,
    });
  });
});
