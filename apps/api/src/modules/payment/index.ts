import { routes, type ApiModule } from '../../api-module';
import type { SandboxPayer } from './providers/sandbox-payer';
import { paymentRoutes } from './routes';
import type { PaymentService } from './service';

/** Recharges (decision 010): orders, the providers' notifications, the sandbox page; unpaid orders expire. */
export function paymentModule(s: { payments: PaymentService; paymentSandbox: SandboxPayer | undefined }): ApiModule {
  return {
    name: 'payment',
    routes: [routes(paymentRoutes, { payments: s.payments, sandbox: s.paymentSandbox })],
    lifecycle: [
      // Recharge orders left unpaid are closed: a sweep at start and every minute while the app runs.
      { name: 'payment expiry', start: () => s.payments.start(), stop: () => s.payments.stop() },
    ],
  };
}
