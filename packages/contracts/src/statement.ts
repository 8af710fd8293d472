import { z } from 'zod';
import { PageQuerySchema, pagedList } from './envelope';
import { FeedProofSchema } from './feed';
import { IntSchema, rowId, StringSchema } from './fields';

/**
 * Monthly statements (issue 28 §4, docs/statements.md): per base and finished month (UTC), every coin movement
 * concerning the base, frozen once generated, each month's SHA-256 hash covering the previous month's.
 */

/** 'YYYY-MM' (UTC). */
export const StatementMonthSchema = StringSchema.regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'v.invalid' });

/** The accounts a statement line can move (the ledger's account kinds, decision 009). */
export const STATEMENT_ACCOUNTS = [
  'user_wallet',
  'operator_earnings',
  'platform_revenue',
  'payment_clearing',
  'cashout_clearing',
  'support_fund',
] as const;
/** What a line's transaction is: a feed charged, a gift with coins, a help-pay payment, a cash-out paid. */
export const STATEMENT_KINDS = ['feed', 'gift', 'help_pay', 'cashout'] as const;

/** One line of a statement: one ledger entry (docs/statements.md explains each field). */
export const StatementLineSchema = z.object({
  /** The transaction's time, ISO 8601 UTC with milliseconds. */
  time: StringSchema,
  /** The ledger entry's id (lines sort by time, then entry). */
  entry: IntSchema,
  /** The ledger transaction's id (a transaction's lines sum to zero). */
  tx: IntSchema,
  kind: z.enum(STATEMENT_KINDS),
  account: z.enum(STATEMENT_ACCOUNTS),
  /** The account's owner as a pseudonym ('u_' + 16 hex), stable across months; null for the platform's accounts. */
  user: StringSchema.nullable(),
  /** Coins this entry added to the account (negative: taken from it). */
  amount: IntSchema,
  /** Grams the device measured, on the line that paid for a feed; 0 on every other line. */
  grams: IntSchema,
  /** What it belongs to: 'feed:<uuid>', 'gift:<id>', 'help_pay:<gift id>' or 'cashout:<id>'. */
  ref: StringSchema,
});
export type StatementLine = z.infer<typeof StatementLineSchema>;

/** The JSON file (its canonical bytes are what the hash covers). */
export const StatementDocumentSchema = z.object({
  version: z.literal(1),
  base_id: IntSchema,
  month: StatementMonthSchema,
  prev_hash: StringSchema,
  lines: z.array(StatementLineSchema),
});
export type StatementDocument = z.infer<typeof StatementDocumentSchema>;

export const STATEMENT_FORMATS = ['json', 'csv'] as const;
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];

// ---- POST /api/statement/list (anyone): a base's statements ----

export const StatementListBodySchema = z.object({ base_id: rowId('v.invalid') });
export type StatementListBody = z.infer<typeof StatementListBodySchema>;

export const StatementSummarySchema = z.object({
  month: StringSchema,
  lines: IntSchema,
  prev_hash: StringSchema,
  hash: StringSchema,
  /** When it was generated (unix seconds). */
  created_at: IntSchema,
  /** Download addresses (same origin). */
  json_url: StringSchema,
  csv_url: StringSchema,
});
export type StatementSummary = z.infer<typeof StatementSummarySchema>;

/** Newest month first. */
export const StatementListDataSchema = z.object({
  base_id: IntSchema,
  list: z.array(StatementSummarySchema),
});
export type StatementListData = z.infer<typeof StatementListDataSchema>;

// ---- GET /api/statement/download (anyone): one statement's bytes ----

export const StatementDownloadQuerySchema = z.object({
  base_id: z.coerce.number().int().min(1).max(2_147_483_647),
  month: StatementMonthSchema,
  format: z.enum(STATEMENT_FORMATS),
});
export type StatementDownloadQuery = z.infer<typeof StatementDownloadQuerySchema>;

/** The file name a statement downloads as. */
export function statementFileName(baseId: number, month: string, format: StatementFormat): string {
  return `petheart-base-${String(baseId)}-${month}.${format}`;
}

// ---- POST /api/feed/impact (login): "My impact" ----

export const ImpactBodySchema = PageQuerySchema;

const ImpactFeedSchema = z.object({
  kind: z.literal('feed'),
  /** The feed's id (its statement lines' ref is 'feed:<id>'). */
  id: StringSchema,
  /** The device's answer (unix seconds). */
  at: IntSchema,
  coins: IntSchema,
  grams: IntSchema,
  base_id: IntSchema,
  base_name: StringSchema,
  device_id: StringSchema,
  device_name: StringSchema,
  proof: FeedProofSchema,
});

const ImpactGiftSchema = z.object({
  /** Coins from the wallet (gift) or a payment (help_pay). */
  kind: z.enum(['gift', 'help_pay']),
  /** The gift's id (statement ref 'gift:<id>' or 'help_pay:<id>'). */
  id: StringSchema,
  at: IntSchema,
  coins: IntSchema,
  points: IntSchema,
  item_title: StringSchema,
  event_id: IntSchema,
  event_title: StringSchema,
  /** The rescue station (the approved application) the request is for. */
  station_name: StringSchema,
  /** The base its applicant operates, when there is one (whose statements list the gift). */
  base_id: IntSchema.nullable(),
  base_name: StringSchema.nullable(),
});

export const ImpactItemSchema = z.discriminatedUnion('kind', [ImpactFeedSchema, ImpactGiftSchema]);
export type ImpactItem = z.infer<typeof ImpactItemSchema>;

export const ImpactTotalsSchema = z.object({
  /** As the certificate counts them (days since joining, animals helped, grams, acknowledged feeds, bases). */
  days_joined: IntSchema,
  animals_helped: IntSchema,
  grams: IntSchema,
  feeds: IntSchema,
  bases: IntSchema,
  /** Coins charged for those feeds. */
  feed_coins: IntSchema,
  /** Gifts with coins and help-pay payments, and their coins. */
  gifts: IntSchema,
  gift_coins: IntSchema,
  help_pay_coins: IntSchema,
});
export type ImpactTotals = z.infer<typeof ImpactTotalsSchema>;

/** Newest first; `pseudonym` is how statements name the user ('u_…'). */
export const ImpactDataSchema = pagedList(ImpactItemSchema).extend({
  pseudonym: StringSchema,
  totals: ImpactTotalsSchema,
});
export type ImpactData = z.infer<typeof ImpactDataSchema>;
