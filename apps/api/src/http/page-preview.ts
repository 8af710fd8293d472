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
}

/** Answers a page's preview from its address (path and query), or undefined when the page has none. */
export type PagePreviews = (url: string) => Promise<PagePreview | undefined>;

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
  return async (url) => {
    for (const source of sources) {
      const preview = await source(url);
      if (preview) return preview;
    }
    return undefined;
  };
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

/** The meta tags of a preview (escaped), one a line. */
export function previewTags(p: PagePreview): string {
  const tags: [string, string, string][] = [
    ['property', 'og:type', 'website'],
    ['property', 'og:site_name', 'PetHeart'],
    ['property', 'og:title', p.title],
    ['property', 'og:description', p.description],
    ['property', 'og:url', p.url],
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
 * index.html with the preview's tags before `</head>`, its description meta replaced and its title set; the
 * page itself is unchanged (the app renders as before).
 */
export function withPreview(html: string, p: PagePreview): string {
  if (!html.includes('</head>')) return html;
  const page = html
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(p.title)}</title>`)
    .replace(
      /<meta name="description" content="[^"]*"\s*\/?>/,
      () => `<meta name="description" content="${escapeHtml(p.description)}" />`,
    );
  const at = page.indexOf('</head>');
  return `${page.slice(0, at)}${previewTags(p)}\n${page.slice(at)}`;
}
