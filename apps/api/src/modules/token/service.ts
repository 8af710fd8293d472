import { createHash, randomBytes } from 'node:crypto';
import type { Clock } from '../../lib/clock';
import type { AuthUser, Authenticator } from '../../http/auth';
import type { TokenRepository } from './repository';
import { TtlCache } from '../../lib/ttl-cache';

/** SHA-256 (hex) of a token: what user_tokens stores and what `AuthUser.tokenHash` carries. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface IssuedToken {
  /** The secret the client sends in the `token` header (43 url-safe characters). */
  token: string;
  /** Seconds until it expires. */
  expiresIn: number;
}

export interface TokenServiceDeps {
  repository: TokenRepository;
  clock: Clock;
  ttlMs: number;
  /**
   * How long a successful lookup is remembered in this process (0 = never). revoke and revokeAll drop
   * cached entries here at once; another API process may accept a revoked token until its entry ends, so
   * with several processes keep this short (the container uses 2 s on PostgreSQL).
   */
  cacheMs?: number;
}

/**
 * Login tokens: random 32-byte url-safe secrets, stored only as SHA-256 hashes with an expiry.
 * Also the app's Authenticator (the `token` header → the user, or null).
 */
export class TokenService implements Authenticator {
  private readonly cache: TtlCache<string, AuthUser>;

  constructor(private readonly deps: TokenServiceDeps) {
    this.cache = new TtlCache(deps.clock);
  }

  /** Issues a new login token for a user (the caller has already checked the user may log in). */
  async issue(userId: number): Promise<IssuedToken> {
    const token = randomBytes(32).toString('base64url');
    const now = this.deps.clock.now();
    await this.deps.repository.deleteExpired(userId, now);
    await this.deps.repository.insert(hashToken(token), userId, now, new Date(now.getTime() + this.deps.ttlMs));
    return { token, expiresIn: Math.floor(this.deps.ttlMs / 1000) };
  }

  /** Unknown, expired or revoked token, or a disabled user → null. One query (or a cache hit), nothing else. */
  async authenticate(token: string): Promise<AuthUser | null> {
    if (token.length > 128) return null;
    const tokenHash = hashToken(token);
    const now = this.deps.clock.now();
    const cached = this.cache.get(tokenHash);
    if (cached) return cached;
    const generation = this.cache.generation;
    const owner = await this.deps.repository.owner(tokenHash, now);
    if (!owner) return null;
    const user: AuthUser = { id: owner.id, roles: owner.roles, tokenHash };
    const cacheMs = this.deps.cacheMs ?? 0;
    if (cacheMs > 0) {
      const until = Math.min(now.getTime() + cacheMs, owner.expiresAt.getTime());
      this.cache.set(tokenHash, user, until, generation);
    }
    return user;
  }

  /** Ends one login at once (logout). */
  async revoke(tokenHash: string): Promise<void> {
    this.cache.delete(tokenHash);
    await this.deps.repository.delete(tokenHash);
    this.cache.delete(tokenHash);
  }

  /** Ends every login of a user (password reset, account disabled). */
  async revokeAll(userId: number): Promise<void> {
    this.cache.deleteWhere((u) => u.id === userId);
    await this.deps.repository.deleteForUser(userId);
    this.cache.deleteWhere((u) => u.id === userId);
  }
}
