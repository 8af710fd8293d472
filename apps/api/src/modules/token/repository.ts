import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Role } from '@petheart/contracts';
import type { Database } from '../../db/client';
import { userTokens, users } from '../../db/schema';

export interface TokenOwner {
  id: number;
  roles: Role[];
  expiresAt: Date;
}

/** user_tokens: one row per live login (the token's SHA-256 hash, its user, its expiry). */
export class TokenRepository {
  /** The hot path (every authenticated call): one prepared query joining token → active user. */
  private readonly ownerQuery;

  constructor(private readonly db: Database) {
    this.ownerQuery = db
      .select({ id: users.id, roles: users.roles, expiresAt: userTokens.expiresAt })
      .from(userTokens)
      .innerJoin(users, eq(users.id, userTokens.userId))
      .where(
        and(
          eq(userTokens.tokenHash, sql.placeholder('hash')),
          gt(userTokens.expiresAt, sql`${sql.placeholder('now')}::timestamptz`),
          eq(users.status, 'normal'),
        ),
      )
      .limit(1)
      .prepare('token_owner');
  }

  async owner(tokenHash: string, now: Date): Promise<TokenOwner | null> {
    const rows = await this.ownerQuery.execute({ hash: tokenHash, now: now.toISOString() });
    const row = rows[0];
    return row ? { id: row.id, roles: row.roles as Role[], expiresAt: row.expiresAt } : null;
  }

  async insert(tokenHash: string, userId: number, createdAt: Date, expiresAt: Date): Promise<void> {
    await this.db.insert(userTokens).values({ tokenHash, userId, createdAt, expiresAt });
  }

  async delete(tokenHash: string): Promise<void> {
    await this.db.delete(userTokens).where(eq(userTokens.tokenHash, tokenHash));
  }

  async deleteForUser(userId: number): Promise<void> {
    await this.db.delete(userTokens).where(eq(userTokens.userId, userId));
  }

  async deleteExpired(userId: number, now: Date): Promise<void> {
    await this.db.delete(userTokens).where(and(eq(userTokens.userId, userId), lt(userTokens.expiresAt, now)));
  }
}
