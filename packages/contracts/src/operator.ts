import { z } from 'zod';
import { PageQuerySchema, pagedList } from './envelope';
import { BooleanSchema, IntSchema, MobileSchema, requiredText, rowId, safeInt, StringSchema } from './fields';
import { FeedIdempotencyKeySchema } from './feed';
import { ActorSchema } from './community';
import { cardNumberValid, cashoutQuote, normalizeCardNumber } from './cashout-rules';

/**
 * Base operators (issue 6, decision 015): the devices of the bases they run with revenue and feeding
 * counts, their earnings, and cash-out of earnings to a bank card; the console processes cash-outs.
 * Only base operators (users who are a base's operator) reach /api/manage/* and /api/cashout/*; others get
 * `not_operator`. Coins are integers; money is in the smallest currency unit (fen). Times are unix seconds.
 * "Today" is the UTC day, as everywhere else (a device's daily cap, grams today).
 */

const IdSchema = rowId('v.invalid');

// ---- Device management: POST /api/manage/devices (paged) ----

export const ManagedDeviceSchema = z.object({
  device_id: StringSchema,
  name: StringSchema,
  base_id: IntSchema,
  base_name: StringSchema,
  /** Days in operation, counting the day it first came online as day 1 (0 before that). */
  days_in_operation: IntSchema,
  /** The operator's revenue share rate, basis points (3000 = 30 %). */
  revenue_share_bp: IntSchema,
  /** Coins this operator earned from the device's feeds: in total and today. */
  revenue_share: IntSchema,
  revenue_share_today: IntSchema,
  /** online = the feeder or the camera answers; feeding needs both. */
  online: BooleanSchema,
  feeder_online: BooleanSchema,
  camera_online: BooleanSchema,
  /** Disabled in the console (it takes no feeds). */
  disabled: BooleanSchema,
  /** Acknowledged (succeeded) feeds on the device and the grams they dispensed: today and in total. */
  feeds_today: IntSchema,
  feeds_total: IntSchema,
  grams_today: IntSchema,
  grams_total: IntSchema,
});
export type ManagedDevice = z.infer<typeof ManagedDeviceSchema>;

export const ManageDeviceListBodySchema = PageQuerySchema;
export const ManageDeviceListDataSchema = pagedList(ManagedDeviceSchema);
export type ManageDeviceListData = z.infer<typeof ManageDeviceListDataSchema>;

// ---- POST /api/manage/summary ----

/** An earnings figure in coins and what it is worth (fen, at the current coin value). */
export const EarningsFigureSchema = z.object({ coins: IntSchema, amount: IntSchema });
export type EarningsFigure = z.infer<typeof EarningsFigureSchema>;

export const ManageSummarySchema = z.object({
  /** The earnings account: balance = available + held (held = pending cash-outs). */
  balance: EarningsFigureSchema,
  available: EarningsFigureSchema,
  held: EarningsFigureSchema,
  /** Revenue share earned from feeds (coins and their value): today and in total. */
  revenue_today: EarningsFigureSchema,
  revenue_total: EarningsFigureSchema,
  /** Cashed out so far (successful cash-outs): the coins and the net amount paid. */
  cashed_out: EarningsFigureSchema,
  base_count: IntSchema,
  device_count: IntSchema,
  online_count: IntSchema,
  /** What one coin is worth (fen) and the currency. */
  coin_value: IntSchema,
  currency: StringSchema,
});
export type ManageSummary = z.infer<typeof ManageSummarySchema>;

// ---- Cash-out statuses ----

/**
 * Cash-out states (stored by name) and their status ids as the specification numbers them: Pending
 * ('applying', before anyone reviewed it), Under Review (0), Processing (1, approved: the transfer is being
 * made), Ready to Claim (2, transferred: waiting for the payee to receive it), Expired (3, not claimed in
 * time: the money came back), Transfer Failed (4), Successful (5). Rejected (6) is this product's addition:
 * the specification shows no state for a refused request. Expired, transfer failed and rejected release
 * the held coins back to earnings; successful pays them out.
 */
export const CASHOUT_STATES = [
  'applying',
  'under_review',
  'processing',
  'ready_to_claim',
  'expired',
  'transfer_failed',
  'successful',
  'rejected',
] as const;
export const CashoutStateSchema = z.enum(CASHOUT_STATES, { error: 'v.invalid' });
export type CashoutState = z.infer<typeof CashoutStateSchema>;

export const CASHOUT_STATUS_IDS = ['applying', 0, 1, 2, 3, 4, 5, 6] as const;
export const CashoutStatusSchema = z.union(
  [
    z.literal('applying'),
    z.literal(0),
    z.literal(1),
    z.literal(2),
    z.literal(3),
    z.literal(4),
    z.literal(5),
    z.literal(6),
  ],
  { error: 'v.invalid' },
);
export type CashoutStatus = z.infer<typeof CashoutStatusSchema>;

