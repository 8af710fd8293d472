import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PayRequestDataSchema,
  PaymentOrderBodySchema,
  PaymentOrderListBodySchema,
  PaymentOrderListDataSchema,
  PaymentOrderSchema,
  RechargeBodySchema,
  envelope,
} from '@petheart/contracts';
import { currentUser } from '../../http/auth';
import { ok } from '../../http/envelope';
import { notifyRoutes } from './notify-routes';
import type { SandboxPayer } from './providers/sandbox-payer';
import { sandboxPageRoutes } from './sandbox-routes';
import type { PaymentService } from './service';

export interface PaymentRoutesOptions {
  payments: PaymentService;
  /** The sandbox's payer side (PAYMENT_PROVIDER=sandbox): its payment page. */
  sandbox: SandboxPayer | undefined;
}

/** Recharge orders (users), the providers' notifications, and the sandbox payment page. */
export const paymentRoutes: FastifyPluginAsyncZod<PaymentRoutesOptions> = async (app, { payments, sandbox }) => {
  const tags = ['payment'];
  app.post(
    '/api/balance/Recharge',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'Creates a payment order for a recharge package; data.response goes to the payment bridge',
        body: RechargeBodySchema,
        response: { 200: envelope(PayRequestDataSchema) },
      },
    },
    async (request) => ok(await payments.recharge(currentUser(request).id, request.body, request.locale)),
  );

  app.post(
    '/api/balance/orders',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'The user’s payment orders (recharge history), newest first',
        body: PaymentOrderListBodySchema,
        response: { 200: envelope(PaymentOrderListDataSchema) },
      },
    },
    async (request) => ok(await payments.history(currentUser(request).id, request.body)),
  );

  app.post(
    '/api/balance/order',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'One of the user’s payment orders (its status after paying)',
        body: PaymentOrderBodySchema,
        response: { 200: envelope(PaymentOrderSchema) },
      },
    },
    async (request) => ok(await payments.order(currentUser(request).id, request.body.order_no)),
  );

  await app.register(notifyRoutes, { payments });
  if (sandbox) await app.register(sandboxPageRoutes, { payer: sandbox });
};
