import type { LiveServerEvent } from '@petheart/contracts';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import { LedgerError, feedCredits } from '../ledger/policy';
import type { LedgerService } from '../ledger/service';
import { chargeFor, feedOutcome, sweepEnd, type CommandEnd, type FeedOutcome } from './policy';
import type { FeedRepository, FeedRow, SettlePatch } from './repository';

export interface FeedSettlementDeps {
  feeds: FeedRepository;
  /** A ledger working inside the caller's transaction (its own transactions become savepoints). */
  ledgerIn: (tx: Database) => Pick<LedgerService, 'postHold' | 'voidHold'>;
  /** Voids pending holds past their expiry (the ledger's safety net, run by the sweeper). */
  voidExpiredHolds: () => Promise<number>;
  /** The room hears who fed and the device's grams today. */
  broadcast: (deviceId: string, event: 'fed', payload: LiveServerEvent<'fed'>) => void;
  /** Grams the device dispensed today (the live room's figure). */
  gramsToday: (deviceId: string) => Promise<number>;
  /** After a commit that changed a user's wallet (the cached userinfo goes). */
  onWalletChange: (userId: number) => void;
  /** After a feed whose food fell (fan points for a member of the room; best effort). */
  onFed?: (userId: number, deviceId: string) => Promise<unknown>;
  clock: Clock;
  /** The sweeper ends a pending feed this long after its command's expiry, and runs this often. */
  graceMs: number;
  sweepIntervalMs: number;
  onError: (error: unknown) => void;
}

type Waiter = () => void;

/**
 * Ends feeds, exactly once each (decision 011): the device's answer posts the hold for what fell
 * (crediting the base operator's share and the platform) or voids it, in one database transaction with
 * the feed's own row, which is locked first, so a second settlement (the sweeper racing the gateway, a
 * retry after a crash) finds the feed ended and does nothing. A sweeper ends what the gateway could not
 * tell (commands of a stopped process, lost devices) and runs the ledger's expiry.
 */
export class FeedSettlement {
  private readonly waiters = new Map<string, Set<Waiter>>();
  /** Feeds by command id, for the commands this process issued (their answers need no lookup). */
  private readonly expected = new Map<string, string>();
  private readonly running = new Set<Promise<unknown>>();
  private timer: NodeJS.Timeout | undefined;
  private sweeping: Promise<void> | undefined;

  constructor(private readonly deps: FeedSettlementDeps) {}

  /** The gateway's word on a command (any command: those that are not feeds are ignored). */
  onCommandSettled(result: {
    id: string;
    status: 'acked' | 'failed' | 'expired';
    outcome: string | null;
    grams: number;
  }) {
    const known = this.expected.get(result.id);
    this.expected.delete(result.id);
    this.track(
      (async () => {
        const feedId = known ?? (await this.deps.feeds.idByCommand(result.id));
        if (feedId) await this.settle(feedId, result);
      })(),
    );
  }

  /**
   * The feed of a command this process is about to issue, forgotten when the command's end arrives or when
   * the returned function is called (the command could not be issued).
   */
  expect(commandId: string, feedId: string): () => void {
    this.expected.set(commandId, feedId);
    return () => this.expected.delete(commandId);
  }

  /**
   * Ends a pending feed with its command's end; does nothing when it has already ended. Returns the feed
   * as it ended now, or undefined when nothing changed.
   */
  async settle(feedId: string, end: CommandEnd): Promise<FeedRow | undefined> {
    const settled = await this.deps.feeds.transaction(async (repo, tx) => {
      // Asynchronous commit: the lock on the shared revenue accounts is released without waiting for the
      // disk. A settlement is derived from facts committed before it (the feed, its hold, the command's
      // recorded end), so one lost in a crash is made again, the same, by the sweeper (decision 011).
      await repo.commitAsynchronously();
      const feed = await repo.lock(feedId);
      if (feed?.status !== 'pending') return undefined;
      const outcome = feedOutcome(end, end.status === 'acked' || (await repo.feederOnline(feed.deviceId)));
      const patch = await this.applyToHold(feed, outcome, this.deps.ledgerIn(tx));
      return repo.settle(feed.id, patch);
    });
    if (!settled) return undefined;
    this.deps.onWalletChange(settled.userId);
    this.wake(settled.id);
    if (settled.status === 'succeeded') await this.announce(settled);
    return settled;
  }

