import { describe, expect, it } from 'vitest';
import type { BaseRow } from './repository';
import { BaseSharePreview } from './share-preview';

const BASE = {
  id: 7,
  name: 'Houtong Cat Village',
  address: '5 Guangfu Road, Ruifang District',
  latitude: 25.087123,
  longitude: 121.827456,
  introduction: '  Forty cats\n  by the station.  ',
  photos: ['/uploads/20260101/houtong.jpg'],
  locationPublic: false,
} as unknown as BaseRow;

const previews = (base: BaseRow = BASE) =>
  new BaseSharePreview({
    bases: { byId: (id) => Promise.resolve(id === base.id ? base : undefined) },
    publicUrl: 'https://petheart.example',
    assetHost: 'https://cdn.petheart.example',
  });

describe('a shared base’s link preview', () => {
  it('names the base, with its words and first photo, on its page and on its public account', async () => {
    expect(await previews().preview('/pages/baseDetail/baseDetail?id=7&from=share')).toEqual({
      title: 'Houtong Cat Village - PetHeart',
      description: 'Forty cats by the station.',
      image: 'https://cdn.petheart.example/uploads/20260101/houtong.jpg',
      url: 'https://petheart.example/pages/baseDetail/baseDetail?id=7',
    });
    expect(await previews().preview('/pages/public/account?base_id=7')).toMatchObject({
      title: 'Where every coin goes: Houtong Cat Village - PetHeart',
      url: 'https://petheart.example/pages/public/account?base_id=7',
    });
  });

  it('never gives the address of a base that has not published its location (decision 037)', async () => {
    const quiet = { ...BASE, introduction: '' };
    expect((await previews(quiet).preview('/pages/baseDetail/baseDetail?id=7'))?.description).toBe('');
    const open = { ...quiet, locationPublic: true } as BaseRow;
    expect((await previews(open).preview('/pages/baseDetail/baseDetail?id=7'))?.description).toBe(BASE.address);
  });

  it('has none for other pages, bad or unknown ids', async () => {
    for (const page of [
      '/pages/baseDetail/baseDetail?id=8',
      '/pages/baseDetail/baseDetail?id=x',
      '/pages/baseDetail/baseDetail?id=99999999999',
      '/pages/baseDetail/baseDetail',
      '/pages/public/account?id=7',
      '/pages/index/index?id=7',
    ])
      expect(await previews().preview(page)).toBeUndefined();
  });
});
