import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  LocaleSchema,
  SandboxDecisionBodySchema,
  SandboxPageParamsSchema,
  SandboxPageQuerySchema,
  type Locale,
} from '@petheart/contracts';
import type { SandboxPayer } from './providers/sandbox-payer';
import { PAGE_HEADERS, renderPayPage, renderResultPage } from './sandbox-page';

const Html = z.string().describe('HTML page');

/**
 * The sandbox payment page (PAYMENT_PROVIDER=sandbox): GET shows the order with Pay / Cancel in the
 * payer's language; the form POSTs back and the sandbox sends its signed notifications to the API.
 */
export const sandboxPageRoutes: FastifyPluginAsyncZod<{ payer: SandboxPayer }> = async (app, { payer }) => {
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
  const tags = ['payment'];

  app.get(
    '/api/payment/sandbox/:order_no',
    {
      schema: {
        tags,
        summary: 'Sandbox payment page',
        params: SandboxPageParamsSchema,
        querystring: SandboxPageQuerySchema,
        response: { 200: Html, 404: Html },
      },
    },
    async (request, reply) => {
      const locale = language(request.query.lang, request.locale);
      const { sig } = request.query;
      const order = await payer.view(request.params.order_no, sig);
      void reply.headers(PAGE_HEADERS);
      if (typeof order === 'string') return reply.status(404).send(renderResultPage(locale, order));
      if (order.status !== 'created') return reply.send(renderResultPage(locale, order.status, order.orderNo));
      return reply.send(renderPayPage(locale, order, sig ?? ''));
    },
  );

  app.post(
    '/api/payment/sandbox/:order_no',
    {
      schema: {
        tags,
        summary: 'The payer pays or cancels on the sandbox page',
        params: SandboxPageParamsSchema,
        body: SandboxDecisionBodySchema,
        response: { 200: Html, 404: Html },
      },
    },
    async (request, reply) => {
      const locale = language(request.body.lang, request.locale);
      const { action, sig } = request.body;
      const result = await payer.decide(request.params.order_no, sig, action);
      void reply.headers(PAGE_HEADERS);
      if (result === 'invalid' || result === 'not_found')
        return reply.status(404).send(renderResultPage(locale, result));
      const shown = result === 'sent' && action === 'cancel' ? 'cancelled' : result;
      return reply.send(renderResultPage(locale, shown, request.params.order_no));
    },
  );
};
