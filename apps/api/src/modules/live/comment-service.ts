import type { CommentListData, LiveComment, LiveServerEvent, LiveServerEventName } from '@petheart/contracts';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../http/errors';
import { retryAfterSeconds, type RateLimiter } from '../../lib/rate-limit/limiter';
import type { DeviceRepository } from '../device/repository';
import type { CommentFeedRepository, FeedWindow } from './comment-feed-repository';
import type { CommentRepository } from './comment-repository';
import type { FanService } from './fan-service';
import { requireRoom } from './policy';
import { toLiveComment, toLiveFeedLine } from './presenter';
import type { RoomRepository } from './room-repository';

/** Sends an event to every socket in a device's room (the realtime server). */
export interface RoomBroadcaster {
  broadcast<K extends LiveServerEventName>(deviceId: string, event: K, payload: LiveServerEvent<K>): void;
}

export interface CommentServiceDeps {
  comments: CommentRepository;
  /** The room's feeds whose food fell, merged into its history (issue 28 §2). */
  feedLines: Pick<CommentFeedRepository, 'commentTime' | 'lines'>;
  rooms: Pick<RoomRepository, 'latestSeq'>;
  devices: Pick<DeviceRepository, 'byId'>;
  fans: Pick<FanService, 'earn'>;
  /** Per user per room (see COMMENT_WINDOWS); shared by the API processes with REDIS_URL. */
  limiter: RateLimiter;
  broadcaster: RoomBroadcaster;
  clock: Clock;
}

/**
 * Live-room comments: stored with a sequence number, broadcast to the room, listed for catch-up with the
 * room's feeds over the same stretch of time (lasting lines of the chat).
 */
export class CommentService {
  constructor(private readonly deps: CommentServiceDeps) {}

  async send(userId: number, body: { device_id: string; content: string }): Promise<LiveComment> {
    const decision = await this.deps.limiter.consume(`${String(userId)}:${body.device_id}`);
    if (!decision.allowed) throw new AppError('comment_too_fast', {}, retryAfterSeconds(decision));
    await requireRoom(this.deps.devices, body.device_id);
    const seq = await this.deps.comments.insert(body.device_id, userId, body.content, this.deps.clock.now());
    // A member's comment earns fan points; the broadcast then shows the level it led to.
    await this.deps.fans.earn(userId, body.device_id, 'comment');
    const row = await this.deps.comments.bySeq(seq);
    if (!row) throw new Error(`comment ${String(seq)} vanished`);
    const comment = toLiveComment(row);
    this.deps.broadcaster.broadcast(body.device_id, 'comment', comment);
    return comment;
  }

  async list(q: { device_id: string; after_seq?: number | undefined; limit: number }): Promise<CommentListData> {
    await requireRoom(this.deps.devices, q.device_id);
    const [rows, latest, after] = await Promise.all([
      this.deps.comments.list(q.device_id, { afterSeq: q.after_seq, limit: q.limit }),
      this.deps.rooms.latestSeq(q.device_id),
      q.after_seq ? this.deps.feedLines.commentTime(q.device_id, q.after_seq) : undefined,
    ]);
    const feeds = await this.deps.feedLines.lines(q.device_id, feedWindow(q, rows, after), q.limit);
    return { list: rows.map(toLiveComment), feeds: feeds.map(toLiveFeedLine), latest_seq: latest };
  }
}

/**
 * The stretch of time a history answer covers, for its feeds: a full newest page from its oldest comment (a
 * short one, the whole room); a catch-up from the comment it continues (the start when there is none) up to
 * its last comment when full (the next page goes on from there), else up to now.
 */
export function feedWindow(
  q: { after_seq?: number | undefined; limit: number },
  rows: readonly { createdAt: Date }[],
  afterTime: Date | undefined,
): FeedWindow {
  const full = rows.length >= q.limit;
  if (q.after_seq === undefined) return { since: full ? rows[0]?.createdAt : undefined };
  return { since: afterTime, until: full ? rows.at(-1)?.createdAt : undefined };
}
