import { StringSchema } from '../fields';
import { post, raw } from '../endpoint';
import {
  PayRequestDataSchema,
  PaymentNotifyAnswerSchema,
  PaymentNotifyParamsSchema,
  PaymentOrderBodySchema,
  PaymentOrderListBodySchema,
  PaymentOrderListDataSchema,
  PaymentOrderSchema,
  RechargeBodySchema,
  SandboxDecisionBodySchema,
  SandboxPageParamsSchema,
  SandboxPageQuerySchema,
} from '../payment';

const tag = 'payment';
const Html = StringSchema.describe('HTML page');

/**
 * /api/balance/Recharge, /api/balance/orders, /api/balance/order: recharge orders (users);
 * /api/payment/notify/:provider: the providers' notifications; /api/payment/sandbox/:order_no: the sandbox page.
 */
export const paymentEndpoints = {
  recharge: post('/api/balance/Recharge', {
    auth: 'user',
    tag,
    summary: 'Creates a payment order for a recharge package; data.response goes to the payment bridge',
    input: RechargeBodySchema,
    data: PayRequestDataSchema,
  }),
  orders: post('/api/balance/orders', {
    auth: 'user',
    tag,
    summary: 'The user’s payment orders (recharge history), newest first',
    input: PaymentOrderListBodySchema,
    data: PaymentOrderListDataSchema,
  }),
  order: post('/api/balance/order', {
    auth: 'user',
    tag,
    summary: 'One of the user’s payment orders (its status after paying)',
    input: PaymentOrderBodySchema,
    data: PaymentOrderSchema,
  }),
  /** A provider's notification: the body is read as text (signatures cover it byte for byte). */
  notify: raw('POST', '/api/payment/notify/:provider', {
    auth: 'none',
    tag,
    summary: 'A payment provider’s notification (signed; answered within 5 s)',
    params: PaymentNotifyParamsSchema,
    body: StringSchema,
    responses: { 200: PaymentNotifyAnswerSchema, 401: PaymentNotifyAnswerSchema, 503: PaymentNotifyAnswerSchema },
  }),
  /** The sandbox payment page (PAYMENT_PROVIDER=sandbox only). */
  sandboxPage: raw('GET', '/api/payment/sandbox/:order_no', {
    auth: 'none',
    tag,
    summary: 'Sandbox payment page',
    params: SandboxPageParamsSchema,
    query: SandboxPageQuerySchema,
    responses: { 200: Html, 404: Html },
  }),
  /** The sandbox page's form: the payer pays or cancels (PAYMENT_PROVIDER=sandbox only). */
  sandboxDecision: raw('POST', '/api/payment/sandbox/:order_no', {
    auth: 'none',
    tag,
    summary: 'The payer pays or cancels on the sandbox page',
    params: SandboxPageParamsSchema,
    body: SandboxDecisionBodySchema,
    responses: { 200: Html, 404: Html },
  }),
};
