import type { FastifyPluginAsync } from 'fastify';
import { paymentEndpoints as e } from '@petheart/contracts';
import { currentUser } from '../../http/auth';
import { route } from '../../http/endpoint-route';
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
export const paymentRoutes: FastifyPluginAsync<PaymentRoutesOptions> = async (app, { payments, sandbox }) => {
  route(app, e.recharge, (request) => payments.recharge(currentUser(request).id, request.body, request.locale));
  route(app, e.orders, (request) => payments.history(currentUser(request).id, request.body));
  route(app, e.order, (request) => payments.order(currentUser(request).id, request.body.order_no));

  await app.register(notifyRoutes, { payments });
  if (sandbox) await app.register(sandboxPageRoutes, { payer: sandbox });
};
