import { paymentEndpoints as payment, type PaymentOrderListData } from '@petheart/contracts';
import type { ApiClient } from '../../shared/api';

/** The wallet's calls (packages/contracts/src/payment.ts), each with its response schema. */
export function moneyApi(api: ApiClient) {
  return {
    /** Places an order for a package; errors (e.g. "请在微信中打开", "支付异常") are toasted by the client. */
    recharge: (id: number, openid?: string) =>
      api.call(payment.recharge, openid ? { id, openid } : { id }, { task: 'recharge' }),
    /** One order's status; silent: the page shows the outcome itself. */
    order: (order_no: string) => api.call(payment.order, { order_no }, { silent: true }),
    /** The recharge history, newest first. */
    orders: (page: number, limit: number): Promise<PaymentOrderListData> =>
      api.call(payment.orders, { page, limit, purpose: 'recharge' }),
  };
}
export type MoneyApi = ReturnType<typeof moneyApi>;
