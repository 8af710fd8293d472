import { z } from 'zod';
import { PageQuerySchema, pagedList } from './envelope';
import { BooleanSchema, IntSchema, rowId, StringSchema } from './fields';
import { FeedingPortionSchema, RechargePackageSchema } from './configuration';
import {
  OrderNoSchema,
  PaymentOrderSchema,
  PaymentOrderStatusSchema,
  PaymentProviderSchema,
  PaymentPurposeSchema,
} from './payment';

/**
 * The operator console's money pages (admins only): the recharge packages and default portions in the
 * settings, payment orders and their notification log, the coin ledger's transactions and accounts, and the
 * ledger invariant checker's latest result.
 */

// ---- Limits the console enforces on what it saves ----

/** The most a package may cost, smallest currency unit (fen): 10,000.00. */
export const MAX_PACKAGE_PRICE = 1_000_000;
export const MAX_PACKAGE_COINS = 1_000_000;
export const MAX_RECHARGE_PACKAGES = 12;
/** One dispense command's most (the feed's own limit, FeedBodySchema). */
export const MAX_PORTION_GRAMS = 500;
export const MAX_PORTIONS = 10;
export const MAX_DAILY_GRAM_CAP = 100_000;

const whole = (key: 'v.packageId' | 'v.packagePrice' | 'v.packageCoins' | 'v.packageBonus' | 'v.portion') =>
  z.number({ error: key }).int({ error: key });

/** A recharge package as the console saves it: id, price in fen, coins and bonus coins. */
export const RechargePackageInputSchema = z.object({
  id: whole('v.packageId').min(1, { error: 'v.packageId' }).max(9999, { error: 'v.packageId' }),
  price: whole('v.packagePrice')
    .min(1, { error: 'v.packagePrice' })
    .max(MAX_PACKAGE_PRICE, { error: 'v.packagePrice' }),
  coins: whole('v.packageCoins')
    .min(1, { error: 'v.packageCoins' })
    .max(MAX_PACKAGE_COINS, { error: 'v.packageCoins' }),
  bonus: whole('v.packageBonus')
    .min(0, { error: 'v.packageBonus' })
    .max(MAX_PACKAGE_COINS, { error: 'v.packageBonus' }),
});

/** A portion a feeder offers: what one command can dispense (1–500 g) for at least one coin. */
export const PortionInputSchema = z.object({
  grams: whole('v.portion').min(1, { error: 'v.portion' }).max(MAX_PORTION_GRAMS, { error: 'v.portion' }),
  coins: whole('v.portion').min(1, { error: 'v.portion' }).max(MAX_PACKAGE_COINS, { error: 'v.portion' }),
});

/** Grams a device may dispense per UTC day (devices.daily_gram_cap). */
export const DailyGramCapSchema = z
  .number({ error: 'v.dailyGramCap' })
  .int({ error: 'v.dailyGramCap' })
  .min(1, { error: 'v.dailyGramCap' })
  .max(MAX_DAILY_GRAM_CAP, { error: 'v.dailyGramCap' });

/** Reports the second of two rows that share `key` (the issue lands on that row's field). */
function uniqueBy<T>(key: keyof T & string, message: 'v.packageIdTaken' | 'v.portionDuplicate') {
  return (rows: T[], ctx: z.RefinementCtx) => {
    const seen = new Set<unknown>();
    rows.forEach((row, i) => {
      if (seen.has(row[key])) ctx.addIssue({ code: 'custom', message, path: [i, key] });
      seen.add(row[key]);
    });
  };
}

export const RechargePackagesInputSchema = z
  .array(RechargePackageInputSchema)
  .min(1, { error: 'v.packagesRequired' })
  .max(MAX_RECHARGE_PACKAGES, { error: 'v.tooMany' })
  .superRefine(uniqueBy('id', 'v.packageIdTaken'));

export const PortionsInputSchema = z
  .array(PortionInputSchema)
  .min(1, { error: 'v.portionsRequired' })
  .max(MAX_PORTIONS, { error: 'v.tooMany' })
  .superRefine(uniqueBy('grams', 'v.portionDuplicate'));

// ---- Settings: POST /api/admin/settings/get | /api/admin/settings/update ----

