import { z } from 'zod';
import { PageQuerySchema, pagedList } from './envelope';
import { IntSchema, rowId, StringSchema } from './fields';

/**
 * A public account of each base and of the platform (issue 28 §3, PRODUCT.md §9): coins raised, grams the
 * devices measured, the operators' share and cash-outs, and the food operators bought, in total and per UTC
 * month. Every figure is a sum over the ledger's postings or over the devices' answers (acknowledged feeds);
 * nothing is kept twice. Coins are integers; money is in the currency's minor unit (fen, cents, yen).
 */

// ---- Food an operator bought (recorded by the base's operator; voided, never edited or deleted) ----

/** Currencies a purchase may be paid in: the platform's own (CNY) and the nearby ones. */
export const FOOD_CURRENCIES = ['CNY', 'HKD', 'TWD', 'JPY', 'USD', 'EUR'] as const;
export type FoodCurrency = (typeof FOOD_CURRENCIES)[number];
/** Decimal places of each currency's minor unit (ISO 4217: the yen has none); amounts are in minor units. */
export const FOOD_CURRENCY_DIGITS: Readonly<Record<FoodCurrency, number>> = {
  CNY: 2,
  HKD: 2,
  TWD: 2,
  JPY: 0,
  USD: 2,
  EUR: 2,
};
/** The decimal places of a currency's minor unit (2 for a currency not in the list). */
export const currencyDigits = (currency: string): number =>
  (FOOD_CURRENCY_DIGITS as Record<string, number | undefined>)[currency] ?? 2;

/**
 * Minor units of `currency` from an amount as typed ("123.45", "4,200"): null unless it is a positive amount with
 * at most the currency's decimals.
 */
export function minorUnits(typed: string, currency: string): number | null {
  const digits = currencyDigits(currency);
  const t = typed.trim().replace(/,/g, '');
  const m = /^(\d{1,12})(?:\.(\d*))?$/.exec(t);
  if (!m || (m[2]?.length ?? 0) > digits) return null;
  const minor = Number(m[1]) * 10 ** digits + Number((m[2] ?? '').padEnd(digits, '0') || '0');
  return Number.isSafeInteger(minor) && minor > 0 ? minor : null;
}

const moneyFormats = new Map<string, Intl.NumberFormat>();

/**
 * An amount in `currency`'s minor unit as `locale` writes money, with the currency's narrow sign and no
 * decimals it does not need: 12345 CNY → "¥123.45", 4200 JPY → "¥4,200" (en), "￥4,200" (ja).
 */
export function formatMinorUnits(amount: number, currency: string, locale: string): string {
  const digits = currencyDigits(currency);
  const key = `${locale}|${currency}`;
  let f = moneyFormats.get(key);
  if (!f) {
    try {
      f = new Intl.NumberFormat(locale, {
        style: 'currency',
        currency,
        currencyDisplay: 'narrowSymbol',
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
        trailingZeroDisplay: 'stripIfInteger',
      });
    } catch {
      f = new Intl.NumberFormat(locale, { maximumFractionDigits: digits });
    }
    moneyFormats.set(key, f);
  }
  return f.format(amount / 10 ** digits + 0);
}

/** At most 100,000,000 minor units (1,000,000.00; ¥100,000,000), 10 t, a 200-character note. */
export const FOOD_AMOUNT_MAX = 100_000_000;
export const FOOD_GRAMS_MAX = 10_000_000;
export const FOOD_NOTE_MAX = 200;
/** The earliest receipt date taken. */
export const FOOD_EARLIEST_DATE = '2020-01-01';
/** UTC+14: the last time zone to start a day. */
const LATEST_ZONE_MS = 14 * 3_600_000;

/** The latest receipt date that is not in the future: today in the time zone that is furthest ahead. */
export function latestPurchaseDate(now: Date = new Date()): string {
  return new Date(now.getTime() + LATEST_ZONE_MS).toISOString().slice(0, 10);
}

