import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { baseFoodPurchases, bases, uploads } from '../../db/schema';

export type FoodPurchaseRow = typeof baseFoodPurchases.$inferSelect & { baseName: string };
export type NewFoodPurchase = Omit<typeof baseFoodPurchases.$inferInsert, 'id' | 'voidedAt' | 'voidedBy' | 'createdAt'>;

/** One group of purchases in one currency: voided ones apart (they count in no figure). */
export interface FoodSum {
  /** A UTC month (YYYY-MM) of the receipt's date, a base id, or '' for all. */
  key: string;
  currency: string;
  voided: boolean;
  purchases: number;
  amount: number;
  grams: number;
}

const KEYS = {
  all: sql`''`,
  base: sql`p.base_id::text`,
  month: sql`to_char(p.purchased_at AT TIME ZONE 'UTC', 'YYYY-MM')`,
} as const;

const withBaseName = { purchase: baseFoodPurchases, baseName: bases.name };

/** Food bought by base operators (base_food_purchases): append-only, a wrong entry is voided. */
export class FoodPurchaseRepository {
  constructor(private readonly db: Database) {}

  /** The bases a user runs (id, name), by id. */
  async basesOf(userId: number): Promise<{ id: number; name: string }[]> {
    return this.db
      .select({ id: bases.id, name: bases.name })
      .from(bases)
      .where(eq(bases.operatorId, userId))
      .orderBy(bases.id);
  }

  /** A base (undefined when there is none with that id). */
  async base(
    id: number,
  ): Promise<{ id: number; name: string; animalCount: number; operatorId: number | null } | undefined> {
    const rows = await this.db
      .select({ id: bases.id, name: bases.name, animalCount: bases.animalCount, operatorId: bases.operatorId })
      .from(bases)
      .where(eq(bases.id, id))
      .limit(1);
    return rows[0];
  }

  /** How many bases a user runs. */
  async baseCount(userId: number): Promise<number> {
    const rows = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(bases)
      .where(eq(bases.operatorId, userId));
    return rows[0]?.n ?? 0;
  }

  /** Every base's name, by id. */
  async baseNames(): Promise<Map<number, string>> {
    const rows = await this.db.select({ id: bases.id, name: bases.name }).from(bases);
    return new Map(rows.map((r) => [r.id, r.name]));
  }

  /** Did this user upload the file at this path (/uploads/…)? */
  async ownUpload(userId: number, path: string): Promise<boolean> {
    const rows = await this.db
      .select({ id: uploads.id })
      .from(uploads)
      .where(and(eq(uploads.userId, userId), eq(uploads.path, path)))
      .limit(1);
    return rows.length > 0;
  }

  async insert(row: NewFoodPurchase): Promise<number> {
    const [inserted] = await this.db.insert(baseFoodPurchases).values(row).returning({ id: baseFoodPurchases.id });
    if (!inserted) throw new Error('food purchase not inserted');
    return inserted.id;
  }

  async byId(id: number): Promise<FoodPurchaseRow | undefined> {
    const rows = await this.db
      .select(withBaseName)
      .from(baseFoodPurchases)
      .innerJoin(bases, eq(bases.id, baseFoodPurchases.baseId))
      .where(eq(baseFoodPurchases.id, id))
      .limit(1);
    return rows[0] && { ...rows[0].purchase, baseName: rows[0].baseName };
  }

  /** Voids a purchase once (a second void changes nothing); the row as it is now. */
  async void(id: number, userId: number, at: Date): Promise<void> {
    await this.db
      .update(baseFoodPurchases)
      .set({ voidedAt: at, voidedBy: userId })
      .where(and(eq(baseFoodPurchases.id, id), sql`${baseFoodPurchases.voidedAt} IS NULL`));
  }

  /**
   * Purchases newest first (by receipt date, then as recorded): of the bases a user runs (`operatorId`) or of
   * one base, voided ones only when `withVoided`.
   */
  async list(q: {
    baseId?: number | undefined;
    operatorId?: number;
    withVoided: boolean;
    page: number;
    limit: number;
  }): Promise<{ rows: FoodPurchaseRow[]; total: number }> {
    const filters: (SQL | undefined)[] = [
      q.baseId === undefined ? undefined : eq(baseFoodPurchases.baseId, q.baseId),
      q.operatorId === undefined ? undefined : eq(bases.operatorId, q.operatorId),
      q.withVoided ? undefined : sql`${baseFoodPurchases.voidedAt} IS NULL`,
    ];
    const where = and(...filters);
    const [rows, counted] = await Promise.all([
      this.db
        .select(withBaseName)
        .from(baseFoodPurchases)
        .innerJoin(bases, eq(bases.id, baseFoodPurchases.baseId))
        .where(where)
        .orderBy(desc(baseFoodPurchases.purchasedAt), desc(baseFoodPurchases.id))
        .limit(q.limit)
        .offset((q.page - 1) * q.limit),
      this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(baseFoodPurchases)
        .innerJoin(bases, eq(bases.id, baseFoodPurchases.baseId))
        .where(where),
    ]);
    return { rows: rows.map((r) => ({ ...r.purchase, baseName: r.baseName })), total: counted[0]?.n ?? 0 };
  }

  /**
   * The one definition of "food bought": the purchases of `baseId` (every base when undefined) per currency,
   * grouped `by`, voided ones in groups of their own (they count in no figure, only as voided).
   */
  async sums(baseId: number | undefined, by: keyof typeof KEYS): Promise<FoodSum[]> {
    const result = await this.db.execute(
      sql`SELECT ${KEYS[by]} AS key, p.currency, (p.voided_at IS NOT NULL) AS voided, count(*)::int AS purchases,
                 sum(p.amount)::float8 AS amount, sum(p.grams)::float8 AS grams
            FROM base_food_purchases p
           ${baseId === undefined ? sql`` : sql`WHERE p.base_id = ${baseId}::int`}
           GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
    );
    return rowsOf<Record<keyof FoodSum, unknown>>(result).map((r) => ({
      key: String(r.key),
      currency: String(r.currency),
      voided: r.voided === true || r.voided === 't',
      purchases: Number(r.purchases),
      amount: Number(r.amount),
      grams: Number(r.grams),
    }));
  }
}
