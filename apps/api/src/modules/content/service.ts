import {
  LOCALES,
  type Article,
  type ArticleListData,
  type Banner,
  type ContentHomeData,
  type Locale,
  type Page,
  type QaListData,
} from '@petheart/contracts';
import { CachedValue } from '../../lib/cached-value';
import { toArticle, toArticleSummary, toBanner, toPage, toQa } from './presenter';
import type { ContentRepository } from './repository';

/** How many items What's New shows on the home page. */
export const WHATS_NEW_LIMIT = 6;
/** At most this many banners rotate on the home page. */
export const BANNER_LIMIT = 10;

/** What readers see: Q&A, articles, pages, banners and What's New, in the reader's language. */
export class ContentService {
  /** The published banners in every language, read once and kept until an edit (or `cacheMs`). */
  private readonly bannersByLocale: CachedValue<Record<Locale, Banner[]>>;

  constructor(
    private readonly content: ContentRepository,
    options: { cacheMs?: number } = {},
  ) {
    this.bannersByLocale = new CachedValue(async () => {
      const { rows } = await content.published('banner', { page: 1, limit: BANNER_LIMIT });
      return Object.fromEntries(LOCALES.map((l) => [l, rows.map((r) => toBanner(r, l))])) as Record<Locale, Banner[]>;
    }, options.cacheMs ?? Number.POSITIVE_INFINITY);
  }

  /** The home page's banners in a language: the same array until the banners change. */
  async banners(locale: Locale): Promise<Banner[]> {
    return (await this.bannersByLocale.get())[locale];
  }

  /** Content was edited in the console: banners are read again. */
  changed(): void {
    this.bannersByLocale.invalidate();
  }

  async home(locale: Locale): Promise<ContentHomeData> {
    const [banners, news] = await Promise.all([this.banners(locale), this.content.whatsNew(WHATS_NEW_LIMIT)]);
    return {
      banners,
      whats_new: news.map((r) => ({ ...toArticleSummary(r, locale), kind: r.highlight ? 'highlight' : 'article' })),
    };
  }

  async qa(q: { page: number; limit: number }, locale: Locale): Promise<QaListData> {
    const { rows, total } = await this.content.published('qa', q);
    return { list: rows.map((r) => toQa(r, locale)), total, page: q.page, limit: q.limit };
  }

  async articles(q: { page: number; limit: number }, locale: Locale): Promise<ArticleListData> {
    const { rows, total } = await this.content.published('article', q);
    return { list: rows.map((r) => toArticleSummary(r, locale)), total, page: q.page, limit: q.limit };
  }

  /** A published article, or null (the reader sees "no introduction yet"). */
  async article(id: number, locale: Locale): Promise<Article | null> {
    const row = await this.content.publishedById('article', id);
    return row ? toArticle(row, locale) : null;
  }

  /** A published page by key, or null (the reader sees "no introduction yet"). */
  async page(key: string, locale: Locale): Promise<Page | null> {
    const row = await this.content.publishedPage(key);
    return row ? toPage(row, locale) : null;
  }
}
