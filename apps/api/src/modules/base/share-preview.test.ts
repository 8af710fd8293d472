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
  translations: {},
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
    expect((await previews(quiet).preview('/pages/baseDetail/baseDetail?id=7'))?.description).toBe(
      'A feeding station on PetHeart: watch its animals live and feed them from your phone.',
    );
    const open = { ...quiet, locationPublic: true } as BaseRow;
    expect((await previews(open).preview('/pages/baseDetail/baseDetail?id=7'))?.description).toBe(BASE.address);
  });

  it('speaks the link’s language: the operator’s translation where there is one, the page’s own words in it', async () => {
    const translated = { ...BASE, translations: { ja: { name: '猴硐猫村', introduction: '駅のそばに四十匹の猫。' } } };
    expect(await previews(translated).preview('/pages/baseDetail/baseDetail?id=7', 'ja')).toMatchObject({
      title: '猴硐猫村 - PetHeart',
      description: '駅のそばに四十匹の猫。',
    });
    expect(await previews(translated).preview('/pages/public/account?base_id=7', 'ja')).toMatchObject({
      title: 'コインの行き先：猴硐猫村 - PetHeart',
      description: '猴硐猫村 に集まったコイン、給餌器のはかりが量ったグラム数、購入したごはんと月次明細。',
    });
    // No translation into Chinese: the texts as written, the page's words in Chinese.
    expect(await previews(translated).preview('/pages/public/account?base_id=7', 'zh-CN')).toMatchObject({
      title: '每一枚金币的去向：Houtong Cat Village - PetHeart',
    });
    const quiet = { ...BASE, introduction: '' };
    expect((await previews(quiet).preview('/pages/baseDetail/baseDetail?id=7', 'zh-TW'))?.description).toBe(
      'PetHeart 餵食站：在手機上觀看動物們的直播並為牠們餵食。',
    );
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
