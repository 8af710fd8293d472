import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CashoutApplyBodySchema,
  CashoutConfigSchema,
  CashoutDetailSchema,
  CashoutIdBodySchema,
  CashoutLogBodySchema,
  CashoutLogDataSchema,
  CashoutSchema,
  EmptySchema,
  envelope,
} from '@petheart/contracts';
import { currentUser } from '../../http/auth';
import { ok } from '../../http/envelope';
import type { CashoutService } from './service';

const user = { auth: 'user' as const };
const tags = ['cashout'];

/** /api/cashout/*: base operators' cash-outs (others get not_operator; another's cash-out is not_found). */
export const cashoutRoutes: FastifyPluginAsyncZod<{ cashouts: CashoutService }> = async (app, { cashouts }) => {
  app.post(
    '/api/cashout/config',
    {
      config: user,
      schema: { tags, body: EmptySchema.optional(), response: { 200: envelope(CashoutConfigSchema) } },
    },
    async (request) => ok(await cashouts.config(currentUser(request).id)),
  );
  app.post(
    '/api/cashout/apply',
    { config: user, schema: { tags, body: CashoutApplyBodySchema, response: { 200: envelope(CashoutSchema) } } },
    async (request) => {
      const { cashout } = await cashouts.apply(currentUser(request).id, request.body);
      return ok(cashout, request.t('ok.cashoutApplied'));
    },
  );
  app.post(
    '/api/cashout/log',
    { config: user, schema: { tags, body: CashoutLogBodySchema, response: { 200: envelope(CashoutLogDataSchema) } } },
    async (request) => ok(await cashouts.log(currentUser(request).id, request.body)),
  );
  app.post(
    '/api/cashout/detail',
    { config: user, schema: { tags, body: CashoutIdBodySchema, response: { 200: envelope(CashoutDetailSchema) } } },
    async (request) => ok(await cashouts.detail(currentUser(request).id, request.body.id)),
  );
  app.post(
    '/api/cashout/claim',
    { config: user, schema: { tags, body: CashoutIdBodySchema, response: { 200: envelope(CashoutSchema) } } },
    async (request) =>
      ok(await cashouts.claim(currentUser(request).id, request.body.id), request.t('ok.cashoutClaimed')),
  );
};
