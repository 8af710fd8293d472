import type { Clock } from '../../lib/clock';
import type { BatchTransaction, BatchTransactions } from '../../db/batch-transaction';
import { OneStatement } from '../../db/one-statement';
import type { LedgerBatch } from '../ledger/batch';
import type { CommandRepository } from '../gateway/repository';
import type { FeedBatchRepository } from './batch-repository';
import { feedOutcome, type CommandEnd } from './policy';
import type { FeedRow } from './repository';
import { endOf, planSettlement, type commandEnd, type SettlementPlan } from './settlement-plan';

/** A command's end for a feed, as the settlement is told it. */
export interface FeedEnd {
  feedId: string;
  end: CommandEnd;
  /** The command whose end this is, when the settlement records it (the feed's own transaction stored it). */
  command?: string;
  /** The room heard of it at the device's answer. */
  announced?: boolean;
  /** The command whose late answer (recorded after it expired, decision 026) this end is. */
  lateCommand?: string;
}

export interface SettlementBatchDeps {
  /** A batch's transaction (its statements sent together). */
  transactions: BatchTransactions;
  batchIn: (tx: BatchTransaction) => FeedBatchRepository;
  /** The ledger's batches, inside the settlement's transaction. */
  ledgerBatchIn: (tx: BatchTransaction) => LedgerBatch;
  /** The dispense commands' rows: a command's end is recorded with the settlement it decides (a part of its statement). */
  commands: Pick<CommandRepository, 'settleManyIn' | 'confirmLateIn'>;
  clock: Clock;
  /**
   * Other connections settle feeds at the same time (PostgreSQL): the feeds and holds are locked when read.
   * Else (PGlite) the write's checks fail when one ended meanwhile (FEED_CHANGED, HOLD_CHANGED).
   */
  concurrentWriters: boolean;
}

/** What a settlement batch changed, and what its rooms are told. */
export interface SettledBatch {
  settled: Map<string, FeedRow>;
  nicknames: Map<number, string>;
  gramsToday: Map<string, number>;
  fans: Set<string>;
}

/**
 * One transaction for a batch of ends (FeedSettlement): the pending feeds read (one already ended, or
 * named twice, is left alone), their holds posted for what fell or voided, the feeds ended, the commands'
 * ends recorded, in two statements. `recorded`: the commands' ends to record; `since`: the start of the
 * day whose grams the rooms are told.
 */
export function settleBatch(
  deps: SettlementBatchDeps,
  items: FeedEnd[],
  since: Date,
  recorded: ReturnType<typeof commandEnd>[],
): Promise<SettledBatch> {
  const ids = [...new Set(items.map((i) => i.feedId))];
  return deps.transactions(async (tx) => {
    const batch = deps.batchIn(tx);
    const ledger = deps.ledgerBatchIn(tx);
    // One statement reads the pending feeds and their holds (locked when other connections write), the
    // feeders of unanswered commands, the users' nicknames and which of them are fans of the rooms.
    const read = new OneStatement();
    const pending = batch.pendingIn(read, ids, deps.concurrentWriters);
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
    // The rooms' grams today: what their devices dispensed, and below what this batch's commands add.
    const roomGrams = batch.gramsDispensedIn(read, ids, since);
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
    // One statement records the commands' ends, posts or voids the holds and ends the feeds. Asynchronous
    // commit: the lock on the shared revenue accounts is released without waiting for the disk; what a
    // database crash could lose is voided later, never charged (decision 011, "Asynchronous commit for
    // settlements").
    const write = new OneStatement();
    batch.commitAsynchronouslyIn(write);
    const ended = recorded.length > 0 ? deps.commands.settleManyIn(write, recorded) : () => [];
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
    const at = deps.clock.now();
    const holdResults = new Map(held.map((p, i) => [p.feed.id, results[i]]));
    const ends = [...plans.values()].map((p) => ({
      feed: p.feed,
      patch: endOf(p, p.feed.holdId === null ? 'no_hold' : holdResults.get(p.feed.id), at),
    }));
    batch.settleManyIn(
      write,
      ends.map((e) => ({ id: e.feed.id, ...e.patch })),
    );
    // A late answer that is charged acknowledges its command, as an answer in time would have.
    const lateOf = new Map(items.flatMap((i) => (i.lateCommand ? [[i.feedId, i.lateCommand] as const] : [])));
    const late = ends.flatMap((e) => (e.patch.status === 'succeeded' ? (lateOf.get(e.feed.id) ?? []) : []));
    const confirmed = late.length > 0 ? deps.commands.confirmLateIn(write, late) : () => [];
    // The last statement: the COMMIT goes with it.
    await batch.run(write, { commit: true });
    const gramsToday = roomGrams();
    for (const c of [...ended(), ...confirmed()])
      if (c.status === 'acked' && c.grams && c.ackedAt && c.ackedAt >= since)
        gramsToday.set(c.deviceId, (gramsToday.get(c.deviceId) ?? 0) + c.grams);
    return {
      settled: new Map(ends.map((e) => [e.feed.id, { ...e.feed, ...e.patch }])),
      nicknames: names(),
      gramsToday,
      fans: fanFeeds(),
    };
  });
}
