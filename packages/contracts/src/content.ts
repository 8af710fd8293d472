import { z } from 'zod';
import { PageQuerySchema, pagedList } from './envelope';
import { LOCALES, LocaleSchema, type Locale } from './locales';
import type { MessageKey } from './messages';
import { BooleanSchema, coercedRowId, IntSchema, rowId, StringSchema } from './fields';
import { ContentBodySchema, isSafeHref } from './content-body';
import { BannerSchema } from './configuration';

export * from './content-body';

// ---- Texts in the four languages (decision 013) ----

/** A text in every product language ('' = not written in that language). */
export type LocalizedText = Record<Locale, string>;

/**
 * The order languages are tried in when the reader's own is not written: the other Chinese script
 * before English (a reader of one reads the other far better than English), then English (the
 * product's fallback), then the rest.
 */
export const LOCALE_FALLBACKS: Record<Locale, readonly Locale[]> = {
  en: ['en', 'zh-CN', 'zh-TW', 'ja'],
  ja: ['ja', 'en', 'zh-TW', 'zh-CN'],
  'zh-CN': ['zh-CN', 'zh-TW', 'en', 'ja'],
  'zh-TW': ['zh-TW', 'zh-CN', 'en', 'ja'],
};

/** The first language in the reader's fallback order that this text is written in (null: none). */
export function pickLocale(text: Partial<LocalizedText>, locale: Locale): Locale | null {
  return LOCALE_FALLBACKS[locale].find((l) => (text[l] ?? '').trim() !== '') ?? null;
}

/** The text in the reader's language, or the first fallback written ('' when none is). */
export function localize(text: Partial<LocalizedText>, locale: Locale): string {
  const chosen = pickLocale(text, locale);
  return chosen ? (text[chosen] ?? '') : '';
}

const localizedPart = (max: number) =>
  z.string({ error: 'v.invalid' }).trim().max(max, { error: 'v.tooLong' }).default('');

/** An editor's text in the four languages; each may be empty. */
export function localizedText(max: number, key: MessageKey = 'v.invalid') {
  return z.object(
    { en: localizedPart(max), ja: localizedPart(max), 'zh-CN': localizedPart(max), 'zh-TW': localizedPart(max) },
    { error: key },
  );
}
/** An editor's text in the four languages, written in at least one (`key` otherwise). */
export function requiredLocalizedText(key: MessageKey, max: number) {
  return localizedText(max, key).refine((t) => LOCALES.some((l) => t[l] !== ''), { error: key });
}
/** The generic required form: at least one language. */
export const LocalizedTextSchema = requiredLocalizedText('v.localizedRequired', 5000);
/** A stored text in the four languages, as the console reads it back. */
export const LocalizedTextDataSchema = z.object({
  en: StringSchema,
  ja: StringSchema,
  'zh-CN': StringSchema,
  'zh-TW': StringSchema,
});
export const emptyLocalizedText = (): LocalizedText => ({ en: '', ja: '', 'zh-CN': '', 'zh-TW': '' });

/**
 * An image field: the address POST /api/common/upload answered (its `url` path or its `fullurl`).
 * The server refuses anything that is not an upload (`image_not_uploaded`) and stores the path.
 */
export const UploadedImageSchema = z.string({ error: 'v.invalid' }).trim().max(500, { error: 'v.tooLong' });

/** A link: '' (none), an http(s) address, or a path on this site such as /pages/live/live?device_id=PH-0001. */
export const LinkSchema = z
  .string({ error: 'v.link' })
  .trim()
  .max(1000, { error: 'v.tooLong' })
  .refine((s) => s === '' || isSafeHref(s), { error: 'v.link' });

export const SortOrderSchema = z
  .number({ error: 'v.sortOrder' })
  .int({ error: 'v.sortOrder' })
  .min(-10000, { error: 'v.sortOrder' })
  .max(10000, { error: 'v.sortOrder' });

const IdSchema = coercedRowId('v.invalid');
export const ContentIdBodySchema = z.object({ id: IdSchema });

// ---- Public content: POST /api/content/home|qa|articles|article|page (tourists allowed) ----

export const PAGE_KINDS = ['custom', 'web', 'onePage', 'video'] as const;
export const PageKindSchema = z.enum(PAGE_KINDS, { error: 'v.invalid' });
export type PageKind = z.infer<typeof PageKindSchema>;

