import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { CERTIFICATE_IMAGE_HEIGHT, CERTIFICATE_IMAGE_WIDTH, certificatePng, certificateSvg } from './certificate-image';

const CERTIFICATE = { nickname: 'Mei', days_joined: 12, animals_helped: 30, grams: 850 };

describe('the certificate’s picture for link previews', () => {
  it('writes the certificate’s words in the language asked', () => {
    const en = certificateSvg(CERTIFICATE, 'en');
    for (const words of ['Certificate of Love', 'Mei', '>12<', 'Days with us', '>30<', '850g', 'Food provided'])
      expect(en).toContain(words);
    const zh = certificateSvg(CERTIFICATE, 'zh-TW');
    for (const words of ['愛心證書', '特頒此證予', '加入天數', '提供飼料']) expect(zh).toContain(words);
  });

  it('escapes the nickname and cuts a long one', () => {
    const svg = certificateSvg({ ...CERTIFICATE, nickname: '<script>&"x"</script>' }, 'en');
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('&lt;script&gt;&amp;&quot;x&quot;&lt;/script&gt;');
    expect(certificateSvg({ ...CERTIFICATE, nickname: '猫'.repeat(40) }, 'ja')).toContain(`${'猫'.repeat(23)}…`);
  });

  it('draws a PNG of the preview size', async () => {
    const png = await certificatePng(CERTIFICATE, 'ja');
    const meta = await sharp(png).metadata();
    expect(meta).toMatchObject({ format: 'png', width: CERTIFICATE_IMAGE_WIDTH, height: CERTIFICATE_IMAGE_HEIGHT });
  });
});
