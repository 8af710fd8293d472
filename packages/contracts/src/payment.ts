import { z } from 'zod';
import { PageQuerySchema, pagedList } from './envelope';
import { coercedRowId, IntSchema, StringSchema } from './fields';

/** Who takes the money: the embedded sandbox (plays the payer) or WeChat Pay v3 JSAPI. */
export const PAYMENT_PROVIDERS = ['sandbox', 'wechat'] as const;
export const PaymentProviderSchema = z.enum(PAYMENT_PROVIDERS);
export type PaymentProviderName = z.infer<typeof PaymentProviderSchema>;

/** What an order pays for: coins (a recharge) or, later, a payment to a rescue station (help-pay). */
export const PAYMENT_PURPOSES = ['recharge', 'help_pay'] as const;
export const PaymentPurposeSchema = z.enum(PAYMENT_PURPOSES);
export type PaymentPurpose = z.infer<typeof PaymentPurposeSchema>;

/**
 * created → paid (credited once) | failed (placing failed, or the paid amount did not match) | closed (cancelled,
 * or left unpaid for PAYMENT_ORDER_TTL_MINUTES; a payment that still comes for such an order is credited: → paid).
 */
export const PAYMENT_ORDER_STATUSES = ['created', 'paid', 'failed', 'closed'] as const;
export const PaymentOrderStatusSchema = z.enum(PAYMENT_ORDER_STATUSES);
export type PaymentOrderStatus = z.infer<typeof PaymentOrderStatusSchema>;

/** A merchant order number (WeChat's out_trade_no: 6–32 of [A-Za-z0-9_-|*]). */
export const OrderNoSchema = z
  .string({ error: 'v.orderNo' })
  .trim()
  .regex(/^[A-Za-z0-9_\-|*]{6,32}$/, { error: 'v.orderNo' });

// ---- POST /api/balance/Recharge ----

export const RechargeBodySchema = z.object({
  /** The recharge package (config recharge_packages[].id). */
  id: coercedRowId('v.rechargePackage'),
  /** The payer's openid in the messenger (WeChat JSAPI needs it; the sandbox ignores it). */
  openid: StringSchema.trim().max(128, { error: 'v.tooLong' }).optional(),
});
export type RechargeBody = z.infer<typeof RechargeBodySchema>;

/** Sandbox: the page where the payer confirms or cancels. */
export const SandboxPayResponseSchema = z.object({ pay_url: StringSchema });

/** WeChat Pay JSAPI: the parameters of WeixinJSBridge.invoke('getBrandWCPayRequest', …), signed by the merchant. */
export const WechatJsapiParamsSchema = z.object({
  appId: StringSchema,
  timeStamp: StringSchema,
  nonceStr: StringSchema,
  package: StringSchema,
  signType: z.literal('RSA'),
  paySign: StringSchema,
});
export type WechatJsapiParams = z.infer<typeof WechatJsapiParamsSchema>;

const placed = { order_no: StringSchema, amount: IntSchema, coins: IntSchema, currency: StringSchema };
/** data of Recharge (and later HelpPay): `response` is what the client hands to the provider's payment bridge. */
export const PayRequestDataSchema = z.discriminatedUnion('provider', [
  z.object({ provider: z.literal('sandbox'), ...placed, response: SandboxPayResponseSchema }),
  z.object({ provider: z.literal('wechat'), ...placed, response: WechatJsapiParamsSchema }),
]);
export type PayRequestData = z.infer<typeof PayRequestDataSchema>;

// ---- POST /api/balance/orders (paged history) and /api/balance/order (one order) ----

export const PaymentOrderSchema = z.object({
  order_no: StringSchema,
  purpose: PaymentPurposeSchema,
  package_id: IntSchema.nullable(),
  /** Paid amount, smallest currency unit (fen). */
  amount: IntSchema,
  /** Coins credited when paid: to the wallet (recharge: package coins + bonus) or to the support item (help-pay). */
  coins: IntSchema,
  currency: StringSchema,
  provider: PaymentProviderSchema,
  status: PaymentOrderStatusSchema,
  /** Unix seconds. */
  created_at: IntSchema,
  paid_at: IntSchema.nullable(),
});
export type PaymentOrder = z.infer<typeof PaymentOrderSchema>;

export const PaymentOrderListBodySchema = PageQuerySchema.extend({
  purpose: PaymentPurposeSchema.optional(),
  status: PaymentOrderStatusSchema.optional(),
});
export type PaymentOrderListBody = z.infer<typeof PaymentOrderListBodySchema>;
export const PaymentOrderListDataSchema = pagedList(PaymentOrderSchema);
export type PaymentOrderListData = z.infer<typeof PaymentOrderListDataSchema>;

export const PaymentOrderBodySchema = z.object({ order_no: OrderNoSchema });

// ---- Provider callbacks: POST /api/payment/notify/{provider} (raw signed body, no login) ----

export const PaymentNotifyParamsSchema = z.object({ provider: StringSchema.max(32) });
/** What the notification endpoint answers; providers read the HTTP status (2xx = received, else repeat). */
export const PaymentNotifyAnswerSchema = z.object({ code: z.enum(['SUCCESS', 'FAIL']), message: StringSchema });

// ---- The sandbox payment page (server-rendered HTML): GET and POST /api/payment/sandbox/{order_no} ----

export const SandboxPageParamsSchema = z.object({ order_no: OrderNoSchema });
export const SandboxPageQuerySchema = z.object({
  /** The page token from pay_url. */
  sig: StringSchema.max(100).optional(),
  lang: StringSchema.max(16).optional(),
});
export const SandboxDecisionBodySchema = SandboxPageQuerySchema.extend({ action: z.enum(['pay', 'cancel']) });
