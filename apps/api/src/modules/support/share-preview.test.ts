import { describe, expect, it } from 'vitest';
import type { EventWithStation } from './event-repository';
import { EventSharePreview } from './share-preview';

const FOUND = {
  event: {
    id: 4,
    title: 'Vaccines for winter',
    description: 'Twelve cats\nneed their shots.',
    cover: '/uploads/v.jpg',
  },
  station: { name: 'Xuhui Paws' },
} as unknown as EventWithStation;

const previews = new EventSharePreview({
  events: { eventById: (id) => Promise.resolve(id === 4 ? FOUND : undefined) },
  publicUrl: 'https://petheart.example',
  assetHost: '',
});

describe('a shared support event’s link preview', () => {
  it('gives its title, rescue station, words and cover', async () => {
    expect(await previews.preview('/pages/beneficence/detail?id=4')).toEqual({
      title: 'Vaccines for winter · Xuhui Paws - PetHeart',
      description: 'Twelve cats need their shots.',
      image: 'https://petheart.example/uploads/v.jpg',
      url: 'https://petheart.example/pages/beneficence/detail?id=4',
    });
  });

  it('speaks the link’s language: the console’s translation where there is one, else the words as written', async () => {
    const translated = {
      ...FOUND,
      event: { ...FOUND.event, translations: { 'zh-CN': { title: '过冬的疫苗', description: '十二只猫需要打针。' } } },
    } as unknown as EventWithStation;
    const source = new EventSharePreview({
      events: { eventById: () => Promise.resolve(translated) },
      publicUrl: 'https://petheart.example',
      assetHost: '',
    });
    expect(await source.preview('/pages/beneficence/detail?id=4', 'zh-CN')).toMatchObject({
      title: '过冬的疫苗 · Xuhui Paws - PetHeart',
      description: '十二只猫需要打针。',
    });
    expect((await source.preview('/pages/beneficence/detail?id=4', 'ja'))?.title).toBe(
      'Vaccines for winter · Xuhui Paws - PetHeart',
    );
    const wordless: EventWithStation = { ...FOUND, event: { ...FOUND.event, description: '' } };
    const plain = new EventSharePreview({
      events: { eventById: () => Promise.resolve(wordless) },
      publicUrl: 'https://petheart.example',
      assetHost: '',
    });
    expect((await plain.preview('/pages/beneficence/detail?id=4', 'ja'))?.description).toBe(
      'Xuhui Paws が PetHeart で支援を呼びかけています。',
    );
  });

  it('has none for an unknown or bad id, or another page', async () => {
    for (const page of [
      '/pages/beneficence/detail?id=5',
      '/pages/beneficence/detail?id=-4',
      '/pages/beneficence/apply?id=4',
    ])
      expect(await previews.preview(page)).toBeUndefined();
  });
});
