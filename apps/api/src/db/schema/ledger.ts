import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { LEDGER_ACCOUNT_KINDS, LEDGER_TRANSACTION_KINDS } from '@petheart/contracts';
import { createdAt } from './columns';
import { users } from './users';

/**
 * Coin ledger accounts (decision 009). balance = the sum of the account's entries (cached, checked by
 * the invariant checker); held = the sum of its pending holds. Wallets and earnings never go below zero
 * nor below what is held; the platform's accounts (no user) may go negative (clearing accounts do).
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: LEDGER_ACCOUNT_KINDS }).notNull(),
    userId: integer('user_id').references(() => users.id),
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    held: bigint('held', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_user_key')
      .on(t.kind, t.userId)
      .where(sql`${t.userId} IS NOT NULL`),
    uniqueIndex('ledger_accounts_platform_key')
      .on(t.kind)
      .where(sql`${t.userId} IS NULL`),
    check(
      'ledger_accounts_owner',
      sql`(${t.userId} IS NOT NULL) = (${t.kind} IN ('user_wallet', 'operator_earnings'))`,
    ),
    check(
      'ledger_accounts_nonnegative',
      sql`${t.userId} IS NULL OR (${t.balance} >= 0 AND ${t.held} >= 0 AND ${t.held} <= ${t.balance})`,
    ),
    check('ledger_accounts_platform_unheld', sql`${t.userId} IS NOT NULL OR ${t.held} = 0`),
  ],
);

/** One movement of coins. Append-only (a trigger refuses UPDATE and DELETE); corrections are new rows. */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: LEDGER_TRANSACTION_KINDS }).notNull(),
    /** The caller's key: the same key never moves coins twice. */
    idempotencyKey: text('idempotency_key').notNull(),
    /** What it is about: a payment order, a device command, a cash-out… */
    reference: text('reference').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('ledger_transactions_idempotency_key').on(t.idempotencyKey),
    index('ledger_transactions_reference_idx').on(t.kind, t.reference),
  ],
);

/** The entries of a transaction: signed amounts (+ into the account) that sum to zero per transaction. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    transactionId: bigint('transaction_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerTransactions.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (t) => [
    uniqueIndex('ledger_entries_transaction_account_key').on(t.transactionId, t.accountId),
    index('ledger_entries_account_idx').on(t.accountId, t.transactionId),
    check('ledger_entries_nonzero', sql`${t.amount} <> 0`),
  ],
);

/** Coins set aside on a wallet (or earnings) until posted (charged, one transaction) or voided (released). */
export const ledgerHolds = pgTable(
  'ledger_holds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: integer('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    status: text('status', { enum: ['pending', 'posted', 'voided'] })
      .notNull()
      .default('pending'),
    idempotencyKey: text('idempotency_key').notNull(),
    reference: text('reference').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /** The posting transaction (posted holds only). */
    transactionId: bigint('transaction_id', { mode: 'number' }).references(() => ledgerTransactions.id),
  },
  (t) => [
    uniqueIndex('ledger_holds_idempotency_key').on(t.idempotencyKey),
    index('ledger_holds_account_idx').on(t.accountId, t.status),
    index('ledger_holds_pending_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'pending'`),
    check('ledger_holds_amount_positive', sql`${t.amount} > 0`),
    check('ledger_holds_posted_transaction', sql`(${t.status} = 'posted') = (${t.transactionId} IS NOT NULL)`),
    // Batches find their pending holds by `settled_at IS NULL` (decision 018).
    check('ledger_holds_settled_at', sql`(${t.status} = 'pending') = (${t.settledAt} IS NULL)`),
  ],
);
