import type { FastifyPluginAsync } from 'fastify';
import type { z } from 'zod';
import { oauthEndpoints as e, type OAuthParamsSchema, type OAuthStartQuerySchema } from '@petheart/contracts';
import { rawRoute } from '../../http/endpoint-route';
import { cookieName, type OAuthService } from './service';
import { readCookie } from './state';

type Params = z.infer<typeof OAuthParamsSchema>;
type StartQuery = z.infer<typeof OAuthStartQuerySchema>;

/** Sign-in with Google / Facebook: browser redirects only, no JSON. */
export const oauthRoutes: FastifyPluginAsync<{ oauth: OAuthService }> = async (app, { oauth }) => {
  rawRoute(app, e.start, async (request, reply) => {
    const provider = oauth.require((request.params as Params).provider);
    try {
      const { location, cookie } = await oauth.start(provider, (request.query as StartQuery).redirect);
      return await reply.header('set-cookie', cookie).header('cache-control', 'no-store').redirect(location, 302);
    } catch (error) {
      // The provider could not be reached (discovery): back to the login page, with the reason logged.
      request.log.warn({ err: error, provider }, 'oauth start failed');
      return reply.header('cache-control', 'no-store').redirect(oauth.loginPage({ error: 'oauth_failed' }), 302);
    }
  });

  rawRoute(app, e.callback, async (request, reply) => {
    const provider = oauth.require((request.params as Params).provider);
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
  });
};
