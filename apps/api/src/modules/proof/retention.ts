import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Clock } from '../../lib/clock';
import type { ClipRepository } from '../media/repository';
import type { ProofRepository } from './repository';

export interface ClipRetentionDeps {
  proofs: Pick<ProofRepository, 'expire'>;
  liveClips: Pick<ClipRepository, 'deleteUnpublished'>;
  uploadDir: string;
  clock: Clock;
  /** Receipts' clips are kept this long (PROOF_CLIP_RETENTION_DAYS), unless published to the community. */
  proofRetentionMs: number;
  /** Users' live clips never published (to their room or in a post) are kept this long (LIVE_CLIP_RETENTION_DAYS). */
  liveClipRetentionMs: number;
  /** Rows taken per statement. */
  batch?: number;
  onError: (error: unknown) => void;
}

/** The only files the job deletes: clips under the uploads folder, by the names the app gives them. */
const CLIP_FILE = /^(proofs|clips)\/[0-9a-f-]{36}\.mp4$/;

/**
 * Deletes clips past their retention (issue 28 §1): receipts' proof clips (their rows stay, expired, so the
 * receipt says the clip is no longer kept; a clip published to the community is kept), and live clips users cut
 * and never published (rows and files: nothing shows them). A row goes first, then its file: a crash between
 * leaves a file nothing names, never a row naming a missing file.
 */
export class ClipRetention {
  constructor(private readonly deps: ClipRetentionDeps) {}

  async runOnce(): Promise<{ proofs: number; liveClips: number }> {
    const now = this.deps.clock.now().getTime();
    const proofs = await this.drain((limit) =>
      this.deps.proofs.expire(new Date(now - this.deps.proofRetentionMs), limit),
    );
    const liveClips = await this.drain((limit) =>
      this.deps.liveClips.deleteUnpublished(new Date(now - this.deps.liveClipRetentionMs), limit),
    );
    return { proofs, liveClips };
  }

  /** Takes batches until one comes back short, deleting their files. */
  private async drain(take: (limit: number) => Promise<string[]>): Promise<number> {
    const limit = this.deps.batch ?? 500;
    let total = 0;
    for (;;) {
      const files = await take(limit);
      total += files.length;
      for (const file of files) await this.remove(file);
      if (files.length < limit) return total;
    }
  }

  private async remove(file: string): Promise<void> {
    if (!CLIP_FILE.test(file)) return;
    await rm(path.join(this.deps.uploadDir, file), { force: true }).catch(this.deps.onError);
  }
}
