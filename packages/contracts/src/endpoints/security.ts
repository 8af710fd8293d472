import { z } from 'zod';
import { post } from '../endpoint';
import { CSP_REPORT_PATH, CspReportBodySchema } from '../security';

/**
 * /api/security/csp-report (CSP_REPORT_PATH): browsers' Content-Security-Policy violation reports, sent as
 * `application/csp-report` (the API parses that content type as JSON).
 */
export const securityEndpoints = {
  cspReport: post(CSP_REPORT_PATH, {
    auth: 'none',
    tag: 'security',
    summary: 'A Content-Security-Policy violation, as browsers report it',
    input: CspReportBodySchema,
    data: z.null(),
  }),
};
