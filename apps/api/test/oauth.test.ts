import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app';
import { loadConfig } from '../src/config/env';
import { createContainer, type Container } from '../src/container';
import { oauthIdentities, users } from '../src/db/schema';
import { UserRepository } from '../src/modules/user/repository';
import { TestBrowser, type Hop } from './fixtures/browser';
import { startTestProvider } from './fixtures/oidc';
import { FakeClock, openTestDatabase } from './harness';

const APP = 'http://petheart.test';
const CLIENT = { clientId: 'petheart-test', clientSecret: 'petheart-test-secret-0123456789' };

let dataDir: string;
let provider: Awaited<ReturnType<typeof startTestProvider>>;
let container: Container;
let app: App;
const clock = new FakeClock();

const isCallback = (url: URL) => url.origin === APP && url.pathname.endsWith('/callback');
const isLoginPage = (url: URL) => url.origin === APP && url.pathname === '/pages/public/login';

/** Runs start → provider → callback in a fresh browser; answers the final login-page URL and every hop. */
async function signIn(
  which: 'google' | 'facebook',
  account: string,
  options: { redirect?: string; beforeCallback?: (callback: URL, browser: TestBrowser) => URL | Promise<URL> } = {},
) {
  provider.loginAs(account);
  const browser = new TestBrowser(app, APP);
  const query = options.redirect === undefined ? '' : `?redirect=${encodeURIComponent(options.redirect)}`;
  const hops: Hop[] = await browser.follow(`/api/oauth/${which}/start${query}`, isCallback);
  let callback = hops.at(-1)?.location;
  if (!callback || !isCallback(callback)) throw new Error(`no callback reached: ${JSON.stringify(hops)}`);
  if (options.beforeCallback) callback = await options.beforeCallback(callback, browser);
  const rest = await browser.follow(callback, isLoginPage);
  hops.push(...rest);
  const landing = rest.at(-1)?.location;
  if (!landing || !isLoginPage(landing)) throw new Error(`no login page reached: ${JSON.stringify(rest)}`);
  return { landing, hops, browser };
}

async function userinfo(token: string) {
  const res = await app.inject({ method: 'GET', url: '/api/user/index', headers: { token } });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: { userinfo: { id: number; email: string | null; nickname: string } } }>().data.userinfo;
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'ph-oauth-'));
  provider = await startTestProvider({
    ...CLIENT,
    redirectUris: [`${APP}/api/oauth/google/callback`, `${APP}/api/oauth/facebook/callback`],
  });
  provider.accounts.set('alice', { email: 'Alice@Example.com', emailVerified: true, name: 'Alice Liddell' });
  provider.accounts.set('carol', { email: 'carol@example.com', emailVerified: true, name: 'Carol' });
  provider.accounts.set('mallory', { email: 'victim@example.com', emailVerified: false, name: 'Mallory' });
  provider.accounts.set('dave', { email: 'dave@example.com', emailVerified: true, name: 'Dave' });
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    PUBLIC_URL: APP,
    GOOGLE_CLIENT_ID: CLIENT.clientId,
    GOOGLE_CLIENT_SECRET: CLIENT.clientSecret,
    GOOGLE_ISSUER: provider.issuer,
    FACEBOOK_CLIENT_ID: CLIENT.clientId,
    FACEBOOK_CLIENT_SECRET: CLIENT.clientSecret,
    FACEBOOK_ISSUER: provider.issuer,
  });
  const database = await openTestDatabase();
  container = await createContainer(config, {
    database,
    clock,
    facebookUserInfoUrl: provider.graphMeUrl,
  });
  app = await buildApp(container, { serveWeb: false });
});

