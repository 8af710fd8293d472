import type { Clock } from '../../lib/clock';
import { Periodic } from '../../lib/periodic';
import { lateAnswer, sweepEnd, type CommandEnd } from './policy';
import type { FeedRepository, FeedRow } from './repository';

export interface FeedSweeperDeps {
  feeds: Pick<FeedRepository, 'sweepable'>;
  /**
   * Ends a pending feed (FeedSettlement.settle); `lateCommand`: its command, whose late answer (decision 026)
   * the end is, acknowledged when the feed is charged.
   */
  settle: (feedId: string, end: CommandEnd, lateCommand?: string) => Promise<FeedRow | undefined>;
  /** Voids pending holds past their expiry (the ledger's safety net). */
  voidExpiredHolds: () => Promise<number>;
  clock: Clock;
  /** A pending feed is ended this long after its command's expiry; a pass runs this often. */
  graceMs: number;
  intervalMs: number;
  onError: (error: unknown) => void;
}

/**
 * Ends what the gateway could not tell (commands of a stopped process, lost devices) and runs the ledger's
 * expiry, in passes: now, then every intervalMs, one at a time.
 */
export class FeedSweeper {
  private readonly passes: Periodic;

  constructor(private readonly deps: FeedSweeperDeps) {
    this.passes = new Periodic(() => this.sweep(), deps.intervalMs, deps.onError);
  }

  /**
   * One pass: ends pending feeds whose command has ended or is overdue, voids the ledger's expired holds,
   * then ends the feeds whose holds that released. Safe to run in every API process at once.
   */
  async sweep(): Promise<void> {
    await this.sweepFeeds();
    if ((await this.deps.voidExpiredHolds()) > 0) await this.sweepFeeds();
  }

  private async sweepFeeds(): Promise<void> {
    const batch = 200;
    for (;;) {
      const now = this.deps.clock.now();
      const rows = await this.deps.feeds.sweepable(new Date(now.getTime() - this.deps.graceMs), batch);
      // Submitted together: they are settled in batches.
      const ends = await Promise.all(
        rows.map((row) => {
          const end = sweepEnd(row, now, this.deps.graceMs);
          if (!end) return Promise.resolve(undefined);
          return this.deps.settle(row.id, end, lateAnswer(row) ? row.commandId : undefined);
        }),
      );
      const ended = ends.filter(Boolean).length;
      if (rows.length < batch || ended === 0) return;
    }
  }

  /** Sweeps now (ending what a stopped process left), then every intervalMs. */
  start(): Promise<void> {
    return this.passes.start();
  }

  /** Stops the passes and waits for one under way. */
  stop(): Promise<void> {
    return this.passes.stop();
  }
}
