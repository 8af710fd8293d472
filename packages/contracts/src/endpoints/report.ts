import { post } from '../endpoint';
import { ReportCreateBodySchema, ReportSchema } from '../live';

/** /api/report/create: a problem report about a live room's device (users). */
export const reportEndpoints = {
  create: post('/api/report/create', {
    auth: 'user',
    tag: 'live',
    input: ReportCreateBodySchema,
    data: ReportSchema,
    message: 'ok.reportSent',
  }),
};
