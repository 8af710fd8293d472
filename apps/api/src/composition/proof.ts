import path from 'node:path';
import type { AppConfig } from '../config/env';
import type { DatabaseHandle } from '../db/client';
import type { Clock } from '../lib/clock';
import type { FeedSettlement } from '../modules/feed/settlement';
import type { MediaEngine } from '../modules/media/engine';
import { resolveFfmpeg } from '../modules/media/ffmpeg';
import { ClipRepository } from '../modules/media/repository';
import { ProofClipper } from '../modules/proof/clipper';
import { ProofJobs } from '../modules/proof/jobs';
import { ProofRepository } from '../modules/proof/repository';
import { ClipRetention } from '../modules/proof/retention';
import { ProofService } from '../modules/proof/service';
import { ProofSharePreview } from '../modules/proof/share-preview';

/** How often clips left pending by a stopped process are looked for, and how long after their window they are. */
const STALE_SWEEP_MS = 30_000;
const STALE_AFTER_MS = 60_000;
/** How often expired clips are deleted. */
const RETENTION_INTERVAL_MS = 3_600_000;

/**
 * The ffmpeg proof clips are cut with, or undefined when this server cuts none: live video off (MEDIA_ENABLED=false:
 * no recording exists, so receipts say the camera was off) or no ffmpeg found.
 */
export function proofClipFfmpeg(config: AppConfig): string | undefined {
  return config.media.enabled ? resolveFfmpeg(config.media.ffmpegPath) : undefined;
}

/**
 * Proof clips (issue 28 §1): the clipper hears of every feed whose food fell from the settlement (after its
 * commit) and cuts from the media engine's recordings (embedded or nginx); the public proof; the sweep of clips a
 * stopped process left pending and the clips' retention (live clips included).
 */
export function wireProof({
  config,
  database,
  clock,
  media,
  feedSettlement,
}: {
  config: AppConfig;
  database: DatabaseHandle;
  clock: Clock;
  media: MediaEngine;
  feedSettlement: Pick<FeedSettlement, 'onFed'>;
}) {
  const repo = new ProofRepository(database.db);
  const liveClips = new ClipRepository(database.db);
  const onError = (error: unknown) => {
    if (config.logLevel !== 'silent') console.warn('[proof clips]', error);
  };
  const ffmpeg = proofClipFfmpeg(config);
  const proofClipper = ffmpeg
    ? new ProofClipper({
        repo,
        media,
        ffmpeg,
        uploadDir: config.uploadDir,
        workDir: path.join(config.media.dir, 'tmp'),
        clock,
        onError,
      })
    : undefined;
  if (proofClipper)
    feedSettlement.onFed((fed) => {
      proofClipper.fed(fed);
    });
  const proofs = new ProofService({
    proofs: repo,
    liveClips,
    uploadDir: config.uploadDir,
    assetHost: config.assetHost,
    clipping: proofClipper !== undefined,
    clock,
  });
  const proofJobs = new ProofJobs({
    clipper: proofClipper,
    repo,
    retention: new ClipRetention({
      proofs: repo,
      liveClips,
      uploadDir: config.uploadDir,
      clock,
      proofRetentionMs: config.media.proofClipRetentionMs,
      liveClipRetentionMs: config.media.liveClipRetentionMs,
      onError,
    }),
    clock,
    staleAfterMs: STALE_AFTER_MS,
    sweepIntervalMs: STALE_SWEEP_MS,
    retentionIntervalMs: RETENTION_INTERVAL_MS,
    onError,
  });
  const proofPreview = new ProofSharePreview({
    proofs: repo,
    publicUrl: config.publicUrl,
    assetHost: config.assetHost,
  });
  return { proofs, proofClipper, proofJobs, proofPreview };
}