afterAll(async () => {
  await app.close();
  await container.close();
  await provider.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('sign-in with Google (OpenID Connect)', () => {
  it('start redirects to the provider with PKCE (S256), state and nonce, and sets a sealed, scoped cookie', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/oauth/google/start?redirect=/pages/user/index' });
    expect(res.statusCode).toBe(302);
    const location = new URL(String(res.headers.location));
    expect(location.origin).toBe(provider.issuer);
    const q = location.searchParams;
    expect(q.get('client_id')).toBe(CLIENT.clientId);
    expect(q.get('redirect_uri')).toBe(`${APP}/api/oauth/google/callback`);
    expect(q.get('scope')).toBe('openid email profile');
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(q.get('state')).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(q.get('nonce')).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(
      /^ph_oauth_google=[A-Za-z0-9_-]+; Path=\/api\/oauth\/google\/; Max-Age=600; HttpOnly; SameSite=Lax$/,
    );
    // Nothing readable inside: the state and the PKCE verifier are encrypted.
    expect(cookie).not.toContain(String(q.get('state')));
    expect(cookie).not.toContain('/pages/user/index');
  });

  it('signs in end to end: a token comes back to the login page and GET /api/user/index works with it', async () => {
    const { landing, hops } = await signIn('google', 'alice', { redirect: '/pages/user/index' });
    expect(hops.some((h) => h.url.origin === provider.issuer && h.url.pathname.startsWith('/interaction/'))).toBe(true);
    expect(landing.searchParams.get('oauth_error')).toBeNull();
    expect(landing.searchParams.get('redirect')).toBe('/pages/user/index');
    const token = landing.searchParams.get('oauth_token');
    expect(token).toBeTruthy();
    const me = await userinfo(String(token));
    expect(me).toMatchObject({ email: 'alice@example.com', nickname: 'Alice Liddell' });

    const links = await container.database.db
      .select()
      .from(oauthIdentities)
      .where(and(eq(oauthIdentities.provider, 'google'), eq(oauthIdentities.subject, 'alice')));
    expect(links).toEqual([expect.objectContaining({ userId: me.id, email: 'alice@example.com' })]);
  });

  it('a second sign-in reuses the same user (no new user, no new link) and counts the login', async () => {
    const first = await signIn('google', 'dave');
    const firstUser = await userinfo(String(first.landing.searchParams.get('oauth_token')));
    const usersBefore = await container.database.db.select().from(users);
    clock.advance(86_400_000);
    const second = await signIn('google', 'dave');
    const token = String(second.landing.searchParams.get('oauth_token'));
    expect(token).not.toBe(first.landing.searchParams.get('oauth_token'));
    expect((await userinfo(token)).id).toBe(firstUser.id);
    expect(await container.database.db.select().from(users)).toHaveLength(usersBefore.length);
    const [row] = await container.database.db.select().from(users).where(eq(users.id, firstUser.id));
    expect(row?.loginDays).toBe(2);
  });

  it('links to an existing account with the same verified email', async () => {
    const existing = await new UserRepository(container.database.db).insert({
      email: 'carol@example.com',
      nickname: 'carol-original',
      createdAt: clock.now(),
    });
    const { landing } = await signIn('google', 'carol');
    const me = await userinfo(String(landing.searchParams.get('oauth_token')));
    expect(me.id).toBe(existing.id);
    expect(me.nickname).toBe('carol-original');
  });

  it('never links by an unverified email: a new account without that email is created instead', async () => {
    const victim = await new UserRepository(container.database.db).insert({
      email: 'victim@example.com',
      nickname: 'victim',
      createdAt: clock.now(),
    });
    const { landing } = await signIn('google', 'mallory');
    const me = await userinfo(String(landing.searchParams.get('oauth_token')));
    expect(me.id).not.toBe(victim.id);
    expect(me.email).toBeNull();
    expect(me.nickname).toBe('Mallory');
  });

  it('refuses a tampered state', async () => {
    const { landing } = await signIn('google', 'alice', {
      beforeCallback: (callback) => {
        const state = String(callback.searchParams.get('state'));
        callback.searchParams.set('state', `${state.slice(0, -1)}${state.endsWith('A') ? 'B' : 'A'}`);
        return callback;
      },
    });
    expect(landing.searchParams.get('oauth_error')).toBe('oauth_failed');
    expect(landing.searchParams.get('oauth_token')).toBeNull();
  });

  it('refuses a tampered cookie and a callback from a browser that never started (login CSRF)', async () => {
    const tampered = await signIn('google', 'alice', {
      beforeCallback: (callback, browser) => {
        const cookie = browser.cookies(new URL(APP).host).get('ph_oauth_google');
        if (!cookie) throw new Error('no state cookie');
        cookie.value = `${cookie.value.slice(0, 30)}${cookie.value[30] === 'x' ? 'y' : 'x'}${cookie.value.slice(31)}`;
        return callback;
      },
    });
    expect(tampered.landing.searchParams.get('oauth_error')).toBe('oauth_failed');

    // The attacker's own code and state, replayed in the victim's browser (which holds no state cookie).
    const stolen = await signIn('google', 'alice', {
      beforeCallback: (callback, browser) => {
        browser.cookies(new URL(APP).host).clear();
        return callback;
      },
    });
    expect(stolen.landing.searchParams.get('oauth_error')).toBe('oauth_failed');
    expect(stolen.landing.searchParams.get('oauth_token')).toBeNull();
  });

  it('refuses a callback after the state expired (10 minutes)', async () => {
    const { landing } = await signIn('google', 'alice', {
      beforeCallback: (callback) => {
        clock.advance(10 * 60_000 + 1);
        return callback;
      },
    });
    expect(landing.searchParams.get('oauth_error')).toBe('oauth_failed');
  });

  it('goes back to the login page with oauth_failed when the user cancels at the provider', async () => {
    const browser = new TestBrowser(app, APP);
    const start = await browser.get('/api/oauth/google/start');
    const state = String(start.location?.searchParams.get('state'));
    const hops = await browser.follow(
      `/api/oauth/google/callback?error=access_denied&state=${state}&iss=${encodeURIComponent(provider.issuer)}`,
      isLoginPage,
    );
    const landing = hops.at(-1)?.location;
    expect(landing?.pathname).toBe('/pages/public/login');
    expect(landing?.searchParams.get('oauth_error')).toBe('oauth_failed');
  });

  it('keeps only app paths as redirect targets', async () => {
    for (const evil of ['//evil.example/x', 'https://evil.example/', '/\\evil.example']) {
      const { landing } = await signIn('google', 'alice', { redirect: evil });
      expect(landing.searchParams.get('oauth_token')).toBeTruthy();
      expect(landing.searchParams.get('redirect')).toBeNull();
    }
  });

  it('refuses a disabled account', async () => {
    const { landing: first } = await signIn('google', 'dave');
    const me = await userinfo(String(first.searchParams.get('oauth_token')));
    await container.database.db.update(users).set({ status: 'disabled' }).where(eq(users.id, me.id));
    const { landing } = await signIn('google', 'dave');
    expect(landing.searchParams.get('oauth_error')).toBe('oauth_failed');
    await container.database.db.update(users).set({ status: 'normal' }).where(eq(users.id, me.id));
  });
});

describe('sign-in with Facebook (OAuth 2 + Graph me)', () => {
  it('signs in through the Graph user info, linking to the account with the same email', async () => {
    const google = await signIn('google', 'alice');
    const googleUser = await userinfo(String(google.landing.searchParams.get('oauth_token')));

    const { landing, hops } = await signIn('facebook', 'alice');
    const authorize = hops.find(
      (h) => h.url.origin === APP && h.url.pathname === '/api/oauth/facebook/start',
    )?.location;
    expect(authorize?.searchParams.get('scope')).toBe('email public_profile');
    expect(authorize?.searchParams.get('nonce')).toBeNull();
    const me = await userinfo(String(landing.searchParams.get('oauth_token')));
    expect(me.id).toBe(googleUser.id);
    const links = await container.database.db.select().from(oauthIdentities).where(eq(oauthIdentities.userId, me.id));
    expect(links.map((l) => `${l.provider}:${l.subject}`).sort()).toEqual(['facebook:fb-alice', 'google:alice']);
  });

  it('refuses a tampered state', async () => {
    const { landing } = await signIn('facebook', 'alice', {
      beforeCallback: (callback) => {
        callback.searchParams.set('state', 'forged-state-value');
        return callback;
      },
    });
    expect(landing.searchParams.get('oauth_error')).toBe('oauth_failed');
  });
});

describe('providers that are not configured', () => {
  it('answers 404 oauth_not_configured for an unknown provider', async () => {
    for (const url of ['/api/oauth/twitter/start', '/api/oauth/twitter/callback?code=x&state=y']) {
      const res = await app.inject({ method: 'GET', url, headers: { lang: 'zh-CN' } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 0, msg: '该登录方式不可用', data: { error: 'oauth_not_configured' } });
    }
  });
});
