import {
  CASHOUT_STATUS_OF,
  maskCardNumber,
  type AdminCashout,
  type AdminCashoutEvent,
  type Cashout,
  type CashoutEvent,
} from '@petheart/contracts';
import { seconds } from '../../lib/time';
import { adminActionsFor } from './policy';
import type { CashoutRow, CashoutWithOwner, EventWithActor } from './repository';

/** A cash-out as its operator sees it: the card number masked. */
export function toCashout(row: CashoutRow): Cashout {
  return {
    id: row.id,
    status: CASHOUT_STATUS_OF[row.status],
    amount: row.amount,
    fee: row.fee,
    net_amount: row.netAmount,
    coins: row.coins,
    fee_coins: row.feeCoins,
    coin_value: row.coinValue,
    currency: row.currency,
    bank: row.bank,
    card_number: maskCardNumber(row.cardLast4),
    name: row.holderName,
    mobile: row.mobile,
    remark: row.remark,
    created_at: seconds(row.createdAt),
    updated_at: seconds(row.updatedAt),
  };
}

export function toCashoutEvent(e: EventWithActor): CashoutEvent {
  return {
    from: e.fromStatus === null ? null : CASHOUT_STATUS_OF[e.fromStatus],
    to: CASHOUT_STATUS_OF[e.toStatus],
    actor: e.actorRole,
    note: e.note,
    at: seconds(e.createdAt),
  };
}

/** A cash-out in the console's list: still masked, with its owner and the actions it takes now. */
export function toAdminCashout(row: CashoutWithOwner): AdminCashout {
  return {
    ...toCashout(row),
    user: { id: row.owner.id, nickname: row.owner.nickname, email: row.owner.email },
    actions: adminActionsFor(row.status),
  };
}

export function toAdminCashoutEvent(e: EventWithActor): AdminCashoutEvent {
  return {
    ...toCashoutEvent(e),
    by: e.actorId === null ? null : { id: e.actorId, nickname: e.actorNickname ?? '' },
  };
}
