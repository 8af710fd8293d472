import {
  AdminContentCreateBodySchema,
  AdminContentDeleteBodySchema,
  AdminContentItemSchema,
  AdminContentListBodySchema,
  AdminContentListDataSchema,
  AdminContentUpdateBodySchema,
} from '../content';
import { post } from '../endpoint';
import { EmptySchema } from '../envelope';

const tag = 'admin';

/** /api/admin/content/*: list, create, update, delete Q&A, articles, pages and banners (admins only). */
export const contentConsoleEndpoints = {
  list: post('/api/admin/content/list', {
    auth: 'admin',
    tag,
    input: AdminContentListBodySchema,
    data: AdminContentListDataSchema,
  }),
  create: post('/api/admin/content/create', {
    auth: 'admin',
    tag,
    input: AdminContentCreateBodySchema,
    data: AdminContentItemSchema,
    message: 'ok.saved',
  }),
  update: post('/api/admin/content/update', {
    auth: 'admin',
    tag,
    input: AdminContentUpdateBodySchema,
    data: AdminContentItemSchema,
    message: 'ok.saved',
  }),
  delete: post('/api/admin/content/delete', {
    auth: 'admin',
    tag,
    input: AdminContentDeleteBodySchema,
    data: EmptySchema,
    message: 'ok.itemDeleted',
  }),
};
