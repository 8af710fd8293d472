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
import { CASHOUT_STATES } from '@petheart/contracts';
import { users } from './users';
import { ledgerHolds } from './ledger';

/**
 * Cash-outs of base operators' earnings (decision 015). The coins are held on the operator's earnings (the
 * hold made in the transaction that inserts the row) until the cash-out ends: successful posts the hold
 * (net coins to cash-out clearing, the fee's coins to platform revenue); expired, transfer failed and
 * rejected void it. The figures are kept as computed at request time. The card number is stored only
 * AES-256-GCM encrypted (card_cipher) with its last four digits for masking.
 */
export const cashouts = pgTable(
  'cashouts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** The client's key: one request per key per user. */
    idempotencyKey: text('idempotency_key').notNull(),
    status: text('status', { enum: CASHOUT_STATES }).notNull().default('applying'),
    /** Asked, fee and paid out (net), fen; the coins held and the fee's coins; coin value (fen) and currency used. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    fee: bigint('fee', { mode: 'number' }).notNull(),
    netAmount: bigint('net_amount', { mode: 'number' }).notNull(),
    coins: bigint('coins', { mode: 'number' }).notNull(),
    feeCoins: bigint('fee_coins', { mode: 'number' }).notNull(),
    coinValue: integer('coin_value').notNull(),
    currency: text('currency').notNull(),
    bank: text('bank').notNull(),
    holderName: text('holder_name').notNull(),
    mobile: text('mobile').notNull(),
    /** v1.<iv>.<tag>.<ciphertext> (base64url), bound to the user; never the plain number. */
    cardCipher: text('card_cipher').notNull(),
    cardLast4: text('card_last4').notNull(),
    /** The hold on the operator's earnings (set in the transaction that inserts the row). */
    holdId: uuid('hold_id').references(() => ledgerHolds.id),
    /** The console's latest note (the reason of a rejection or a failed transfer). */
    remark: text('remark').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('cashouts_user_key').on(t.userId, t.idempotencyKey),
    index('cashouts_user_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('cashouts_status_idx').on(t.status, t.createdAt, t.id),
    check('cashouts_amounts', sql`${t.coins} > 0 AND ${t.feeCoins} >= 0 AND ${t.feeCoins} < ${t.coins}`),
    check(
      'cashouts_money',
      sql`${t.amount} = ${t.coins} * ${t.coinValue} AND ${t.fee} = ${t.feeCoins} * ${t.coinValue} AND ${t.netAmount} = ${t.amount} - ${t.fee}`,
    ),
    check('cashouts_coin_value_positive', sql`${t.coinValue} > 0`),
    check('cashouts_card_last4', sql`${t.cardLast4} ~ '^[0-9]{4}$'`),
  ],
);

/** Every move of a cash-out: from → to, who (the operator, an admin, the system), the note, when. Append-only. */
export const cashoutEvents = pgTable(
  'cashout_events',
  {
    id: serial('id').primaryKey(),
    cashoutId: integer('cashout_id')
      .notNull()
      .references(() => cashouts.id),
    /** null for the request itself. */
    fromStatus: text('from_status', { enum: CASHOUT_STATES }),
    toStatus: text('to_status', { enum: CASHOUT_STATES }).notNull(),
    actorRole: text('actor_role', { enum: ['operator', 'admin', 'system'] }).notNull(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('cashout_events_cashout_idx').on(t.cashoutId, t.id)],
);
