import type { FastifyPluginAsync } from 'fastify';
import { PaymentProviderSchema, paymentEndpoints as e } from '@petheart/contracts';
import { rawRoute } from '../../http/endpoint-route';
import { AppError } from '../../http/errors';
import { withDeadline } from './policy';
import type { NotifyAnswer } from './notify-answer';
import type { PaymentService } from './service';

/** Providers give up after 5 s (WeChat Pay): past this, answer "try again" and let the work finish. */
export const NOTIFY_DEADLINE_MS = 4_000;

const BUSY: NotifyAnswer = { status: 503, body: { code: 'FAIL', message: 'busy' } };

/**
 * POST /api/payment/notify/{sandbox|wechat}: the providers' notifications (no login; verified by
 * signature). Signatures cover the body byte for byte, so this scope reads every body as text.
 */
export const notifyRoutes: FastifyPluginAsync<{ payments: PaymentService }> = async (app, { payments }) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => {
    done(null, body);
  });
  rawRoute(app, e.notify, async (request, reply) => {
    const provider = PaymentProviderSchema.safeParse(request.params.provider);
    if (!provider.success) throw new AppError('not_found');
    const work = payments.notify(provider.data, { headers: request.headers, body: request.body as string });
    const answer = await withDeadline<NotifyAnswer | undefined>(work, NOTIFY_DEADLINE_MS, () => {
      request.log.warn({ provider: provider.data }, 'payment notification past its deadline');
      return BUSY;
    });
    if (!answer) throw new AppError('not_found');
    return reply.status(answer.status).send(answer.body);
  });
};
