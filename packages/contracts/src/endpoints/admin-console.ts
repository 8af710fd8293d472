import { AdminUserIdBodySchema, AdminUserListBodySchema, AdminUserListDataSchema, AdminUserSchema } from '../admin';
import { post } from '../endpoint';

const tag = 'admin';

/** /api/admin/user/*: list, detail, disable, enable (admins only). */
export const adminConsoleEndpoints = {
  list: post('/api/admin/user/list', {
    auth: 'admin',
    tag,
    input: AdminUserListBodySchema,
    data: AdminUserListDataSchema,
  }),
  detail: post('/api/admin/user/detail', { auth: 'admin', tag, input: AdminUserIdBodySchema, data: AdminUserSchema }),
  disable: post('/api/admin/user/disable', {
    auth: 'admin',
    tag,
    input: AdminUserIdBodySchema,
    data: AdminUserSchema,
    message: 'ok.userDisabled',
  }),
  enable: post('/api/admin/user/enable', {
    auth: 'admin',
    tag,
    input: AdminUserIdBodySchema,
    data: AdminUserSchema,
    message: 'ok.userEnabled',
  }),
};
