import {
  articleLink,
  contentBodyText,
  localize,
  parseContentBody,
  pickLocale,
  type AdminContentItem,
  type Article,
  type ArticleSummary,
  type Banner,
  type Locale,
  type LocalizedText,
  type Page,
  type QaItem,
} from '@petheart/contracts';
import { seconds } from '../../lib/time';
import type { ContentRow } from './repository';

/** Characters of the text shown when an article has no summary of its own. */
export const SUMMARY_LENGTH = 120;

/**
 * The language an item is shown in: the first of the reader's fallbacks its title is written in. Every
 * text of the item comes from that language, so a reader never gets a title in one and the text in another.
 */
export function itemLocale(row: Pick<ContentRow, 'title'>, locale: Locale): Locale {
  return pickLocale(row.title, locale) ?? locale;
}

/** The text in language `l`, else (an item saved before its texts were paired) the reader's fallback. */
function textIn(text: LocalizedText, l: Locale): string {
  return text[l] || localize(text, l);
}

/** The start of a text, cut at a character (not a UTF-16 half) with an ellipsis. */
export function excerpt(text: string, max = SUMMARY_LENGTH): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : `${chars.slice(0, max).join('').trimEnd()}…`;
}

export function toQa(row: ContentRow, locale: Locale): QaItem {
  const l = itemLocale(row, locale);
  return { id: row.id, question: row.title[l], answer: textIn(row.body, l) };
}

export function toArticleSummary(row: ContentRow, locale: Locale): ArticleSummary {
  const l = itemLocale(row, locale);
  return {
    id: row.id,
    title: row.title[l],
    summary: row.summary[l] || excerpt(contentBodyText(parseContentBody(textIn(row.body, l)))),
    cover: row.cover,
    created_at: seconds(row.createdAt),
    link: articleLink(row.id),
  };
}

export function toArticle(row: ContentRow, locale: Locale): Article {
  const l = itemLocale(row, locale);
  return {
    id: row.id,
    title: row.title[l],
    cover: row.cover,
    body: parseContentBody(textIn(row.body, l)),
    created_at: seconds(row.createdAt),
    lang: l,
  };
}

export function toPage(row: ContentRow, locale: Locale): Page | null {
  if (row.key === null || row.pageKind === null) return null;
  const l = itemLocale(row, locale);
  return {
    key: row.key,
    kind: row.pageKind,
    title: row.title[l],
    body: parseContentBody(textIn(row.body, l)),
    url: row.url,
    cover: row.cover,
    lang: l,
  };
}

export function toBanner(row: ContentRow, locale: Locale): Banner {
  return { id: row.id, image: row.cover, title: localize(row.title, locale), link: row.url };
}

/** Every field, every language: what the console edits. */
export function toAdminContent(row: ContentRow): AdminContentItem {
  return {
    id: row.id,
    kind: row.kind,
    key: row.key,
    page_kind: row.pageKind,
    title: row.title,
    summary: row.summary,
    body: row.body,
    url: row.url,
    cover: row.cover,
    highlight: row.highlight,
    published: row.published,
    sort_order: row.sortOrder,
    created_at: seconds(row.createdAt),
    updated_at: seconds(row.updatedAt),
  };
}
