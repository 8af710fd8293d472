import sharp from 'sharp';
import { translate, type Locale, type PublicCertificate } from '@petheart/contracts';
import { previewCount, previewWeight } from '../../http/page-preview';

/** Link previews' usual picture size (Open Graph, Twitter's large card). */
export const CERTIFICATE_IMAGE_WIDTH = 1200;
export const CERTIFICATE_IMAGE_HEIGHT = 630;
const NAME_MAX = 24;
const FONTS =
  "'Noto Sans CJK SC', 'Noto Sans CJK JP', 'Noto Serif CJK SC', 'PingFang SC', 'Hiragino Sans', 'Microsoft YaHei', 'DejaVu Sans', sans-serif";

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const xml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
/** `text` cut to `max` characters as people count them (graphemes: an emoji with its modifiers is one). */
const cut = (text: string, max: number) => {
  const chars = Array.from(
    new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text.trim()),
    (s) => s.segment,
  );
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : chars.join('');
};

/** The paw of the app's certificate card, at (x, y) with side `size`. */
function paw(x: number, y: number, size: number, fill: string): string {
  const s = size / 64;
  return `<g transform="translate(${String(x)} ${String(y)}) scale(${String(s)})" fill="${fill}">
<ellipse cx="32" cy="40" rx="13" ry="10.5"/><circle cx="19" cy="27" r="5"/><circle cx="27" cy="18" r="5"/>
<circle cx="37" cy="18" r="5"/><circle cx="45" cy="27" r="5"/></g>`;
}

/**
 * The certificate as an SVG of 1200×630 in `locale`: the same words as the app's card (brand, title, whom it is
 * presented to, the three figures), in the app's colours. Every text is escaped; the nickname is cut to 24 characters.
 */
export function certificateSvg(c: PublicCertificate, locale: Locale): string {
  const t = (key: Parameters<typeof translate>[1]) => translate(locale, key);
  const stats = [
    [previewCount(c.days_joined, locale), t('share.certificate.days')],
    [previewCount(c.animals_helped, locale), t('share.certificate.animals')],
    [previewWeight(c.grams, locale), t('share.certificate.grams')],
  ] as const;
  const columns = stats
    .map(([value, label], i) => {
      const x = 300 + i * 300;
      return `<text x="${String(x)}" y="470" class="value">${xml(value)}</text>
<text x="${String(x)}" y="515" class="label">${xml(label)}</text>`;
    })
    .join('\n');
  const name = cut(c.nickname, NAME_MAX) || translate(locale, 'share.certificate.someone');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${String(CERTIFICATE_IMAGE_WIDTH)}" height="${String(CERTIFICATE_IMAGE_HEIGHT)}" viewBox="0 0 1200 630">
<style>
text { font-family: ${FONTS}; text-anchor: middle; }
.brand { font-size: 30px; font-weight: 700; fill: #54BDFF; letter-spacing: 2px; }
.title { font-size: 56px; font-weight: 700; fill: #1F2D3D; }
.presented { font-size: 26px; fill: #6B7785; }
.name { font-size: 60px; font-weight: 700; fill: #2A8FD4; }
.value { font-size: 52px; font-weight: 700; fill: #1F2D3D; }
.label { font-size: 24px; fill: #6B7785; }
</style>
<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#E6F5FF"/><stop offset="1" stop-color="#FFFFFF"/></linearGradient></defs>
<rect width="1200" height="630" fill="url(#bg)"/>
<rect x="28" y="28" width="1144" height="574" rx="28" fill="none" stroke="#54BDFF" stroke-width="6"/>
<rect x="44" y="44" width="1112" height="542" rx="20" fill="none" stroke="#BFE6FF" stroke-width="2"/>
${paw(564, 62, 72, '#54BDFF')}
<text x="600" y="170" class="brand">PetHeart</text>
<text x="600" y="240" class="title">${xml(t('share.certificate.heading'))}</text>
<text x="600" y="292" class="presented">${xml(t('share.certificate.presented'))}</text>
<text x="600" y="370" class="name">${xml(name)}</text>
<line x1="360" y1="392" x2="840" y2="392" stroke="#BFE6FF" stroke-width="2"/>
${columns}
${paw(1060, 500, 64, '#BFE6FF')}
</svg>`;
}

/** The certificate's picture: the SVG drawn as a PNG (sharp, librsvg; system fonts, CJK where installed). */
export async function certificatePng(c: PublicCertificate, locale: Locale): Promise<Buffer> {
  return sharp(Buffer.from(certificateSvg(c, locale)), { density: 72 })
    .png({ compressionLevel: 9 })
    .toBuffer();
}
