import {
  SUPPORT_LIMITS,
  cleanTranslations,
  type Locale,
  type ConsoleSupportEvent,
  type ConsoleSupportEventCreateBody,
  type ConsoleSupportEventListBody,
  type ConsoleSupportEventListData,
  type ConsoleSupportEventUpdateBody,
  type SupportEventDetail,
  type SupportEventListBody,
  type SupportEventListData,
  type SupportSupportersBody,
  type SupportSupportersData,
} from '@petheart/contracts';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../http/errors';
import { seconds } from '../../lib/time';
import type { SupportApplicationRepository } from './application-repository';
import { NO_PROGRESS, type EventWithStation, type SupportEventRepository } from './event-repository';
import type { SupportGiftRepository } from './gift-repository';
import { textLangOf } from '../../lib/text-lang';
import { eventTexts, eventTranslations, toEventSummary, toItem, toSupporter } from './presenter';

/** Images must be uploads (content's UploadedImages): the path of an address, '' stays ''. */
export interface CoverImages {
  one(address: string): Promise<string>;
}

export interface SupportEventServiceDeps {
  events: SupportEventRepository;
  applications: SupportApplicationRepository;
  gifts: SupportGiftRepository;
  images: CoverImages;
  clock: Clock;
}

/**
 * Support events (decision 016): published by the console for approved applications, with items priced per
 * point; everyone (tourists too) sees them with their progress and supporters.
 */
export class SupportEventService {
  constructor(private readonly deps: SupportEventServiceDeps) {}

  /** POST /api/support/events: live first, then closed; newest first; titles in the reader's language where translated. */
  async list(query: SupportEventListBody, reader: Locale): Promise<SupportEventListData> {
    const { page, limit } = query;
    const { rows, total } = await this.deps.events.listEvents({ status: query.status }, page, limit);
    const progress = await this.deps.events.progressOf(rows.map((r) => r.event.id));
    return {
      list: rows.map((r) => toEventSummary(r, progress.get(r.event.id) ?? NO_PROGRESS, reader)),
      total,
      page,
      limit,
    };
  }

  /** POST /api/support/event: one event with its items, its texts in the reader's language where translated. */
  async detail(id: number, reader: Locale): Promise<SupportEventDetail> {
    const found = await this.deps.events.eventById(id);
    if (!found) throw new AppError('not_found');
    return this.present(found, reader);
  }

  /** POST /api/support/supporters: the gifts to an event or to one item, newest first. */
  async supporters(query: SupportSupportersBody): Promise<SupportSupportersData> {
    const { page, limit } = query;
    const target = query.item_id !== undefined ? { itemId: query.item_id } : { eventId: query.event_id ?? 0 };
    const { rows, total } = await this.deps.gifts.list(target, page, limit);
    return { list: rows.map(toSupporter), total, page, limit };
  }

  /** POST /api/admin/support/events. */
  async consoleList(query: ConsoleSupportEventListBody): Promise<ConsoleSupportEventListData> {
    const { page, limit } = query;
    const { rows, total } = await this.deps.events.listEvents(
      { status: query.status, applicationId: query.application_id },
      page,
      limit,
    );
    const progress = await this.deps.events.progressOf(rows.map((r) => r.event.id));
    return {
      list: rows.map((r) => ({
        ...toEventSummary(r, progress.get(r.event.id) ?? NO_PROGRESS, null),
        application_id: r.event.applicationId,
      })),
      total,
      page,
      limit,
    };
  }

  /** POST /api/admin/support/event: one event as the console sees it (texts as written, with their translations). */
  async consoleDetail(id: number): Promise<ConsoleSupportEvent> {
    const found = await this.deps.events.eventById(id);
    if (!found) throw new AppError('not_found');
    const [detail, progress] = await Promise.all([this.present(found, null), this.deps.events.progressOf([id])]);
    const p = progress.get(id) ?? NO_PROGRESS;
    const creator = found.event.createdBy === null ? null : await this.deps.applications.person(found.event.createdBy);
    return {
      ...detail,
      application_id: found.event.applicationId,
      created_by: creator ?? null,
      coins: p.coins,
      help_pay_amount: p.helpPayAmount,
      updated_at: seconds(found.event.updatedAt),
      translations: eventTranslations(found.event),
    };
  }

