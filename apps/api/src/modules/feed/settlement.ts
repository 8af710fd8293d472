import { GroupCommit } from '../../db/group-commit';
import { retryOnCheck } from '../../db/sql-state';
import { tellListeners } from '../../lib/listeners';
import { startOfUtcDay } from '../../lib/time';
import { HOLD_CHANGED } from '../ledger/batch';
import { FEED_CHANGED } from './batch-repository';
import type { CommandEnd } from './policy';
import type { FeedRepository, FeedRow } from './repository';
import type { RoomAnnouncer } from './room-announcer';
import { settleBatch, type FeedEnd, type SettlementBatchDeps } from './settlement-batch';
import { commandEnd } from './settlement-plan';
import { FeedSweeper } from './sweeper';
import { Waiters } from './waiters';

/** Feeds whose food fell, told after the settlement that recorded them has committed (e.g. their proof clips). */
export type FedListener = (fed: FeedRow[]) => void;
/** Every feed a settlement ended (succeeded or failed), told after it committed (e.g. refund notifications). */
export type EndedListener = (ended: FeedRow[]) => void;

/** A command this process issued for a feed: the feed, and the room and name its answer is announced with. */
export interface ExpectedCommand {
  feedId: string;
  deviceId: string;
  nickname: string;
}

export interface FeedSettlementDeps extends SettlementBatchDeps {
  feeds: Pick<FeedRepository, 'idByCommand' | 'sweepable'>;
  /** Voids pending holds past their expiry (the ledger's safety net, run by the sweeper). */
  voidExpiredHolds: () => Promise<number>;
  /** The rooms hear who fed and their devices' grams today. */
  rooms: RoomAnnouncer;
  /** After a commit that changed a user's wallet (the cached userinfo goes). */
  onWalletChange: (userId: number) => void;
  /** After feeds whose food fell, by members of the rooms' fan groups (their points; best effort). */
  onFansFed?: (fed: { userId: number; deviceId: string }[]) => Promise<unknown>;
  /** The sweeper ends a pending feed this long after its command's expiry, and runs this often. */
  graceMs: number;
  sweepIntervalMs: number;
  /**
   * A settlement starts at least this long after the one before it (fewer, larger batches, for a database
   * whose one thread also takes the taps; GroupCommit).
   */
  spacingMs?: number;
  onError: (error: unknown) => void;
}

/**
 * Ends feeds, exactly once each (decision 011): the device's answer posts the hold for what fell
 * (crediting the base operator's share and the platform) or voids it, in one database transaction with
 * the feed's own row, which is ended only if still pending (locked first on PostgreSQL; on PGlite a write
 * that finds it ended fails and the batch runs again), so a second settlement (the sweeper racing the
 * gateway, a retry after a crash) finds the feed ended and does nothing. Answers that arrive while a settlement is
 * being written are settled together by the next (one transaction, a fixed number of statements). A
 * sweeper ends what the gateway could not tell (commands of a stopped process, lost devices) and runs the
 * ledger's expiry.
 */
export class FeedSettlement {
  private readonly waiters = new Waiters();
  /** The commands this process issued, by id (their answers need no lookup). */
  private readonly expected = new Map<string, ExpectedCommand>();
  private readonly running = new Set<Promise<unknown>>();
  private readonly sweeper: FeedSweeper;
  private readonly group: GroupCommit<FeedEnd, FeedRow | undefined>;
  private readonly fedListeners = new Set<FedListener>();
  private readonly endedListeners = new Set<EndedListener>();

  constructor(private readonly deps: FeedSettlementDeps) {
    this.group = new GroupCommit((ends) => this.settleMany(ends), 200, deps.spacingMs ?? 0);
    this.sweeper = new FeedSweeper({
      feeds: deps.feeds,
      settle: (feedId, end, lateCommand) => this.group.submit({ feedId, end, ...(lateCommand ? { lateCommand } : {}) }),
      voidExpiredHolds: deps.voidExpiredHolds,
      clock: deps.clock,
      graceMs: deps.graceMs,
      intervalMs: deps.sweepIntervalMs,
      onError: deps.onError,
    });
  }

  /** The gateway's word on a command (any command: those that are not feeds are ignored). */
  onCommandSettled(result: {
    id: string;
    status: 'acked' | 'failed' | 'expired';
    outcome: string | null;
    grams: number;
    ackedAt: Date | null;
    recordedByCaller: boolean;
  }) {
    const known = this.expected.get(result.id);
    this.expected.delete(result.id);
    // Food fell: the room hears now, unless the settlement must tell it (its figure unknown here). Only for
    // an end the settlement records (no figure it reads may count the answer already).
    const announced =
      known !== undefined &&
      result.recordedByCaller &&
      result.status === 'acked' &&
      this.deps.rooms.atAnswer({
        commandId: result.id,
        feedId: known.feedId,
        deviceId: known.deviceId,
        nickname: known.nickname,
        grams: result.grams,
      });
    this.track(
      (async () => {
        const feedId = known?.feedId ?? (await this.deps.feeds.idByCommand(result.id));
        if (!feedId) return;
        if (!result.recordedByCaller) await this.settle(feedId, result);
        else await this.group.submit({ feedId, end: result, command: result.id, announced });
      })(),
    );
  }

