import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/errors';
import type { ProviderClient } from './providers';
import { OAuthService, nicknameFor, safeAppPath, type OAuthServiceDeps } from './service';
import { StateSealer } from './state';

const fakeClient: ProviderClient = {
  id: 'google',
  authorizationUrl: () => Promise.resolve(new URL('https://accounts.example/auth')),
  identify: () => Promise.reject(new Error('not in this test')),
};

function service(providers: OAuthServiceDeps['providers']) {
  return new OAuthService({
    providers,
    identities: { userIdOf: () => Promise.resolve(undefined), link: () => Promise.reject(new Error('unused')) },
    users: {
      byId: () => Promise.resolve(undefined),
      byEmail: () => Promise.resolve(undefined),
      insert: () => Promise.reject(new Error('unused')),
      recordLogin: () => Promise.resolve(),
    },
    tokens: { issue: () => Promise.resolve({ token: 't', expiresIn: 1 }) },
    clock: { now: () => new Date('2030-01-01T00:00:00Z') },
    publicUrl: 'https://petheart.example',
  });
}

describe('OAuthService', () => {
  it('answers oauth_not_configured for unknown and unconfigured providers', () => {
    const oauth = service({ google: { client: fakeClient, sealer: new StateSealer('s', 'google') } });
    expect(oauth.require('google')).toBe('google');
    for (const name of ['facebook', 'twitter', '__proto__', '']) {
      expect(() => oauth.require(name)).toThrow(AppError);
    }
  });

  it('sets a Secure cookie when the public URL is https', async () => {
    const oauth = service({ google: { client: fakeClient, sealer: new StateSealer('s', 'google') } });
    const { cookie, location } = await oauth.start('google', '/pages/index/index');
    expect(location).toBe('https://accounts.example/auth');
    expect(cookie).toMatch(/; HttpOnly; SameSite=Lax; Secure$/);
  });

  it('sends a callback without its cookie back to the login page with oauth_failed', async () => {
    const oauth = service({ google: { client: fakeClient, sealer: new StateSealer('s', 'google') } });
    const result = await oauth.finish('google', '?code=x&state=y', undefined);
    expect(result.location).toBe('/pages/public/login?oauth_error=oauth_failed');
    expect(result.failure).toBeInstanceOf(Error);
  });
});

describe('safeAppPath', () => {
  it.each([
    ['/pages/user/index', '/pages/user/index'],
    ['/pages/live/index?id=3', '/pages/live/index?id=3'],
    ['//evil.example', ''],
    ['/\\evil.example', ''],
    ['https://evil.example', ''],
    ['javascript:alert(1)', ''],
    ['/pages\n/x', ''],
    [undefined, ''],
    [`/${'a'.repeat(600)}`, ''],
  ])('%s → %s', (input, expected) => {
    expect(safeAppPath(input)).toBe(expected);
  });
});

describe('StateSealer', () => {
  const pending = { provider: 'google', state: 's', nonce: 'n', verifier: 'v', redirect: '/x', expiresAt: 2000 };

  it('round-trips before expiry and refuses after it', () => {
    const sealer = new StateSealer('secret', 'google');
    const sealed = sealer.seal(pending);
    expect(sealer.unseal(sealed, new Date(1999))).toEqual(pending);
    expect(sealer.unseal(sealed, new Date(2000))).toBeNull();
  });

  it('refuses any altered byte, another key, and garbage', () => {
    const sealer = new StateSealer('secret', 'google');
    const sealed = Buffer.from(sealer.seal(pending), 'base64url');
    for (let i = 0; i < sealed.length; i += 7) {
      const copy = Buffer.from(sealed);
      copy[i] = (copy[i] ?? 0) ^ 1;
      expect(sealer.unseal(copy.toString('base64url'), new Date(0))).toBeNull();
    }
    expect(new StateSealer('secret', 'facebook').unseal(sealed.toString('base64url'), new Date(0))).toBeNull();
    expect(sealer.unseal('', new Date(0))).toBeNull();
    expect(sealer.unseal('%%%', new Date(0))).toBeNull();
  });
});

describe('nicknameFor', () => {
  it('uses the name, else the email local part, else a random one; invisible characters removed', () => {
    expect(nicknameFor({ name: 'Alice\u200b Liddell' }, null)).toBe('Alice Liddell');
    expect(nicknameFor({ name: null }, 'bob@example.com')).toBe('bob');
    expect(nicknameFor({ name: '\u202e\u200b' }, null)).toMatch(/^user_[0-9a-f]{6}$/);
    expect(nicknameFor({ name: '猫'.repeat(40) }, null)).toBe('猫'.repeat(30));
    // 🐈 is two UTF-16 units: 15 fit in 30, and none is cut in half.
    expect(nicknameFor({ name: '🐈'.repeat(20) }, null)).toBe('🐈'.repeat(15));
  });
});
