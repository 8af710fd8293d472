import { LocaleSchema, localeFromAcceptLanguage, type Locale } from '@petheart/contracts';

/**
 * What a messenger or social app shows for a shared link (title, text, picture): Open Graph and Twitter card
 * tags written into the app's index.html, since their crawlers run no script. Every value is an absolute
 * address or plain text.
 */
export interface PagePreview {
  title: string;
  description: string;
  /** Absolute; '' = no picture. */
  image: string;
  /** The page's canonical absolute address. */
  url: string;
  /** An MP4 that plays in the preview (absolute), where there is one. */
  video?: string;
  /** The language its words are in (og:locale). */
  locale?: Locale;
}

/**
 * Answers a page's preview from its address (path and query) in `locale`, or undefined when the page has none.
 */
export type PagePreviews = (url: string, locale: Locale) => Promise<PagePreview | undefined>;

/** The `lang` a shared link carries (the app adds the sharer's language: `?lang=ja`), if it is one of ours. */
export function linkLanguage(url: string): Locale | undefined {
  const lang = new URL(url, 'http://page.invalid').searchParams.get('lang');
  const parsed = LocaleSchema.safeParse(lang);
  return parsed.success ? parsed.data : undefined;
}

/** A preview's language: the link's `lang`, else the crawler's Accept-Language, else English. */
export function previewLocale(url: string, acceptLanguage: string | undefined): Locale {
  return linkLanguage(url) ?? localeFromAcceptLanguage(acceptLanguage);
}

/**
 * The preview of the page at `url` in its language (previewLocale); a link that carried `lang` keeps it in the
 * preview's canonical address, so the page opens in that language's words too.
 */
export async function previewOf(
  previews: PagePreviews,
  url: string,
  acceptLanguage: string | undefined,
): Promise<PagePreview | undefined> {
  const locale = previewLocale(url, acceptLanguage);
  const preview = await previews(url, locale);
  if (!preview) return undefined;
  const lang = linkLanguage(url);
  if (!lang) return { ...preview, locale };
  const canonical = new URL(preview.url);
  canonical.searchParams.set('lang', lang);
  return { ...preview, url: canonical.href, locale };
}

/**
 * An operator's text in `locale` (issue 29 §5: bases and support events carry translations added in the console):
 * the translation when there is one, else the text as written.
 */
export function translatedText(
  row: { translations?: Partial<Record<string, Record<string, string>>> },
  locale: Locale,
  field: string,
  original: string,
): string {
  return row.translations?.[locale]?.[field]?.trim() || original;
}

const numbers = (locale: Locale, digits: number) => new Intl.NumberFormat(locale, { maximumFractionDigits: digits });

/** A count in the locale's digits ("1,234"). */
export const previewCount = (n: number, locale: Locale) => numbers(locale, 0).format(n);

/** Grams as the app writes them: below 1 kg "850g", else "1.25kg" (at most 2 decimals). */
export function previewWeight(grams: number, locale: Locale): string {
  if (Math.abs(grams) < 1000) return `${numbers(locale, 0).format(grams)}g`;
  return `${numbers(locale, 2).format(grams / 1000)}kg`;
}

/** A picture's absolute address: paths on `origin` (the asset host, else the public origin), http(s) ones as they are. */
export function absolutePicture(address: string, origin: string): string {
  if (/^https?:\/\//i.test(address)) return address;
  if (!address.startsWith('/') || address.startsWith('//')) return '';
  return `${origin}${address}`;
}

/** Text on one line, cut to `max` characters with an ellipsis. */
export function previewText(text: string, max: number): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** The first preview one of `sources` answers for a page (each knows its own pages). */
export function firstPreview(sources: PagePreviews[]): PagePreviews {
  return async (url, locale) => {
    for (const source of sources) {
      const preview = await source(url, locale);
      if (preview) return preview;
    }
    return undefined;
  };
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

/** Open Graph writes languages as language_TERRITORY. */
const OG_LOCALES: Record<Locale, string> = { en: 'en_US', ja: 'ja_JP', 'zh-CN': 'zh_CN', 'zh-TW': 'zh_TW' };

/** The meta tags of a preview (escaped), one a line. */
export function previewTags(p: PagePreview): string {
  const tags: [string, string, string][] = [
    ['property', 'og:type', 'website'],
    ['property', 'og:site_name', 'PetHeart'],
    ['property', 'og:title', p.title],
    ['property', 'og:description', p.description],
    ['property', 'og:url', p.url],
    ...(p.locale ? ([['property', 'og:locale', OG_LOCALES[p.locale]]] as [string, string, string][]) : []),
    ...(p.image ? ([['property', 'og:image', p.image]] as [string, string, string][]) : []),
    ...(p.video
      ? ([
          ['property', 'og:video', p.video],
          ['property', 'og:video:type', 'video/mp4'],
        ] as [string, string, string][])
      : []),
    ['name', 'twitter:card', p.image ? 'summary_large_image' : 'summary'],
    ['name', 'twitter:title', p.title],
    ...(p.image ? ([['name', 'twitter:image', p.image]] as [string, string, string][]) : []),
  ];
  return tags.map(([attr, key, value]) => `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`).join('\n');
}

/**
 * index.html with the preview's tags before `</head>`, its description meta replaced, its title set and its
 * language the preview's; the page itself is unchanged (the app renders as before).
 */
export function withPreview(html: string, p: PagePreview): string {
  if (!html.includes('</head>')) return html;
  const page = html
    .replace(/<html lang="[^"]*"/, (tag) => (p.locale ? `<html lang="${p.locale}"` : tag))
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(p.title)}</title>`)
    .replace(
      /<meta name="description" content="[^"]*"\s*\/?>/,
      () => `<meta name="description" content="${escapeHtml(p.description)}" />`,
    );
  const at = page.indexOf('</head>');
  return `${page.slice(0, at)}${previewTags(p)}\n${page.slice(at)}`;
}
