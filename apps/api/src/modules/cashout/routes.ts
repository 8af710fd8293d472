import type { FastifyPluginAsync } from 'fastify';
import { cashoutEndpoints as e } from '@petheart/contracts';
import { currentUser } from '../../http/auth';
import { route } from '../../http/endpoint-route';
import type { CashoutService } from './service';

/** /api/cashout/*: base operators' cash-outs (others get not_operator; another's cash-out is not_found). */
export const cashoutRoutes: FastifyPluginAsync<{ cashouts: CashoutService }> = async (app, { cashouts }) => {
  route(app, e.config, (request) => cashouts.config(currentUser(request).id));
  route(app, e.apply, async (request) => (await cashouts.apply(currentUser(request).id, request.body)).cashout);
  route(app, e.log, (request) => cashouts.log(currentUser(request).id, request.body));
  route(app, e.detail, (request) => cashouts.detail(currentUser(request).id, request.body.id));
  route(app, e.claim, (request) => cashouts.claim(currentUser(request).id, request.body.id));
};
