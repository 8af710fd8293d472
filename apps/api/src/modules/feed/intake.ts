import type { DevicePortion, ErrorId, FeedBody } from '@petheart/contracts';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import { GroupCommit } from '../../db/group-commit';
import type { LedgerBatch } from '../ledger/batch';
import { keyOf, type FeedBatchRepository } from './batch-repository';
import { holdKey, portionOffered, startOfUtcDay } from './policy';
import type { FeedDevice, FeedRepository, FeedRow, NewFeed } from './repository';

/** One tap, with the ids and times the service chose for it. */
export interface FeedTap {
  userId: number;
  body: FeedBody;
  feedId: string;
  holdId: string;
  commandId: string;
  createdAt: Date;
  /** The command's expiry; the hold's is later (holdExpiresAt). */
  expiresAt: Date;
  holdExpiresAt: Date;
}

/** What became of a tap: a new feed, the same key as an earlier feed (answered from it), or a refusal. */
export type TapResult = { kind: 'created'; feed: FeedRow } | { kind: 'replay' } | { kind: 'refused'; error: ErrorId };

export interface FeedIntakeDeps {
  feeds: Pick<FeedRepository, 'transaction'>;
  batchIn: (tx: Database) => FeedBatchRepository;
  ledgerBatchIn: (tx: Database) => LedgerBatch;
  /** The configured portions, for devices without their own (read before the transaction). */
  defaultPortions: () => Promise<DevicePortion[]>;
  clock: Clock;
  /** Taps in one transaction at most. */
  maxBatch?: number;
}

/** Another transaction took a key of this batch between the check and the insert: the batch runs again. */
class KeyRace extends Error {
  constructor() {
    super('a feed key was taken meanwhile');
  }
}

/**
 * Makes feeds in batches (decision 011, "Throughput"): taps that arrive while a batch is being written
 * are written together by the next, in one transaction with a fixed number of statements — the keys
 * checked, the devices locked, the checks of PRODUCT.md §2 in their order for each tap (not found,
 * portion, feeder, camera, balance, daily cap), the holds placed and the feeds inserted. Taps are decided
 * in the order they came, each seeing the coins and grams of those before it, so the result is what one
 * transaction per tap would give. A refused tap changes nothing.
 */
export class FeedIntake {
  private readonly group: GroupCommit<FeedTap, TapResult>;

  constructor(private readonly deps: FeedIntakeDeps) {
    this.group = new GroupCommit((taps) => this.write(taps), deps.maxBatch ?? 200);
  }

  submit(tap: FeedTap): Promise<TapResult> {
    return this.group.submit(tap);
  }

  private async write(taps: FeedTap[]): Promise<TapResult[]> {
    // Read before the transaction: nothing inside it may wait for a second database connection.
    const defaults = await this.deps.defaultPortions();
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.deps.feeds.transaction((_repo, tx) =>
          this.decide(taps, defaults, this.deps.batchIn(tx), this.deps.ledgerBatchIn(tx)),
        );
      } catch (error) {
        if (!(error instanceof KeyRace) || attempt >= 3) throw error;
      }
    }
  }

  private async decide(
    taps: FeedTap[],
    defaults: DevicePortion[],
    batch: FeedBatchRepository,
    ledger: LedgerBatch,
  ): Promise<TapResult[]> {
    const results: TapResult[] = new Array<TapResult>(taps.length);
    const passes = (i: number, error: ErrorId | null) => {
      if (error) results[i] = { kind: 'refused', error };
      return error === null;
    };
    // The same key again (before, or earlier in this batch) answers the first feed.
    const used = await batch.usedKeys(taps.map((t) => ({ userId: t.userId, key: t.body.idempotency_key })));
    const fresh: number[] = [];
    taps.forEach((t, i) => {
      const key = keyOf(t.userId, t.body.idempotency_key);
      if (used.has(key)) results[i] = { kind: 'replay' };
      else {
        used.add(key);
        fresh.push(i);
      }
    });

    const devices = await batch.lockDevices([...new Set(fresh.map((i) => tapAt(taps, i).body.device_id))]);
    const deviceRefusal = ({ body }: FeedTap): ErrorId | null => {
      const d = devices.get(body.device_id);
      if (!d || d.disabled) return 'not_found';
      if (!portionOffered(d.portions ?? defaults, body.grams, body.coins)) return 'portion_invalid';
      if (!d.feederOnline) return 'feeder_offline';
      return d.cameraOnline ? null : 'camera_offline';
    };
    const reachable = fresh.filter((i) => passes(i, deviceRefusal(tapAt(taps, i))));

    const wallets = await ledger.lockWallets(reachable.map((i) => tapAt(taps, i).userId));
    const grams = await batch.gramsCommitted(
      [...new Set(reachable.map((i) => tapAt(taps, i).body.device_id))],
      startOfUtcDay(this.deps.clock.now()),
    );
    // Each tap sees the coins and grams of the taps before it.
    const fundsRefusal = ({ userId, body }: FeedTap): ErrorId | null => {
      const wallet = wallets.get(userId);
      if (!wallet || wallet.available < body.coins) return 'insufficient_balance';
      // Every feed of the day counts, waiting ones too.
      const given = (grams.get(body.device_id) ?? 0) + body.grams;
      if (given > (devices.get(body.device_id)?.dailyGramCap ?? 0)) return 'daily_cap_reached';
      grams.set(body.device_id, given);
      wallet.available -= body.coins;
      return null;
    };
    const accepted = reachable.filter((i) => passes(i, fundsRefusal(tapAt(taps, i))));

    // The holds before the feeds that name them.
    await ledger.placeHolds(
      accepted.map((i) => {
        const t = tapAt(taps, i);
        return {
          id: t.holdId,
          userId: t.userId,
          amount: t.body.coins,
          idempotencyKey: holdKey(t.feedId),
          reference: t.feedId,
          expiresAt: t.holdExpiresAt,
        };
      }),
      wallets,
    );
    const rows = await batch.insertMany(accepted.map((i) => newFeed(tapAt(taps, i), devices)));
    if (rows.length !== accepted.length) throw new KeyRace();
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const i of accepted) {
      const feed = byId.get(tapAt(taps, i).feedId);
      if (!feed) throw new KeyRace();
      results[i] = { kind: 'created', feed };
    }
    return results;
  }
}

function tapAt(taps: FeedTap[], i: number): FeedTap {
  const tap = taps[i];
  if (!tap) throw new Error(`no tap ${String(i)}`);
  return tap;
}

function newFeed(t: FeedTap, devices: Map<string, FeedDevice>): NewFeed {
  const d = devices.get(t.body.device_id);
  if (!d) throw new Error(`device ${t.body.device_id} is not locked`);
  return {
    id: t.feedId,
    userId: t.userId,
    idempotencyKey: t.body.idempotency_key,
    deviceId: d.id,
    baseId: d.baseId,
    operatorId: d.operatorId,
    revenueShareBp: d.revenueShareBp,
    grams: t.body.grams,
    coins: t.body.coins,
    holdId: t.holdId,
    commandId: t.commandId,
    expiresAt: t.expiresAt,
    createdAt: t.createdAt,
  };
}
