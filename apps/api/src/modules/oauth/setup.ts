import type { AppConfig } from '../../config/env';
import { FacebookProviderClient, OidcProviderClient, type FacebookOptions } from './providers';
import type { ConfiguredProvider } from './service';
import { StateSealer } from './state';
import type { OAuthProvider } from '@petheart/contracts';

/** The providers whose client id and secret are configured, each with its state-cookie sealer. */
export function configuredProviders(
  oauth: AppConfig['oauth'],
  facebook: FacebookOptions = {},
): Partial<Record<OAuthProvider, ConfiguredProvider>> {
  const providers: Partial<Record<OAuthProvider, ConfiguredProvider>> = {};
  if (oauth.google) {
    providers.google = {
      client: new OidcProviderClient('google', oauth.google),
      sealer: new StateSealer(oauth.google.clientSecret, 'google'),
    };
  }
  if (oauth.facebook) {
    providers.facebook = {
      client: new FacebookProviderClient(oauth.facebook, facebook),
      sealer: new StateSealer(oauth.facebook.clientSecret, 'facebook'),
    };
  }
  return providers;
}
