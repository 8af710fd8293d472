import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminPetCreateBodySchema,
  AdminPetDeleteBodySchema,
  AdminPetListBodySchema,
  AdminPetListDataSchema,
  AdminPetSchema,
  AdminPetUpdateBodySchema,
  EmptySchema,
  envelope,
} from '@petheart/contracts';
import { ok } from '../../http/envelope';
import type { PetService } from './service';

const admin = { auth: 'admin' as const };
const tags = ['admin'];

/** /api/admin/pet/list|create|update|delete (admins only). */
export const petConsoleRoutes: FastifyPluginAsyncZod<{ pets: PetService }> = async (app, { pets }) => {
  app.post(
    '/api/admin/pet/list',
    {
      config: admin,
      schema: { tags, body: AdminPetListBodySchema, response: { 200: envelope(AdminPetListDataSchema) } },
    },
    async (request) => ok(await pets.adminList(request.body)),
  );
  app.post(
    '/api/admin/pet/create',
    { config: admin, schema: { tags, body: AdminPetCreateBodySchema, response: { 200: envelope(AdminPetSchema) } } },
    async (request) => ok(await pets.create(request.body), request.t('ok.saved')),
  );
  app.post(
    '/api/admin/pet/update',
    { config: admin, schema: { tags, body: AdminPetUpdateBodySchema, response: { 200: envelope(AdminPetSchema) } } },
    async (request) => ok(await pets.update(request.body), request.t('ok.saved')),
  );
  app.post(
    '/api/admin/pet/delete',
    { config: admin, schema: { tags, body: AdminPetDeleteBodySchema, response: { 200: envelope(EmptySchema) } } },
    async (request) => {
      await pets.delete(request.body.id);
      return ok({}, request.t('ok.itemDeleted'));
    },
  );
};
