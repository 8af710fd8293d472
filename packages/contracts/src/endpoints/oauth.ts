import { z } from 'zod';
import { OAuthCallbackQuerySchema, OAuthParamsSchema, OAuthStartQuerySchema } from '../account';
import { raw } from '../endpoint';

const tag = 'oauth';
const Redirect = { 302: z.null().describe('Redirect (Location header)') };

/**
 * GET /api/oauth/:provider/start|callback: sign-in with Google / Facebook, browser redirects only (no JSON).
 * The web app navigates there with `endpointUrl(oauthEndpoints.start, { provider }, { redirect })`.
 */
export const oauthEndpoints = {
  start: raw('GET', '/api/oauth/:provider/start', {
    auth: 'none',
    tag,
    summary: 'Redirects to the provider to sign in',
    params: OAuthParamsSchema,
    query: OAuthStartQuerySchema,
    responses: Redirect,
  }),
  callback: raw('GET', '/api/oauth/:provider/callback', {
    auth: 'none',
    tag,
    summary: 'The provider sends the browser back here; redirects to the login page with a token',
    params: OAuthParamsSchema,
    query: OAuthCallbackQuerySchema,
    responses: Redirect,
  }),
};
