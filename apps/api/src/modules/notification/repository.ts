import { and, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { NotificationKind } from '@petheart/contracts';
import type { Database } from '../../db/client';
import { arrayOf } from '../../db/one-statement';
import { rowsOf } from '../../db/rows';
import { notifications } from '../../db/schema';
import {
  alertOperators,
  eventSupporters,
  fanOutChunk,
  fanOutInsert,
  refundedFeeds,
  roomFollowers,
  toEach,
  toUsers,
  waitingReviews,
  type NotificationSpec,
} from './fanout-sql';
import type { CreatedNotification, NotificationParams } from './ports';

export type NotificationRow = typeof notifications.$inferSelect;

interface ReturnedRow {
  id: string | number;
  user_id: number;
  kind: string;
  params: NotificationParams | string;
  link: string;
  created_at: string | Date;
}

function toCreated(r: ReturnedRow): CreatedNotification {
  return {
    id: Number(r.id),
    userId: r.user_id,
    kind: r.kind as NotificationKind,
    params: typeof r.params === 'string' ? (JSON.parse(r.params) as NotificationParams) : r.params,
    link: r.link,
    createdAt: new Date(r.created_at),
  };
}

/** Readers per statement of a chunked fan-out (about 0.1 s of the embedded database's thread each). */
export const FAN_OUT_CHUNK = 1_000;

/**
 * The notifications table (issue 29 §1): each fan-out is one statement, or one per chunk of FAN_OUT_CHUNK
 * readers (fanout-sql.ts); the inbox's reads.
 */
export class NotificationRepository {
  constructor(
    private readonly db: Database,
    private readonly chunk = FAN_OUT_CHUNK,
  ) {}

  private async fanOut(source: SQL, at: Date): Promise<CreatedNotification[]> {
    return rowsOf<ReturnedRow>(await this.db.execute(fanOutInsert(source, at))).map(toCreated);
  }

  /** A source with one row per reader, a chunk of readers per statement: each chunk's rows as it is written. */
  private async *fanOutChunks(source: SQL, at: Date): AsyncGenerator<CreatedNotification[]> {
    let after = 0;
    for (;;) {
      const rows = rowsOf<Partial<ReturnedRow> & { chunk_last: number | null; chunk_size: number }>(
        await this.db.execute(fanOutChunk(source, at, after, this.chunk)),
      );
      const written = rows.filter((r): r is ReturnedRow & typeof r => r.id != null).map(toCreated);
      if (written.length > 0) yield written;
      const [first] = rows;
      if (!first || first.chunk_last == null || first.chunk_size < this.chunk) return;
      after = first.chunk_last;
    }
  }

  forUsers(userIds: readonly number[], n: NotificationSpec, at: Date): AsyncGenerator<CreatedNotification[]> {
    return this.fanOutChunks(toUsers(userIds, n), at);
  }

  forEach(items: readonly (NotificationSpec & { userId: number })[], at: Date): Promise<CreatedNotification[]> {
    return items.length === 0 ? Promise.resolve([]) : this.fanOut(toEach(items), at);
  }

  forFollowers(deviceId: string, dedupeKey: string, at: Date): AsyncGenerator<CreatedNotification[]> {
    return this.fanOutChunks(roomFollowers(deviceId, dedupeKey), at);
  }

  forEventGoal(of: { eventId: number } | { itemId: number }, at: Date): AsyncGenerator<CreatedNotification[]> {
    return this.fanOutChunks(eventSupporters(of), at);
  }

  forRefunds(feedIds: readonly string[], at: Date): Promise<CreatedNotification[]> {
    return feedIds.length === 0 ? Promise.resolve([]) : this.fanOut(refundedFeeds(feedIds), at);
  }

  forAlerts(alertIds: readonly number[], at: Date): Promise<CreatedNotification[]> {
    return alertIds.length === 0 ? Promise.resolve([]) : this.fanOut(alertOperators(alertIds), at);
  }

  forReviewers(dedupeKey: string, at: Date): Promise<CreatedNotification[]> {
    return this.fanOut(waitingReviews(dedupeKey), at);
  }

  /** A user's notifications, newest first, and how many there are. */
  async page(userId: number, limit: number, offset: number): Promise<{ rows: NotificationRow[]; total: number }> {
    const mine = eq(notifications.userId, userId);
    const [rows, totals] = await Promise.all([
      this.db.select().from(notifications).where(mine).orderBy(desc(notifications.id)).limit(limit).offset(offset),
      this.db.select({ n: count() }).from(notifications).where(mine),
    ]);
    return { rows, total: totals[0]?.n ?? 0 };
  }

  async unread(userId: number): Promise<number> {
    const rows = await this.db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
    return rows[0]?.n ?? 0;
  }

  /** Unread counts of several users (those with none are left out). */
  async unreadCounts(userIds: readonly number[]): Promise<Map<number, number>> {
    if (userIds.length === 0) return new Map();
    const rows = rowsOf<{ user_id: number | string; n: number | string }>(
      await this.db.execute(sql`SELECT user_id, count(*) AS n FROM ${notifications}
        WHERE user_id = ANY(${arrayOf(userIds, 'int')}) AND read_at IS NULL GROUP BY user_id`),
    );
    return new Map(rows.map((r) => [Number(r.user_id), Number(r.n)]));
  }

  /** How many of these ids are the user's. */
  async countOwned(userId: number, ids: readonly number[]): Promise<number> {
    const rows = await this.db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), inArray(notifications.id, [...ids])));
    return rows[0]?.n ?? 0;
  }

  /** Marks the user's own among these ids read (others' are never touched). */
  async markRead(userId: number, ids: readonly number[], at: Date): Promise<void> {
    await this.db
      .update(notifications)
      .set({ readAt: at })
      .where(and(eq(notifications.userId, userId), inArray(notifications.id, [...ids]), isNull(notifications.readAt)));
  }

  async markAllRead(userId: number, at: Date): Promise<void> {
    await this.db
      .update(notifications)
      .set({ readAt: at })
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  }
}
