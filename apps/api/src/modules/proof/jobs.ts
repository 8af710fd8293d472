import type { Clock } from '../../lib/clock';
import { Periodic } from '../../lib/periodic';
import type { ProofClipper } from './clipper';
import type { ProofRepository } from './repository';
import type { ClipRetention } from './retention';

export interface ProofJobsDeps {
  /** Undefined when this server cuts no clips (live video off, or no ffmpeg). */
  clipper: ProofClipper | undefined;
  repo: Pick<ProofRepository, 'failStale'>;
  retention: Pick<ClipRetention, 'runOnce'>;
  clock: Clock;
  /** A clip still pending this long after its window ended was left by a process that stopped: failed. */
  staleAfterMs: number;
  sweepIntervalMs: number;
  retentionIntervalMs: number;
  onError: (error: unknown) => void;
}

/**
 * What runs beside the proof clipper while the app does: the sweep of clips a stopped process left pending, and
 * the clips' retention (retention.ts).
 */
export class ProofJobs {
  private readonly sweeper: Periodic;
  private readonly retention: Periodic;

  constructor(private readonly deps: ProofJobsDeps) {
    this.sweeper = new Periodic(() => this.sweep(), deps.sweepIntervalMs, deps.onError);
    this.retention = new Periodic(() => deps.retention.runOnce(), deps.retentionIntervalMs, deps.onError);
  }

  /** Clips left pending by a process that stopped (not those this one is cutting) are failed; answers how many. */
  sweep(): Promise<number> {
    const before = new Date(this.deps.clock.now().getTime() - this.deps.staleAfterMs);
    return this.deps.repo.failStale(before, this.deps.clipper?.inProgress() ?? []);
  }

  /** One pass of the retention (expired clips deleted); answers how many of each kind. */
  retain(): Promise<{ proofs: number; liveClips: number }> {
    return this.deps.retention.runOnce();
  }

  /** Sweeps now (what a stopped process left), then on its interval; the retention's first pass runs meanwhile. */
  async start(): Promise<void> {
    void this.retention.start();
    await this.sweeper.start();
  }

  /** Stops the jobs and the clipper (its clips not cut yet are failed; cuts under way are waited for). */
  async stop(): Promise<void> {
    await Promise.all([this.sweeper.stop(), this.retention.stop(), this.deps.clipper?.stop()]);
  }
}