  /** Posts (charging for what fell) or voids the feed's hold; the feed's new state. */
  private async applyToHold(
    feed: FeedRow,
    outcome: FeedOutcome,
    ledger: Pick<LedgerService, 'postHold' | 'voidHold'>,
  ): Promise<SettlePatch> {
    const settledAt = this.deps.clock.now();
    const failed = (reason: NonNullable<FeedRow['reason']>): SettlePatch => ({
      status: 'failed',
      reason,
      gramsDispensed: outcome.grams,
      coinsCharged: 0,
      settledAt,
    });
    const holdId = feed.holdId;
    if (holdId === null) return failed('failed'); // never: the hold is placed with the feed
    if (outcome.kind === 'failed') {
      await ledger.voidHold(holdId); // a hold its expiry voided first stays voided
      return failed(outcome.reason);
    }
    const charge = chargeFor(feed.coins, feed.grams, outcome.grams);
    if (charge === 0) {
      // A crumb fell: nothing to charge, the user keeps every coin.
      await ledger.voidHold(holdId);
    } else {
      try {
        await ledger.postHold({
          holdId,
          kind: 'feed',
          amount: charge,
          credits: feedCredits(charge, feed.revenueShareBp, feed.operatorId),
        });
      } catch (error) {
        // The hold expired and was released before the answer could be settled: the user is not charged.
        if (error instanceof LedgerError && error.code === 'hold_voided') return failed('timeout');
        throw error;
      }
    }
    return { status: 'succeeded', reason: null, gramsDispensed: outcome.grams, coinsCharged: charge, settledAt };
  }

  /** The room sees "<nickname> fed <grams> g" with the device's new grams today. */
  private async announce(feed: FeedRow): Promise<void> {
    if (feed.gramsDispensed > 0) this.deps.onFed?.(feed.userId, feed.deviceId).catch(this.deps.onError);
    try {
      const [nickname, gramsToday] = await Promise.all([
        this.deps.feeds.nickname(feed.userId),
        this.deps.gramsToday(feed.deviceId),
      ]);
      this.deps.broadcast(feed.deviceId, 'fed', {
        device_id: feed.deviceId,
        nickname,
        grams: feed.gramsDispensed,
        grams_today: gramsToday,
      });
    } catch (error) {
      this.deps.onError(error);
    }
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
      let ended = 0;
      for (const row of rows) {
        const end = sweepEnd(row, now, this.deps.graceMs);
        if (end && (await this.settle(row.id, end))) ended++;
      }
      if (rows.length < batch || ended === 0) return;
    }
  }

  /** Sweeps now (ending what a stopped process left), then every sweepIntervalMs. */
  async start(): Promise<void> {
    if (this.timer) return;
    this.timer = setInterval(() => {
      this.sweepOnce();
    }, this.deps.sweepIntervalMs);
    this.timer.unref();
    this.sweepOnce();
    await this.sweeping;
  }

  private sweepOnce(): void {
    if (this.sweeping) return;
    this.sweeping = this.sweep()
      .catch(this.deps.onError)
      .finally(() => {
        this.sweeping = undefined;
      });
  }

  /** Stops sweeping and waits for settlements under way; wakes every long poll. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.sweeping;
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
    for (const id of [...this.waiters.keys()]) this.wake(id);
  }

  /** Resolves when this process ends the feed, or after `ms`; `cancel` forgets the waiter. */
  waitFor(feedId: string, ms: number): { settled: Promise<void>; cancel: () => void } {
    let resolve: () => void = () => undefined;
    const settled = new Promise<void>((r) => {
      resolve = r;
    });
    const waiter: Waiter = () => {
      clearTimeout(timer);
      resolve();
    };
    const cancel = () => {
      clearTimeout(timer);
      const set = this.waiters.get(feedId);
      set?.delete(waiter);
      if (set?.size === 0) this.waiters.delete(feedId);
    };
    const timer = setTimeout(() => {
      cancel();
      resolve();
    }, ms);
    let set = this.waiters.get(feedId);
    if (!set) this.waiters.set(feedId, (set = new Set()));
    set.add(waiter);
    return { settled, cancel };
  }

  private wake(feedId: string): void {
    const set = this.waiters.get(feedId);
    if (!set) return;
    this.waiters.delete(feedId);
    for (const waiter of set) waiter();
  }

  private track(work: Promise<unknown>): void {
    const p = work.catch(this.deps.onError).finally(() => this.running.delete(p));
    this.running.add(p);
  }
}
