import { z } from 'zod';
import { IntSchema, StringSchema } from './fields';

/** Where browsers send Content-Security-Policy violations (the policy's `report-uri`). */
export const CSP_REPORT_PATH = '/api/security/csp-report';

const text = StringSchema.max(2048);

/**
 * A violation as browsers send it to `report-uri` (`Content-Type: application/csp-report`): the fields the server
 * logs; any others are allowed and dropped.
 */
export const CspReportBodySchema = z.object({
  'csp-report': z.looseObject({
    'document-uri': text.optional(),
    'blocked-uri': text.optional(),
    'violated-directive': text.optional(),
    'effective-directive': text.optional(),
    'source-file': text.optional(),
    'line-number': IntSchema.min(0).max(10_000_000).optional(),
    'column-number': IntSchema.min(0).max(10_000_000).optional(),
    disposition: text.optional(),
  }),
});
export type CspReportBody = z.infer<typeof CspReportBodySchema>;