export const CASHOUT_STATUS_OF: Record<CashoutState, CashoutStatus> = {
  applying: 'applying',
  under_review: 0,
  processing: 1,
  ready_to_claim: 2,
  expired: 3,
  transfer_failed: 4,
  successful: 5,
  rejected: 6,
};
export const cashoutStateOf = (status: CashoutStatus): CashoutState =>
  CASHOUT_STATES[CASHOUT_STATUS_IDS.indexOf(status)] ?? 'applying';
/** The message key (contracts MESSAGES) naming a status. */
export const cashoutStatusMessage = (status: CashoutStatus) => `cashout.status.${String(status)}` as const;

/**
 * What moves a cash-out: the console's actions (review, approve, reject, transferred = the transfer was
 * made and waits for the payee, failed, succeeded = the payee received it, expired = it was not claimed),
 * and the operator's claim (they confirm they received it). The allowed moves are the server's policy.
 */
export const CASHOUT_ADMIN_ACTIONS = [
  'review',
  'approve',
  'reject',
  'transferred',
  'failed',
  'succeeded',
  'expired',
] as const;
export const CashoutAdminActionSchema = z.enum(CASHOUT_ADMIN_ACTIONS);
export type CashoutAdminAction = z.infer<typeof CashoutAdminActionSchema>;
export type CashoutAction = CashoutAdminAction | 'claim';

// ---- POST /api/cashout/config: the rules and what the operator may take out ----

export const CashoutConfigSchema = z.object({
  /** Least amount per request, fen. */
  min_amount: IntSchema,
  /** Fee rate, basis points of the amount (rounded up to whole coins). */
  fee_rate_bp: IntSchema,
  /** Fixed fee per request, fen (0 = none). */
  fee_fixed: IntSchema,
  /** What one coin is worth, fen: amounts are whole numbers of coins (multiples of this). */
  coin_value: IntSchema,
  currency: StringSchema,
  /** The operator's available earnings: coins and their value (the most one request may ask for). */
  available_coins: IntSchema,
  available_amount: IntSchema,
});
export type CashoutConfig = z.infer<typeof CashoutConfigSchema>;

// ---- POST /api/cashout/apply ----

/** A card number as typed (spaces and hyphens allowed), stored as its digits: 12–19 digits, Luhn-valid. */
export const CardNumberSchema = z
  .string({ error: 'v.cardNumber' })
  .trim()
  .min(1, { error: 'v.cardNumber' })
  .max(40, { error: 'v.cardNumberFormat' })
  .transform(normalizeCardNumber)
  .refine(cardNumberValid, { error: 'v.cardNumberFormat' });

export const CashoutApplyBodySchema = z.object({
  /** The amount asked, fen (a whole number of coins, at least the minimum, at most the available earnings). */
  amount: safeInt('v.cashoutAmount').positive({ error: 'v.cashoutAmount' }),
  /** The bank's name. */
  bank: requiredText('v.bank', 60),
  /** The card number (the specification's `code`). */
  code: CardNumberSchema,
  /** The account holder (the specification's `name`). */
  name: requiredText('v.cardHolder', 60),
  mobile: MobileSchema,
  /** One per request (a retry of the same request sends the same key). */
  idempotency_key: FeedIdempotencyKeySchema,
});
export type CashoutApplyBody = z.input<typeof CashoutApplyBodySchema>;

// ---- A cash-out as its operator sees it: apply, log, detail, claim ----

export const CashoutSchema = z.object({
  id: IntSchema,
  status: CashoutStatusSchema,
  /** Asked, fee and received (net), fen; the coins taken from earnings and the fee's coins. */
  amount: IntSchema,
  fee: IntSchema,
  net_amount: IntSchema,
  coins: IntSchema,
  fee_coins: IntSchema,
  /** The coin value and currency the figures were computed with (kept as they were at request time). */
  coin_value: IntSchema,
  currency: StringSchema,
  bank: StringSchema,
  /** Masked: ****1234. */
  card_number: StringSchema,
  name: StringSchema,
  mobile: StringSchema,
  /** The console's latest note (why it was rejected or failed); '' when none. */
  remark: StringSchema,
  created_at: IntSchema,
  updated_at: IntSchema,
});
export type Cashout = z.infer<typeof CashoutSchema>;

export const CashoutLogBodySchema = PageQuerySchema.extend({ status: CashoutStatusSchema.optional() });
export type CashoutLogBody = z.infer<typeof CashoutLogBodySchema>;
export const CashoutLogDataSchema = pagedList(CashoutSchema);
export type CashoutLogData = z.infer<typeof CashoutLogDataSchema>;

/** POST /api/cashout/detail {id} and /api/cashout/claim {id}: the operator's own cash-outs only. */
export const CashoutIdBodySchema = z.object({ id: IdSchema });

