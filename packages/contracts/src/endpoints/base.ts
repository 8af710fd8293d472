import { post } from '../endpoint';
import { BaseDetailBodySchema, BaseDetailSchema } from '../live';

/** /api/base/detail: a base with its figures and live rooms (anyone). */
export const baseEndpoints = {
  detail: post('/api/base/detail', { auth: 'none', tag: 'live', input: BaseDetailBodySchema, data: BaseDetailSchema }),
};