export const ConsoleSettingsSchema = z.object({
  /** The currency of the packages' prices (ISO 4217). */
  currency: StringSchema,
  recharge_packages: z.array(RechargePackageSchema),
  /** The portions of devices without their own. */
  feeding_portions: z.array(FeedingPortionSchema),
});
export type ConsoleSettings = z.infer<typeof ConsoleSettingsSchema>;
/** Either list or both; a list replaces the saved one (omitted = unchanged). */
export const ConsoleSettingsUpdateBodySchema = z.object({
  recharge_packages: RechargePackagesInputSchema.optional(),
  feeding_portions: PortionsInputSchema.optional(),
});
export type ConsoleSettingsUpdateBody = z.infer<typeof ConsoleSettingsUpdateBodySchema>;

// ---- Searches: shared filters ----

/** Unix seconds. */
const UnixSecondsSchema = z.number({ error: 'v.invalid' }).int({ error: 'v.invalid' }).min(0).max(4_102_444_800);
const searchText = (max: number) => StringSchema.trim().max(max, { error: 'v.tooLong' }).optional();
/** Created at or after `from` and before `to` (Unix seconds; the console sends local day boundaries). */
const DateRangeFields = { from: UnixSecondsSchema.optional(), to: UnixSecondsSchema.optional() };
/** A range that ends where it starts (or before) holds nothing: an end date before the start date. */
const rangeInOrder = (q: { from?: number | undefined; to?: number | undefined }) =>
  q.from === undefined || q.to === undefined || q.from < q.to;
const RANGE_ERROR = { error: 'v.dateRange' as const, path: ['to'] };

// ---- Payment orders: POST /api/admin/payment/list | /api/admin/payment/detail ----

export const ConsolePaymentOrderSchema = PaymentOrderSchema.extend({
  user_id: IntSchema,
  user_email: StringSchema.nullable(),
  user_nickname: StringSchema,
  /** Why a failed order failed (place_failed, amount_mismatch…). */
  failure_reason: StringSchema.nullable(),
  provider_transaction_id: StringSchema.nullable(),
  updated_at: IntSchema,
});
export type ConsolePaymentOrder = z.infer<typeof ConsolePaymentOrderSchema>;

export const ConsolePaymentListBodySchema = PageQuerySchema.extend({
  /** Part of the order number. */
  order_no: searchText(64),
  /** A user id, or part of their email. */
  user: searchText(254),
  status: PaymentOrderStatusSchema.optional(),
  provider: PaymentProviderSchema.optional(),
  purpose: PaymentPurposeSchema.optional(),
  ...DateRangeFields,
}).refine(rangeInOrder, RANGE_ERROR);
export type ConsolePaymentListBody = z.infer<typeof ConsolePaymentListBodySchema>;
export const ConsolePaymentListDataSchema = pagedList(ConsolePaymentOrderSchema);
export type ConsolePaymentListData = z.infer<typeof ConsolePaymentListDataSchema>;

/** One delivery (or, for verified ones, every repeat of one event) as the provider sent it. */
export const PaymentNotificationLogSchema = z.object({
  id: IntSchema,
  provider: PaymentProviderSchema,
  event_id: StringSchema.nullable(),
  verified: BooleanSchema,
  /** credited, duplicate, closed, amount_mismatch, unknown_order… or why it was rejected. */
  outcome: StringSchema,
  deliveries: IntSchema,
  headers: z.record(StringSchema, StringSchema),
  /** As received (WeChat's resource stays encrypted). */
  body: StringSchema,
  received_at: IntSchema,
  last_received_at: IntSchema,
});
export type PaymentNotificationLog = z.infer<typeof PaymentNotificationLogSchema>;

export const ConsolePaymentDetailBodySchema = z.object({ order_no: OrderNoSchema });

// ---- The ledger: POST /api/admin/ledger/transactions | /api/admin/ledger/accounts ----

export const LEDGER_ACCOUNT_KINDS = [
  'user_wallet',
  'operator_earnings',
  'platform_revenue',
  'payment_clearing',
  'cashout_clearing',
  'support_fund',
] as const;
export const LedgerAccountKindSchema = z.enum(LEDGER_ACCOUNT_KINDS);
export type LedgerAccountKind = z.infer<typeof LedgerAccountKindSchema>;
export const LEDGER_TRANSACTION_KINDS = [
  'recharge',
  'feed',
  'refund',
  'cashout',
  'transfer',
  'correction',
  'support',
  'help_pay',
] as const;
export const LedgerTransactionKindSchema = z.enum(LEDGER_TRANSACTION_KINDS);
export type LedgerTransactionKind = z.infer<typeof LedgerTransactionKindSchema>;

