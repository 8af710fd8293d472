import { and, asc, count, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { bases, pets } from '../../db/schema';

export type PetRow = typeof pets.$inferSelect;
export type NewPet = Omit<typeof pets.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
/** A pet with its base's name and the live room to open (the base's first enabled device). */
export type PetWithBase = PetRow & { baseName: string; liveDeviceId: string | null };

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

// Written out: drizzle drops table names from columns in subqueries.
const liveDeviceId = sql<
  string | null
>`(SELECT d."id" FROM "devices" d WHERE d."base_id" = "pets"."base_id" AND NOT d."disabled" ORDER BY d."id" LIMIT 1)`;
const order = [asc(pets.sortOrder), asc(pets.id)];

/** The pets table (the pet corner). */
export class PetRepository {
  constructor(private readonly db: Database) {}

  async baseExists(id: number): Promise<boolean> {
    const rows = await this.db.select({ id: bases.id }).from(bases).where(eq(bases.id, id)).limit(1);
    return rows.length > 0;
  }

  async byId(id: number, publishedOnly: boolean): Promise<PetWithBase | undefined> {
    const where = and(eq(pets.id, id), publishedOnly ? eq(pets.published, true) : undefined);
    const rows = await this.select(where, 1, 0);
    return rows[0];
  }

  /** Published pets (of one base, or all), in their order. */
  async published(q: { page: number; limit: number; baseId?: number | undefined }) {
    return this.paged(and(eq(pets.published, true), q.baseId === undefined ? undefined : eq(pets.baseId, q.baseId)), q);
  }

  /** The console's list: drafts too, by base, or by a word of the name in any language. */
  async list(q: { page: number; limit: number; baseId?: number | undefined; keyword?: string | undefined }) {
    return this.paged(
      and(
        q.baseId === undefined ? undefined : eq(pets.baseId, q.baseId),
        q.keyword ? ilike(sql`${pets.name}::text`, `%${escapeLike(q.keyword)}%`) : undefined,
      ),
      q,
    );
  }

  async insert(pet: NewPet): Promise<number> {
    const rows = await this.db.insert(pets).values(pet).returning({ id: pets.id });
    const row = rows[0];
    if (!row) throw new Error('insert returned no row');
    return row.id;
  }

  async update(id: number, pet: NewPet): Promise<boolean> {
    const rows = await this.db
      .update(pets)
      .set({ ...pet, updatedAt: new Date() })
      .where(eq(pets.id, id))
      .returning({ id: pets.id });
    return rows.length > 0;
  }

  async delete(id: number): Promise<boolean> {
    const rows = await this.db.delete(pets).where(eq(pets.id, id)).returning({ id: pets.id });
    return rows.length > 0;
  }

  private async paged(where: SQL | undefined, q: { page: number; limit: number }) {
    const [rows, totals] = await Promise.all([
      this.select(where, q.limit, (q.page - 1) * q.limit),
      this.db.select({ n: count() }).from(pets).where(where),
    ]);
    return { rows, total: totals[0]?.n ?? 0 };
  }

  private async select(where: SQL | undefined, limit: number, offset: number): Promise<PetWithBase[]> {
    const rows = await this.db
      .select({ pet: pets, baseName: bases.name, liveDeviceId })
      .from(pets)
      .innerJoin(bases, eq(bases.id, pets.baseId))
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset);
    return rows.map((r) => ({ ...r.pet, baseName: r.baseName, liveDeviceId: r.liveDeviceId }));
  }
}