/** A real calendar date written YYYY-MM-DD. */
export function isCalendarDate(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

const wholeIn = (min: number, max: number, key: 'v.foodAmount' | 'v.foodGrams') =>
  z.number({ error: key }).int({ error: key }).min(min, { error: key }).max(max, { error: key });

export const FoodPurchaseAddBodySchema = z.object({
  base_id: rowId('v.invalid'),
  /** Money paid, in minor units of `currency`. */
  amount: wholeIn(1, FOOD_AMOUNT_MAX, 'v.foodAmount'),
  currency: z.enum(FOOD_CURRENCIES, { error: 'v.foodCurrency' }),
  grams: wholeIn(1, FOOD_GRAMS_MAX, 'v.foodGrams'),
  /** The receipt's photo: an upload address (POST /api/common/upload) of the operator's own. */
  receipt_photo: z
    .string({ error: 'v.foodPhoto' })
    .trim()
    .min(1, { error: 'v.foodPhoto' })
    .max(500, { error: 'v.tooLong' }),
  /** The receipt's date, YYYY-MM-DD; not in the future (today anywhere counts). */
  purchased_on: z
    .string({ error: 'v.foodDate' })
    .trim()
    .refine(isCalendarDate, { error: 'v.foodDate' })
    .refine((s) => s >= FOOD_EARLIEST_DATE && s <= latestPurchaseDate(), { error: 'v.foodDate' }),
  note: z.string({ error: 'v.invalid' }).trim().max(FOOD_NOTE_MAX, { error: 'v.foodNote' }).default(''),
});
export type FoodPurchaseAddBody = z.infer<typeof FoodPurchaseAddBodySchema>;

export const FoodPurchaseSchema = z.object({
  id: IntSchema,
  base_id: IntSchema,
  base_name: StringSchema,
  amount: IntSchema,
  currency: StringSchema,
  grams: IntSchema,
  /** The receipt's photo (absolute when an asset host is configured). */
  receipt_photo: StringSchema,
  note: StringSchema,
  /** The receipt's date, YYYY-MM-DD. */
  purchased_on: StringSchema,
  /** When it was recorded and, if it was, voided (unix seconds). */
  created_at: IntSchema,
  voided_at: IntSchema.nullable(),
});
export type FoodPurchase = z.infer<typeof FoodPurchaseSchema>;

/** The operator's purchases (voided ones included, newest first), of one of their bases or of all. */
export const FoodPurchaseListBodySchema = PageQuerySchema.extend({ base_id: rowId('v.invalid').optional() });
export type FoodPurchaseListBody = z.infer<typeof FoodPurchaseListBodySchema>;
export const FoodPurchaseListDataSchema = pagedList(FoodPurchaseSchema).extend({
  /** The bases the operator runs (a purchase is recorded for one of them). */
  bases: z.array(z.object({ id: IntSchema, name: StringSchema })),
  /** The currency the form starts with (the platform's). */
  currency: StringSchema,
});
export type FoodPurchaseListData = z.infer<typeof FoodPurchaseListDataSchema>;

export const FoodPurchaseVoidBodySchema = z.object({ id: rowId('v.invalid') });

// ---- The public account ----

/** An amount of money in one currency (minor units). */
export const MoneySumSchema = z.object({ currency: StringSchema, amount: IntSchema });
export type MoneySum = z.infer<typeof MoneySumSchema>;

/**
 * Coins raised, by the ledger's postings: feeds (coins users' wallets paid for acknowledged feeds), gifts
 * (coins given to support items) and help-pay (support items paid with money). A base's account counts the gifts
 * and help-pay to its operator's rescue requests, as its monthly statements do (docs/statements.md).
 */
export const CoinsRaisedSchema = z.object({
  feeds: IntSchema,
  gifts: IntSchema.nullable(),
  help_pay: IntSchema.nullable(),
  total: IntSchema,
});
export type CoinsRaised = z.infer<typeof CoinsRaisedSchema>;

/** Food bought and recorded by operators (voided entries left out): how many, grams, money per currency. */
export const FoodBoughtSchema = z.object({
  purchases: IntSchema,
  grams: IntSchema,
  spent: z.array(MoneySumSchema),
});
export type FoodBought = z.infer<typeof FoodBoughtSchema>;

export const AccountTotalsSchema = z.object({
  raised: CoinsRaisedSchema,
  /** Acknowledged feeds and the grams their devices measured. */
  feeds: IntSchema,
  grams_dispensed: IntSchema,
  /** What the feeds' coins credited: the operators' earnings and the platform's revenue. */
  operator_share: IntSchema,
  platform_share: IntSchema,
  food: FoodBoughtSchema,
});
export type AccountTotals = z.infer<typeof AccountTotalsSchema>;

/** Coins moved out of operators' earnings by successful cash-outs (the ledger), and the money paid. */
export const CashedOutSchema = z.object({
  count: IntSchema,
  coins: IntSchema,
  /** The cash-out fees, in coins (to platform revenue). */
  fee_coins: IntSchema,
  paid: z.array(MoneySumSchema),
});
export type CashedOut = z.infer<typeof CashedOutSchema>;

/** One UTC month: raised (coins, when the ledger moved them) against executed (grams fed, food bought). */
export const AccountMonthSchema = z.object({
  /** YYYY-MM (UTC). */
  month: StringSchema,
  raised: IntSchema,
  operator_share: IntSchema,
  feeds: IntSchema,
  grams_dispensed: IntSchema,
  food_grams: IntSchema,
  food_spent: z.array(MoneySumSchema),
});
export type AccountMonth = z.infer<typeof AccountMonthSchema>;

const AccountCommonSchema = z.object({
  /** What one coin is worth now (minor units of `currency`, the cash-out settings) and the currency. */
  coin_value: IntSchema,
  currency: StringSchema,
  totals: AccountTotalsSchema,
  /** Newest month first. */
  months: z.array(AccountMonthSchema),
  /** The latest purchases (not voided), newest first. */
  purchases: z.array(FoodPurchaseSchema),
  /** Purchases the operators voided (left out of every figure). */
  voided_purchases: IntSchema,
  /** When the figures were read (unix seconds). */
  as_of: IntSchema,
});

export const BaseAccountBodySchema = z.object({ base_id: rowId('v.invalid') });
export const BaseAccountSchema = AccountCommonSchema.extend({
  base: z.object({ id: IntSchema, name: StringSchema, animal_count: IntSchema }),
  /**
   * The base's operator now (null when it has none): how many bases they run, the share all their bases'
   * feeds credited them, and what they cashed out (cash-outs are of an operator's earnings, not of a base).
   */
  operator: z.object({ bases: IntSchema, share_all_bases: IntSchema, cashed_out: CashedOutSchema }).nullable(),
});
export type BaseAccount = z.infer<typeof BaseAccountSchema>;

/** One base's line on the platform's account. */
export const BaseAccountRowSchema = z.object({
  base_id: IntSchema,
  name: StringSchema,
  raised: IntSchema,
  feeds: IntSchema,
  grams_dispensed: IntSchema,
  operator_share: IntSchema,
  food_grams: IntSchema,
});
export type BaseAccountRow = z.infer<typeof BaseAccountRowSchema>;

export const PlatformAccountSchema = AccountCommonSchema.extend({
  cashed_out: CashedOutSchema,
  /** Every base that raised, fed or bought something, most raised first. */
  bases: z.array(BaseAccountRowSchema),
});
export type PlatformAccount = z.infer<typeof PlatformAccountSchema>;
