import { and, asc, count, countDistinct, desc, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import type { SupportEventStatus } from '@petheart/contracts';
import type { Database } from '../../db/client';
import { supportApplications, supportEvents, supportGifts, supportItems } from '../../db/schema';
import type { ApplicationRow } from './application-repository';

export type EventRow = typeof supportEvents.$inferSelect;
export type ItemRow = typeof supportItems.$inferSelect;
export type NewEvent = Omit<typeof supportEvents.$inferInsert, 'id'>;
export type NewItem = Omit<typeof supportItems.$inferInsert, 'id' | 'completed'>;

/** An event with its rescue station (the approved application it was published for). */
export interface EventWithStation {
  event: EventRow;
  station: ApplicationRow;
}

/** An event's figures over its items and gifts. */
export interface EventProgress {
  completed: number;
  target: number;
  items: number;
  supporters: number;
  /** Coins given in all, and money paid through help-pay (fen). */
  coins: number;
  helpPayAmount: number;
}

export const NO_PROGRESS: EventProgress = {
  completed: 0,
  target: 0,
  items: 0,
  supporters: 0,
  coins: 0,
  helpPayAmount: 0,
};

const int = (column: SQL) => sql<number>`coalesce(${column}, 0)`.mapWith(Number);

/** Support events and their items (decision 016). Progress counters change only in a gift's transaction. */
export class SupportEventRepository {
  constructor(private readonly db: Database) {}

  /** Runs `fn` in one database transaction. */
  async transaction<T>(fn: (repo: SupportEventRepository, tx: Database) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => fn(new SupportEventRepository(tx), tx));
  }

  async insertEvent(row: NewEvent): Promise<EventRow> {
    const rows = await this.db.insert(supportEvents).values(row).returning();
    const inserted = rows[0];
    if (!inserted) throw new Error('support event insert returned nothing');
    return inserted;
  }

  async insertItems(rows: NewItem[]): Promise<void> {
    if (rows.length) await this.db.insert(supportItems).values(rows);
  }

  /** The event row-locked until commit (console edits of one event run one after the other). */
  async lockEvent(id: number): Promise<EventRow | undefined> {
    const rows = await this.db.select().from(supportEvents).where(eq(supportEvents.id, id)).limit(1).for('update');
    return rows[0];
  }

  async updateEvent(
    id: number,
    patch: Partial<Pick<EventRow, 'title' | 'description' | 'cover' | 'status' | 'textLang' | 'translations'>> & {
      updatedAt: Date;
    },
  ): Promise<void> {
    await this.db.update(supportEvents).set(patch).where(eq(supportEvents.id, id));
  }

  /** Changes an item's texts and target; undefined when the target would fall below what was given. */
  async updateItem(
    id: number,
    eventId: number,
    patch: { title: string; gift: string; target: number },
  ): Promise<ItemRow | undefined> {
    const rows = await this.db
      .update(supportItems)
      .set(patch)
      .where(
        and(
          eq(supportItems.id, id),
          eq(supportItems.eventId, eventId),
          sql`${supportItems.completed} <= ${patch.target}`,
        ),
      )
      .returning();
    return rows[0];
  }

  async listEvents(
    filter: { status?: SupportEventStatus | undefined; applicationId?: number | undefined },
    page: number,
    limit: number,
  ): Promise<{ rows: EventWithStation[]; total: number }> {
    const conditions: SQL[] = [];
    if (filter.status) conditions.push(eq(supportEvents.status, filter.status));
    if (filter.applicationId !== undefined) conditions.push(eq(supportEvents.applicationId, filter.applicationId));
    const where = conditions.length ? and(...conditions) : undefined;
    const [rows, totals] = await Promise.all([
      this.db
        .select({ event: supportEvents, station: supportApplications })
        .from(supportEvents)
        .innerJoin(supportApplications, eq(supportApplications.id, supportEvents.applicationId))
        .where(where)
        // Live events first ('live' > 'closed'), then closed; newest first within each.
        .orderBy(desc(supportEvents.status), desc(supportEvents.createdAt), desc(supportEvents.id))
        .limit(limit)
        .offset((page - 1) * limit),
      this.db.select({ n: count() }).from(supportEvents).where(where),
    ]);
    return { rows, total: totals[0]?.n ?? 0 };
  }

  async eventById(id: number): Promise<EventWithStation | undefined> {
    const rows = await this.db
      .select({ event: supportEvents, station: supportApplications })
      .from(supportEvents)
      .innerJoin(supportApplications, eq(supportApplications.id, supportEvents.applicationId))
      .where(eq(supportEvents.id, id))
      .limit(1);
    return rows[0];
  }

  /** Points, items, supporters, coins and help-pay money of these events. */
  async progressOf(eventIds: number[]): Promise<Map<number, EventProgress>> {
    const progress = new Map<number, EventProgress>();
    if (eventIds.length === 0) return progress;
    const [items, gifts] = await Promise.all([
      this.db
        .select({
          eventId: supportItems.eventId,
          completed: int(sql`sum(${supportItems.completed})`),
          target: int(sql`sum(${supportItems.target})`),
          items: count(),
        })
        .from(supportItems)
        .where(inArray(supportItems.eventId, eventIds))
        .groupBy(supportItems.eventId),
      this.db
        .select({
          eventId: supportGifts.eventId,
          supporters: countDistinct(supportGifts.userId),
          coins: int(sql`sum(${supportGifts.coins})`),
          amount: int(sql`sum(${supportGifts.amount})`),
        })
        .from(supportGifts)
        .where(inArray(supportGifts.eventId, eventIds))
        .groupBy(supportGifts.eventId),
    ]);
    for (const r of items)
      progress.set(r.eventId, { ...NO_PROGRESS, completed: r.completed, target: r.target, items: r.items });
    for (const r of gifts) {
      const p = progress.get(r.eventId) ?? NO_PROGRESS;
      progress.set(r.eventId, { ...p, supporters: r.supporters, coins: r.coins, helpPayAmount: r.amount });
    }
    return progress;
  }

  async itemsOf(eventId: number): Promise<ItemRow[]> {
    return this.db
      .select()
      .from(supportItems)
      .where(eq(supportItems.eventId, eventId))
      .orderBy(asc(supportItems.sortOrder), asc(supportItems.id));
  }

  /** How many different people gave to each of these items. */
  async supportersOf(itemIds: number[]): Promise<Map<number, number>> {
    if (itemIds.length === 0) return new Map();
    const rows = await this.db
      .select({ itemId: supportGifts.itemId, n: countDistinct(supportGifts.userId) })
      .from(supportGifts)
      .where(inArray(supportGifts.itemId, itemIds))
      .groupBy(supportGifts.itemId);
    return new Map(rows.map((r) => [r.itemId, r.n]));
  }

  /** An item with its event and the event's rescue station. */
  async itemById(itemId: number): Promise<(EventWithStation & { item: ItemRow }) | undefined> {
    const rows = await this.db
      .select({ item: supportItems, event: supportEvents, station: supportApplications })
      .from(supportItems)
      .innerJoin(supportEvents, eq(supportEvents.id, supportItems.eventId))
      .innerJoin(supportApplications, eq(supportApplications.id, supportEvents.applicationId))
      .where(eq(supportItems.id, itemId))
      .limit(1);
    return rows[0];
  }

  /**
   * Adds given points to an item (the row lock orders concurrent gifts; the condition is checked again on the
   * locked row). `capped`: only while the event is live and the points fit under the target (gifts with coins);
   * otherwise always (a help-pay payment already made). Undefined when the condition refused it.
   */
  async addPoints(itemId: number, points: number, capped: boolean): Promise<ItemRow | undefined> {
    const conditions: SQL[] = [eq(supportItems.id, itemId)];
    if (capped) {
      conditions.push(gte(supportItems.target, sql`${supportItems.completed} + ${points}::int`));
      conditions.push(
        sql`EXISTS (SELECT 1 FROM ${supportEvents} WHERE ${supportEvents.id} = ${supportItems.eventId}
          AND ${supportEvents.status} = 'live')`,
      );
    }
    const rows = await this.db
      .update(supportItems)
      .set({ completed: sql`${supportItems.completed} + ${points}::int` })
      .where(and(...conditions))
      .returning();
    return rows[0];
  }

  /** The highest sort order of an event's items (new items go after it). */
  async lastSortOrder(eventId: number): Promise<number> {
    const rows = await this.db
      .select({ n: int(sql`max(${supportItems.sortOrder})`) })
      .from(supportItems)
      .where(eq(supportItems.eventId, eventId));
    return rows[0]?.n ?? 0;
  }
}