/** Page keys: letters, digits, - and _. The web routes pass them as ?key=… */
export const PageKeySchema = z
  .string({ error: 'v.pageKey' })
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'v.pageKey' });

/** Where an article opens in the app (`link` fields carry it). */
export const articleLink = (id: number) => `/pages/public/article?id=${String(id)}`;
/** Where a page opens in the app: /pages/public/<kind>?key=… */
export const pageLink = (kind: PageKind, key: string) => `/pages/public/${kind}?key=${encodeURIComponent(key)}`;

export const ArticleSummarySchema = z.object({
  id: IntSchema,
  title: StringSchema,
  /** The editor's summary, else the start of the text. */
  summary: StringSchema,
  /** An upload path, or '' (show a default image). */
  cover: StringSchema,
  /** Unix seconds. */
  created_at: IntSchema,
  /** /pages/public/article?id=… */
  link: StringSchema,
});
export type ArticleSummary = z.infer<typeof ArticleSummarySchema>;

/** What's New on the home page: highlighted articles first, then the newest others. */
export const WhatsNewItemSchema = ArticleSummarySchema.extend({ kind: z.enum(['article', 'highlight']) });
export type WhatsNewItem = z.infer<typeof WhatsNewItemSchema>;

// POST /api/content/home (body {}) → banners (also in getConfiguration) and What's New
export const ContentHomeDataSchema = z.object({
  banners: z.array(BannerSchema),
  whats_new: z.array(WhatsNewItemSchema),
});
export type ContentHomeData = z.infer<typeof ContentHomeDataSchema>;

// POST /api/content/qa {page, limit}
export const QaItemSchema = z.object({
  id: IntSchema,
  question: StringSchema,
  /** Plain text; line breaks are meaningful (render with white-space: pre-wrap). */
  answer: StringSchema,
});
export type QaItem = z.infer<typeof QaItemSchema>;
export const ContentQaBodySchema = PageQuerySchema;
export const QaListDataSchema = pagedList(QaItemSchema);
export type QaListData = z.infer<typeof QaListDataSchema>;

// POST /api/content/articles {page, limit}: published articles, newest first
export const ContentArticlesBodySchema = PageQuerySchema;
export const ArticleListDataSchema = pagedList(ArticleSummarySchema);
export type ArticleListData = z.infer<typeof ArticleListDataSchema>;

// POST /api/content/article {id} → the article, or null when there is none (show "no introduction yet")
export const ContentArticleBodySchema = ContentIdBodySchema;
export const ArticleSchema = z.object({
  id: IntSchema,
  title: StringSchema,
  cover: StringSchema,
  /** The parsed body: blocks of text nodes (see content-body.ts); never HTML. */
  body: ContentBodySchema,
  created_at: IntSchema,
  /** The language the article is shown in (the reader's, or a fallback). */
  lang: LocaleSchema,
});
export type Article = z.infer<typeof ArticleSchema>;
export const ArticleDataSchema = ArticleSchema.nullable();

// POST /api/content/page {key} → the page, or null when there is none (show "no introduction yet")
export const ContentPageBodySchema = z.object({ key: PageKeySchema });
export const PageSchema = z.object({
  key: StringSchema,
  kind: PageKindSchema,
  title: StringSchema,
  /** custom / onePage: the text; web / video: an optional introduction. */
  body: ContentBodySchema,
  /** web: the page's address; video: the video's address (http(s) or a path here); else ''. */
  url: StringSchema,
  /** An upload path or '' (video: the poster). */
  cover: StringSchema,
  lang: LocaleSchema,
});
export type Page = z.infer<typeof PageSchema>;
export const PageDataSchema = PageSchema.nullable();

// ---- Console: POST /api/admin/content/list|create|update|delete (admins only) ----

export const CONTENT_KINDS = ['qa', 'article', 'page', 'banner'] as const;
export const ContentKindSchema = z.enum(CONTENT_KINDS, { error: 'v.invalid' });
export type ContentKind = z.infer<typeof ContentKindSchema>;

/**
 * Characters of an article's or page's text per language: four languages of CJK text (3 bytes a character)
 * stay well inside the API's 256 KiB request limit.
 */
export const BODY_MAX = 10000;
const published = z.boolean({ error: 'v.invalid' }).default(true);
const sortOrder = SortOrderSchema.default(0);

