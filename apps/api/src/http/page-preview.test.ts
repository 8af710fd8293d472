import { describe, expect, it } from 'vitest';
import type { Locale } from '@petheart/contracts';
import {
  firstPreview,
  previewOf,
  previewTags,
  previewWeight,
  translatedText,
  withPreview,
  type PagePreview,
} from './page-preview';

const PAGE =
  '<!doctype html><html lang="en"><head><meta name="description" content="PetHeart." /><title>PetHeart</title></head>' +
  '<body><div id="root"></div></body></html>';
const PREVIEW: PagePreview = {
  title: 'Bund Station · Feeder A - PetHeart',
  description: 'Cats by the river',
  image: 'https://petheart.example/uploads/thumbs/PH-0001/1.jpg',
  url: 'https://petheart.example/pages/live/live?device_id=PH-0001',
};

describe('a shared page’s link preview', () => {
  it('writes the Open Graph and Twitter card tags before </head>, with the title and description', () => {
    const html = withPreview(PAGE, PREVIEW);
    expect(html).toContain('<title>Bund Station · Feeder A - PetHeart</title>');
    expect(html).toContain('<meta name="description" content="Cats by the river" />');
    expect(html).toContain(`<meta property="og:image" content="${PREVIEW.image}" />`);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(html.indexOf('og:image')).toBeLessThan(html.indexOf('</head>'));
    expect(html.endsWith('<body><div id="root"></div></body></html>')).toBe(true);
  });

  it('escapes what people wrote (a base’s words), and $ patterns stay text', () => {
    const html = withPreview(PAGE, {
      ...PREVIEW,
      title: '$& <script>alert(1)</script>',
      description: '"/><script>x</script> & \'',
    });
    expect(html).not.toContain('<script>');
    expect(html).toContain('<title>$&amp; &lt;script&gt;alert(1)&lt;/script&gt;</title>');
    expect(html).toContain('content="&quot;/&gt;&lt;script&gt;x&lt;/script&gt; &amp; &#39;"');
  });

  it('leaves the picture out when there is none, and a page without a head alone', () => {
    const tags = previewTags({ ...PREVIEW, image: '' });
    expect(tags).not.toContain('og:image');
    expect(tags).toContain('<meta name="twitter:card" content="summary" />');
    expect(withPreview('<p>no head</p>', PREVIEW)).toBe('<p>no head</p>');
  });

  it('plays a clip in the preview when the page has one', () => {
    const tags = previewTags({ ...PREVIEW, video: 'https://petheart.example/uploads/proofs/a.mp4' });
    expect(tags).toContain('<meta property="og:video" content="https://petheart.example/uploads/proofs/a.mp4" />');
    expect(tags).toContain('<meta property="og:video:type" content="video/mp4" />');
    expect(previewTags(PREVIEW)).not.toContain('og:video');
  });

  it('takes the first source that knows the page', async () => {
    const other = { ...PREVIEW, title: 'Other' };
    const previews = firstPreview([
      (url) => Promise.resolve(url.startsWith('/a') ? PREVIEW : undefined),
      (url) => Promise.resolve(url.startsWith('/a') || url.startsWith('/b') ? other : undefined),
    ]);
    expect(await previews('/a', 'en')).toBe(PREVIEW);
    expect(await previews('/b', 'en')).toBe(other);
    expect(await previews('/c', 'en')).toBeUndefined();
  });
});

describe('a preview’s language (issue 29 §4)', () => {
  /** A page whose words say which language they were asked in. */
  const asked: Locale[] = [];
  const source = (url: string, locale: Locale) => {
    asked.push(locale);
    return Promise.resolve(
      url.startsWith('/pages/live/live') ? { ...PREVIEW, description: `in ${locale}` } : undefined,
    );
  };

  it('is the link’s own `lang` (the sharer’s), kept in the canonical address, whatever the crawler accepts', async () => {
    const preview = await previewOf(source, '/pages/live/live?device_id=PH-0001&lang=ja', 'zh-CN,zh;q=0.9');
    expect(preview?.description).toBe('in ja');
    expect(preview?.locale).toBe('ja');
    expect(preview?.url).toBe('https://petheart.example/pages/live/live?device_id=PH-0001&lang=ja');
    const html = withPreview(PAGE, preview ?? PREVIEW);
    expect(html).toContain('<html lang="ja">');
    expect(html).toContain('<meta property="og:locale" content="ja_JP" />');
  });

  it('is the crawler’s Accept-Language when the link has none (or one that is not ours)', async () => {
    for (const url of ['/pages/live/live?device_id=PH-0001', '/pages/live/live?device_id=PH-0001&lang=fr']) {
      const preview = await previewOf(source, url, 'zh-TW,zh;q=0.9,en;q=0.5');
      expect(preview?.description).toBe('in zh-TW');
      expect(preview?.url).toBe(PREVIEW.url);
      expect(previewTags(preview ?? PREVIEW)).toContain('<meta property="og:locale" content="zh_TW" />');
    }
  });

  it('is English when neither says', async () => {
    expect((await previewOf(source, '/pages/live/live?device_id=PH-0001', undefined))?.description).toBe('in en');
    expect((await previewOf(source, '/pages/live/live?device_id=PH-0001', 'de-DE'))?.locale).toBe('en');
    expect(await previewOf(source, '/pages/index/index?lang=ja', 'ja')).toBeUndefined();
  });

  it('writes weights as the app does, and takes an operator’s translation where there is one', () => {
    expect(previewWeight(850, 'en')).toBe('850g');
    expect(previewWeight(12_345, 'ja')).toBe('12.35kg');
    const base = { translations: { ja: { name: '猴硐猫村', introduction: ' ' } } };
    expect(translatedText(base, 'ja', 'name', 'Houtong Cat Village')).toBe('猴硐猫村');
    expect(translatedText(base, 'ja', 'introduction', 'Forty cats')).toBe('Forty cats');
    expect(translatedText(base, 'zh-CN', 'name', 'Houtong Cat Village')).toBe('Houtong Cat Village');
  });
});
