import { post, raw } from '../endpoint';
import {
  ImpactBodySchema,
  ImpactDataSchema,
  StatementDownloadQuerySchema,
  StatementListBodySchema,
  StatementListDataSchema,
} from '../statement';

/**
 * /api/statement/list (a base's monthly statements), GET /api/statement/download (one statement's JSON or CSV
 * bytes, a file), /api/feed/impact (the user's coins spent: feeds and gifts, with totals as the certificate's).
 */
export const statementEndpoints = {
  list: post('/api/statement/list', {
    auth: 'none',
    tag: 'statement',
    summary: 'A base’s monthly statements: month, lines, previous hash, hash and download addresses',
    input: StatementListBodySchema,
    data: StatementListDataSchema,
  }),
  /** application/json or text/csv, as an attachment named petheart-base-{id}-{YYYY-MM}.{json|csv}. */
  download: raw('GET', '/api/statement/download', {
    auth: 'none',
    tag: 'statement',
    summary: 'One monthly statement’s bytes (JSON or CSV), exactly as hashed',
    query: StatementDownloadQuerySchema,
  }),
  impact: post('/api/feed/impact', {
    auth: 'user',
    tag: 'feed',
    summary: 'My impact: each feed and gift the user’s coins paid for, newest first, with totals',
    input: ImpactBodySchema,
    data: ImpactDataSchema,
  }),
};