  /**
   * The feed of a command this process is about to issue, forgotten when the command's end arrives or when
   * the returned function is called (the command could not be issued).
   */
  expect(commandId: string, expected: ExpectedCommand): () => void {
    this.expected.set(commandId, expected);
    return () => this.expected.delete(commandId);
  }

  /**
   * Ends a pending feed with its command's end; does nothing when it has already ended. Returns the feed
   * as it ended now, or undefined when nothing changed. Ends that arrive together are settled together.
   * With `command`, the end is recorded on that command's row too (if still open), in the same transaction.
   */
  settle(feedId: string, end: CommandEnd, command?: string): Promise<FeedRow | undefined> {
    return this.group.submit({ feedId, end, ...(command ? { command } : {}) });
  }

  /**
   * One transaction for a batch of ends (settleBatch; run again when a feed or hold it read ended
   * meanwhile). Then their owners and rooms hear.
   */
  private async settleMany(items: FeedEnd[]): Promise<(FeedRow | undefined)[]> {
    try {
      return await this.settleAndTell(items);
    } finally {
      this.deps.rooms.release(items.flatMap((i) => (i.announced && i.command ? [i.command] : [])));
    }
  }

  private async settleAndTell(items: FeedEnd[]): Promise<(FeedRow | undefined)[]> {
    const since = startOfUtcDay(this.deps.clock.now());
    const recorded = items.flatMap((i) => (i.command === undefined ? [] : [commandEnd(i.command, i.end)]));
    const { settled, nicknames, gramsToday, fans } = await retryOnCheck([FEED_CHANGED, HOLD_CHANGED], () =>
      settleBatch(this.deps, items, since, recorded),
    );
    for (const feed of settled.values()) {
      this.deps.onWalletChange(feed.userId);
      this.waiters.wake(feed.id);
    }
    const announced = new Set(items.flatMap((i) => (i.announced ? [i.feedId] : [])));
    this.tell(since, [...settled.values()], { nicknames, gramsToday, announced, fans });
    // The first of each feed's ends answers with it; the others changed nothing.
    const answered = new Set<string>();
    return items.map(({ feedId }) => {
      if (answered.has(feedId)) return undefined;
      answered.add(feedId);
      return settled.get(feedId);
    });
  }

  /**
   * The rooms learn their devices' grams today as the settlement's transaction left them, and hear of the
   * feeds that succeeded unless they heard at the devices' answers (no query of its own: the events go out
   * as soon as the feeds are settled); the feeders earn their fan points.
   */
  private tell(
    day: Date,
    ended: FeedRow[],
    told: {
      nicknames: Map<number, string>;
      gramsToday: Map<string, number>;
      announced: Set<string>;
      /** Feeds by members of their rooms' fan groups. */
      fans: Set<string>;
    },
  ): void {
    const fed = ended.filter((f) => f.status === 'succeeded');
    const fans = fed.filter((f) => f.gramsDispensed > 0 && told.fans.has(f.id));
    if (fans.length > 0) this.track(this.deps.onFansFed?.(fans) ?? Promise.resolve());
    if (fed.length > 0) tellListeners(this.fedListeners, fed, this.deps.onError);
    if (ended.length > 0) tellListeners(this.endedListeners, ended, this.deps.onError);
    this.deps.rooms.settled(
      day,
      told.gramsToday,
      fed.map((f) => ({
        feedId: f.id,
        deviceId: f.deviceId,
        userId: f.userId,
        grams: f.gramsDispensed,
        announced: told.announced.has(f.id),
      })),
      told.nicknames,
    );
  }

  /** Listens to feeds whose food fell, after each settlement's commit; returns the unsubscribe. */
  onFed(listener: FedListener): () => void {
    this.fedListeners.add(listener);
    return () => this.fedListeners.delete(listener);
  }

  /** Listens to every feed a settlement ended, after its commit; returns the unsubscribe. */
  onEnded(listener: EndedListener): () => void {
    this.endedListeners.add(listener);
    return () => this.endedListeners.delete(listener);
  }

  /** One pass of the sweeper (FeedSweeper.sweep). */
  sweep(): Promise<void> {
    return this.sweeper.sweep();
  }

  /** Sweeps now (ending what a stopped process left), then every sweepIntervalMs. */
  start(): Promise<void> {
    return this.sweeper.start();
  }

  /** Stops sweeping and waits for settlements under way; wakes every long poll. */
  async stop(): Promise<void> {
    await this.stopSweeping();
    await this.drain();
  }

  /** Stops the sweeper (waiting for a pass under way); the gateway's answers are still settled. */
  stopSweeping(): Promise<void> {
    return this.sweeper.stop();
  }

  /** Waits for settlements under way (those the gateway's stop started included); wakes every long poll. */
  async drain(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
    this.waiters.wakeAll();
  }

  /** Resolves when this process ends the feed, or after `ms`; `cancel` forgets the waiter. */
  waitFor(feedId: string, ms: number): { settled: Promise<void>; cancel: () => void } {
    return this.waiters.waitFor(feedId, ms);
  }

  private track(work: Promise<unknown>): void {
    const p = work.catch(this.deps.onError).finally(() => this.running.delete(p));
    this.running.add(p);
  }
}
