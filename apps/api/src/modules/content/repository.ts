import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { ContentKind } from '@petheart/contracts';
import type { Database } from '../../db/client';
import { contentItems, uploads } from '../../db/schema';

export type ContentRow = typeof contentItems.$inferSelect;
export type NewContent = Omit<typeof contentItems.$inferInsert, 'id' | 'updatedAt'>;

export interface Paged<T> {
  rows: T[];
  total: number;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * How each kind is listed: a smaller sort order first; then articles newest first, the others in the
 * order they were written.
 */
function listOrder(kind: ContentKind) {
  const then = kind === 'article' ? [desc(contentItems.createdAt), desc(contentItems.id)] : [asc(contentItems.id)];
  return [asc(contentItems.sortOrder), ...then];
}

/** The content_items table. */
export class ContentRepository {
  constructor(private readonly db: Database) {}

  async byId(id: number): Promise<ContentRow | undefined> {
    const rows = await this.db.select().from(contentItems).where(eq(contentItems.id, id)).limit(1);
    return rows[0];
  }

  async publishedById(kind: ContentKind, id: number): Promise<ContentRow | undefined> {
    const rows = await this.db
      .select()
      .from(contentItems)
      .where(and(eq(contentItems.id, id), eq(contentItems.kind, kind), eq(contentItems.published, true)))
      .limit(1);
    return rows[0];
  }

  async publishedPage(key: string): Promise<ContentRow | undefined> {
    const rows = await this.db
      .select()
      .from(contentItems)
      .where(and(eq(contentItems.kind, 'page'), eq(contentItems.key, key), eq(contentItems.published, true)))
      .limit(1);
    return rows[0];
  }

  async pageKeyTaken(key: string, exceptId?: number): Promise<boolean> {
    const rows = await this.db
      .select({ id: contentItems.id })
      .from(contentItems)
      .where(and(eq(contentItems.kind, 'page'), eq(contentItems.key, key)))
      .limit(2);
    return rows.some((r) => r.id !== exceptId);
  }

  /** Published items of a kind, in their list order. */
  async published(kind: ContentKind, q: { page: number; limit: number }): Promise<Paged<ContentRow>> {
    const where = and(eq(contentItems.kind, kind), eq(contentItems.published, true));
    return this.paged(where, listOrder(kind), q);
  }

  /** What's New: published highlighted articles (their list order), then the newest others, `limit` in all. */
  async whatsNew(limit: number): Promise<ContentRow[]> {
    const isArticle = and(eq(contentItems.kind, 'article'), eq(contentItems.published, true));
    const highlights = await this.db
      .select()
      .from(contentItems)
      .where(and(isArticle, eq(contentItems.highlight, true)))
      .orderBy(...listOrder('article'))
      .limit(limit);
    if (highlights.length >= limit) return highlights;
    const newest = await this.db
      .select()
      .from(contentItems)
      .where(and(isArticle, eq(contentItems.highlight, false)))
      .orderBy(desc(contentItems.createdAt), desc(contentItems.id))
      .limit(limit - highlights.length);
    return [...highlights, ...newest];
  }

  /** The console's list of a kind (drafts included), optionally by a word in any language of the title. */
  async list(q: { kind: ContentKind; page: number; limit: number; keyword?: string | undefined }) {
    const match = q.keyword
      ? or(
          ilike(sql`${contentItems.title}::text`, `%${escapeLike(q.keyword)}%`),
          ilike(sql`coalesce(${contentItems.key}, '')`, `%${escapeLike(q.keyword)}%`),
        )
      : undefined;
    return this.paged(and(eq(contentItems.kind, q.kind), match), listOrder(q.kind), q);
  }

  async insert(item: NewContent): Promise<ContentRow> {
    const rows = await this.db.insert(contentItems).values(item).returning();
    const row = rows[0];
    if (!row) throw new Error('insert returned no row');
    return row;
  }

  /** Replaces an item's fields; undefined when there is no such item of that kind. */
  async update(id: number, kind: ContentKind, item: Partial<NewContent>): Promise<ContentRow | undefined> {
    const rows = await this.db
      .update(contentItems)
      .set({ ...item, updatedAt: new Date() })
      .where(and(eq(contentItems.id, id), eq(contentItems.kind, kind)))
      .returning();
    return rows[0];
  }

  async delete(id: number): Promise<boolean> {
    const rows = await this.db.delete(contentItems).where(eq(contentItems.id, id)).returning({ id: contentItems.id });
    return rows.length > 0;
  }

  /** Which of these upload paths (/uploads/…) this server stored (by anyone). */
  async existingUploads(paths: string[]): Promise<Set<string>> {
    if (paths.length === 0) return new Set();
    const rows = await this.db.select({ path: uploads.path }).from(uploads).where(inArray(uploads.path, paths));
    return new Set(rows.map((r) => r.path));
  }

  private async paged(
    where: SQL | undefined,
    order: SQL[],
    q: { page: number; limit: number },
  ): Promise<Paged<ContentRow>> {
    const [rows, totals] = await Promise.all([
      this.db
        .select()
        .from(contentItems)
        .where(where)
        .orderBy(...order)
        .limit(q.limit)
        .offset((q.page - 1) * q.limit),
      this.db.select({ n: count() }).from(contentItems).where(where),
    ]);
    return { rows, total: totals[0]?.n ?? 0 };
  }
}
