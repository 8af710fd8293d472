import { routes, type ApiModule } from '../../api-module';
import { oauthRoutes } from './routes';
import type { OAuthService } from './service';

/** Sign-in with Google and Facebook. */
export function oauthModule(s: { oauth: OAuthService }): ApiModule {
  return {
    name: 'oauth',
    routes: [routes(oauthRoutes, { oauth: s.oauth })],
  };
}
