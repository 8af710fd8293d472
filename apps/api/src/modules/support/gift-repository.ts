import { and, count, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { supportEvents, supportGifts, supportItems, users } from '../../db/schema';
import { retryOnConflict } from '../../db/sql-state';
import { SupportEventRepository } from './event-repository';

export type GiftRow = typeof supportGifts.$inferSelect;
export type NewGift = Omit<typeof supportGifts.$inferInsert, 'id'>;

/** A gift as the supporters list shows it. */
export interface GiftView {
  gift: GiftRow;
  user: { id: number; nickname: string; avatar: string };
  itemTitle: string;
}

/** A gift in its giver's history, with its item's title and its event's texts. */
export interface MyGiftRow {
  gift: GiftRow;
  itemTitle: string;
  event: Pick<
    typeof supportEvents.$inferSelect,
    'title' | 'description' | 'textLang' | 'translations' | 'cover' | 'status'
  >;
}

/** Support gifts (decision 016): each one names the ledger transaction that moved its coins. */
export class SupportGiftRepository {
  constructor(private readonly db: Database) {}

  /**
   * Runs `fn` in one database transaction (`tx` for the ledger joining it, `events` for the item's progress);
   * a deadlock or serialization failure runs it again (3 tries; idempotency keys make that safe).
   */
  async transaction<T>(
    fn: (repo: SupportGiftRepository, events: SupportEventRepository, tx: Database) => Promise<T>,
  ): Promise<T> {
    return retryOnConflict(() =>
      this.db.transaction((tx) => fn(new SupportGiftRepository(tx), new SupportEventRepository(tx), tx)),
    );
  }

  async insert(row: NewGift): Promise<GiftRow> {
    const rows = await this.db.insert(supportGifts).values(row).returning();
    const inserted = rows[0];
    if (!inserted) throw new Error('support gift insert returned nothing');
    return inserted;
  }

  async byKey(userId: number, key: string): Promise<GiftRow | undefined> {
    const rows = await this.db
      .select()
      .from(supportGifts)
      .where(and(eq(supportGifts.userId, userId), eq(supportGifts.idempotencyKey, key)))
      .limit(1);
    return rows[0];
  }

  async byOrder(orderId: number): Promise<GiftRow | undefined> {
    const rows = await this.db.select().from(supportGifts).where(eq(supportGifts.paymentOrderId, orderId)).limit(1);
    return rows[0];
  }

  /** The gifts to an event or an item, newest first, with their givers. */
  async list(
    target: { eventId: number } | { itemId: number },
    page: number,
    limit: number,
  ): Promise<{ rows: GiftView[]; total: number }> {
    const where =
      'eventId' in target ? eq(supportGifts.eventId, target.eventId) : eq(supportGifts.itemId, target.itemId);
    const [rows, totals] = await Promise.all([
      this.db
        .select({
          gift: supportGifts,
          user: { id: users.id, nickname: users.nickname, avatar: users.avatar },
          itemTitle: supportItems.title,
        })
        .from(supportGifts)
        .innerJoin(users, eq(users.id, supportGifts.userId))
        .innerJoin(supportItems, eq(supportItems.id, supportGifts.itemId))
        .where(where)
        .orderBy(desc(supportGifts.id))
        .limit(limit)
        .offset((page - 1) * limit),
      this.db.select({ n: count() }).from(supportGifts).where(where),
    ]);
    return { rows, total: totals[0]?.n ?? 0 };
  }

  /** A user's gifts (coins and help-pay), newest first, with their items and events. */
  async ofUser(userId: number, page: number, limit: number): Promise<{ rows: MyGiftRow[]; total: number }> {
    const where = eq(supportGifts.userId, userId);
    const [rows, totals] = await Promise.all([
      this.db
        .select({
          gift: supportGifts,
          itemTitle: supportItems.title,
          event: {
            title: supportEvents.title,
            description: supportEvents.description,
            textLang: supportEvents.textLang,
            translations: supportEvents.translations,
            cover: supportEvents.cover,
            status: supportEvents.status,
          },
        })
        .from(supportGifts)
        .innerJoin(supportItems, eq(supportItems.id, supportGifts.itemId))
        .innerJoin(supportEvents, eq(supportEvents.id, supportGifts.eventId))
        .where(where)
        .orderBy(desc(supportGifts.createdAt), desc(supportGifts.id))
        .limit(limit)
        .offset((page - 1) * limit),
      this.db.select({ n: count() }).from(supportGifts).where(where),
    ]);
    return { rows, total: totals[0]?.n ?? 0 };
  }

  /** The coins a user is shown (users.balance = the wallet's available coins), read in this transaction. */
  async shownBalance(userId: number): Promise<number> {
    const rows = await this.db.select({ balance: users.balance }).from(users).where(eq(users.id, userId)).limit(1);
    return rows[0]?.balance ?? 0;
  }
}
