import type { Clock } from '../../lib/clock';
import type { Database } from '../../db/client';
import { PAYMENT_CLEARING, SUPPORT_FUND } from '../ledger/policy';
import type { LedgerService } from '../ledger/service';
import { rechargeKey } from '../payment/ledger-crediting';
import type { HelpPayCrediting } from '../payment/service';
import { SupportEventRepository } from './event-repository';
import { SupportGiftRepository } from './gift-repository';
import { helpPayGiftKey, pointsPaid } from './policy';

/**
 * HelpPayCrediting on the ledger and the support tables (decision 016). Inside the transaction that marks a
 * help-pay order paid (once, decision 010): the order's coins move payment clearing → support fund (ledger key
 * payment:<order_no>, a second guard), its points are added to the item (even past the target: the money is
 * already taken) and the gift is recorded with the order. All of it commits with the order, or none of it.
 */
export function supportHelpPayCrediting(deps: {
  ledgerIn: (tx: Database) => Pick<LedgerService, 'record'>;
  clock: Clock;
}): HelpPayCrediting {
  return {
    async creditHelpPay(tx, order) {
      if (order.packageId === null) throw new Error(`help-pay order ${order.orderNo} names no support item`);
      const events = new SupportEventRepository(tx);
      const found = await events.itemById(order.packageId);
      if (!found) throw new Error(`help-pay order ${order.orderNo}: no support item ${String(order.packageId)}`);
      const transaction = await deps.ledgerIn(tx).record({
        kind: 'help_pay',
        idempotencyKey: rechargeKey(order.orderNo),
        reference: order.orderNo,
        entries: [
          { account: PAYMENT_CLEARING, amount: -order.coins },
          { account: SUPPORT_FUND, amount: order.coins },
        ],
      });
      if (transaction.replayed) return;
      const points = pointsPaid(order.coins, found.item.price);
      await events.addPoints(found.item.id, points, false);
      await new SupportGiftRepository(tx).insert({
        userId: order.userId,
        itemId: found.item.id,
        eventId: found.event.id,
        points,
        coins: order.coins,
        source: 'help_pay',
        idempotencyKey: helpPayGiftKey(order.orderNo),
        ledgerTransactionId: transaction.id,
        paymentOrderId: order.id,
        amount: order.amount,
        createdAt: deps.clock.now(),
      });
    },
  };
}
