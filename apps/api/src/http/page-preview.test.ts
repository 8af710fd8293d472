import { describe, expect, it } from 'vitest';
import { firstPreview, previewTags, withPreview, type PagePreview } from './page-preview';

const PAGE =
  '<!doctype html><html><head><meta name="description" content="PetHeart." /><title>PetHeart</title></head>' +
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
    expect(await previews('/a')).toBe(PREVIEW);
    expect(await previews('/b')).toBe(other);
    expect(await previews('/c')).toBeUndefined();
  });
});
