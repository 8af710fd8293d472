import {
  pickTexts,
  type ConsoleSupportApplication,
  type EventTranslations,
  type Locale,
  type MyGift,
  type TextLang,
  type RescueStation,
  type SupportApplication,
  type SupportEventSummary,
  type SupportGift,
  type SupportItem,
  type SupportReviewStatus,
  type Supporter,
} from '@petheart/contracts';
import { seconds } from '../../lib/time';
import { storedTranslations, textLangOf } from '../../lib/text-lang';
import type { ApplicationRow, ApplicationWithPeople } from './application-repository';
import type { EventProgress, EventRow, EventWithStation, ItemRow } from './event-repository';
import type { GiftRow, GiftView, MyGiftRow } from './gift-repository';

/** A support type as stored in the settings: names in the product languages. */
export interface StoredSupportType {
  id: number;
  name: Record<string, string>;
}

/** A type's name in a language (English, then '' when the type is gone from the settings). */
export function typeName(types: StoredSupportType[], id: number, locale: Locale): string {
  const type = types.find((t) => t.id === id);
  return type ? (type.name[locale] ?? type.name.en ?? '') : '';
}

const reviewStatus = (status: number): SupportReviewStatus => (status === 1 ? 1 : status === 2 ? 2 : 0);

export function toApplication(row: ApplicationRow, type: string, eventIds: number[]): SupportApplication {
  return {
    id: row.id,
    animal_nums: row.animalNums,
    applicant: row.applicant,
    mobile: row.mobile,
    wechat_number: row.wechatNumber,
    application_type_id: row.applicationTypeId,
    application_type: type,
    address: row.address,
    name: row.name,
    latitude: row.latitude,
    longitude: row.longitude,
    description: row.description,
    status: reviewStatus(row.status),
    reason: row.reason,
    created_at: seconds(row.createdAt),
    reviewed_at: row.reviewedAt ? seconds(row.reviewedAt) : null,
    event_ids: eventIds,
  };
}

export function toConsoleApplication(
  v: ApplicationWithPeople,
  type: string,
  eventIds: number[],
): ConsoleSupportApplication {
  return { ...toApplication(v.application, type, eventIds), user: v.user, reviewed_by: v.reviewer };
}

export function toStation(row: ApplicationRow): RescueStation {
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    latitude: row.latitude,
    longitude: row.longitude,
    animal_nums: row.animalNums,
  };
}

export function toItem(row: ItemRow, supporters: number): SupportItem {
  return {
    id: row.id,
    title: row.title,
    price: row.price,
    gift: row.gift,
    completed: row.completed,
    target: row.target,
    supporters,
  };
}

/** An event's title and description for a reader (their language where translated: issue 29 §5), or as written. */
export function eventTexts(
  e: Pick<EventRow, 'title' | 'description' | 'textLang' | 'translations'>,
  reader: Locale | null,
): { title: string; description: string; text_lang: TextLang } {
  if (reader === null) return { title: e.title, description: e.description, text_lang: textLangOf(e.textLang) };
  const { texts, lang } = pickTexts({ title: e.title, description: e.description }, e.textLang, e.translations, reader);
  return { ...texts, text_lang: lang };
}

/** The stored translations of an event's texts, as the console reads them back. */
export function eventTranslations(e: Pick<EventRow, 'translations'>): EventTranslations {
  return storedTranslations(e.translations, ['title', 'description'] as const);
}

/** An event in a list: its title for `reader` (null: as written, for the console). */
export function toEventSummary(
  v: EventWithStation,
  progress: EventProgress,
  reader: Locale | null,
): SupportEventSummary {
  const texts = eventTexts(v.event, reader);
  return {
    id: v.event.id,
    title: texts.title,
    text_lang: texts.text_lang,
    cover: v.event.cover,
    status: v.event.status,
    station: toStation(v.station),
    completed: progress.completed,
    target: progress.target,
    supporters: progress.supporters,
    item_count: progress.items,
    created_at: seconds(v.event.createdAt),
  };
}

export function toGift(row: GiftRow): SupportGift {
  return {
    id: row.id,
    item_id: row.itemId,
    event_id: row.eventId,
    points: row.points,
    coins: row.coins,
    source: row.source,
    created_at: seconds(row.createdAt),
  };
}

export function toSupporter(v: GiftView): Supporter {
  return {
    gift_id: v.gift.id,
    user: v.user,
    item_id: v.gift.itemId,
    item_title: v.itemTitle,
    points: v.gift.points,
    coins: v.gift.coins,
    source: v.gift.source,
    created_at: seconds(v.gift.createdAt),
  };
}

/** A gift in the giver's support history, the event's title in their language where translated. */
export function toMyGift(r: MyGiftRow, reader: Locale): MyGift {
  const texts = eventTexts(r.event, reader);
  return {
    id: r.gift.id,
    event_id: r.gift.eventId,
    event_title: texts.title,
    text_lang: texts.text_lang,
    event_cover: r.event.cover,
    event_status: r.event.status,
    item_id: r.gift.itemId,
    item_title: r.itemTitle,
    points: r.gift.points,
    coins: r.gift.coins,
    source: r.gift.source,
    created_at: seconds(r.gift.createdAt),
  };
}
