import { randomBytes } from 'node:crypto';
import * as client from 'openid-client';
import { CleanNicknameSchema, OAuthProviderSchema, type OAuthProvider } from '@petheart/contracts';
import { AppError } from '../../http/errors';
import type { ProviderClient, ProviderIdentity } from './providers';
import type { StateSealer } from './state';

/** The parts of a user the sign-in needs (UserRepository rows satisfy it). */
export interface OAuthUser {
  id: number;
  status: 'normal' | 'disabled';
}

/** The accounts module's user store, as far as sign-in needs it. */
export interface OAuthUserStore {
  byId(id: number): Promise<OAuthUser | undefined>;
  byEmail(email: string): Promise<OAuthUser | undefined>;
  /** Creates a user; throws a unique violation when the email is taken meanwhile. */
  insert(user: { email: string | null; nickname: string; createdAt: Date }): Promise<OAuthUser>;
  recordLogin(id: number, now: Date): Promise<unknown>;
}

/** oauth_identities (OAuthIdentityRepository). */
export interface OAuthIdentityStore {
  userIdOf(provider: string, subject: string): Promise<number | undefined>;
  /** Links unless already linked; answers the user the identity belongs to. */
  link(provider: string, subject: string, userId: number, email: string | null): Promise<number>;
}

export interface OAuthTokenIssuer {
  issue(userId: number): Promise<{ token: string; expiresIn: number }>;
}

export interface ConfiguredProvider {
  client: ProviderClient;
  sealer: StateSealer;
}

export interface OAuthServiceDeps {
  providers: Partial<Record<OAuthProvider, ConfiguredProvider>>;
  identities: OAuthIdentityStore;
  users: OAuthUserStore;
  tokens: OAuthTokenIssuer;
  clock: { now(): Date };
  /** Origin (and path prefix) the browser reaches the API at: the callback is `${publicUrl}/api/oauth/<p>/callback`. */
  publicUrl: string;
}

export const LOGIN_PAGE = '/pages/public/login';
export const STATE_TTL_MS = 10 * 60_000;

/** A path inside the web app (`/pages/...`), never another origin (`//evil`, `/\evil`, `https:`). */
export function safeAppPath(redirect: string | undefined): string {
  if (!redirect || redirect.length > 500) return '';
  if (!redirect.startsWith('/') || redirect.startsWith('//') || redirect.includes('\\')) return '';
  if (/\p{Cc}/u.test(redirect)) return '';
  return redirect;
}

export function cookieName(provider: OAuthProvider) {
  return `ph_oauth_${provider}`;
}

export interface StartResult {
  location: string;
  /** Set-Cookie value carrying the sealed checks (scoped to the callback path). */
  cookie: string;
}

export interface FinishResult {
  location: string;
  /** Why the sign-in failed (for the log); undefined on success. */
  failure?: unknown;
}

/** Sign-in with Google / Facebook: authorization code + PKCE + state + nonce, then a PetHeart token. */
export class OAuthService {
  constructor(private readonly deps: OAuthServiceDeps) {}

  /** The provider when it is known and configured; else throws 404 'oauth_not_configured'. */
  require(provider: string): OAuthProvider {
    const parsed = OAuthProviderSchema.safeParse(provider);
    if (!parsed.success || !this.deps.providers[parsed.data]) throw new AppError('oauth_not_configured');
    return parsed.data;
  }

  private configured(provider: string): ConfiguredProvider & { id: OAuthProvider } {
    const id = this.require(provider);
    const found = this.deps.providers[id];
    if (!found) throw new AppError('oauth_not_configured');
    return { ...found, id };
  }

  callbackUrl(provider: OAuthProvider): string {
    return `${this.deps.publicUrl}/api/oauth/${provider}/callback`;
  }

  private cookie(provider: OAuthProvider, value: string, maxAgeSeconds: number): string {
    const secure = this.deps.publicUrl.startsWith('https:') ? '; Secure' : '';
    return `${cookieName(provider)}=${value}; Path=/api/oauth/${provider}/; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure}`;
  }

  /** Set-Cookie value that deletes the pending-login cookie. */
  clearCookie(provider: OAuthProvider): string {
    return this.cookie(provider, '', 0);
  }

