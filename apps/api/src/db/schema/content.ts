import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { bases } from './devices';

/** A text in the four product languages ('' where not written); decision 013. */
type LocalizedColumn = Record<'en' | 'ja' | 'zh-CN' | 'zh-TW', string>;
const noText = (): LocalizedColumn => ({ en: '', ja: '', 'zh-CN': '', 'zh-TW': '' });

/**
 * Operator-written content (decision 013): Q&A entries, articles, pages (by key: custom, web, single,
 * video) and home banners. Texts are jsonb in the four languages; bodies are in their written form
 * (a Markdown subset, parsed into a block tree for readers). Images are upload paths.
 */
export const contentItems = pgTable(
  'content_items',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: ['qa', 'article', 'page', 'banner'] }).notNull(),
    /** Pages: the key their route names (?key=…); null for the other kinds. */
    key: text('key'),
    pageKind: text('page_kind', { enum: ['custom', 'web', 'onePage', 'video'] }),
    /** The question (Q&A), title (article, page, banner). */
    title: jsonb('title').$type<LocalizedColumn>().notNull(),
    summary: jsonb('summary').$type<LocalizedColumn>().notNull().default(noText()),
    /** The answer (Q&A), the text (article, page). */
    body: jsonb('body').$type<LocalizedColumn>().notNull().default(noText()),
    /** Web page or video address (pages), where a banner leads. */
    url: text('url').notNull().default(''),
    /** Cover (article, page) or the banner image: an upload path. */
    cover: text('cover').notNull().default(''),
    /** Articles shown first in What's New. */
    highlight: boolean('highlight').notNull().default(false),
    published: boolean('published').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('content_items_page_key')
      .on(t.key)
      .where(sql`${t.kind} = 'page'`),
    index('content_items_list_idx').on(t.kind, t.published, t.sortOrder, t.createdAt),
    check(
      'content_items_page_fields',
      sql`(${t.kind} = 'page') = (${t.key} IS NOT NULL AND ${t.pageKind} IS NOT NULL)`,
    ),
  ],
);

/** The pet corner: animals living at a base, kept by operators; names and stories in the four languages. */
export const pets = pgTable(
  'pets',
  {
    id: serial('id').primaryKey(),
    baseId: integer('base_id')
      .notNull()
      .references(() => bases.id, { onDelete: 'cascade' }),
    name: jsonb('name').$type<LocalizedColumn>().notNull(),
    species: text('species', { enum: ['cat', 'dog', 'rabbit', 'bird', 'other'] }).notNull(),
    /** Upload paths. */
    photos: jsonb('photos').$type<string[]>().notNull().default([]),
    story: jsonb('story').$type<LocalizedColumn>().notNull().default(noText()),
    published: boolean('published').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('pets_base_idx').on(t.baseId), index('pets_list_idx').on(t.published, t.sortOrder, t.id)],
);
