import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { authCodes } from '../../db/schema';

export type CodeChannel = 'email' | 'mobile';
export type CodeRow = typeof authCodes.$inferSelect;
export type NewCode = typeof authCodes.$inferInsert;

/** auth_codes: one row per code sent (or per send answered silently); the send limits are RateLimits' (decision 029). */
export class CodeRepository {
  constructor(private readonly db: Database) {}

  async insert(code: NewCode): Promise<number> {
    const rows = await this.db.insert(authCodes).values(code).returning({ id: authCodes.id });
    return rows[0]?.id ?? 0;
  }

  async markUsed(id: number, now: Date): Promise<void> {
    await this.db.update(authCodes).set({ usedAt: now }).where(eq(authCodes.id, id));
  }

  /** The newest code for (channel, address, event) that is unused, unexpired and has tries left. */
  async latestUsable(
    channel: CodeChannel,
    address: string,
    event: string,
    now: Date,
    maxAttempts: number,
  ): Promise<CodeRow | undefined> {
    const rows = await this.db
      .select()
      .from(authCodes)
      .where(
        and(
          eq(authCodes.channel, channel),
          eq(authCodes.address, address),
          eq(authCodes.event, event),
          isNull(authCodes.usedAt),
          gt(authCodes.expiresAt, now),
        ),
      )
      .orderBy(desc(authCodes.createdAt), desc(authCodes.id))
      .limit(1);
    const row = rows[0];
    return row && row.attempts < maxAttempts ? row : undefined;
  }

  /** Uses a code once: true only for the one caller that flips used_at (concurrent uses lose). */
  async consume(id: number, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(authCodes)
      .set({ usedAt: now })
      .where(and(eq(authCodes.id, id), isNull(authCodes.usedAt)))
      .returning({ id: authCodes.id });
    return rows.length > 0;
  }

  /** Counts a wrong try; returns the tries so far. */
  async addAttempt(id: number): Promise<number> {
    const rows = await this.db
      .update(authCodes)
      .set({ attempts: sql`${authCodes.attempts} + 1` })
      .where(eq(authCodes.id, id))
      .returning({ attempts: authCodes.attempts });
    return rows[0]?.attempts ?? 0;
  }

  /** Housekeeping: drops rows older than `before`. */
  async deleteOlderThan(before: Date): Promise<void> {
    await this.db.delete(authCodes).where(lt(authCodes.createdAt, before));
  }
}
