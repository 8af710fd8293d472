import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  HelpPayBodySchema,
  OrderConfirmBodySchema,
  OrderConfirmDataSchema,
  PayRequestDataSchema,
  SupportApplicationListBodySchema,
  SupportApplicationListDataSchema,
  SupportApplicationSchema,
  SupportApplyBodySchema,
  SupportEventDetailSchema,
  SupportEventListBodySchema,
  SupportEventListDataSchema,
  SupportGiveBodySchema,
  SupportGiveDataSchema,
  SupportIdBodySchema,
  SupportSupportersBodySchema,
  SupportSupportersDataSchema,
  SupportTypeListDataSchema,
  envelope,
} from '@petheart/contracts';
import { currentUser } from '../../http/auth';
import { ok } from '../../http/envelope';
import type { SupportApplicationService } from './application-service';
import type { SupportEventService } from './event-service';
import type { SupportGiftService } from './gift-service';

export interface SupportRoutesOptions {
  applications: SupportApplicationService;
  events: SupportEventService;
  gifts: SupportGiftService;
}

/** /api/support/* and /api/balance/HelpPay (decision 016): applying, events, giving, help-pay. */
export const supportRoutes: FastifyPluginAsyncZod<SupportRoutesOptions> = async (
  app,
  { applications, events, gifts },
) => {
  const tags = ['support'];

  app.post(
    '/api/support/types',
    {
      schema: {
        tags,
        summary: 'The support types (from config)',
        response: { 200: envelope(SupportTypeListDataSchema) },
      },
    },
    async (request) => ok(await applications.types(request.locale)),
  );
  app.post(
    '/api/support/apply',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'Applies for support for a shelter (waits for review)',
        body: SupportApplyBodySchema,
        response: { 200: envelope(SupportApplicationSchema) },
      },
    },
    async (request) =>
      ok(await applications.apply(currentUser(request).id, request.body, request.locale), request.t('ok.applied')),
  );
  app.post(
    '/api/support/applications',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'The user’s applications, newest first',
        body: SupportApplicationListBodySchema,
        response: { 200: envelope(SupportApplicationListDataSchema) },
      },
    },
    async (request) => ok(await applications.mine(currentUser(request).id, request.body, request.locale)),
  );
  app.post(
    '/api/support/application',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'One of the user’s applications (its review state and reason)',
        body: SupportIdBodySchema,
        response: { 200: envelope(SupportApplicationSchema) },
      },
    },
    async (request) => ok(await applications.one(currentUser(request).id, request.body.id, request.locale)),
  );

  app.post(
    '/api/support/events',
    {
      schema: {
        tags,
        summary: 'Support events with their progress: live first, newest first',
        body: SupportEventListBodySchema,
        response: { 200: envelope(SupportEventListDataSchema) },
      },
    },
    async (request) => ok(await events.list(request.body)),
  );
  app.post(
    '/api/support/event',
    {
      schema: {
        tags,
        summary: 'One support event with its items (price per point, gift, progress, supporters)',
        body: SupportIdBodySchema,
        response: { 200: envelope(SupportEventDetailSchema) },
      },
    },
    async (request) => ok(await events.detail(request.body.id)),
  );
  app.post(
    '/api/support/supporters',
    {
      schema: {
        tags,
        summary: 'The gifts to an event or an item, newest first',
        body: SupportSupportersBodySchema,
        response: { 200: envelope(SupportSupportersDataSchema) },
      },
    },
    async (request) => ok(await events.supporters(request.body)),
  );
  app.post(
    '/api/support/give',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'Gives points of an item with coins (idempotent per key)',
        body: SupportGiveBodySchema,
        response: { 200: envelope(SupportGiveDataSchema) },
      },
    },
    async (request) => ok(await gifts.give(currentUser(request).id, request.body), request.t('ok.supported')),
  );

  app.post(
    '/api/support/orderConfirm',
    {
      config: { auth: 'optional' },
      schema: {
        tags,
        summary: 'What a help-pay pays and to whom (before paying)',
        body: OrderConfirmBodySchema,
        response: { 200: envelope(OrderConfirmDataSchema) },
      },
    },
    async (request) => ok(await gifts.orderConfirm(request.body)),
  );
  app.post(
    '/api/balance/HelpPay',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['payment', ...tags],
        summary: 'Creates a payment order for points of a support item; data.response goes to the payment bridge',
        body: HelpPayBodySchema,
        response: { 200: envelope(PayRequestDataSchema) },
      },
    },
    async (request) => ok(await gifts.helpPay(currentUser(request).id, request.body, request.locale)),
  );
};
