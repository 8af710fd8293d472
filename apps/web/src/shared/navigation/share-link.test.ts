import { describe, expect, it } from 'vitest';
import { shareLink } from './share-link';

describe('a shared link', () => {
  it('is absolute and carries the sharer’s language for this site’s pages', () => {
    expect(shareLink('/pages/live/live?device_id=PH-0001', 'https://pet.example', 'ja')).toBe(
      'https://pet.example/pages/live/live?device_id=PH-0001&lang=ja',
    );
    expect(shareLink('https://pet.example/pages/public/proof?id=x&lang=en', 'https://pet.example', 'zh-TW')).toBe(
      'https://pet.example/pages/public/proof?id=x&lang=zh-TW',
    );
  });

  it('leaves other sites’ addresses alone (a clip on the asset host)', () => {
    expect(shareLink('https://cdn.example/clips/a.mp4', 'https://pet.example', 'ja')).toBe(
      'https://cdn.example/clips/a.mp4',
    );
  });
});
