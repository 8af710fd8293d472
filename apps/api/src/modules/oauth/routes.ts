import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OAuthCallbackQuerySchema, OAuthParamsSchema, OAuthStartQuerySchema } from '@petheart/contracts';
import { cookieName, type OAuthService } from './service';
import { readCookie } from './state';

const Redirect = { 302: z.null().describe('Redirect (Location header)') };

/** Sign-in with Google / Facebook: browser redirects only, no JSON. */
export const oauthRoutes: FastifyPluginAsyncZod<{ oauth: OAuthService }> = async (app, { oauth }) => {
  app.get(
    '/api/oauth/:provider/start',
    {
      schema: {
        tags: ['oauth'],
        summary: 'Redirects to the provider to sign in',
        params: OAuthParamsSchema,
        querystring: OAuthStartQuerySchema,
        response: Redirect,
      },
    },
    async (request, reply) => {
      const provider = oauth.require(request.params.provider);
      try {
        const { location, cookie } = await oauth.start(provider, request.query.redirect);
        return await reply.header('set-cookie', cookie).header('cache-control', 'no-store').redirect(location, 302);
      } catch (error) {
        // The provider could not be reached (discovery): back to the login page, with the reason logged.
        request.log.warn({ err: error, provider }, 'oauth start failed');
        return reply.header('cache-control', 'no-store').redirect(oauth.loginPage({ error: 'oauth_failed' }), 302);
      }
    },
  );

  app.get(
    '/api/oauth/:provider/callback',
    {
      schema: {
        tags: ['oauth'],
        summary: 'The provider sends the browser back here; redirects to the login page with a token',
        params: OAuthParamsSchema,
        querystring: OAuthCallbackQuerySchema,
        response: Redirect,
      },
    },
    async (request, reply) => {
      const provider = oauth.require(request.params.provider);
      const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      const { location, failure } = await oauth.finish(
        provider,
        search,
        readCookie(request.headers.cookie, cookieName(provider)),
      );
      if (failure !== undefined) request.log.warn({ err: failure, provider }, 'oauth sign-in failed');
      return reply
        .header('set-cookie', oauth.clearCookie(provider))
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .redirect(location, 302);
    },
  );
};
