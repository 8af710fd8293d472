import type { FirstCalls, PagePictures } from '../http/route-hints';
import type { ContentService } from '../modules/content/service';

/** The index page (spec §2): its banners come first, and the first is its largest paint. */
export const INDEX_PAGE_PATH = '/pages/index/index';

/**
 * The picture each page shows first and largest, which the page the server sends names at high priority
 * (decision 040): the index page's first banner, as the app writes its address (`imageUrl`: a path under the
 * asset host, or an address as it is). Banners are kept in memory, so this costs no query.
 */
export function pagePictures(content: Pick<ContentService, 'banners'>, assetHost: string): PagePictures {
  return async (pathname, locale) => {
    if (pathname !== INDEX_PAGE_PATH) return [];
    const image = (await content.banners(locale))[0]?.image.trim();
    if (!image) return [];
    return [image.startsWith('/') && !image.startsWith('//') ? `${assetHost.replace(/\/$/u, '')}${image}` : image];
  };
}

/**
 * The calls each page makes at once whose first answer the page the server sends gives with it (decision 040):
 * the index page's banners and news (public, the same for everyone in a language), so they show in its first
 * render instead of one round trip after it.
 */
export const pageFirstCalls: FirstCalls = (pathname) =>
  pathname === INDEX_PAGE_PATH ? [{ method: 'POST', url: '/api/content/home' }] : [];
