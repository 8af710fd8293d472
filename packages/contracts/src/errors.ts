import { z } from 'zod';

/** Stable machine ids for every failure the API can answer. Clients switch on these, never on msg. */
export const ERROR_IDS = [
  'validation_failed',
  'login_required',
  'login_expired',
  'forbidden',
  'not_found',
  'rate_limited',
  'too_many_attempts',
  'payload_too_large',
  'internal',
  'account_exists',
  'mobile_exists',
  'invalid_credentials',
  'account_disabled',
  'code_invalid',
  'code_unavailable',
  'upload_invalid_type',
  'upload_too_large',
  'upload_failed',
  'oauth_not_configured',
  'oauth_failed',
  'device_exists',
] as const;
export const ErrorIdSchema = z.enum(ERROR_IDS);
export type ErrorId = z.infer<typeof ErrorIdSchema>;

/** HTTP status that goes with each error id (the envelope carries code 0 in every case). */
export const ERROR_STATUS: Record<ErrorId, number> = {
  validation_failed: 400,
  login_required: 401,
  login_expired: 401,
  forbidden: 403,
  not_found: 404,
  rate_limited: 429,
  too_many_attempts: 429,
  payload_too_large: 413,
  internal: 500,
  account_exists: 409,
  mobile_exists: 409,
  invalid_credentials: 400,
  account_disabled: 403,
  code_invalid: 400,
  code_unavailable: 503,
  upload_invalid_type: 415,
  upload_too_large: 413,
  upload_failed: 400,
  oauth_not_configured: 404,
  oauth_failed: 400,
  device_exists: 409,
};
