import { z } from 'zod';
import { PageQuerySchema, pagedList } from './envelope';
import { BooleanSchema, coercedRowId, IntSchema, MobileSchema, requiredText, StringSchema } from './fields';
import { SupportTypeSchema } from './configuration';
import { ShownTextLangSchema } from './text-lang';

/**
 * Support (issue 6, decision 015): shelters apply for help (reviewed in the console); an approved
 * application is a rescue station, and the console publishes support events for it, each with items
 * priced per point in coins. Users give points of an item with coins, or pay for them with money
 * (help-pay, through the payment provider). Progress is points: completed of target.
 */

/** Review of an application: Pending (0), Approved (1), Rejected (2). */
export const SUPPORT_REVIEW_STATUS = { pending: 0, approved: 1, rejected: 2 } as const;
export const SupportReviewStatusSchema = z.union([z.literal(0), z.literal(1), z.literal(2)]);
export type SupportReviewStatus = z.infer<typeof SupportReviewStatusSchema>;

/** An event is live (open for support) or closed (shown, no longer supported). */
export const SUPPORT_EVENT_STATUSES = ['live', 'closed'] as const;
export const SupportEventStatusSchema = z.enum(SUPPORT_EVENT_STATUSES);
export type SupportEventStatus = z.infer<typeof SupportEventStatusSchema>;

/** How a gift was paid: coins from the wallet, or money through help-pay. */
export const SupportGiftSourceSchema = z.enum(['coins', 'help_pay']);
export type SupportGiftSource = z.infer<typeof SupportGiftSourceSchema>;

/**
 * What one coin is worth when a point is paid with money (help-pay), smallest currency unit: 10 fen
 * (the base recharge rate, 60 coins for 6.00 CNY, bonus coins left out). A point priced 30 coins costs 3.00.
 */
export const COIN_VALUE_FEN = 10;

/** Limits of the forms (shared by the server and the web app). */
export const SUPPORT_LIMITS = {
  maxAnimals: 100_000,
  maxPointsPerGift: 10_000,
  maxItemsPerEvent: 20,
  maxItemPrice: 100_000,
  maxItemTarget: 1_000_000,
  /** Applications a user may have waiting for review at once. */
  maxPendingApplications: 3,
} as const;

const id = (key: 'v.invalid' | 'v.supportType' | 'v.supportItem' | 'v.rescueStation' = 'v.invalid') =>
  coercedRowId(key);

export const SupportIdBodySchema = z.object({ id: id() });
export type SupportIdBody = z.infer<typeof SupportIdBodySchema>;

const Latitude = z.number({ error: 'v.supportLocation' }).min(-90, { error: 'v.latitude' }).max(90, {
  error: 'v.latitude',
});
const Longitude = z.number({ error: 'v.supportLocation' }).min(-180, { error: 'v.longitude' }).max(180, {
  error: 'v.longitude',
});

// ---- POST /api/support/apply ----

export const SupportApplyBodySchema = z.object({
  /** How many animals the shelter looks after. */
  animal_nums: z.coerce
    .number({ error: 'v.supportAnimals' })
    .int({ error: 'v.supportAnimals' })
    .min(1, { error: 'v.supportAnimals' })
    .max(SUPPORT_LIMITS.maxAnimals, { error: 'v.supportAnimals' }),
  /** The person applying. */
  applicant: requiredText('v.supportApplicant', 30),
  mobile: MobileSchema,
  wechat_number: requiredText('v.wechatNumber', 64).regex(/^[A-Za-z0-9_+.@-]+$/, { error: 'v.wechatNumberFormat' }),
  /** A support type from config (support_types[].id). */
  application_type_id: id('v.supportType'),
  /** The shelter's address as picked on the map (and corrected by hand). */
  address: requiredText('v.address', 200),
  /** The shelter's name. */
  name: requiredText('v.shelterName', 60),
  /** Where the picked place is (the maps service's answer). */
  latitude: Latitude,
  longitude: Longitude,
  /** What the shelter needs, in the applicant's words (optional). */
  description: StringSchema.trim().max(1000, { error: 'v.tooLong' }).default(''),
});
export type SupportApplyBody = z.infer<typeof SupportApplyBodySchema>;

