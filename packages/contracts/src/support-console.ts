import { z } from 'zod';
import { PageQuerySchema, pagedList } from './envelope';
import { coercedRowId, IntSchema, requiredText, StringSchema } from './fields';
import {
  SUPPORT_LIMITS,
  SupportApplicationSchema,
  SupportEventDetailSchema,
  SupportEventStatusSchema,
  SupportEventSummarySchema,
  SupportReviewStatusSchema,
} from './support';
import { EventTranslationsInputSchema, EventTranslationsSchema, WrittenInSchema } from './text-lang';

/** The console's side of support (decision 015): review applications, publish events with items. */

const id = coercedRowId('v.invalid');

const Person = z.object({ id: IntSchema, nickname: StringSchema, email: StringSchema.nullable() });

export const ConsoleSupportApplicationSchema = SupportApplicationSchema.extend({
  user: Person,
  reviewed_by: Person.nullable(),
});
export type ConsoleSupportApplication = z.infer<typeof ConsoleSupportApplicationSchema>;

// ---- POST /api/admin/support/applications (oldest pending first when filtered to pending, else newest) ----

export const ConsoleSupportApplicationListBodySchema = PageQuerySchema.extend({
  status: z.coerce.number().pipe(SupportReviewStatusSchema).optional(),
  /** Part of the shelter's name, the applicant, the mobile number or the address. */
  keyword: StringSchema.trim().max(100, { error: 'v.tooLong' }).optional(),
});
export type ConsoleSupportApplicationListBody = z.infer<typeof ConsoleSupportApplicationListBodySchema>;
export const ConsoleSupportApplicationListDataSchema = pagedList(ConsoleSupportApplicationSchema);
export type ConsoleSupportApplicationListData = z.infer<typeof ConsoleSupportApplicationListDataSchema>;

// ---- POST /api/admin/support/review {id, status 1|2, reason} (pending applications only) ----

export const ConsoleSupportReviewBodySchema = z
  .object({
    id,
    status: z.union([z.literal(1), z.literal(2)], { error: 'v.reviewStatus' }),
    /** Required when rejecting (the applicant sees it); optional note when approving. */
    reason: StringSchema.trim().max(500, { error: 'v.tooLong' }).default(''),
  })
  .refine((b) => b.status !== 2 || b.reason !== '', { error: 'v.rejectRemark', path: ['reason'] });
export type ConsoleSupportReviewBody = z.infer<typeof ConsoleSupportReviewBodySchema>;

// ---- POST /api/admin/support/event/create | /api/admin/support/event/update ----

export const ConsoleSupportItemInputSchema = z.object({
  /** An existing item (update only); without it a new item is added. */
  id: id.optional(),
  title: requiredText('v.supportItemTitle', 60),
  /** Coins per point. Fixed once the item exists (supporters paid it). */
  price: z.coerce
    .number({ error: 'v.supportPrice' })
    .int({ error: 'v.supportPrice' })
    .min(1, { error: 'v.supportPrice' })
    .max(SUPPORT_LIMITS.maxItemPrice, { error: 'v.supportPrice' }),
  gift: StringSchema.trim().max(200, { error: 'v.tooLong' }).default(''),
  /** Points wanted (never below the points already given). */
  target: z.coerce
    .number({ error: 'v.supportTargetPoints' })
    .int({ error: 'v.supportTargetPoints' })
    .min(1, { error: 'v.supportTargetPoints' })
    .max(SUPPORT_LIMITS.maxItemTarget, { error: 'v.supportTargetPoints' }),
});
export type ConsoleSupportItemInput = z.infer<typeof ConsoleSupportItemInputSchema>;

const EventFields = {
  title: requiredText('v.supportEventTitle', 80),
  description: StringSchema.trim().max(5000, { error: 'v.tooLong' }).default(''),
  /** An uploaded image's address, or '' for none. */
  cover: StringSchema.trim().max(500, { error: 'v.tooLong' }).default(''),
};

export const ConsoleSupportEventCreateBodySchema = z.object({
  /** The approved application (the rescue station) the event is for. */
  application_id: id,
  ...EventFields,
  items: z
    .array(ConsoleSupportItemInputSchema.omit({ id: true }), { error: 'v.supportItems' })
    .min(1, { error: 'v.supportItems' })
    .max(SUPPORT_LIMITS.maxItemsPerEvent, { error: 'v.supportItems' }),
  /** The language title and description are written in; absent = the request's language (issue 29 §5). */
  text_lang: WrittenInSchema.optional(),
  translations: EventTranslationsInputSchema.default({}),
});
export type ConsoleSupportEventCreateBody = z.infer<typeof ConsoleSupportEventCreateBodySchema>;

/**
 * Changes what is given (the rest stays). Items listed with an id are changed (title, gift, target; the
 * price must stay), items without an id are added, items left out stay as they are.
 */
export const ConsoleSupportEventUpdateBodySchema = z.object({
  id,
  title: EventFields.title.optional(),
  description: StringSchema.trim().max(5000, { error: 'v.tooLong' }).optional(),
  cover: StringSchema.trim().max(500, { error: 'v.tooLong' }).optional(),
  status: SupportEventStatusSchema.optional(),
  items: z
    .array(ConsoleSupportItemInputSchema, { error: 'v.supportItems' })
    .max(SUPPORT_LIMITS.maxItemsPerEvent, { error: 'v.supportItems' })
    .optional(),
  /** Absent: the request's language when title or description change, else as it was. */
  text_lang: WrittenInSchema.optional(),
  /** The whole set (languages left out are removed); absent = unchanged. */
  translations: EventTranslationsInputSchema.optional(),
});
export type ConsoleSupportEventUpdateBody = z.infer<typeof ConsoleSupportEventUpdateBodySchema>;

export const ConsoleSupportEventSchema = SupportEventDetailSchema.extend({
  application_id: IntSchema,
  created_by: Person.nullable(),
  /** Coins given to it in all (coins and help-pay), and paid with money (fen) through help-pay. */
  coins: IntSchema,
  help_pay_amount: IntSchema,
  updated_at: IntSchema,
  /** The console sees the texts as written (`text_lang` is their language) and their translations. */
  translations: EventTranslationsSchema.default({}),
});
export type ConsoleSupportEvent = z.infer<typeof ConsoleSupportEventSchema>;

// ---- POST /api/admin/support/events (newest first) | /api/admin/support/event {id} ----

export const ConsoleSupportEventListBodySchema = PageQuerySchema.extend({
  status: SupportEventStatusSchema.optional(),
  application_id: id.optional(),
});
export type ConsoleSupportEventListBody = z.infer<typeof ConsoleSupportEventListBodySchema>;
export const ConsoleSupportEventListDataSchema = pagedList(
  SupportEventSummarySchema.extend({ application_id: IntSchema }),
);
export type ConsoleSupportEventListData = z.infer<typeof ConsoleSupportEventListDataSchema>;
