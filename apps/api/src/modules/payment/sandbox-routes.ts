import type { FastifyPluginAsync } from 'fastify';
import type { z } from 'zod';
import {
  LocaleSchema,
  paymentEndpoints as e,
  type Locale,
  type SandboxDecisionBodySchema,
  type SandboxPageParamsSchema,
  type SandboxPageQuerySchema,
} from '@petheart/contracts';
import { rawRoute } from '../../http/endpoint-route';
import type { SandboxPayer } from './providers/sandbox-payer';
import { PAGE_HEADERS, renderPayPage, renderResultPage } from './sandbox-page';

type Params = z.infer<typeof SandboxPageParamsSchema>;

/**
 * The sandbox payment page (PAYMENT_PROVIDER=sandbox): GET shows the order with Pay / Cancel in the
 * payer's language; the form POSTs back and the sandbox sends its signed notifications to the API.
 */
export const sandboxPageRoutes: FastifyPluginAsync<{ payer: SandboxPayer }> = async (app, { payer }) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4 * 1024 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );
  const language = (lang: string | undefined, fallback: Locale) => {
    const chosen = LocaleSchema.safeParse(lang);
    return chosen.success ? chosen.data : fallback;
  };

  rawRoute(app, e.sandboxPage, async (request, reply) => {
    const params = request.params as Params;
    const query = request.query as z.infer<typeof SandboxPageQuerySchema>;
    const locale = language(query.lang, request.locale);
    const { sig } = query;
    const order = await payer.view(params.order_no, sig);
    void reply.headers(PAGE_HEADERS);
    if (typeof order === 'string') return reply.status(404).send(renderResultPage(locale, order));
    if (order.status !== 'created') return reply.send(renderResultPage(locale, order.status, order.orderNo));
    return reply.send(renderPayPage(locale, order, sig ?? ''));
  });

  rawRoute(app, e.sandboxDecision, async (request, reply) => {
    const params = request.params as Params;
    const body = request.body as z.infer<typeof SandboxDecisionBodySchema>;
    const locale = language(body.lang, request.locale);
    const { action, sig } = body;
    const result = await payer.decide(params.order_no, sig, action);
    void reply.headers(PAGE_HEADERS);
    if (result === 'invalid' || result === 'not_found') return reply.status(404).send(renderResultPage(locale, result));
    const shown = result === 'sent' && action === 'cancel' ? 'cancelled' : result;
    return reply.send(renderResultPage(locale, shown, params.order_no));
  });
};
