import type { LiveServerEvent } from '@petheart/contracts';
import type { Clock } from '../../clock';
import type { BatchTransaction, BatchTransactions } from '../../db/batch-transaction';
import { GroupCommit } from '../../db/group-commit';
import { OneStatement } from '../../db/one-statement';
import type { LedgerBatch } from '../ledger/batch';
import type { CommandRepository } from '../gateway/repository';
import type { FeedBatchRepository } from './batch-repository';
import { feedOutcome, startOfUtcDay, sweepEnd, type CommandEnd } from './policy';
import type { FeedRepository, FeedRow } from './repository';
import { endOf, planSettlement, type SettlementPlan } from './settlement-plan';

interface FeedEnd {
  feedId: string;
  end: CommandEnd;
  /** The command whose end this is, when the settlement records it (the feed's own transaction stored it). */
  command?: string;
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
  /** The room hears who fed and the device's grams today. */
  broadcast: (deviceId: string, event: 'fed', payload: LiveServerEvent<'fed'>) => void;
  /** After a commit that changed a user's wallet (the cached userinfo goes). */
  onWalletChange: (userId: number) => void;
  /** After feeds whose food fell (fan points for members of the rooms; best effort). */
  onFed?: (fed: { userId: number; deviceId: string }[]) => Promise<unknown>;
  clock: Clock;
  /** The sweeper ends a pending feed this long after its command's expiry, and runs this often. */
  graceMs: number;
  sweepIntervalMs: number;
  onError: (error: unknown) => void;
}

type Waiter = () => void;

/** A command's row as its end leaves it: the device's answer when there was one; a lost command expires. */
function commandEnd(id: string, end: CommandEnd) {
  if (end.status === 'lost') return { id, status: 'expired' as const, answer: null };
  const { outcome, ackedAt } = end;
  return {
    id,
    status: end.status,
    answer: outcome !== null && ackedAt ? { outcome, grams: end.grams, ackedAt } : null,
  };
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
  private readonly waiters = new Map<string, Set<Waiter>>();
  /** Feeds by command id, for the commands this process issued (their answers need no lookup). */
  private readonly expected = new Map<string, string>();
  private readonly running = new Set<Promise<unknown>>();
  private timer: NodeJS.Timeout | undefined;
  private sweeping: Promise<void> | undefined;
  private readonly group: GroupCommit<FeedEnd, FeedRow | undefined>;

  constructor(private readonly deps: FeedSettlementDeps) {
    this.group = new GroupCommit((ends) => this.settleMany(ends), 200);
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
    this.track(
      (async () => {
        const feedId = known ?? (await this.deps.feeds.idByCommand(result.id));
        if (feedId) await this.settle(feedId, result, result.recordedByCaller ? result.id : undefined);
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
    const ids = [...new Set(items.map((i) => i.feedId))];
    const since = startOfUtcDay(this.deps.clock.now());
    const recorded = items.flatMap((i) => (i.command === undefined ? [] : [commandEnd(i.command, i.end)]));
    const { settled, nicknames, gramsToday } = await this.deps.transactions(async (tx) => {
      const batch = this.deps.batchIn(tx);
      const ledger = this.deps.ledgerBatchIn(tx);
      // One statement locks the feeds, then their holds, and reads the feeders of unanswered commands and
      // the users' nicknames. Asynchronous commit: the lock on the shared revenue accounts is released
      // without waiting for the disk; what a database crash could lose is voided later, never charged
      // (decision 011, "Asynchronous commit for settlements").
      const read = new OneStatement();
      batch.commitAsynchronouslyIn(read);
      const pending = batch.pendingIn(read, ids);
      const holds = ledger.holdsIn(read, batch.holdsOfPending());
      const online = batch.feedersOnlineIn(
        read,
        items.filter((i) => i.end.status !== 'acked').map((i) => i.feedId),
      );
      const names = batch.nicknamesIn(read, ids);
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
        return { settled: new Map<string, FeedRow>(), nicknames: names(), gramsToday: new Map<string, number>() };
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
      };
    });
    for (const feed of settled.values()) {
      this.deps.onWalletChange(feed.userId);
      this.wake(feed.id);
    }
    const fed = [...settled.values()].filter((f) => f.status === 'succeeded');
    if (fed.length > 0) this.announce(fed, nicknames, gramsToday);
    // The first of each feed's ends answers with it; the others changed nothing.
    const answered = new Set<string>();
    return items.map(({ feedId }) => {
      if (answered.has(feedId)) return undefined;
      answered.add(feedId);
      return settled.get(feedId);
    });
  }

  /**
   * Each room sees "<nickname> fed <grams> g" with its device's grams today as the settlement's transaction
   * left them (no query of its own: the event goes out as soon as the feeds are settled).
   */
  private announce(fed: FeedRow[], nicknames: Map<number, string>, gramsToday: Map<string, number>): void {
    const fell = fed.filter((f) => f.gramsDispensed > 0);
    if (fell.length > 0) this.track(this.deps.onFed?.(fell) ?? Promise.resolve());
    for (const feed of fed)
      this.deps.broadcast(feed.deviceId, 'fed', {
        device_id: feed.deviceId,
        nickname: nicknames.get(feed.userId) ?? '',
        grams: feed.gramsDispensed,
        grams_today: gramsToday.get(feed.deviceId) ?? 0,
      });
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
          return end ? this.settle(row.id, end) : Promise.resolve(undefined);
        }),
      );
      const ended = ends.filter(Boolean).length;
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
