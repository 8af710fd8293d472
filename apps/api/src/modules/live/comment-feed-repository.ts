import { and, desc, eq, gte, lte, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { feeds, liveComments, users } from '../../db/schema';

/**
 * How long before the start of a window a feed that settled in it may have been made: its command's longest
 * life (a queue's TTL up to a minute, the hold's margin, the sweeper's grace) with room to spare. The bound
 * lets the query walk the room's feeds by their creation index instead of all of them.
 */
export const FEED_SETTLE_MARGIN_MS = 10 * 60_000;

/** A succeeded feed of a room, for its chat. */
export interface FeedLineRow {
  id: string;
  deviceId: string;
  nickname: string;
  gramsDispensed: number;
  settledAt: Date | null;
  createdAt: Date;
}

/** A stretch of a room's time; a missing end is open. */
export interface FeedWindow {
  since?: Date | undefined;
  until?: Date | undefined;
}

/** The room's feeds whose food fell, as lines of its chat (issue 28 §2): read from `feeds`, never copied. */
export class CommentFeedRepository {
  constructor(private readonly db: Database) {}

  /** When a comment of this room was made (undefined when the room has no such comment). */
  async commentTime(deviceId: string, seq: number): Promise<Date | undefined> {
    const rows = await this.db
      .select({ at: liveComments.createdAt })
      .from(liveComments)
      .where(and(eq(liveComments.id, seq), eq(liveComments.deviceId, deviceId)))
      .limit(1);
    return rows[0]?.at;
  }

  /** The newest `limit` succeeded feeds of the room that settled within the window, oldest first. */
  async lines(deviceId: string, window: FeedWindow, limit: number): Promise<FeedLineRow[]> {
    const where: (SQL | undefined)[] = [eq(feeds.deviceId, deviceId), eq(feeds.status, 'succeeded')];
    if (window.since) {
      where.push(gte(feeds.settledAt, window.since));
      where.push(gte(feeds.createdAt, new Date(window.since.getTime() - FEED_SETTLE_MARGIN_MS)));
    }
    if (window.until) where.push(lte(feeds.settledAt, window.until), lte(feeds.createdAt, window.until));
    const rows = await this.db
      .select({
        id: feeds.id,
        deviceId: feeds.deviceId,
        nickname: users.nickname,
        gramsDispensed: feeds.gramsDispensed,
        settledAt: feeds.settledAt,
        createdAt: feeds.createdAt,
      })
      .from(feeds)
      .innerJoin(users, eq(users.id, feeds.userId))
      .where(and(...where))
      .orderBy(desc(feeds.createdAt), desc(feeds.id))
      .limit(limit);
    return rows.reverse();
  }
}
