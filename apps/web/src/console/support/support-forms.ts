import type { ConsoleSupportApplication, ConsoleSupportEvent, Locale, SupportEventStatus } from '@petheart/contracts';
import {
  emptyTranslations,
  translationsBody,
  translationsToForm,
  writtenInOf,
  type TranslationsForm,
} from '../shared/translations';

/**
 * The support event form (console): texts, cover, live/closed, and its items as typed. Numbers stay text
 * until sent; the contracts' schemas (ConsoleSupportEventCreate/UpdateBodySchema, coerced numbers) check them.
 */
export interface ItemRow {
  /** An existing item's id ('' = a new item); not `id`, which react-hook-form's field arrays use. */
  itemId: string;
  title: string;
  /** Coins per point (fixed once the item exists). */
  price: string;
  gift: string;
  /** Points wanted (never below `completed`). */
  target: string;
  /** Points given so far (0 for a new item). */
  completed: number;
}

export interface EventFormValues {
  title: string;
  description: string;
  cover: string;
  status: SupportEventStatus;
  items: ItemRow[];
  /** The language title and description are written in, and their translations (issue 29 §5). */
  text_lang: Locale;
  translations: TranslationsForm<'title' | 'description'>;
}

/** The texts of an event written in one language that the console may translate. */
export const EVENT_TRANSLATED = ['title', 'description'] as const;

export const blankItem = (): ItemRow => ({ itemId: '', title: '', price: '', gift: '', target: '', completed: 0 });

/**
 * A new event for an approved application: named after the shelter, one empty item to fill, its texts in the
 * writer's language (the console's).
 */
export function newEventForm(app: Pick<ConsoleSupportApplication, 'name'>, writer: Locale = 'en'): EventFormValues {
  return {
    title: app.name,
    description: '',
    cover: '',
    status: 'live',
    items: [blankItem()],
    text_lang: writer,
    translations: emptyTranslations(EVENT_TRANSLATED),
  };
}

/** An event as the form shows it; `writer` is the console's language (for texts of unknown language). */
export function eventToForm(e: ConsoleSupportEvent, writer: Locale = 'en'): EventFormValues {
  return {
    text_lang: writtenInOf(e.text_lang, writer),
    translations: translationsToForm(e.translations, EVENT_TRANSLATED),
    title: e.title,
    description: e.description,
    cover: e.cover,
    status: e.status,
    items: e.items.map((i) => ({
      itemId: String(i.id),
      title: i.title,
      price: String(i.price),
      gift: i.gift,
      target: String(i.target),
      completed: i.completed,
    })),
  };
}

/** Blank numbers stay blank ('' fails the schema's number check with the field's own message). */
const num = (text: string): number | string => {
  const t = text.trim();
  return t === '' ? '' : Number(t);
};

/** The body of supportConsoleEndpoints.eventCreate: the application (rescue station) and the event with its items. */
export function createEventBody(applicationId: number, v: EventFormValues) {
  return {
    application_id: applicationId,
    title: v.title,
    description: v.description,
    cover: v.cover,
    items: v.items.map((i) => ({ title: i.title, price: num(i.price), gift: i.gift, target: num(i.target) })),
    text_lang: v.text_lang,
    translations: translationsBody(v.translations, v.text_lang),
  };
}

/**
 * The body of supportConsoleEndpoints.eventUpdate: everything the form shows. Existing items go with their id (the
 * price as it was: it is fixed), new ones without; items are never removed (supporters gave to them).
 */
export function updateEventBody(id: number, v: EventFormValues) {
  return {
    id,
    title: v.title,
    description: v.description,
    cover: v.cover,
    status: v.status,
    items: v.items.map((i) => ({
      ...(i.itemId ? { id: Number(i.itemId) } : {}),
      title: i.title,
      price: num(i.price),
      gift: i.gift,
      target: num(i.target),
    })),
    text_lang: v.text_lang,
    translations: translationsBody(v.translations, v.text_lang),
  };
}

/** Progress as a whole percentage (0–100) of points given of points wanted. */
export function progressPercent(completed: number, target: number): number {
  if (target <= 0) return 0;
  return Math.min(100, Math.floor((completed * 100) / target));
}
