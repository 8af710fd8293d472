/**
 * The ledger's rules that need no database: account references, amount checks, entry normalisation and
 * the feed's revenue split. Signs: an entry's amount is what it adds to the account's balance.
 */

export type UserAccountKind = 'user_wallet' | 'operator_earnings';
export type PlatformAccountKind = 'platform_revenue' | 'payment_clearing' | 'cashout_clearing' | 'support_fund';
export type AccountKind = UserAccountKind | PlatformAccountKind;
export type TransactionKind =
  'recharge' | 'feed' | 'refund' | 'cashout' | 'transfer' | 'correction' | 'support' | 'help_pay';

/** An account: a user's wallet or earnings, or one of the platform's own accounts. */
export type AccountRef = { kind: UserAccountKind; userId: number } | { kind: PlatformAccountKind };

export const walletOf = (userId: number): AccountRef => ({ kind: 'user_wallet', userId });
export const earningsOf = (userId: number): AccountRef => ({ kind: 'operator_earnings', userId });
export const PLATFORM_REVENUE: AccountRef = { kind: 'platform_revenue' };
export const PAYMENT_CLEARING: AccountRef = { kind: 'payment_clearing' };
export const CASHOUT_CLEARING: AccountRef = { kind: 'cashout_clearing' };
/** Coins given to support items (wallet gifts and help-pay), owed to the rescue stations (decision 016). */
export const SUPPORT_FUND: AccountRef = { kind: 'support_fund' };

/** Users' accounts never go below zero nor below what is held on them; only they take holds. */
export function isUserAccount(ref: AccountRef): ref is { kind: UserAccountKind; userId: number } {
  return ref.kind === 'user_wallet' || ref.kind === 'operator_earnings';
}

/** The user an account belongs to (null for the platform's accounts). */
export function userIdOf(ref: AccountRef): number | null {
  return isUserAccount(ref) ? ref.userId : null;
}

/** A stable text key for an account ('user_wallet:12', 'platform_revenue'). */
export function accountKey(ref: AccountRef): string {
  return isUserAccount(ref) ? `${ref.kind}:${String(ref.userId)}` : ref.kind;
}

export type LedgerErrorCode =
  | 'invalid_amount'
  | 'invalid_entries'
  | 'invalid_key'
  | 'idempotency_conflict'
  | 'hold_not_found'
  | 'hold_posted'
  | 'hold_voided';

/**
 * A ledger call the caller got wrong (bad amounts, a reused key with other data) or a hold in the
 * wrong state. Not a user-facing message: callers map what they expect (an insufficient balance is
 * `AppError('insufficient_balance')` instead).
 */
export class LedgerError extends Error {
  constructor(
    readonly code: LedgerErrorCode,
    message: string,
  ) {
    super(`${code}: ${message}`);
    this.name = 'LedgerError';
  }
}

/** Coins are positive safe integers. */
export function assertCoins(amount: number, what = 'amount'): void {
  if (!Number.isSafeInteger(amount) || amount <= 0)
    throw new LedgerError('invalid_amount', `${what} must be a positive integer, got ${String(amount)}`);
}

export function assertIdempotencyKey(key: string): void {
  if (typeof key !== 'string' || key.trim() === '' || key.length > 200)
    throw new LedgerError('invalid_key', 'an idempotency key is 1 to 200 characters');
}

export interface EntryInput {
  account: AccountRef;
  amount: number;
}

/**
 * Merges entries on the same account, drops those that cancel out, and checks the result: integers,
 * at least two accounts, summing to zero. Sorted by account key (a stable order for comparisons).
 */
export function normalizeEntries(entries: EntryInput[]): EntryInput[] {
  const merged = new Map<string, EntryInput>();
  for (const entry of entries) {
    if (!Number.isSafeInteger(entry.amount))
      throw new LedgerError('invalid_entries', `entry amounts are integers, got ${String(entry.amount)}`);
    if (isUserAccount(entry.account) && (!Number.isSafeInteger(entry.account.userId) || entry.account.userId <= 0))
      throw new LedgerError('invalid_entries', `bad user id ${String(entry.account.userId)}`);
    const key = accountKey(entry.account);
    const previous = merged.get(key);
    merged.set(key, { account: entry.account, amount: (previous?.amount ?? 0) + entry.amount });
  }
  const result = [...merged.entries()]
    .filter(([, e]) => e.amount !== 0)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, e]) => e);
  if (result.length < 2) throw new LedgerError('invalid_entries', 'a transaction moves coins between two accounts');
  const sum = result.reduce((s, e) => s + e.amount, 0);
  if (sum !== 0 || !Number.isSafeInteger(sum))
    throw new LedgerError('invalid_entries', `entries must sum to zero, got ${String(sum)}`);
  return result;
}

/**
 * A posted feed's split: the base operator's share (basis points of the coins, rounded down) and the
 * platform's rest. The two always add up to the coins charged.
 */
export function splitFeed(coins: number, revenueShareBp: number): { operator: number; platform: number } {
  assertCoins(coins, 'coins');
  if (!Number.isInteger(revenueShareBp) || revenueShareBp < 0 || revenueShareBp > 10_000)
    throw new LedgerError('invalid_amount', `revenue share is 0..10000 basis points, got ${String(revenueShareBp)}`);
  const operator = Math.floor((coins * revenueShareBp) / 10_000);
  return { operator, platform: coins - operator };
}

/** The credits of a posted feed hold: the operator's earnings (when any) and platform revenue. */
export function feedCredits(coins: number, revenueShareBp: number, operatorId: number | null): EntryInput[] {
  const { operator, platform } = splitFeed(coins, operatorId === null ? 0 : revenueShareBp);
  return [
    ...(operatorId !== null && operator > 0 ? [{ account: earningsOf(operatorId), amount: operator }] : []),
    ...(platform > 0 ? [{ account: PLATFORM_REVENUE, amount: platform }] : []),
  ];
}
