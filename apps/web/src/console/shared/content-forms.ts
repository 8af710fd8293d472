import {
  AdminContentCreateBodySchema,
  AdminContentUpdateBodySchema,
  AdminPetCreateBodySchema,
  AdminPetUpdateBodySchema,
  LOCALES,
  emptyLocalizedText,
  type AdminContentItem,
  type AdminPet,
  type ContentKind,
  type LocalizedText,
  type Locale,
  type PageKind,
  type PetSpecies,
} from '@petheart/contracts';
import { bodyResolver } from './forms';

/** A form's number field: blank → NaN (the schema reports its message), else Number(). */
function numberOf(text: string): number {
  const t = text.trim();
  return t === '' ? Number.NaN : Number(t);
}

// ---- Content (Q&A, articles, pages, banners) ----

/** The editor's values: every field of every kind (a kind sends only its own, see contentFormToBody). */
export interface ContentFormValues {
  kind: ContentKind;
  title: LocalizedText;
  summary: LocalizedText;
  body: LocalizedText;
  key: string;
  page_kind: PageKind;
  url: string;
  cover: string;
  highlight: boolean;
  published: boolean;
  sort_order: string;
}

export function emptyContentForm(kind: ContentKind): ContentFormValues {
  return {
    kind,
    title: emptyLocalizedText(),
    summary: emptyLocalizedText(),
    body: emptyLocalizedText(),
    key: '',
    page_kind: 'custom',
    url: '',
    cover: '',
    highlight: false,
    published: true,
    sort_order: '0',
  };
}

export function contentToForm(item: AdminContentItem): ContentFormValues {
  return {
    kind: item.kind,
    title: { ...item.title },
    summary: { ...item.summary },
    body: { ...item.body },
    key: item.key ?? '',
    page_kind: item.page_kind ?? 'custom',
    url: item.url,
    cover: item.cover,
    highlight: item.highlight,
    published: item.published,
    sort_order: String(item.sort_order),
  };
}

/** The create body the form stands for (the contract's schema validates it and names the messages). */
export function contentFormToBody(v: ContentFormValues) {
  const sort_order = numberOf(v.sort_order);
  switch (v.kind) {
    case 'qa':
      return { kind: v.kind, title: v.title, body: v.body, published: v.published, sort_order };
    case 'article':
      return {
        kind: v.kind,
        title: v.title,
        summary: v.summary,
        body: v.body,
        cover: v.cover,
        highlight: v.highlight,
        published: v.published,
        sort_order,
      };
    case 'page':
      return {
        kind: v.kind,
        key: v.key,
        page_kind: v.page_kind,
        title: v.title,
        body: v.body,
        url: v.url,
        cover: v.cover,
        published: v.published,
      };
    case 'banner':
      return { kind: v.kind, title: v.title, cover: v.cover, url: v.url, published: v.published, sort_order };
  }
}

/** Validates the editor against the create schema, or the update schema with the item's id. */
export function contentResolver(id: number | null) {
  return id === null
    ? bodyResolver(AdminContentCreateBodySchema, contentFormToBody)
    : bodyResolver(AdminContentUpdateBodySchema, (v: ContentFormValues) => ({ ...contentFormToBody(v), id }));
}

/** Which localized fields a kind edits (title, and the kind's others) — the language tabs show how full they are. */
export function localizedFields(kind: ContentKind): ('title' | 'summary' | 'body')[] {
  switch (kind) {
    case 'qa':
      return ['title', 'body'];
    case 'article':
      return ['title', 'summary', 'body'];
    case 'page':
      return ['title', 'body'];
    case 'banner':
      return ['title'];
  }
}

export type LangFill = 'filled' | 'partial' | 'empty';

/**
 * How much of a language is written among the `required` texts: all of them, some, or none. Optional texts
 * (a summary) count only to tell "empty" from "partial".
 */
export function langFill(texts: LocalizedText[], required: number, lang: Locale): LangFill {
  const written = texts.map((t) => t[lang].trim() !== '');
  if (!written.some(Boolean)) return 'empty';
  return written.slice(0, required).every(Boolean) ? 'filled' : 'partial';
}

/** The languages in their order, for the tabs. */
export const LANGS: readonly Locale[] = LOCALES;

// ---- Pet profiles ----

export interface PetFormValues {
  base_id: string;
  name: LocalizedText;
  species: PetSpecies | '';
  photos: string[];
  story: LocalizedText;
  published: boolean;
  sort_order: string;
}

export const emptyPetForm = (): PetFormValues => ({
  base_id: '',
  name: emptyLocalizedText(),
  species: '',
  photos: [],
  story: emptyLocalizedText(),
  published: true,
  sort_order: '0',
});

export function petToForm(p: AdminPet): PetFormValues {
  return {
    base_id: String(p.base_id),
    name: { ...p.name },
    species: p.species,
    photos: [...p.photos],
    story: { ...p.story },
    published: p.published,
    sort_order: String(p.sort_order),
  };
}

export function petFormToBody(v: PetFormValues) {
  return {
    base_id: numberOf(v.base_id),
    name: v.name,
    species: v.species,
    photos: v.photos.map((p) => p.trim()).filter((p) => p !== ''),
    story: v.story,
    published: v.published,
    sort_order: numberOf(v.sort_order),
  };
}

export function petResolver(id: number | null) {
  return id === null
    ? bodyResolver(AdminPetCreateBodySchema, petFormToBody)
    : bodyResolver(AdminPetUpdateBodySchema, (v: PetFormValues) => ({ ...petFormToBody(v), id }));
}