const qaShape = {
  kind: z.literal('qa'),
  /** The question. */
  title: requiredLocalizedText('v.question', 300),
  /** The answer (plain text). */
  body: requiredLocalizedText('v.answer', 5000),
  published,
  sort_order: sortOrder,
};
const articleShape = {
  kind: z.literal('article'),
  title: requiredLocalizedText('v.contentTitle', 200),
  /** Optional; the start of the text when empty. */
  summary: localizedText(300).default(emptyLocalizedText),
  /** The written form (content-body.ts). */
  body: requiredLocalizedText('v.contentBody', BODY_MAX),
  cover: UploadedImageSchema.default(''),
  /** Shown first in What's New. */
  highlight: z.boolean({ error: 'v.invalid' }).default(false),
  published,
  sort_order: sortOrder,
};
const pageShape = {
  kind: z.literal('page'),
  key: PageKeySchema,
  page_kind: PageKindSchema,
  title: requiredLocalizedText('v.contentTitle', 200),
  /** The written form (content-body.ts); required for custom and onePage pages. */
  body: localizedText(BODY_MAX).default(emptyLocalizedText),
  /** Required for web and video pages. */
  url: LinkSchema.default(''),
  cover: UploadedImageSchema.default(''),
  published,
};
const bannerShape = {
  kind: z.literal('banner'),
  title: requiredLocalizedText('v.contentTitle', 100),
  /** The banner image (an upload). */
  cover: z
    .string({ error: 'v.bannerImage' })
    .trim()
    .min(1, { error: 'v.bannerImage' })
    .max(500, { error: 'v.tooLong' }),
  /** Where a tap goes ('' = nowhere). */
  url: LinkSchema.default(''),
  published,
  sort_order: sortOrder,
};

/** Each language has both parts or neither (a question without its answer would show half an entry). */
function pairChecked<T extends z.ZodType<{ title: LocalizedText; body: LocalizedText }>>(schema: T): T {
  return schema.refine((t) => LOCALES.every((l) => (t.title[l] === '') === (t.body[l] === '')), {
    error: 'v.contentPair',
    path: ['body'],
  });
}
const needsUrl = (kind: PageKind) => kind === 'web' || kind === 'video';
/** Web and video pages need their address; custom and single pages their text. */
function pageChecked<T extends z.ZodType<{ page_kind: PageKind; url: string; body: LocalizedText }>>(schema: T): T {
  return schema
    .refine((p) => !needsUrl(p.page_kind) || p.url !== '', { error: 'v.pageUrl', path: ['url'] })
    .refine((p) => needsUrl(p.page_kind) || LOCALES.some((l) => p.body[l] !== ''), {
      error: 'v.contentBody',
      path: ['body'],
    });
}

export const AdminContentCreateBodySchema = z.discriminatedUnion(
  'kind',
  [
    pairChecked(z.object(qaShape)),
    pairChecked(z.object(articleShape)),
    pageChecked(z.object(pageShape)),
    z.object(bannerShape),
  ],
  { error: 'v.invalid' },
);
export type AdminContentCreateBody = z.infer<typeof AdminContentCreateBodySchema>;
/** What a client may send (defaults not yet applied). */
export type AdminContentCreateInput = z.input<typeof AdminContentCreateBodySchema>;
/** Replaces an item's fields (its kind cannot change). */
export const AdminContentUpdateBodySchema = z.discriminatedUnion(
  'kind',
  [
    pairChecked(z.object({ ...qaShape, id: IdSchema })),
    pairChecked(z.object({ ...articleShape, id: IdSchema })),
    pageChecked(z.object({ ...pageShape, id: IdSchema })),
    z.object({ ...bannerShape, id: IdSchema }),
  ],
  { error: 'v.invalid' },
);
export type AdminContentUpdateBody = z.infer<typeof AdminContentUpdateBodySchema>;
export const AdminContentDeleteBodySchema = ContentIdBodySchema;

export const AdminContentListBodySchema = PageQuerySchema.extend({
  kind: ContentKindSchema,
  keyword: StringSchema.trim().max(100, { error: 'v.tooLong' }).optional(),
});
export type AdminContentListBody = z.infer<typeof AdminContentListBodySchema>;

