import type { Database } from '../../db/client';
import type { LedgerService } from '../ledger/service';
import type { RechargeCrediting } from './service';

/** The ledger's idempotency key of an order's credit: a second credit of the same order moves nothing. */
export const rechargeKey = (orderNo: string) => `payment:${orderNo}`;

/**
 * RechargeCrediting on the coin ledger: payment clearing → the user's wallet, once per order (the
 * ledger's idempotency key), inside the caller's transaction. `ledgerIn(tx)` gives a ledger working in
 * that transaction (its own transaction becomes a savepoint of it); container.ts builds it.
 */
export function ledgerRechargeCrediting(ledgerIn: (tx: Database) => Pick<LedgerService, 'credit'>): RechargeCrediting {
  return {
    async creditRecharge(tx, { userId, coins, orderNo }) {
      await ledgerIn(tx).credit({
        userId,
        amount: coins,
        idempotencyKey: rechargeKey(orderNo),
        reference: orderNo,
        kind: 'recharge',
      });
    },
  };
}
