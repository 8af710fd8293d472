import type { Clock } from '../../clock';
import type { BatchTransaction, BatchTransactions } from '../../db/batch-transaction';
import { GroupCommit } from '../../db/group-commit';
import { OneStatement } from '../../db/one-statement';
import type { LedgerBatch } from '../ledger/batch';
import type { CommandRepository } from '../gateway/repository';
import type { FeedBatchRepository } from './batch-repository';
import { feedOutcome, startOfUtcDay, type CommandEnd } from './policy';
import type { FeedRepository, FeedRow } from './repository';
import type { RoomAnnouncer } from './room-announcer';
import { commandEnd, endOf, planSettlement, type SettlementPlan } from './settlement-plan';
import { FeedSweeper } from './sweeper';
import { Waiters } from './waiters';

interface FeedEnd {
  feedId: string;
  end: CommandEnd;
  /** The command whose end this is, when the settlement records it (the feed's own transaction stored it). */
  command?: string;
  /** The room heard of it at the device's answer. */
  announced?: boolean;
}

/** A command this process issued for a feed: the feed, and the room and name its answer is announced with. */
export interface ExpectedCommand {
  feedId: string;
  deviceId: string;
  nickname: string;
}

export interface FeedSettlementDeps {
  feeds: Pick<FeedRepository, 'idByCommand' | 'sweepable'>;
  /** A batch's transaction (its statements sent together). */
  transactions: BatchTransactions;
  batchIn: (tx: BatchTransaction) => FeedBatchRepository;
  /** The ledger's batches, inside the settlement's transaction. */
  ledgerBatchIn: (tx: BatchTransaction) => LedgerBatch;
  /** The dispense commands' rows: a command's end is recorded with the settlement it decides (a part of its statement). */
  commands: Pick<CommandRepository, 'settleManyIn'>;
  /** Voids pending holds past their expiry (the ledger's safety net, run by the sweeper). */
  voidExpiredHolds: () => Promise<number>;
  /** The rooms hear who fed and their devices' grams today. */
  rooms: RoomAnnouncer;
  /** After a commit that changed a user's wallet (the cached userinfo goes). */
  onWalletChange: (userId: number) => void;
  /** After feeds whose food fell, by members of the rooms' fan groups (their points; best effort). */
  onFansFed?: (fed: { userId: number; deviceId: string }[]) => Promise<unknown>;
  clock: Clock;
  /** The sweeper ends a pending feed this long after its command's expiry, and runs this often. */
  graceMs: number;
  sweepIntervalMs: number;
  onError: (error: unknown) => void;
}