/** An application as its applicant (and the console) sees it. */
export const SupportApplicationSchema = z.object({
  id: IntSchema,
  animal_nums: IntSchema,
  applicant: StringSchema,
  mobile: StringSchema,
  wechat_number: StringSchema,
  application_type_id: IntSchema,
  /** The type's name in the request's language ('' when the type was removed from config). */
  application_type: StringSchema,
  address: StringSchema,
  name: StringSchema,
  latitude: z.number(),
  longitude: z.number(),
  description: StringSchema,
  status: SupportReviewStatusSchema,
  /** The reviewer's reason (always given when rejected); '' otherwise. */
  reason: StringSchema,
  /** Unix seconds. */
  created_at: IntSchema,
  reviewed_at: IntSchema.nullable(),
  /** Events published for this shelter (newest first). */
  event_ids: z.array(IntSchema),
});
export type SupportApplication = z.infer<typeof SupportApplicationSchema>;

// ---- POST /api/support/applications (mine, newest first) | /api/support/application {id} (own only) ----

export const SupportApplicationListBodySchema = PageQuerySchema.extend({
  status: z.coerce.number().pipe(SupportReviewStatusSchema).optional(),
});
export type SupportApplicationListBody = z.infer<typeof SupportApplicationListBodySchema>;
export const SupportApplicationListDataSchema = pagedList(SupportApplicationSchema);
export type SupportApplicationListData = z.infer<typeof SupportApplicationListDataSchema>;

// ---- POST /api/support/types (from config, in the request's language) ----

export const SupportTypeListDataSchema = z.object({ list: z.array(SupportTypeSchema) });
export type SupportTypeListData = z.infer<typeof SupportTypeListDataSchema>;

// ---- Events and items ----

/** A rescue station: an approved application's shelter (its id is the application's id). */
export const RescueStationSchema = z.object({
  id: IntSchema,
  name: StringSchema,
  address: StringSchema,
  latitude: z.number(),
  longitude: z.number(),
  animal_nums: IntSchema,
});
export type RescueStation = z.infer<typeof RescueStationSchema>;

export const SupportItemSchema = z.object({
  id: IntSchema,
  title: StringSchema,
  /** Price per point, coins. */
  price: IntSchema,
  /** What one point gives (e.g. "1 kg of cat food"). */
  gift: StringSchema,
  /** Points given so far, and wanted. */
  completed: IntSchema,
  target: IntSchema,
  /** How many different people gave to it. */
  supporters: IntSchema,
});
export type SupportItem = z.infer<typeof SupportItemSchema>;

export const SupportEventSummarySchema = z.object({
  id: IntSchema,
  title: StringSchema,
  /** Cover image address ('' = none: the app shows its default). */
  cover: StringSchema,
  status: SupportEventStatusSchema,
  station: RescueStationSchema,
  /** Points given and wanted over all its items. */
  completed: IntSchema,
  target: IntSchema,
  supporters: IntSchema,
  item_count: IntSchema,
  /** Unix seconds. */
  created_at: IntSchema,
  /**
   * The language `title` (and the detail's `description`) are shown in (issue 29 §5): the reader's where a
   * translation is there, else the one they were written in ('' = unknown).
   */
  text_lang: ShownTextLangSchema,
});
export type SupportEventSummary = z.infer<typeof SupportEventSummarySchema>;

export const SupportEventDetailSchema = SupportEventSummarySchema.extend({
  description: StringSchema,
  items: z.array(SupportItemSchema),
});
export type SupportEventDetail = z.infer<typeof SupportEventDetailSchema>;

// ---- POST /api/support/events (paged; live first, then closed; newest first) | /api/support/event {id} ----

export const SupportEventListBodySchema = PageQuerySchema.extend({ status: SupportEventStatusSchema.optional() });
export type SupportEventListBody = z.infer<typeof SupportEventListBodySchema>;
export const SupportEventListDataSchema = pagedList(SupportEventSummarySchema);
export type SupportEventListData = z.infer<typeof SupportEventListDataSchema>;

// ---- POST /api/support/give: points of an item paid with coins (idempotent per key) ----

/** A client's idempotency key: one per tap on Support (a retry of the same tap sends the same key). */
export const SupportIdempotencyKeySchema = z
  .string({ error: 'v.invalid' })
  .trim()
  .min(8, { error: 'v.invalid' })
  .max(100, { error: 'v.invalid' })
  .regex(/^[A-Za-z0-9_-]+$/, { error: 'v.invalid' });

const Points = z.coerce
  .number({ error: 'v.supportPoints' })
  .int({ error: 'v.supportPoints' })
  .min(1, { error: 'v.supportPoints' })
  .max(SUPPORT_LIMITS.maxPointsPerGift, { error: 'v.supportPoints' });

export const SupportGiveBodySchema = z.object({
  item_id: id('v.supportItem'),
  points: Points,
  idempotency_key: SupportIdempotencyKeySchema,
});
export type SupportGiveBody = z.infer<typeof SupportGiveBodySchema>;

