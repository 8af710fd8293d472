import { post } from '../endpoint';
import { AdminFreeFoodBodySchema, AdminFreeFoodListDataSchema } from '../feed';

/** /api/admin/feed/free: the console's food given free (decision 026), admins only. */
export const feedConsoleEndpoints = {
  free: post('/api/admin/feed/free', {
    auth: 'admin',
    tag: 'admin',
    summary: 'Food given free: feeds refunded although the device later answered that their food fell',
    input: AdminFreeFoodBodySchema,
    data: AdminFreeFoodListDataSchema,
  }),
};
