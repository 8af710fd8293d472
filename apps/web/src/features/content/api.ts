import {
  contentEndpoints as content,
  type Article,
  type Locale,
  type Page,
  type QaListData,
} from '@petheart/contracts';
import type { ApiClient } from '../../shared/api';

/**
 * The public content calls (packages/contracts/src/content.ts), each with its response schema. Texts come in
 * the request's language (the `lang` header), so every query key carries the locale.
 */
export function contentApi(api: ApiClient) {
  return {
    /** Published questions and answers, in the editor's order. */
    qa: (page: number, limit: number): Promise<QaListData> => api.call(content.qa, { page, limit }),
    /** One article, or null when there is none (or none published). */
    article: (id: number): Promise<Article | null> => api.call(content.article, { id }),
    /** A custom / web / single / video page by its key, or null. */
    page: (key: string): Promise<Page | null> => api.call(content.page, { key }),
  };
}
export type ContentApi = ReturnType<typeof contentApi>;

export const qaKey = (locale: Locale) => ['content', 'qa', locale] as const;
export const articleKey = (id: number, locale: Locale) => ['content', 'article', id, locale] as const;
export const pageKey = (key: string, locale: Locale) => ['content', 'page', key, locale] as const;

/** A positive integer id from the query string, else null. */
export function idOf(raw: string | null): number | null {
  if (!raw || !/^\d{1,12}$/.test(raw.trim())) return null;
  const id = Number(raw.trim());
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** A page key from the query string (letters, digits, - and _, as the contract allows), else null. */
export function keyOf(raw: string | null): string | null {
  const key = raw?.trim() ?? '';
  return /^[A-Za-z0-9_-]{1,64}$/.test(key) ? key : null;
}

/** An address a web page may show in its frame: https only (an http page would be blocked as mixed content). */
export function frameableUrl(url: string): string | null {
  try {
    const u = new URL(url);
    return u.protocol === 'https:' && u.hostname !== '' && !u.username && !u.password ? u.href : null;
  } catch {
    return null;
  }
}