  /**
   * POST /api/admin/support/event/create: a live event for an approved application, with its items; its texts
   * in `writer`'s language (the request's) unless the body says.
   */
  async create(adminId: number, body: ConsoleSupportEventCreateBody, writer: Locale): Promise<ConsoleSupportEvent> {
    const application = await this.deps.applications.byId(body.application_id);
    if (!application) throw new AppError('not_found');
    if (application.status !== 1) throw new AppError('application_not_approved');
    const cover = await this.deps.images.one(body.cover);
    const now = this.deps.clock.now();
    const textLang = body.text_lang ?? writer;
    const id = await this.deps.events.transaction(async (repo) => {
      const event = await repo.insertEvent({
        applicationId: application.id,
        title: body.title,
        description: body.description,
        cover,
        status: 'live',
        textLang,
        translations: cleanTranslations(body.translations, textLang),
        createdBy: adminId,
        createdAt: now,
        updatedAt: now,
      });
      await repo.insertItems(
        body.items.map((item, i) => ({
          eventId: event.id,
          title: item.title,
          price: item.price,
          gift: item.gift,
          target: item.target,
          sortOrder: i + 1,
          createdAt: now,
        })),
      );
      return event.id;
    });
    return this.consoleDetail(id);
  }

  /**
   * POST /api/admin/support/event/update: the fields given change; listed items with an id change their
   * texts and target (the price is fixed, the target never below what was given), items without one are
   * added. In one transaction with the event locked: nothing changes when any part is refused. The texts'
   * language: the body's, else `writer`'s when title or description change, else as it was; translations sent
   * replace the stored ones.
   */
  async update(body: ConsoleSupportEventUpdateBody, writer: Locale): Promise<ConsoleSupportEvent> {
    const cover = body.cover === undefined ? undefined : await this.deps.images.one(body.cover);
    const now = this.deps.clock.now();
    await this.deps.events.transaction(async (repo) => {
      const event = await repo.lockEvent(body.id);
      if (!event) throw new AppError('not_found');
      const textsChange =
        (body.title !== undefined && body.title !== event.title) ||
        (body.description !== undefined && body.description !== event.description);
      const textLang = body.text_lang ?? (textsChange ? writer : textLangOf(event.textLang));
      await repo.updateEvent(event.id, {
        ...(textLang === event.textLang ? {} : { textLang }),
        ...(body.translations === undefined ? {} : { translations: cleanTranslations(body.translations, textLang) }),
        ...(body.title === undefined ? {} : { title: body.title }),
        ...(body.description === undefined ? {} : { description: body.description }),
        ...(cover === undefined ? {} : { cover }),
        ...(body.status === undefined ? {} : { status: body.status }),
        updatedAt: now,
      });
      if (!body.items) return;
      const existing = new Map((await repo.itemsOf(event.id)).map((i) => [i.id, i]));
      const added = body.items.filter((i) => i.id === undefined);
      if (existing.size + added.length > SUPPORT_LIMITS.maxItemsPerEvent) throw new AppError('validation_failed');
      for (const item of body.items) {
        if (item.id === undefined) continue;
        const current = existing.get(item.id);
        if (!current) throw new AppError('not_found');
        if (current.price !== item.price) throw new AppError('support_price_fixed');
        const changed = await repo.updateItem(item.id, event.id, {
          title: item.title,
          gift: item.gift,
          target: item.target,
        });
        // The row lock makes `completed` current: a gift may have landed since it was read.
        if (!changed) throw new AppError('support_target_too_low', { completed: current.completed });
      }
      let order = await repo.lastSortOrder(event.id);
      await repo.insertItems(
        added.map((item) => ({
          eventId: event.id,
          title: item.title,
          price: item.price,
          gift: item.gift,
          target: item.target,
          sortOrder: (order += 1),
          createdAt: now,
        })),
      );
    });
    return this.consoleDetail(body.id);
  }

  private async present(found: EventWithStation, reader: Locale | null): Promise<SupportEventDetail> {
    const id = found.event.id;
    const [items, progress] = await Promise.all([this.deps.events.itemsOf(id), this.deps.events.progressOf([id])]);
    const supporters = await this.deps.events.supportersOf(items.map((i) => i.id));
    return {
      ...toEventSummary(found, progress.get(id) ?? NO_PROGRESS, reader),
      description: eventTexts(found.event, reader).description,
      items: items.map((i) => toItem(i, supporters.get(i.id) ?? 0)),
    };
  }
}
