import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { oauthIdentities } from '../../db/schema';

/** oauth_identities: which user a provider's subject signs in as. */
export class OAuthIdentityRepository {
  constructor(private readonly db: Database) {}

  async userIdOf(provider: string, subject: string): Promise<number | undefined> {
    const rows = await this.db
      .select({ userId: oauthIdentities.userId })
      .from(oauthIdentities)
      .where(and(eq(oauthIdentities.provider, provider), eq(oauthIdentities.subject, subject)))
      .limit(1);
    return rows[0]?.userId;
  }

  /** Links (provider, subject) to a user unless already linked; answers the user the identity belongs to. */
  async link(provider: string, subject: string, userId: number, email: string | null): Promise<number> {
    await this.db.insert(oauthIdentities).values({ provider, subject, userId, email }).onConflictDoNothing();
    const owner = await this.userIdOf(provider, subject);
    if (owner === undefined) throw new Error('oauth identity not stored');
    return owner;
  }
}
