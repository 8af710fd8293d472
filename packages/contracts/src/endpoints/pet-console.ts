import {
  AdminPetCreateBodySchema,
  AdminPetDeleteBodySchema,
  AdminPetListBodySchema,
  AdminPetListDataSchema,
  AdminPetSchema,
  AdminPetUpdateBodySchema,
} from '../content';
import { post } from '../endpoint';
import { EmptySchema } from '../envelope';

const tag = 'admin';

/** /api/admin/pet/list|create|update|delete (admins only). */
export const petConsoleEndpoints = {
  list: post('/api/admin/pet/list', {
    auth: 'admin',
    tag,
    input: AdminPetListBodySchema,
    data: AdminPetListDataSchema,
  }),
  create: post('/api/admin/pet/create', {
    auth: 'admin',
    tag,
    input: AdminPetCreateBodySchema,
    data: AdminPetSchema,
    message: 'ok.saved',
  }),
  update: post('/api/admin/pet/update', {
    auth: 'admin',
    tag,
    input: AdminPetUpdateBodySchema,
    data: AdminPetSchema,
    message: 'ok.saved',
  }),
  delete: post('/api/admin/pet/delete', {
    auth: 'admin',
    tag,
    input: AdminPetDeleteBodySchema,
    data: EmptySchema,
    message: 'ok.itemDeleted',
  }),
};