export const SupportGiftSchema = z.object({
  id: IntSchema,
  item_id: IntSchema,
  event_id: IntSchema,
  points: IntSchema,
  /** Coins given (help-pay: the coin value of what was paid). */
  coins: IntSchema,
  source: SupportGiftSourceSchema,
  created_at: IntSchema,
});
export type SupportGift = z.infer<typeof SupportGiftSchema>;

export const SupportGiveDataSchema = z.object({
  gift: SupportGiftSchema,
  /** The item's progress after the gift. */
  item: SupportItemSchema,
  /** The giver's coins left (userinfo.balance). */
  balance: IntSchema,
  /** True when this key was used before: the first gift is answered, nothing moved again. */
  replayed: BooleanSchema,
});
export type SupportGiveData = z.infer<typeof SupportGiveDataSchema>;

// ---- POST /api/support/supporters {event_id | item_id}: the gifts, newest first ----

export const SupportSupportersBodySchema = PageQuerySchema.extend({
  event_id: id().optional(),
  item_id: id().optional(),
}).refine((b) => (b.event_id === undefined) !== (b.item_id === undefined), {
  error: 'v.supportTarget',
  path: ['event_id'],
});
export type SupportSupportersBody = z.infer<typeof SupportSupportersBodySchema>;

export const SupporterSchema = z.object({
  gift_id: IntSchema,
  user: z.object({ id: IntSchema, nickname: StringSchema, avatar: StringSchema }),
  item_id: IntSchema,
  item_title: StringSchema,
  points: IntSchema,
  coins: IntSchema,
  source: SupportGiftSourceSchema,
  created_at: IntSchema,
});
export type Supporter = z.infer<typeof SupporterSchema>;
export const SupportSupportersDataSchema = pagedList(SupporterSchema);
export type SupportSupportersData = z.infer<typeof SupportSupportersDataSchema>;

// ---- Help-pay: POST /api/support/orderConfirm (before paying), POST /api/balance/HelpPay → data.response ----

export const HelpPayBodySchema = z.object({
  /** The support item paid for. */
  id: id('v.supportItem'),
  /** The rescue station paid to (the item's event's station). */
  rescue_station_id: id('v.rescueStation'),
  /** Points paid for (default 1). */
  points: Points.default(1),
  /** The payer's openid in the messenger (WeChat JSAPI needs it; the sandbox ignores it). */
  openid: StringSchema.trim().max(128, { error: 'v.tooLong' }).optional(),
});
export type HelpPayBody = z.infer<typeof HelpPayBodySchema>;

export const OrderConfirmBodySchema = HelpPayBodySchema.omit({ openid: true });
export type OrderConfirmBody = z.infer<typeof OrderConfirmBodySchema>;

/** What is paid and to whom (the order confirmation page). */
export const OrderConfirmDataSchema = z.object({
  station: RescueStationSchema,
  event: z.object({
    id: IntSchema,
    title: StringSchema,
    status: SupportEventStatusSchema,
    /** The language `title` is shown in (as SupportEventSummary's). */
    text_lang: ShownTextLangSchema,
  }),
  item: SupportItemSchema,
  points: IntSchema,
  /** The coin value given to the item. */
  coins: IntSchema,
  /** What the payer pays, smallest currency unit (points × price × COIN_VALUE_FEN). */
  amount: IntSchema,
  currency: StringSchema,
  /** Points the item still needs. */
  remaining: IntSchema,
});
export type OrderConfirmData = z.infer<typeof OrderConfirmDataSchema>;

// ---- POST /api/support/myGifts (login): the user's support history, newest first ----

export const MyGiftListBodySchema = PageQuerySchema;
export const MyGiftSchema = z.object({
  id: IntSchema,
  event_id: IntSchema,
  /** The event's title in the reader's language where translated, and the language shown. */
  event_title: StringSchema,
  text_lang: ShownTextLangSchema,
  event_cover: StringSchema,
  event_status: SupportEventStatusSchema,
  item_id: IntSchema,
  item_title: StringSchema,
  points: IntSchema,
  /** Coins given (help-pay: the coin value of what was paid). */
  coins: IntSchema,
  source: SupportGiftSourceSchema,
  /** Unix seconds. */
  created_at: IntSchema,
});
export type MyGift = z.infer<typeof MyGiftSchema>;
export const MyGiftListDataSchema = pagedList(MyGiftSchema);
export type MyGiftListData = z.infer<typeof MyGiftListDataSchema>;
