import type { Feed, FeedProof, FeedReceipt, FeedStatus, FreeFood } from '@petheart/contracts';
import { seconds } from '../../lib/time';
import type { FeedRecord, FeedRow, FreeFoodRecord, ProofClipFields } from './repository';

/** Where a pending feed is: the commands ahead of it on the device and the wait they mean. */
export interface QueuePlace {
  ahead: number;
  waitSeconds: number;
}

/**
 * The status the user sees: a pending feed is dispensing once its command was sent to the device (or has
 * already been answered and is being settled), queued while it waits.
 */
export function feedStatus(feed: Pick<FeedRow, 'status'>, commandStatus: string | null, ahead: number): FeedStatus {
  if (feed.status !== 'pending') return feed.status;
  if (commandStatus === null || commandStatus === 'queued' || ahead > 0) return 'queued';
  return 'dispensing';
}

export function toFeed(feed: FeedRow, commandStatus: string | null, place: QueuePlace | null): Feed {
  const status = feedStatus(feed, commandStatus, place?.ahead ?? 0);
  const waiting = status === 'queued' ? place : null;
  return {
    id: feed.id,
    device_id: feed.deviceId,
    status,
    grams: feed.grams,
    coins: feed.coins,
    grams_dispensed: feed.gramsDispensed,
    coins_charged: feed.coinsCharged,
    reason: feed.reason,
    queue_position: waiting?.ahead ?? 0,
    expected_wait_s: waiting?.waitSeconds ?? 0,
    created_at: seconds(feed.createdAt),
    settled_at: feed.settledAt ? seconds(feed.settledAt) : null,
  };
}

/** How receipts tell a feed's proof clip (issue 28 §1). */
export interface ProofView {
  /** Prepended to the clip's address (`${assetHost}/uploads/…`); '' for the API's origin. */
  assetHost: string;
  /** Whether this server cuts proof clips (live video on, ffmpeg found). */
  clipping: boolean;
  now: Date;
}

/** A succeeded feed without a clip row this soon after its answer is being planned (the row follows its commit). */
export const PROOF_PLANNING_MS = 60_000;

/**
 * A succeeded feed's proof: its clip's state and, once ready, its MP4's address. Without a clip row: no camera when
 * this server cuts no clips (live video off); else pending just after the answer, and failed later (the process that
 * settled it stopped before it planned the clip).
 */
export function toProof(clip: ProofClipFields | null, settledAt: Date | null, view: ProofView): FeedProof {
  if (clip) {
    const ready = clip.state === 'ready' && clip.path !== '';
    return {
      state: clip.state,
      url: ready ? `${view.assetHost}/uploads/${clip.path}` : '',
      duration_ms: ready ? clip.durationMs : 0,
    };
  }
  const planning = settledAt !== null && view.now.getTime() - settledAt.getTime() < PROOF_PLANNING_MS;
  return { state: !view.clipping ? 'no_camera' : planning ? 'pending' : 'failed', url: '', duration_ms: 0 };
}

export function toReceipt(record: FeedRecord, place: QueuePlace | null, view: ProofView): FeedReceipt {
  return {
    ...toFeed(record.feed, record.commandStatus, place),
    device_name: record.deviceName,
    base_id: record.feed.baseId,
    base_name: record.baseName,
    proof: record.feed.status === 'succeeded' ? toProof(record.proof, record.feed.settledAt, view) : null,
  };
}

/** Food given free, as the console lists it (decision 026). */
export function toFreeFood(r: FreeFoodRecord): FreeFood {
  return {
    feed_id: r.feed.id,
    device_id: r.feed.deviceId,
    device_name: r.deviceName,
    base_name: r.baseName,
    user_id: r.feed.userId,
    grams: r.feed.grams,
    coins: r.feed.coins,
    grams_dispensed: r.gramsDispensed,
    reason: r.feed.reason,
    created_at: seconds(r.feed.createdAt),
    settled_at: r.feed.settledAt ? seconds(r.feed.settledAt) : null,
    answered_at: r.answeredAt ? seconds(r.answeredAt) : null,
  };
}
