import type { AccountRef, EntryInput, TransactionKind } from './policy';

/** LedgerService.record: any balanced movement (corrections, anything credit and transfer do not cover). */
export interface RecordInput {
  kind: TransactionKind;
  idempotencyKey: string;
  reference?: string;
  /** Signed amounts (+ into the account), summing to zero. */
  entries: EntryInput[];
}

/** LedgerService.credit: payment clearing → a user's wallet (a recharge). */
export interface CreditInput {
  userId: number;
  amount: number;
  idempotencyKey: string;
  reference?: string;
  /** Default 'recharge'. */
  kind?: TransactionKind;
}

/** LedgerService.transfer: one account → another (e.g. earnings → cash-out clearing). */
export interface TransferInput {
  from: AccountRef;
  to: AccountRef;
  amount: number;
  kind: TransactionKind;
  idempotencyKey: string;
  reference?: string;
}

export interface HoldInput {
  /** The hold's id when the caller chooses it (e.g. to store it first); a new UUID otherwise. */
  id?: string;
  /** A user's wallet (feeds) or earnings (cash-outs). */
  account: AccountRef;
  amount: number;
  idempotencyKey: string;
  reference?: string;
  expiresAt: Date;
}

export interface PostHoldInput {
  holdId: string;
  kind: TransactionKind;
  /** Where the charged coins go (positive amounts summing to the charged amount). */
  credits: EntryInput[];
  /** Coins to charge, at most the held amount (default: all of it); the rest is released. */
  amount?: number;
}
