import { and, eq, inArray, isNull, lt, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { bases, devices, feeds, proofClips, users } from '../../db/schema';

export type ProofClipRow = typeof proofClips.$inferSelect;
/** What a clip's cut ends in. */
export type ProofEnd =
  { state: 'ready'; path: string; durationMs: number; bytes: number } | { state: 'no_camera' | 'failed' };

/** A succeeded feed as its public proof shows it, with its clip (null before the clip's row exists). */
export interface PublicFeedRecord {
  feedId: string;
  userId: number;
  nickname: string;
  deviceId: string;
  deviceName: string;
  /** The room's newest still ('' before the first). */
  deviceThumbnail: string;
  baseId: number;
  baseName: string;
  gramsDispensed: number;
  settledAt: Date;
  clip: ProofClipRow | null;
}

/** Links the feeds (those not linked yet) to their clip. */
async function linkFeeds(db: Pick<Database, 'update'>, clipId: string, feedIds: string[]): Promise<void> {
  if (feedIds.length === 0) return;
  await db
    .update(feeds)
    .set({ proofClipId: clipId })
    .where(and(inArray(feeds.id, feedIds), isNull(feeds.proofClipId)));
}

/** Proof clips (issue 28 §1): their rows, and a succeeded feed with its clip. */
export class ProofRepository {
  constructor(private readonly db: Database) {}

  /**
   * A new pending clip, linked to the feeds it covers (feeds.proof_clip_id: the one change a settled feed's row
   * takes, once; migration 0021).
   */
  async open(
    clip: { id: string; deviceId: string; startsAt: Date; endsAt: Date; createdAt: Date },
    feedIds: string[],
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.insert(proofClips).values({ ...clip, state: 'pending' });
      await linkFeeds(tx, clip.id, feedIds);
    });
  }

  /** A pending clip grew (feeds joined it): its window, and its feeds linked. */
  async extend(id: string, window: { startsAt: Date; endsAt: Date }, feedIds: string[]): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.update(proofClips).set(window).where(eq(proofClips.id, id));
      await linkFeeds(tx, id, feedIds);
    });
  }

  /** A pending clip's end (a clip another step ended already is left alone). */
  async finish(id: string, end: ProofEnd): Promise<void> {
    await this.db
      .update(proofClips)
      .set(end)
      .where(and(eq(proofClips.id, id), eq(proofClips.state, 'pending')));
  }

  /** Pending clips that will not be cut (this process is stopping): failed. */
  async fail(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .update(proofClips)
      .set({ state: 'failed' })
      .where(and(inArray(proofClips.id, ids), eq(proofClips.state, 'pending')));
  }

  /**
   * Clips still pending whose window ended before `before` and that this process is not cutting (`keep`): a
   * process that crashed left them, and no receipt should say "preparing" forever. Returns how many.
   */
  async failStale(before: Date, keep: string[]): Promise<number> {
    const rows = await this.db
      .update(proofClips)
      .set({ state: 'failed' })
      .where(
        and(
          eq(proofClips.state, 'pending'),
          lt(proofClips.endsAt, before),
          keep.length > 0 ? notInArray(proofClips.id, keep) : undefined,
        ),
      )
      .returning({ id: proofClips.id });
    return rows.length;
  }

  /** The camera flag the media engine stored for a device (false when it does not exist). */
  async cameraOnline(deviceId: string): Promise<boolean> {
    const rows = await this.db
      .select({ online: devices.cameraOnline })
      .from(devices)
      .where(eq(devices.id, deviceId))
      .limit(1);
    return rows[0]?.online ?? false;
  }

  /**
   * Up to `limit` ready clips made before `before` and not published: expired, their path cleared. Answers the
   * files to delete.
   */
  async expire(before: Date, limit: number): Promise<string[]> {
    const result = await this.db.execute(sql`
      WITH old AS (
        SELECT "id", "path" FROM ${proofClips}
        WHERE "state" = 'ready' AND "published" = false AND "created_at" < ${before.toISOString()}::timestamptz
        ORDER BY "created_at" LIMIT ${limit}::int
      )
      UPDATE ${proofClips} AS c SET "state" = 'expired', "path" = '' FROM old WHERE c."id" = old."id"
      RETURNING old."path" AS "path"`);
    return rowsOf<{ path: string }>(result).map((r) => r.path);
  }

  /** A clip is kept past the retention period (it was published to the community). */
  async markPublished(id: string): Promise<void> {
    await this.db.update(proofClips).set({ published: true }).where(eq(proofClips.id, id));
  }

  /** A succeeded feed with who fed, where, and its clip; undefined for any other feed or none. */
  async succeededFeed(feedId: string): Promise<PublicFeedRecord | undefined> {
    const rows = await this.db
      .select({
        feedId: feeds.id,
        userId: feeds.userId,
        nickname: users.nickname,
        deviceId: feeds.deviceId,
        deviceName: devices.name,
        deviceThumbnail: devices.thumbnail,
        baseId: feeds.baseId,
        baseName: bases.name,
        gramsDispensed: feeds.gramsDispensed,
        settledAt: feeds.settledAt,
        clip: proofClips,
      })
      .from(feeds)
      .innerJoin(users, eq(users.id, feeds.userId))
      .innerJoin(devices, eq(devices.id, feeds.deviceId))
      .innerJoin(bases, eq(bases.id, feeds.baseId))
      .leftJoin(proofClips, eq(proofClips.id, feeds.proofClipId))
      .where(and(eq(feeds.id, feedId), eq(feeds.status, 'succeeded')))
      .limit(1);
    const row = rows[0];
    if (!row?.settledAt) return undefined;
    return { ...row, settledAt: row.settledAt };
  }
}
