import * as client from 'openid-client';
import { z } from 'zod';
import type { OAuthProvider } from '@petheart/contracts';
import type { OAuthClientConfig } from '../../config/env';

/** Who the provider says signed in. `emailVerified` is true only when the provider vouches for the address. */
export interface ProviderIdentity {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

export interface AuthorizationChecks {
  state: string;
  nonce: string;
  verifier: string;
}

/** One sign-in provider: builds the authorization URL and turns the callback into a verified identity. */
export interface ProviderClient {
  readonly id: OAuthProvider;
  authorizationUrl(redirectUri: string, checks: AuthorizationChecks): Promise<URL>;
  /** `callbackUrl` is the redirect URI with the provider's query parameters (code, state, iss…). */
  identify(callbackUrl: URL, checks: AuthorizationChecks): Promise<ProviderIdentity>;
}

/** Facebook's OAuth 2 endpoints (Facebook Login is not full OpenID Connect). */
export const FACEBOOK_DEFAULTS = {
  issuer: 'https://www.facebook.com',
  authorizationEndpoint: 'https://www.facebook.com/v23.0/dialog/oauth',
  tokenEndpoint: 'https://graph.facebook.com/v23.0/oauth/access_token',
  userInfoUrl: 'https://graph.facebook.com/v23.0/me?fields=id,name,email',
};

const GoogleClaimsSchema = z.object({
  sub: z.string().min(1),
  email: z.string().optional(),
  email_verified: z.union([z.boolean(), z.literal('true'), z.literal('false')]).optional(),
  name: z.string().optional(),
});

const FacebookMeSchema = z.object({
  id: z.string().min(1),
  name: z.string().optional(),
  email: z.string().optional(),
});

function discoveryOptions(issuer: URL): client.DiscoveryRequestOptions {
  // Plain http only for an issuer the operator configured as http (a local test provider).
  // eslint-disable-next-line @typescript-eslint/no-deprecated -- deprecated only as a warning sign; needed for http issuers
  const insecure = client.allowInsecureRequests;
  return { timeout: 10, execute: issuer.protocol === 'http:' ? [insecure] : [] };
}

/** Memoizes an async factory, forgetting a failure so the next call tries again. */
function lazy<T>(make: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= make().catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
}

/** Google: OpenID Connect by discovery; the identity comes from the verified ID token. */
export class OidcProviderClient implements ProviderClient {
  private readonly configuration: () => Promise<client.Configuration>;

  constructor(
    readonly id: OAuthProvider,
    settings: OAuthClientConfig,
    private readonly scope = 'openid email profile',
  ) {
    const issuer = new URL(settings.issuer);
    this.configuration = lazy(() =>
      client.discovery(issuer, settings.clientId, settings.clientSecret, undefined, discoveryOptions(issuer)),
    );
  }

  async authorizationUrl(redirectUri: string, checks: AuthorizationChecks): Promise<URL> {
    return client.buildAuthorizationUrl(await this.configuration(), {
      redirect_uri: redirectUri,
      scope: this.scope,
      response_type: 'code',
      state: checks.state,
      nonce: checks.nonce,
      code_challenge: await client.calculatePKCECodeChallenge(checks.verifier),
      code_challenge_method: 'S256',
    });
  }

  async identify(callbackUrl: URL, checks: AuthorizationChecks): Promise<ProviderIdentity> {
    const tokens = await client.authorizationCodeGrant(await this.configuration(), callbackUrl, {
      expectedState: checks.state,
      expectedNonce: checks.nonce,
      pkceCodeVerifier: checks.verifier,
      idTokenExpected: true,
    });
    const configuration = await this.configuration();
    let claims = GoogleClaimsSchema.parse(tokens.claims());
    // Google puts email and name in the ID token; a provider that keeps them for the userinfo endpoint
    // (OpenID Connect allows both) is asked there, for the same subject.
    if (claims.email === undefined && configuration.serverMetadata().userinfo_endpoint) {
      const info = await client.fetchUserInfo(configuration, tokens.access_token, claims.sub);
      claims = GoogleClaimsSchema.parse({ ...info, sub: claims.sub });
    }
    const verified = claims.email_verified === true || claims.email_verified === 'true';
    return {
      subject: claims.sub,
      email: claims.email ?? null,
      emailVerified: Boolean(claims.email) && verified,
      name: claims.name ?? null,
    };
  }
}

export interface FacebookOptions {
  /** Graph `me?fields=id,name,email`; tests point it at a local stand-in. */
  userInfoUrl?: string;
}

/**
 * Facebook Login: OAuth 2 authorization code + PKCE, then the Graph `me` endpoint for id, name and email.
 * With the default issuer the endpoints are Facebook's; with another issuer (a test provider) they come
 * from that issuer's discovery document.
 */
export class FacebookProviderClient implements ProviderClient {
  readonly id = 'facebook' as const;
  private readonly configuration: () => Promise<client.Configuration>;
  private readonly userInfoUrl: URL;

  constructor(settings: OAuthClientConfig, options: FacebookOptions = {}) {
    const issuer = new URL(settings.issuer);
    this.userInfoUrl = new URL(options.userInfoUrl ?? FACEBOOK_DEFAULTS.userInfoUrl);
    this.configuration = lazy(async () => {
      if (issuer.origin === FACEBOOK_DEFAULTS.issuer) {
        return new client.Configuration(
          {
            issuer: FACEBOOK_DEFAULTS.issuer,
            authorization_endpoint: FACEBOOK_DEFAULTS.authorizationEndpoint,
            token_endpoint: FACEBOOK_DEFAULTS.tokenEndpoint,
          },
          settings.clientId,
          settings.clientSecret,
        );
      }
      return client.discovery(issuer, settings.clientId, settings.clientSecret, undefined, discoveryOptions(issuer));
    });
  }

  async authorizationUrl(redirectUri: string, checks: AuthorizationChecks): Promise<URL> {
    return client.buildAuthorizationUrl(await this.configuration(), {
      redirect_uri: redirectUri,
      scope: 'email public_profile',
      response_type: 'code',
      state: checks.state,
      code_challenge: await client.calculatePKCECodeChallenge(checks.verifier),
      code_challenge_method: 'S256',
    });
  }

  async identify(callbackUrl: URL, checks: AuthorizationChecks): Promise<ProviderIdentity> {
    const configuration = await this.configuration();
    const tokens = await client.authorizationCodeGrant(configuration, callbackUrl, {
      expectedState: checks.state,
      pkceCodeVerifier: checks.verifier,
    });
    const response = await client.fetchProtectedResource(configuration, tokens.access_token, this.userInfoUrl, 'GET');
    if (!response.ok) throw new Error(`facebook user info answered ${response.status}`);
    const me = FacebookMeSchema.parse(await response.json());
    // Facebook only returns an email address its owner has confirmed.
    return { subject: me.id, email: me.email ?? null, emailVerified: Boolean(me.email), name: me.name ?? null };
  }
}