  /** Where the browser goes after the callback. */
  loginPage(params: { token?: string; error?: string; redirect?: string }): string {
    const query = new URLSearchParams();
    if (params.token) query.set('oauth_token', params.token);
    if (params.error) query.set('oauth_error', params.error);
    if (params.redirect) query.set('redirect', params.redirect);
    return `${LOGIN_PAGE}?${query.toString()}`;
  }

  /** Step 1: the provider's authorization URL, and the sealed checks to keep in a cookie until the callback. */
  async start(provider: string, redirect: string | undefined): Promise<StartResult> {
    const { client: providerClient, sealer, id } = this.configured(provider);
    const checks = {
      state: client.randomState(),
      nonce: client.randomNonce(),
      verifier: client.randomPKCECodeVerifier(),
    };
    const url = await providerClient.authorizationUrl(this.callbackUrl(id), checks);
    const sealed = sealer.seal({
      provider: id,
      ...checks,
      redirect: safeAppPath(redirect),
      expiresAt: this.deps.clock.now().getTime() + STATE_TTL_MS,
    });
    return { location: url.href, cookie: this.cookie(id, sealed, STATE_TTL_MS / 1000) };
  }

  /**
   * Step 2: checks state against the cookie, exchanges the code (PKCE; nonce for OpenID Connect), finds or
   * creates the user and issues a token. Every failure ends on the login page with oauth_error=oauth_failed.
   */
  async finish(provider: string, search: string, cookieValue: string | undefined): Promise<FinishResult> {
    const { client: providerClient, sealer, id } = this.configured(provider);
    const pending = cookieValue ? sealer.unseal(cookieValue, this.deps.clock.now()) : null;
    try {
      if (pending?.provider !== id) throw new Error('missing, altered or expired sign-in state');
      const callback = new URL(this.callbackUrl(id));
      callback.search = search;
      const identity = await providerClient.identify(callback, pending);
      const userId = await this.resolveUser(id, identity);
      const issued = await this.deps.tokens.issue(userId);
      return { location: this.loginPage({ token: issued.token, redirect: pending.redirect }) };
    } catch (failure) {
      return { location: this.loginPage({ error: 'oauth_failed', redirect: pending?.redirect ?? '' }), failure };
    }
  }

  /** The identity's user: by link, else by verified email (then linked), else a new user (then linked). */
  private async resolveUser(provider: OAuthProvider, identity: ProviderIdentity): Promise<number> {
    const { users, identities, clock } = this.deps;
    const email = identity.emailVerified && identity.email ? identity.email.trim().toLowerCase() : null;
    let userId = await identities.userIdOf(provider, identity.subject);
    if (userId === undefined) {
      const existing = email ? await users.byEmail(email) : undefined;
      const user = existing ?? (await this.createUser(email, identity));
      userId = await identities.link(provider, identity.subject, user.id, email);
    }
    const user = await users.byId(userId);
    if (!user) throw new Error(`linked user ${userId} is gone`);
    if (user.status !== 'normal') throw new AppError('account_disabled');
    await users.recordLogin(user.id, clock.now());
    return user.id;
  }

  private async createUser(email: string | null, identity: ProviderIdentity): Promise<OAuthUser> {
    const { users, clock } = this.deps;
    try {
      return await users.insert({ email, nickname: nicknameFor(identity, email), createdAt: clock.now() });
    } catch (error) {
      // The same address signed up a moment ago (another tab, another provider): use that account.
      const raced = email ? await users.byEmail(email) : undefined;
      if (raced) return raced;
      throw error;
    }
  }
}

/** At most `max` UTF-16 units (what the nickname rule counts), never cutting a character in two. */
function truncate(text: string, max: number): string {
  let out = '';
  for (const { segment } of new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(text)) {
    if (out.length + segment.length > max) break;
    out += segment;
  }
  return out;
}

/** A nickname from the provider's name, else the email's local part, else a random one. */
export function nicknameFor(identity: Pick<ProviderIdentity, 'name'>, email: string | null): string {
  for (const candidate of [identity.name, email?.split('@')[0]]) {
    if (!candidate) continue;
    const parsed = CleanNicknameSchema.safeParse(truncate(candidate, 30));
    if (parsed.success) return parsed.data;
  }
  return `user_${randomBytes(3).toString('hex')}`;
}
