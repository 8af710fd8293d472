import {
  SUPPORT_LIMITS,
  type ConsoleSupportApplication,
  type ConsoleSupportApplicationListBody,
  type ConsoleSupportApplicationListData,
  type ConsoleSupportReviewBody,
  type Locale,
  type SupportApplication,
  type SupportApplicationListBody,
  type SupportApplicationListData,
  type SupportApplyBody,
  type SupportTypeListData,
} from '@petheart/contracts';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../http/errors';
import type { ApplicationRow, SupportApplicationRepository } from './application-repository';
import { toApplication, toConsoleApplication, typeName, type StoredSupportType } from './presenter';

export interface SupportApplicationServiceDeps {
  applications: SupportApplicationRepository;
  /** The support types of the settings (config support_types). */
  supportTypes: () => Promise<StoredSupportType[]>;
  clock: Clock;
}

/**
 * Support requests (decision 016): a user applies for a shelter; the console reviews it once, pending (0) →
 * approved (1) or rejected (2, with the reason the applicant sees). Applicants see only their own.
 */
export class SupportApplicationService {
  private readonly reviewedListeners = new Set<(application: ApplicationRow) => void>();

  constructor(private readonly deps: SupportApplicationServiceDeps) {}

  /** Listens to reviews, after each is stored (e.g. the applicant's notification); returns the unsubscribe. */
  onReviewed(listener: (application: ApplicationRow) => void): () => void {
    this.reviewedListeners.add(listener);
    return () => this.reviewedListeners.delete(listener);
  }

  /** POST /api/support/types: the types in the request's language. */
  async types(locale: Locale): Promise<SupportTypeListData> {
    const types = await this.deps.supportTypes();
    return { list: types.map((t) => ({ id: t.id, name: typeName(types, t.id, locale) })) };
  }

  /** POST /api/support/apply. At most SUPPORT_LIMITS.maxPendingApplications waiting per user. */
  async apply(userId: number, body: SupportApplyBody, locale: Locale): Promise<SupportApplication> {
    const types = await this.deps.supportTypes();
    if (!types.some((t) => t.id === body.application_type_id)) throw new AppError('support_type_unknown');
    const pending = await this.deps.applications.countPending(userId);
    if (pending >= SUPPORT_LIMITS.maxPendingApplications) throw new AppError('support_apply_limit', { count: pending });
    const now = this.deps.clock.now();
    const row = await this.deps.applications.insert({
      userId,
      animalNums: body.animal_nums,
      applicant: body.applicant,
      mobile: body.mobile,
      wechatNumber: body.wechat_number,
      applicationTypeId: body.application_type_id,
      address: body.address,
      name: body.name,
      latitude: body.latitude,
      longitude: body.longitude,
      description: body.description,
      createdAt: now,
      updatedAt: now,
    });
    return toApplication(row, typeName(types, row.applicationTypeId, locale), []);
  }

  /** POST /api/support/applications: the user's own, newest first. */
  async mine(userId: number, query: SupportApplicationListBody, locale: Locale): Promise<SupportApplicationListData> {
    const { page, limit } = query;
    const [types, { rows, total }] = await Promise.all([
      this.deps.supportTypes(),
      this.deps.applications.listByUser(userId, query.status, page, limit),
    ]);
    const events = await this.deps.applications.eventIdsOf(rows.map((r) => r.id));
    return {
      list: rows.map((r) => toApplication(r, typeName(types, r.applicationTypeId, locale), events.get(r.id) ?? [])),
      total,
      page,
      limit,
    };
  }

  /** POST /api/support/application: one of the user's own (another user's answers like a missing one). */
  async one(userId: number, id: number, locale: Locale): Promise<SupportApplication> {
    const row = await this.deps.applications.byId(id);
    if (row?.userId !== userId) throw new AppError('not_found');
    const [types, events] = await Promise.all([this.deps.supportTypes(), this.deps.applications.eventIdsOf([row.id])]);
    return toApplication(row, typeName(types, row.applicationTypeId, locale), events.get(row.id) ?? []);
  }

  /** POST /api/admin/support/applications. */
  async consoleList(
    query: ConsoleSupportApplicationListBody,
    locale: Locale,
  ): Promise<ConsoleSupportApplicationListData> {
    const { page, limit } = query;
    const [types, { rows, total }] = await Promise.all([
      this.deps.supportTypes(),
      this.deps.applications.listForConsole({ status: query.status, keyword: query.keyword }, page, limit),
    ]);
    const events = await this.deps.applications.eventIdsOf(rows.map((r) => r.application.id));
    return {
      list: rows.map((v) =>
        toConsoleApplication(
          v,
          typeName(types, v.application.applicationTypeId, locale),
          events.get(v.application.id) ?? [],
        ),
      ),
      total,
      page,
      limit,
    };
  }

  /** POST /api/admin/support/application: one application with its applicant and reviewer. */
  async consoleOne(id: number, locale: Locale): Promise<ConsoleSupportApplication> {
    const v = await this.deps.applications.withPeople(id);
    if (!v) throw new AppError('not_found');
    const [types, events] = await Promise.all([this.deps.supportTypes(), this.deps.applications.eventIdsOf([id])]);
    return toConsoleApplication(v, typeName(types, v.application.applicationTypeId, locale), events.get(id) ?? []);
  }

  /** POST /api/admin/support/review: approves or rejects a pending application, once. */
  async review(adminId: number, body: ConsoleSupportReviewBody, locale: Locale): Promise<ConsoleSupportApplication> {
    const reviewed = await this.deps.applications.review(body.id, {
      status: body.status,
      reason: body.reason,
      reviewerId: adminId,
      now: this.deps.clock.now(),
    });
    if (!reviewed) {
      const existing = await this.deps.applications.byId(body.id);
      throw new AppError(existing ? 'application_reviewed' : 'not_found');
    }
    for (const listener of this.reviewedListeners) listener(reviewed);
    return this.consoleOne(body.id, locale);
  }
}
