import { describe, expect, it } from 'vitest';
import type { PublicCertificate } from '@petheart/contracts';
import { CertificateSharePreview } from './share-preview';

const ID = 'AbCdEfGhIjKlMnOpQrStUv';
const CERTIFICATE: PublicCertificate = { nickname: 'Mei', days_joined: 12, animals_helped: 1234, grams: 2500 };

const previews = (found: PublicCertificate | undefined = CERTIFICATE) =>
  new CertificateSharePreview({
    certificates: { find: (id) => Promise.resolve(id === ID ? found : undefined) },
    publicUrl: 'https://petheart.example',
  });

describe('a shared certificate’s link preview', () => {
  it('says whose certificate and its figures, with the picture the server draws, in English by default', async () => {
    expect(await previews().preview(`/pages/public/certificate?id=${ID}&from=app`)).toEqual({
      title: "Mei's Certificate of Love - PetHeart",
      description: '12 days with PetHeart, 1,234 animals helped, 2.5kg of food provided to stray animals.',
      image: `https://petheart.example/api/feed/certificate/image?id=${ID}&lang=en`,
      url: `https://petheart.example/pages/public/certificate?id=${ID}`,
    });
  });

  it('in the link’s language: the words and the picture’s', async () => {
    expect(await previews().preview(`/pages/public/certificate?id=${ID}`, 'zh-CN')).toMatchObject({
      title: 'Mei的爱心证书 - PetHeart',
      description: '加入 PetHeart 12 天，帮助了 1,234 只动物，为流浪动物提供了 2.5kg 粮食。',
      image: `https://petheart.example/api/feed/certificate/image?id=${ID}&lang=zh-CN`,
    });
    const unnamed = await previews({ ...CERTIFICATE, nickname: ' ' }).preview(
      `/pages/public/certificate?id=${ID}`,
      'ja',
    );
    expect(unnamed?.title).toBe('PetHeart の仲間 さんの愛の証明書 - PetHeart');
  });

  it('has none for an id that names no one, or another page', async () => {
    expect(await previews().preview('/pages/public/certificate?id=AAAAAAAAAAAAAAAAAAAAAA')).toBeUndefined();
    expect(await previews().preview('/pages/public/certificate')).toBeUndefined();
    expect(await previews().preview(`/pages/certificate/certificate?id=${ID}`)).toBeUndefined();
  });
});
