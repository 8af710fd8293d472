import type { PaymentOrder } from '@petheart/contracts';
import { seconds } from '../../lib/time';
import type { OrderRow } from './repository';

export function toPaymentOrder(r: OrderRow): PaymentOrder {
  return {
    order_no: r.orderNo,
    purpose: r.purpose,
    package_id: r.packageId,
    amount: r.amount,
    coins: r.coins,
    currency: r.currency,
    provider: r.provider,
    status: r.status,
    created_at: seconds(r.createdAt),
    paid_at: r.paidAt ? seconds(r.paidAt) : null,
  };
}
