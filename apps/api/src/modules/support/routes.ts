import type { FastifyPluginAsync } from 'fastify';
import { supportEndpoints as e } from '@petheart/contracts';
import { currentUser } from '../../http/auth';
import { route } from '../../http/endpoint-route';
import type { SupportApplicationService } from './application-service';
import type { SupportEventService } from './event-service';
import type { SupportGiftService } from './gift-service';

export interface SupportRoutesOptions {
  applications: SupportApplicationService;
  events: SupportEventService;
  gifts: SupportGiftService;
}

/** /api/support/* and /api/balance/HelpPay (decision 016): applying, events, giving, help-pay. */
export const supportRoutes: FastifyPluginAsync<SupportRoutesOptions> = async (app, { applications, events, gifts }) => {
  route(app, e.types, (request) => applications.types(request.locale));
  route(app, e.apply, (request) => applications.apply(currentUser(request).id, request.body, request.locale));
  route(app, e.applications, (request) => applications.mine(currentUser(request).id, request.body, request.locale));
  route(app, e.application, (request) => applications.one(currentUser(request).id, request.body.id, request.locale));

  route(app, e.events, (request) => events.list(request.body, request.locale));
  route(app, e.event, (request) => events.detail(request.body.id, request.locale));
  route(app, e.supporters, (request) => events.supporters(request.body));
  route(app, e.give, (request) => gifts.give(currentUser(request).id, request.body));

  route(app, e.myGifts, (request) => gifts.mine(currentUser(request).id, request.body, request.locale));
  route(app, e.orderConfirm, (request) => gifts.orderConfirm(request.body, request.locale));
  route(app, e.balanceHelpPay, (request) => gifts.helpPay(currentUser(request).id, request.body, request.locale));
};
