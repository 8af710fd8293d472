import { and, eq, min, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { devices, feeds } from '../../db/schema';

/** Figures of one base for its public page, from its feeds and devices (its grams fed: FedGramsRepository). */
export class BaseStatsRepository {
  constructor(private readonly db: Database) {}

  /**
   * Distinct users with a posted feed at the base: acknowledged and charged (its hold was posted), as the
   * home page's total feeders counts them (decision 012).
   */
  async feeders(baseId: number): Promise<number> {
    const rows = await this.db
      .select({ n: sql<number>`count(DISTINCT ${feeds.userId})::int` })
      .from(feeds)
      .where(and(eq(feeds.baseId, baseId), eq(feeds.status, 'succeeded'), sql`${feeds.coinsCharged} > 0`));
    return rows[0]?.n ?? 0;
  }

  /** When the base's first device first came online; null before any did. */
  async firstOnlineAt(baseId: number): Promise<Date | null> {
    const rows = await this.db
      .select({ first: min(devices.firstOnlineAt) })
      .from(devices)
      .where(eq(devices.baseId, baseId));
    return rows[0]?.first ?? null;
  }
}
