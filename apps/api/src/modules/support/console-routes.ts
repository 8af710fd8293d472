import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ConsoleSupportApplicationListBodySchema,
  ConsoleSupportApplicationListDataSchema,
  ConsoleSupportApplicationSchema,
  ConsoleSupportEventCreateBodySchema,
  ConsoleSupportEventListBodySchema,
  ConsoleSupportEventListDataSchema,
  ConsoleSupportEventSchema,
  ConsoleSupportEventUpdateBodySchema,
  ConsoleSupportReviewBodySchema,
  SupportIdBodySchema,
  envelope,
} from '@petheart/contracts';
import { currentUser } from '../../http/auth';
import { ok } from '../../http/envelope';
import type { SupportApplicationService } from './application-service';
import type { SupportEventService } from './event-service';

const admin = { auth: 'admin' as const };
const tags = ['admin', 'support'];

/** /api/admin/support/*: reviewing applications, publishing and editing events (admins only; decision 016). */
export const supportConsoleRoutes: FastifyPluginAsyncZod<{
  applications: SupportApplicationService;
  events: SupportEventService;
}> = async (app, { applications, events }) => {
  app.post(
    '/api/admin/support/applications',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Support applications (pending: oldest first; otherwise newest first)',
        body: ConsoleSupportApplicationListBodySchema,
        response: { 200: envelope(ConsoleSupportApplicationListDataSchema) },
      },
    },
    async (request) => ok(await applications.consoleList(request.body, request.locale)),
  );
  app.post(
    '/api/admin/support/application',
    {
      config: admin,
      schema: { tags, body: SupportIdBodySchema, response: { 200: envelope(ConsoleSupportApplicationSchema) } },
    },
    async (request) => ok(await applications.consoleOne(request.body.id, request.locale)),
  );
  app.post(
    '/api/admin/support/review',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Approves (1) or rejects (2, with a reason) a pending application',
        body: ConsoleSupportReviewBodySchema,
        response: { 200: envelope(ConsoleSupportApplicationSchema) },
      },
    },
    async (request) => {
      const reviewed = await applications.review(currentUser(request).id, request.body, request.locale);
      return ok(reviewed, request.t(reviewed.status === 1 ? 'ok.applicationApproved' : 'ok.applicationRejected'));
    },
  );
  app.post(
    '/api/admin/support/events',
    {
      config: admin,
      schema: {
        tags,
        body: ConsoleSupportEventListBodySchema,
        response: { 200: envelope(ConsoleSupportEventListDataSchema) },
      },
    },
    async (request) => ok(await events.consoleList(request.body)),
  );
  app.post(
    '/api/admin/support/event',
    {
      config: admin,
      schema: { tags, body: SupportIdBodySchema, response: { 200: envelope(ConsoleSupportEventSchema) } },
    },
    async (request) => ok(await events.consoleDetail(request.body.id)),
  );
  app.post(
    '/api/admin/support/event/create',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Publishes a live event with its items for an approved application',
        body: ConsoleSupportEventCreateBodySchema,
        response: { 200: envelope(ConsoleSupportEventSchema) },
      },
    },
    async (request) => ok(await events.create(currentUser(request).id, request.body), request.t('ok.eventPublished')),
  );
  app.post(
    '/api/admin/support/event/update',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Edits an event (texts, cover, live/closed) and its items (texts, target; new items)',
        body: ConsoleSupportEventUpdateBodySchema,
        response: { 200: envelope(ConsoleSupportEventSchema) },
      },
    },
    async (request) => ok(await events.update(request.body), request.t('ok.saved')),
  );
};