export const ConsoleLedgerEntrySchema = z.object({
  account_id: IntSchema,
  account_kind: LedgerAccountKindSchema,
  /** The account's user (wallets and earnings); null for the platform's accounts. */
  user_id: IntSchema.nullable(),
  user_email: StringSchema.nullable(),
  /** What the entry adds to the account (negative = taken out). */
  amount: IntSchema,
});
export type ConsoleLedgerEntry = z.infer<typeof ConsoleLedgerEntrySchema>;

export const ConsoleLedgerTransactionSchema = z.object({
  id: IntSchema,
  kind: LedgerTransactionKindSchema,
  idempotency_key: StringSchema,
  /** What it is about: a payment order number, a feed, a cash-out… */
  reference: StringSchema,
  created_at: IntSchema,
  entries: z.array(ConsoleLedgerEntrySchema),
});
export type ConsoleLedgerTransaction = z.infer<typeof ConsoleLedgerTransactionSchema>;

export const ConsolePaymentDetailSchema = z.object({
  order: ConsolePaymentOrderSchema,
  /** The notifications about this order, oldest first. */
  notifications: z.array(PaymentNotificationLogSchema),
  /** The ledger transaction that credited it (paid recharges). */
  ledger_transaction: ConsoleLedgerTransactionSchema.nullable(),
});
export type ConsolePaymentDetail = z.infer<typeof ConsolePaymentDetailSchema>;

export const ConsoleLedgerTransactionListBodySchema = PageQuerySchema.extend({
  kind: LedgerTransactionKindSchema.optional(),
  /** Transactions with an entry on this user's accounts: a user id, or part of their email. */
  user: searchText(254),
  /** Transactions with an entry on this account. */
  account_id: rowId('v.invalid').optional(),
  /** Part of the reference or of the idempotency key. */
  key: searchText(200),
  ...DateRangeFields,
}).refine(rangeInOrder, RANGE_ERROR);
export type ConsoleLedgerTransactionListBody = z.infer<typeof ConsoleLedgerTransactionListBodySchema>;
export const ConsoleLedgerTransactionListDataSchema = pagedList(ConsoleLedgerTransactionSchema);
export type ConsoleLedgerTransactionListData = z.infer<typeof ConsoleLedgerTransactionListDataSchema>;

export const ConsoleLedgerAccountSchema = z.object({
  id: IntSchema,
  kind: LedgerAccountKindSchema,
  user_id: IntSchema.nullable(),
  user_email: StringSchema.nullable(),
  user_nickname: StringSchema.nullable(),
  /** The sum of its entries. */
  balance: IntSchema,
  /** Set aside by pending holds. */
  held: IntSchema,
  /** balance − held. */
  available: IntSchema,
});
export type ConsoleLedgerAccount = z.infer<typeof ConsoleLedgerAccountSchema>;
export const ConsoleLedgerAccountListBodySchema = PageQuerySchema.extend({
  kind: LedgerAccountKindSchema.optional(),
  /** A user id, or part of their email. */
  user: searchText(254),
});
export type ConsoleLedgerAccountListBody = z.infer<typeof ConsoleLedgerAccountListBodySchema>;
export const ConsoleLedgerAccountListDataSchema = pagedList(ConsoleLedgerAccountSchema);
export type ConsoleLedgerAccountListData = z.infer<typeof ConsoleLedgerAccountListDataSchema>;

// ---- The invariant checker: POST /api/admin/ledger/check (latest) | /api/admin/ledger/check/run ----

export const LedgerCheckResultSchema = z.object({
  ok: BooleanSchema,
  /** Unix seconds. */
  checked_at: IntSchema,
  duration_ms: IntSchema,
  /** Who ran it: an admin (Run now) or the periodic schedule. */
  trigger: z.enum(['manual', 'schedule']),
  transactions: IntSchema,
  entries: IntSchema,
  accounts: IntSchema,
  pending_holds: IntSchema,
  /** How many problems were found (the list below holds at most 100). */
  problem_count: IntSchema,
  problems: z.array(z.object({ code: StringSchema, detail: StringSchema })),
});
export type LedgerCheckResult = z.infer<typeof LedgerCheckResultSchema>;

export const LedgerCheckStateSchema = z.object({
  /** The latest result (of any API process); null before the first run. */
  latest: LedgerCheckResultSchema.nullable(),
  /** How often the API runs it by itself, seconds. */
  interval_s: IntSchema,
});
export type LedgerCheckState = z.infer<typeof LedgerCheckStateSchema>;
