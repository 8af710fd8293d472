import { SearchBodySchema, SearchDataSchema } from '../community';
import { post } from '../endpoint';

/** /api/search/search: live rooms, bases and published posts by keyword (tourists too). */
export const searchEndpoints = {
  search: post('/api/search/search', {
    auth: 'optional',
    tag: 'search',
    input: SearchBodySchema,
    data: SearchDataSchema,
  }),
};
