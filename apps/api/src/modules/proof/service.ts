import { createHash } from 'node:crypto';
import { copyFile, link, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Clip, PublicFeedProof } from '@petheart/contracts';
import type { Clock } from '../../lib/clock';
import { seconds } from '../../lib/time';
import { AppError } from '../../http/errors';
import { toProof } from '../feed/presenter';
import { toClip } from '../media/presenter';
import type { ClipRepository } from '../media/repository';
import type { ProofRepository } from './repository';

export interface ProofServiceDeps {
  proofs: Pick<ProofRepository, 'succeededFeed' | 'markPublished'>;
  /** Users' clips: a proof clip put in a post becomes one (a post carries a clip of its author's). */
  liveClips: Pick<ClipRepository, 'insert' | 'byId'>;
  uploadDir: string;
  assetHost: string;
  /** Whether this server cuts proof clips (live video on, ffmpeg found). */
  clipping: boolean;
  clock: Clock;
}

/** A UUID (version 4 layout) derived from a proof clip and a user: the same clip for the same user every time. */
function derivedId(proofClipId: string, userId: number): string {
  const h = createHash('sha256')
    .update(`proof:${proofClipId}:${String(userId)}`)
    .digest('hex');
  const variant = ((parseInt(h.charAt(16), 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** A second name for the file (no copy on one file system), else a copy. */
async function linkOrCopy(from: string, to: string): Promise<void> {
  await mkdir(path.dirname(to), { recursive: true });
  try {
    await link(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return;
    await copyFile(from, to);
  }
}

/** Proofs of feeds (issue 28 §1): the public proof of a succeeded feed, and its clip for a community post. */
export class ProofService {
  constructor(private readonly deps: ProofServiceDeps) {}

  /** What anyone may see of a succeeded feed (shared links, the room's chat); not_found for any other feed. */
  async publicProof(feedId: string): Promise<PublicFeedProof> {
    const r = await this.deps.proofs.succeededFeed(feedId);
    if (!r) throw new AppError('not_found');
    const { assetHost, clipping, clock } = this.deps;
    return {
      feed_id: r.feedId,
      nickname: r.nickname,
      device_id: r.deviceId,
      device_name: r.deviceName,
      base_id: r.baseId,
      base_name: r.baseName,
      grams_dispensed: r.gramsDispensed,
      fed_at: seconds(r.settledAt),
      proof: toProof(r.clip, r.settledAt, { assetHost, clipping, now: clock.now() }),
    };
  }

  /**
   * The user's own succeeded feed's clip as a clip of theirs (unpublished, from the feed's device), which the
   * community's publish form puts in a post; the same one on every call. From then on the proof clip is kept past
   * the retention period. not_found for someone else's feed; clip_unavailable until the clip is ready.
   */
  async clipForPost(userId: number, feedId: string): Promise<Clip> {
    const r = await this.deps.proofs.succeededFeed(feedId);
    if (r?.userId !== userId) throw new AppError('not_found');
    const proof = r.clip;
    if (proof?.state !== 'ready' || !proof.path) throw new AppError('clip_unavailable');
    const id = derivedId(proof.id, userId);
    if (!(await this.deps.liveClips.byId(id))) {
      const file = `clips/${id}.mp4`;
      await linkOrCopy(path.join(this.deps.uploadDir, proof.path), path.join(this.deps.uploadDir, file));
      await this.deps.liveClips
        .insert({ id, userId, deviceId: r.deviceId, path: file, durationMs: proof.durationMs, bytes: proof.bytes })
        .catch(async (error: unknown) => {
          // The same call twice at once: the other one made it.
          if (!(await this.deps.liveClips.byId(id))) throw error;
        });
    }
    await this.deps.proofs.markPublished(proof.id);
    const clip = await this.deps.liveClips.byId(id);
    if (!clip) throw new AppError('clip_unavailable');
    return toClip(clip, this.deps.assetHost);
  }
}