/** Every field of an item as the console edits it (fields a kind does not use are empty). */
export const AdminContentItemSchema = z.object({
  id: IntSchema,
  kind: ContentKindSchema,
  /** Pages only. */
  key: StringSchema.nullable(),
  page_kind: PageKindSchema.nullable(),
  title: LocalizedTextDataSchema,
  summary: LocalizedTextDataSchema,
  /** The written form (Markdown subset for articles and pages; plain text for Q&A answers). */
  body: LocalizedTextDataSchema,
  url: StringSchema,
  cover: StringSchema,
  highlight: BooleanSchema,
  published: BooleanSchema,
  sort_order: IntSchema,
  created_at: IntSchema,
  updated_at: IntSchema,
});
export type AdminContentItem = z.infer<typeof AdminContentItemSchema>;
export const AdminContentListDataSchema = pagedList(AdminContentItemSchema);
export type AdminContentListData = z.infer<typeof AdminContentListDataSchema>;

// ---- Pet corner: POST /api/pet/list|detail (tourists allowed) ----

export const PET_SPECIES = ['cat', 'dog', 'rabbit', 'bird', 'other'] as const;
export const PetSpeciesSchema = z.enum(PET_SPECIES, { error: 'v.species' });
export type PetSpecies = z.infer<typeof PetSpeciesSchema>;

export const PetSchema = z.object({
  id: IntSchema,
  name: StringSchema,
  species: PetSpeciesSchema,
  /** Upload paths (prefix with the asset host); may be empty. */
  photos: z.array(StringSchema),
  /** Plain text, line breaks meaningful; '' → "no introduction yet". */
  story: StringSchema,
  base: z.object({ id: IntSchema, name: StringSchema }),
  /** The base's live room to open (/pages/live/live?device_id=…), null when the base has no enabled device. */
  live_device_id: StringSchema.nullable(),
});
export type Pet = z.infer<typeof PetSchema>;

export const PetListBodySchema = PageQuerySchema.extend({
  base_id: coercedRowId('v.invalid').optional(),
});
export type PetListBody = z.infer<typeof PetListBodySchema>;
export const PetListDataSchema = pagedList(PetSchema);
export type PetListData = z.infer<typeof PetListDataSchema>;
// POST /api/pet/detail {id} → the pet, or null when there is none
export const PetDetailBodySchema = ContentIdBodySchema;
export const PetDataSchema = PetSchema.nullable();

// ---- Console pets: POST /api/admin/pet/list|create|update|delete (admins only) ----

export const AdminPetFieldsSchema = z.object({
  base_id: rowId('v.petBase'),
  name: requiredLocalizedText('v.petName', 50),
  species: PetSpeciesSchema,
  photos: z.array(UploadedImageSchema).max(9, { error: 'v.tooMany' }).default([]),
  story: localizedText(3000).default(emptyLocalizedText),
  published,
  sort_order: sortOrder,
});
export const AdminPetCreateBodySchema = AdminPetFieldsSchema;
export type AdminPetCreateBody = z.infer<typeof AdminPetCreateBodySchema>;
export type AdminPetCreateInput = z.input<typeof AdminPetCreateBodySchema>;
/** Replaces a profile's fields. */
export const AdminPetUpdateBodySchema = AdminPetFieldsSchema.extend({ id: IdSchema });
export type AdminPetUpdateBody = z.infer<typeof AdminPetUpdateBodySchema>;
export const AdminPetDeleteBodySchema = ContentIdBodySchema;
export const AdminPetListBodySchema = PageQuerySchema.extend({
  base_id: coercedRowId('v.invalid').optional(),
  keyword: StringSchema.trim().max(100, { error: 'v.tooLong' }).optional(),
});
export type AdminPetListBody = z.infer<typeof AdminPetListBodySchema>;

export const AdminPetSchema = z.object({
  id: IntSchema,
  base_id: IntSchema,
  base_name: StringSchema,
  name: LocalizedTextDataSchema,
  species: PetSpeciesSchema,
  photos: z.array(StringSchema),
  story: LocalizedTextDataSchema,
  published: BooleanSchema,
  sort_order: IntSchema,
  created_at: IntSchema,
  updated_at: IntSchema,
});
export type AdminPet = z.infer<typeof AdminPetSchema>;
export const AdminPetListDataSchema = pagedList(AdminPetSchema);
export type AdminPetListData = z.infer<typeof AdminPetListDataSchema>;
