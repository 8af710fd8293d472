import {
  PayRequestDataSchema,
  PaymentOrderListDataSchema,
  PaymentOrderSchema,
  type PaymentOrderListData,
} from '@petheart/contracts';
import type { ApiClient } from '../../shared/api';

/** The wallet's calls (packages/contracts/src/payment.ts), each with its response schema. */
export function moneyApi(api: ApiClient) {
  return {
    /** Places an order for a package; errors (e.g. "请在微信中打开", "支付异常") are toasted by the client. */
    recharge: (id: number, openid?: string) =>
      api.request({
        path: '/balance/Recharge',
        data: openid ? { id, openid } : { id },
        schema: PayRequestDataSchema,
        task: 'recharge',
      }),
    /** One order's status; silent: the page shows the outcome itself. */
    order: (order_no: string) =>
      api.request({ path: '/balance/order', data: { order_no }, schema: PaymentOrderSchema, silent: true }),
    /** The recharge history, newest first. */
    orders: (page: number, limit: number): Promise<PaymentOrderListData> =>
      api.request({
        path: '/balance/orders',
        data: { page, limit, purpose: 'recharge' },
        schema: PaymentOrderListDataSchema,
      }),
  };
}
export type MoneyApi = ReturnType<typeof moneyApi>;
