import {
  AdminBaseCreateBodySchema,
  AdminBaseListBodySchema,
  AdminBaseListDataSchema,
  AdminBaseSchema,
  AdminBaseUpdateBodySchema,
} from '../console-devices';
import { post } from '../endpoint';

const tag = 'admin';

/** /api/admin/base/*: list, create, update (admins only). */
export const baseConsoleEndpoints = {
  list: post('/api/admin/base/list', {
    auth: 'admin',
    tag,
    input: AdminBaseListBodySchema,
    data: AdminBaseListDataSchema,
  }),
  create: post('/api/admin/base/create', {
    auth: 'admin',
    tag,
    input: AdminBaseCreateBodySchema,
    data: AdminBaseSchema,
    message: 'ok.baseCreated',
  }),
  update: post('/api/admin/base/update', {
    auth: 'admin',
    tag,
    input: AdminBaseUpdateBodySchema,
    data: AdminBaseSchema,
    message: 'ok.saved',
  }),
};
