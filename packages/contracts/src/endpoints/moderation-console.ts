import {
  AdminPostApproveBodySchema,
  AdminPostListBodySchema,
  AdminPostListDataSchema,
  AdminPostRejectBodySchema,
  AdminPostSchema,
  AdminReportListBodySchema,
  AdminReportListDataSchema,
  AdminReportResolveBodySchema,
  AdminReportSchema,
} from '../community';
import { post } from '../endpoint';

const tag = 'admin';

/** /api/admin/post/* (the moderation queue) and /api/admin/report/* (the problem-report queue), admins only. */
export const moderationConsoleEndpoints = {
  postList: post('/api/admin/post/list', {
    auth: 'admin',
    tag,
    input: AdminPostListBodySchema,
    data: AdminPostListDataSchema,
  }),
  postApprove: post('/api/admin/post/approve', {
    auth: 'admin',
    tag,
    input: AdminPostApproveBodySchema,
    data: AdminPostSchema,
    message: 'ok.postApproved',
  }),
  postReject: post('/api/admin/post/reject', {
    auth: 'admin',
    tag,
    input: AdminPostRejectBodySchema,
    data: AdminPostSchema,
    message: 'ok.postRejected',
  }),
  reportList: post('/api/admin/report/list', {
    auth: 'admin',
    tag,
    input: AdminReportListBodySchema,
    data: AdminReportListDataSchema,
  }),
  reportResolve: post('/api/admin/report/resolve', {
    auth: 'admin',
    tag,
    input: AdminReportResolveBodySchema,
    data: AdminReportSchema,
    message: 'ok.reportResolved',
  }),
};
