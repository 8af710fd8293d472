import { z } from 'zod';
import {
  ConsoleLedgerAccountListBodySchema,
  ConsoleLedgerTransactionListBodySchema,
  ConsolePaymentListBodySchema,
  PortionsInputSchema,
  RechargePackagesInputSchema,
  type FeedingPortionSchema,
  type RechargePackageSchema,
} from '@petheart/contracts';

// ---- Prices: the console shows yuan ("30", "12.50"), the API keeps fen (3000, 1250) ----

/**
 * "30" → 3000, "12.5" → 1250, "0.05" → 5, "1,280" → 128000. Anything that is not a plain amount with at most
 * two decimals gives NaN, which the contract's schema reports as 'v.packagePrice'. Parsed as text, not as a
 * float: 0.29 × 100 is 28.999999999999996.
 */
export function yuanToFen(text: string): number {
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(
    text
      .trim()
      .replace(/^[¥￥]/, '')
      .replace(/,/g, ''),
  );
  if (!m) return Number.NaN;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** 3000 → "30", 1250 → "12.50", 5 → "0.05". */
export function fenToYuan(fen: number): string {
  const whole = Math.trunc(fen / 100);
  const cents = Math.abs(fen % 100);
  return cents === 0 ? String(whole) : `${String(whole)}.${String(cents).padStart(2, '0')}`;
}

/** A form's whole-number field: blank → NaN (the schema names the message), else Number(). */
function wholeOf(text: string, blank = Number.NaN): number {
  const t = text.trim();
  return t === '' ? blank : Number(t);
}

// ---- Recharge packages ----

type RechargePackage = z.infer<typeof RechargePackageSchema>;
type FeedingPortion = z.infer<typeof FeedingPortionSchema>;

export interface PackageRow {
  id: string;
  /** In yuan, as typed. */
  price: string;
  coins: string;
  bonus: string;
}
export interface PackagesFormValues {
  recharge_packages: PackageRow[];
}

export function packagesToForm(packages: RechargePackage[]): PackagesFormValues {
  return {
    recharge_packages: packages.map((p) => ({
      id: String(p.id),
      price: fenToYuan(p.price),
      coins: String(p.coins),
      bonus: String(p.bonus),
    })),
  };
}

/** The request body of the packages form (a blank bonus is 0). */
export function packagesFormToBody(v: PackagesFormValues) {
  return {
    recharge_packages: v.recharge_packages.map((p) => ({
      id: wholeOf(p.id),
      price: yuanToFen(p.price),
      coins: wholeOf(p.coins),
      bonus: wholeOf(p.bonus, 0),
    })),
  };
}

/** A new row: the next free id. */
export function newPackageRow(rows: PackageRow[]): PackageRow {
  const ids = rows.map((r) => Number(r.id)).filter((n) => Number.isInteger(n));
  return { id: String(Math.max(0, ...ids) + 1), price: '', coins: '', bonus: '0' };
}

export const PackagesFormSchema = z.object({ recharge_packages: RechargePackagesInputSchema });

// ---- Default portions ----

export interface PortionsFormValues {
  feeding_portions: { grams: string; coins: string }[];
}

export function portionsToForm(portions: FeedingPortion[]): PortionsFormValues {
  return { feeding_portions: portions.map((p) => ({ grams: String(p.grams), coins: String(p.coins) })) };
}

export function portionsFormToBody(v: PortionsFormValues) {
  return { feeding_portions: v.feeding_portions.map((p) => ({ grams: wholeOf(p.grams), coins: wholeOf(p.coins) })) };
}

export const PortionsFormSchema = z.object({ feeding_portions: PortionsInputSchema });

// ---- Search filters: text fields and local dates → the list request's body ----

/** "2030-01-31" (a date input, local time) → Unix seconds at the start of that day; undefined when blank or bad. */
export function dayStart(date: string): number | undefined {
  return localDay(date, 0);
}

/** The start of the day after (the range's end is exclusive: the whole of `date` is in). */
export function dayEnd(date: string): number | undefined {
  return localDay(date, 1);
}

function localDay(date: string, plusDays: number): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date.trim());
  if (!m) return undefined;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const d = new Date(year, month - 1, day);
  if (d.getFullYear() !== year || d.getMonth() !== month - 1 || d.getDate() !== day) return undefined;
  d.setDate(d.getDate() + plusDays);
  return Math.floor(d.getTime() / 1000);
}

/** Only the filled-in fields (trimmed); dates become the range's seconds. */
function compact(values: Record<string, string>): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [key, raw] of Object.entries(values)) {
    const value = raw.trim();
    if (!value) continue;
    if (key === 'from' || key === 'to') {
      const seconds = key === 'from' ? dayStart(value) : dayEnd(value);
      if (seconds !== undefined) out[key] = seconds;
    } else if (key === 'account_id') out[key] = Number(value);
    else out[key] = value;
  }
  return out;
}

export interface PaymentFilters {
  order_no: string;
  user: string;
  status: string;
  provider: string;
  from: string;
  to: string;
}
export const EMPTY_PAYMENT_FILTERS: PaymentFilters = {
  order_no: '',
  user: '',
  status: '',
  provider: '',
  from: '',
  to: '',
};

export interface TransactionFilters {
  kind: string;
  user: string;
  key: string;
  account_id: string;
  from: string;
  to: string;
}
export const EMPTY_TRANSACTION_FILTERS: TransactionFilters = {
  kind: '',
  user: '',
  key: '',
  account_id: '',
  from: '',
  to: '',
};

export interface AccountFilters {
  kind: string;
  user: string;
}
export const EMPTY_ACCOUNT_FILTERS: AccountFilters = { kind: '', user: '' };

/** A list request for these filters and page, checked by the contract (the message key of the first problem). */
function listBody<S extends z.ZodType>(schema: S, filters: object, page: number, limit: number) {
  const parsed = schema.safeParse({ page, limit, ...compact(filters as Record<string, string>) });
  return parsed.success
    ? ({ ok: true, body: parsed.data } as const)
    : ({ ok: false, message: parsed.error.issues[0]?.message ?? 'v.invalid' } as const);
}

export const paymentListBody = (f: PaymentFilters, page: number, limit: number) =>
  listBody(ConsolePaymentListBodySchema, f, page, limit);
export const transactionListBody = (f: TransactionFilters, page: number, limit: number) =>
  listBody(ConsoleLedgerTransactionListBodySchema, f, page, limit);
export const accountListBody = (f: AccountFilters, page: number, limit: number) =>
  listBody(ConsoleLedgerAccountListBodySchema, f, page, limit);
