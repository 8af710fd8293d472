import { z } from 'zod';
import { PageQuerySchema, pagedList } from './envelope';
import { UserInfoSchema } from './account';
import { coercedRowId, IntSchema, StringSchema } from './fields';

// POST /api/admin/user/list
export const AdminUserListBodySchema = PageQuerySchema.extend({
  keyword: StringSchema.trim().max(100, { error: 'v.tooLong' }).optional(),
});
export const AdminUserSchema = UserInfoSchema.extend({
  status: z.enum(['normal', 'disabled']),
  last_login_at: IntSchema.nullable(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;
// POST /api/admin/user/detail, /api/admin/user/disable, /api/admin/user/enable
export const AdminUserIdBodySchema = z.object({ id: coercedRowId('v.invalid') });
export const AdminUserListDataSchema = pagedList(AdminUserSchema);
export type AdminUserListData = z.infer<typeof AdminUserListDataSchema>;
