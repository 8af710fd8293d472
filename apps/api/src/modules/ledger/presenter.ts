import type { AccountKind, AccountRef, PlatformAccountKind, TransactionKind, UserAccountKind } from './policy';
import type { AccountRow, EntryRow, HoldRow, TransactionRow } from './repository';

export interface Balance {
  /** The sum of the account's entries. */
  balance: number;
  /** Coins set aside by pending holds. */
  held: number;
  /** What can be spent or held now: balance − held. */
  available: number;
}

export interface LedgerEntryView {
  account: AccountRef;
  amount: number;
}

export interface LedgerTransactionView {
  id: number;
  kind: TransactionKind;
  idempotencyKey: string;
  reference: string;
  createdAt: Date;
  entries: LedgerEntryView[];
  /** True when the key had already been used: this is the earlier transaction, nothing moved now. */
  replayed: boolean;
}

export interface HoldView {
  id: string;
  account: AccountRef;
  amount: number;
  status: 'pending' | 'posted' | 'voided';
  idempotencyKey: string;
  reference: string;
  createdAt: Date;
  expiresAt: Date;
  settledAt: Date | null;
  /** The posting transaction (posted holds). */
  transactionId: number | null;
  /** True when nothing changed now: the key was used before, or the hold was already settled this way. */
  replayed: boolean;
}

export function toAccountRef(kind: AccountKind, userId: number | null): AccountRef {
  if (kind === 'user_wallet' || kind === 'operator_earnings') {
    if (userId === null) throw new Error(`ledger account ${kind} without a user`);
    return { kind: kind satisfies UserAccountKind, userId };
  }
  return { kind: kind satisfies PlatformAccountKind };
}

export function toBalance(row: AccountRow | undefined): Balance {
  const balance = row?.balance ?? 0;
  const held = row?.held ?? 0;
  return { balance, held, available: balance - held };
}

export function toTransactionView(tx: TransactionRow, entries: EntryRow[], replayed: boolean): LedgerTransactionView {
  return {
    id: tx.id,
    kind: tx.kind,
    idempotencyKey: tx.idempotencyKey,
    reference: tx.reference,
    createdAt: tx.createdAt,
    entries: entries.map((e) => ({ account: toAccountRef(e.kind, e.userId), amount: e.amount })),
    replayed,
  };
}

export function toHoldView(hold: HoldRow, account: AccountRef, replayed: boolean): HoldView {
  return {
    id: hold.id,
    account,
    amount: hold.amount,
    status: hold.status,
    idempotencyKey: hold.idempotencyKey,
    reference: hold.reference,
    createdAt: hold.createdAt,
    expiresAt: hold.expiresAt,
    settledAt: hold.settledAt,
    transactionId: hold.transactionId,
    replayed,
  };
}
