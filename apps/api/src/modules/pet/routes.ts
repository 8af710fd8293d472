import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminPetCreateBodySchema,
  AdminPetDeleteBodySchema,
  AdminPetListBodySchema,
  AdminPetListDataSchema,
  AdminPetSchema,
  AdminPetUpdateBodySchema,
  EmptySchema,
  PetDataSchema,
  PetDetailBodySchema,
  PetListBodySchema,
  PetListDataSchema,
  envelope,
} from '@petheart/contracts';
import { ok } from '../../http/envelope';
import type { PetService } from './service';

const admin = { auth: 'admin' as const };

/** /api/pet/list|detail (tourists too) and /api/admin/pet/list|create|update|delete (admins only). */
export const petRoutes: FastifyPluginAsyncZod<{ pets: PetService }> = async (app, { pets }) => {
  app.post(
    '/api/pet/list',
    { schema: { tags: ['pet'], body: PetListBodySchema, response: { 200: envelope(PetListDataSchema) } } },
    async (request) => ok(await pets.list(request.body, request.locale)),
  );
  app.post(
    '/api/pet/detail',
    { schema: { tags: ['pet'], body: PetDetailBodySchema, response: { 200: envelope(PetDataSchema) } } },
    async (request) => ok(await pets.detail(request.body.id, request.locale)),
  );

  const tags = ['admin'];
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