/**
 * Ends feeds, exactly once each (decision 011): the device's answer posts the hold for what fell
 * (crediting the base operator's share and the platform) or voids it, in one database transaction with
 * the feed's own row, which is locked first, so a second settlement (the sweeper racing the gateway, a
 * retry after a crash) finds the feed ended and does nothing. Answers that arrive while a settlement is
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

  constructor(private readonly deps: FeedSettlementDeps) {
    this.group = new GroupCommit((ends) => this.settleMany(ends), 200);
    this.sweeper = new FeedSweeper({
      feeds: deps.feeds,
      settle: (feedId, end) => this.settle(feedId, end),
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
   * One transaction for a batch of ends: the feeds locked (one already ended, or named twice, is left
   * alone), their holds posted for what fell or voided, the feeds ended. Then their owners and rooms hear.
   */
  private async settleMany(items: FeedEnd[]): Promise<(FeedRow | undefined)[]> {
    try {
      return await this.settleAndTell(items);
    } finally {
      this.deps.rooms.release(items.flatMap((i) => (i.announced && i.command ? [i.command] : [])));
    }
  }

  private async settleAndTell(items: FeedEnd[]): Promise<(FeedRow | undefined)[]> {
    const ids = [...new Set(items.map((i) => i.feedId))];
    const since = startOfUtcDay(this.deps.clock.now());
    const recorded = items.flatMap((i) => (i.command === undefined ? [] : [commandEnd(i.command, i.end)]));
    const { settled, nicknames, gramsToday, fans } = await this.deps.transactions(async (tx) => {
      const batch = this.deps.batchIn(tx);
      const ledger = this.deps.ledgerBatchIn(tx);
      // One statement locks the feeds, then their holds, and reads the feeders of unanswered commands, the
      // users' nicknames and which of them are fans of the rooms. Asynchronous commit: the lock on the
      // shared revenue accounts is released without waiting for the disk; what a database crash could lose
      // is voided later, never charged (decision 011, "Asynchronous commit for settlements").
      const read = new OneStatement();
      batch.commitAsynchronouslyIn(read);
      const pending = batch.pendingIn(read, ids);
      const holds = ledger.holdsIn(read, batch.holdsOfPending());
      const online = batch.feedersOnlineIn(
        read,
        items.filter((i) => i.end.status !== 'acked').map((i) => i.feedId),
      );
      // Who fed, for the rooms that hear of their feeds from this settlement.
      const names = items.some((i) => !i.announced)
        ? batch.nicknamesIn(read, { feeds: ids })
        : () => new Map<number, string>();
      const fanFeeds = batch.fanFeedsIn(read, ids);
      // The rooms' grams today: what their devices' commands dispensed, and below what this batch records.
      const roomGrams = batch.gramsDispensedIn(
        read,
        ids,
        since,
        recorded.map((r) => r.id),
      );
      await batch.run(read);

      const locked = new Map(pending().map((f) => [f.id, f]));
      const plans = new Map<string, SettlementPlan>();
      for (const { feedId, end } of items) {
        const feed = locked.get(feedId);
        if (feed && !plans.has(feedId))
          plans.set(
            feedId,
            planSettlement(feed, feedOutcome(end, end.status === 'acked' || online().has(feed.deviceId))),
          );
      }
      // One statement records the commands' ends, posts or voids the holds and ends the feeds.
      const write = new OneStatement();
      const ended = recorded.length > 0 ? this.deps.commands.settleManyIn(write, recorded) : () => [];
      if (plans.size === 0) {
        await batch.run(write, { commit: true });
        return {
          settled: new Map<string, FeedRow>(),
          nicknames: names(),
          gramsToday: new Map<string, number>(),
          fans: fanFeeds(),
        };
      }
      const held = [...plans.values()].filter((p) => p.feed.holdId !== null);
      const { results } = await ledger.settleHoldsIn(
        write,
        held.map((p) => ({ holdId: p.feed.holdId ?? '', kind: 'feed', charge: p.charge, credits: p.credits })),
        holds(),
      );
      const at = this.deps.clock.now();
      const holdResults = new Map(held.map((p, i) => [p.feed.id, results[i]]));
      const ends = [...plans.values()].map((p) => ({
        feed: p.feed,
        patch: endOf(p, p.feed.holdId === null ? 'no_hold' : holdResults.get(p.feed.id), at),
      }));
      batch.settleManyIn(
        write,
        ends.map((e) => ({ id: e.feed.id, ...e.patch })),
      );
      // The last statement: the COMMIT goes with it.
      await batch.run(write, { commit: true });
      const gramsToday = roomGrams();
      for (const c of ended())
        if (c.status === 'acked' && c.grams && c.ackedAt && c.ackedAt >= since)
          gramsToday.set(c.deviceId, (gramsToday.get(c.deviceId) ?? 0) + c.grams);
      return {
        settled: new Map(ends.map((e) => [e.feed.id, { ...e.feed, ...e.patch }])),
        nicknames: names(),
        gramsToday,
        fans: fanFeeds(),
      };
    });
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
    this.deps.rooms.settled(
      day,
      told.gramsToday,
      fed.map((f) => ({
        deviceId: f.deviceId,
        userId: f.userId,
        grams: f.gramsDispensed,
        announced: told.announced.has(f.id),
      })),
      told.nicknames,
    );
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
    await this.sweeper.stop();
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
