import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PetDataSchema,
  PetDetailBodySchema,
  PetListBodySchema,
  PetListDataSchema,
  envelope,
} from '@petheart/contracts';
import { ok } from '../../http/envelope';
import type { PetService } from './service';

/** /api/pet/list|detail (tourists too). */
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
};