/** One step of a cash-out's history. */
export const CashoutEventSchema = z.object({
  /** The status it moved from (null for the request itself) and to. */
  from: CashoutStatusSchema.nullable(),
  to: CashoutStatusSchema,
  /** Who moved it: the operator, the platform (the console) or the system. */
  actor: z.enum(['operator', 'admin', 'system']),
  note: StringSchema,
  at: IntSchema,
});
export type CashoutEvent = z.infer<typeof CashoutEventSchema>;

export const CashoutDetailSchema = CashoutSchema.extend({ history: z.array(CashoutEventSchema) });
export type CashoutDetail = z.infer<typeof CashoutDetailSchema>;

// ---- Console (admins): POST /api/admin/cashout/list | detail | {action} | settings | settings/update ----

export const AdminCashoutSchema = CashoutSchema.extend({
  user: z.object({ id: IntSchema, nickname: StringSchema, email: StringSchema.nullable() }),
  /** What the console may do with it now (the server's policy). */
  actions: z.array(CashoutAdminActionSchema),
});
export type AdminCashout = z.infer<typeof AdminCashoutSchema>;

export const AdminCashoutListBodySchema = PageQuerySchema.extend({
  status: CashoutStatusSchema.optional(),
  /** A user id, or part of their email. */
  user: StringSchema.trim().max(254, { error: 'v.tooLong' }).optional(),
});
export type AdminCashoutListBody = z.infer<typeof AdminCashoutListBodySchema>;
export const AdminCashoutListDataSchema = pagedList(AdminCashoutSchema);
export type AdminCashoutListData = z.infer<typeof AdminCashoutListDataSchema>;

export const AdminCashoutEventSchema = CashoutEventSchema.extend({ by: ActorSchema.nullable() });
export type AdminCashoutEvent = z.infer<typeof AdminCashoutEventSchema>;

/** The processing view: the only answer that carries the whole card number. */
export const AdminCashoutDetailSchema = AdminCashoutSchema.extend({
  card_number_full: StringSchema,
  history: z.array(AdminCashoutEventSchema),
  /** The hold on the operator's earnings and its state; the ledger transaction that paid it out. */
  hold_id: StringSchema,
  hold_status: z.enum(['pending', 'posted', 'voided']),
  ledger_transaction_id: IntSchema.nullable(),
});
export type AdminCashoutDetail = z.infer<typeof AdminCashoutDetailSchema>;

export const AdminCashoutIdBodySchema = z.object({ id: IdSchema });
/** Every console action: {id, note}; reject and failed need the note (the operator sees it). */
export const AdminCashoutActionBodySchema = z.object({
  id: IdSchema,
  note: StringSchema.trim().max(200, { error: 'v.tooLong' }).default(''),
});
export type AdminCashoutActionBody = z.input<typeof AdminCashoutActionBodySchema>;
/** reject and failed: the note (the reason, which the operator sees) is required. */
export const AdminCashoutReasonBodySchema = z.object({ id: IdSchema, note: requiredText('v.cashoutNote', 200) });
export type AdminCashoutReasonBody = z.infer<typeof AdminCashoutReasonBodySchema>;
/** Actions whose note is required (they take AdminCashoutReasonBodySchema). */
export const CASHOUT_NOTE_REQUIRED: readonly CashoutAdminAction[] = ['reject', 'failed'];

/** The cash-out rules as saved (money in fen, a whole number of coins). */
export const CashoutSettingsSchema = z.object({
  min_amount: IntSchema,
  fee_rate_bp: IntSchema,
  fee_fixed: IntSchema,
  coin_value: IntSchema,
  currency: StringSchema,
});
export type CashoutSettings = z.infer<typeof CashoutSettingsSchema>;

const money = (max: number) =>
  z
    .number({ error: 'v.cashoutSettings' })
    .int({ error: 'v.cashoutSettings' })
    .min(0, { error: 'v.cashoutSettings' })
    .max(max, { error: 'v.cashoutSettings' });
/** The most a minimum may be: 1,000,000.00. */
export const MAX_CASHOUT_MIN_AMOUNT = 100_000_000;
export const CashoutSettingsUpdateBodySchema = z
  .object({
    min_amount: money(MAX_CASHOUT_MIN_AMOUNT),
    fee_rate_bp: money(5_000),
    fee_fixed: money(1_000_000),
    coin_value: money(10_000).min(1, { error: 'v.cashoutSettings' }),
  })
  .refine((s) => s.min_amount % s.coin_value === 0 && s.min_amount > 0, {
    error: 'v.cashoutStep',
    path: ['min_amount'],
  })
  .refine((s) => s.fee_fixed % s.coin_value === 0, { error: 'v.cashoutStep', path: ['fee_fixed'] })
  // At the minimum the fee must leave something to pay out.
  .refine((s) => cashoutQuote(s.min_amount, s).problem === null, { error: 'v.cashoutFee', path: ['fee_rate_bp'] });
export type CashoutSettingsUpdateBody = z.infer<typeof CashoutSettingsUpdateBodySchema>;
