import type { DeviceCommand, DevicePortion, ErrorId, FeedBody } from '@petheart/contracts';
import type { Clock } from '../../lib/clock';
import type { BatchTransaction, BatchTransactions } from '../../db/batch-transaction';
import { GroupCommit } from '../../db/group-commit';
import { OneStatement } from '../../db/one-statement';
import { retryOnCheck } from '../../db/sql-state';
import { startOfUtcDay } from '../../lib/time';
import { commandRow } from '../gateway/commands';
import type { CommandRepository } from '../gateway/repository';
import { HOLDS_DID_NOT_FIT, type LedgerBatch } from '../ledger/batch';
import { keyOf, type FeedBatchRepository } from './batch-repository';
import { holdKey, portionOffered } from './policy';
import type { FeedDevice, FeedRow, NewFeed } from './repository';

/** One tap, with the ids and times the service chose for it. */
export interface FeedTap {
  userId: number;
  body: FeedBody;
  feedId: string;
  holdId: string;
  /**
   * The dispense command's message (its id is the feed's command id), stored with the feed (as sent when
   * `commandSent`).
   */
  command: DeviceCommand;
  commandSent: boolean;
  createdAt: Date;
  /** The command's expiry; the hold's is later (holdExpiresAt). */
  expiresAt: Date;
  holdExpiresAt: Date;
}

/** What became of a tap: a new feed, the same key as an earlier feed (answered from it), or a refusal. */
export type TapResult =
  { kind: 'created'; feed: FeedRow; nickname: string } | { kind: 'replay' } | { kind: 'refused'; error: ErrorId };

export interface FeedIntakeDeps {
  /** A batch's transaction (its statements sent together). */
  transactions: BatchTransactions;
  batchIn: (tx: BatchTransaction) => FeedBatchRepository;
  ledgerBatchIn: (tx: BatchTransaction) => LedgerBatch;
  /** The dispense commands' rows, written with their feeds (parts of the batch's statement). */
  commands: Pick<CommandRepository, 'insertManyIn'>;
  /** The configured portions, for devices without their own (read before the transaction). */
  defaultPortions: () => Promise<DevicePortion[]>;
  clock: Clock;
  /** Taps in one transaction at most. */
  maxBatch?: number;
  /** Other connections make feeds at the same time (PostgreSQL): each device's feeds are serialised. */
  concurrentWriters: boolean;
}

/**
 * Another transaction took a key of this batch between the check and the insert, or a device was disabled
 * meanwhile: the batch runs again (and decides again).
 */
const RACE = 'a feed key was taken, or a device disabled, meanwhile';

/**
 * Makes feeds in batches (decision 011, "Throughput"): taps that arrive while a batch is being written
 * are written together by the next, in one transaction of two statements (four on PostgreSQL, where
 * each device's feeds are serialised first and the wallets locked just before the write): one reads the
 * keys, devices, grams today, wallets and nicknames (the room hears who fed when the device answers), then
 * the checks of PRODUCT.md §2 run in their order for each tap (not found, portion, feeder, camera, balance,
 * daily cap), and one writes the holds and the feeds; if a wallet was spent meanwhile (another process, a
 * gift) the write's check fails and the batch runs again. On PGlite only the write is a transaction
 * (decision 017): a key taken or a device disabled after the read fails its checks the same way. Taps are decided in the order they came, each
 * seeing the coins and grams of those before it, so the result is what one transaction per tap would
 * give. A refused tap changes nothing.
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
    return retryOnCheck([RACE, HOLDS_DID_NOT_FIT], () =>
      this.deps.transactions((tx) =>
        this.decide(taps, defaults, {
          batch: this.deps.batchIn(tx),
          ledger: this.deps.ledgerBatchIn(tx),
          commands: this.deps.commands,
        }),
      ),
    );
  }

  private async decide(
    taps: FeedTap[],
    defaults: DevicePortion[],
    repos: {
      batch: FeedBatchRepository;
      ledger: LedgerBatch;
      commands: Pick<CommandRepository, 'insertManyIn'>;
    },
  ): Promise<TapResult[]> {
    const { batch, ledger, commands } = repos;
    const results: TapResult[] = new Array<TapResult>(taps.length);
    const passes = (i: number, error: ErrorId | null) => {
      if (error) results[i] = { kind: 'refused', error };
      return error === null;
    };
    const deviceIds = [...new Set(taps.map((t) => t.body.device_id))];
    // One statement reads the keys, the devices, their grams today and the users' wallets; on PostgreSQL
    // the devices' locks are taken by a statement sent with it.
    const read = new OneStatement();
    if (this.deps.concurrentWriters) batch.serialiseDevicesIn(read, deviceIds);
    const usedKeys = batch.usedKeysIn(
      read,
      taps.map((t) => ({ userId: t.userId, key: t.body.idempotency_key })),
    );
    const lockedDevices = batch.devicesIn(read, deviceIds);
    const gramsToday = batch.gramsCommittedIn(read, deviceIds, startOfUtcDay(this.deps.clock.now()));
    // Wallets are not locked here: the write locks them and checks each hold still fits (a race: run again).
    const readWallets = ledger.walletsIn(
      read,
      taps.map((t) => t.userId),
    );
    const nicknames = batch.nicknamesIn(read, { users: taps.map((t) => t.userId) });
    await batch.run(read);

    // The same key again (before, or earlier in this batch) answers the first feed.
    const used = usedKeys();
    const fresh: number[] = [];
    taps.forEach((t, i) => {
      const key = keyOf(t.userId, t.body.idempotency_key);
      if (used.has(key)) results[i] = { kind: 'replay' };
      else {
        used.add(key);
        fresh.push(i);
      }
    });
    const devices = lockedDevices();
    const deviceRefusal = ({ body }: FeedTap): ErrorId | null => {
      const d = devices.get(body.device_id);
      if (!d || d.disabled) return 'not_found';
      if (!portionOffered(d.portions ?? defaults, body.grams, body.coins)) return 'portion_invalid';
      if (!d.feederOnline) return 'feeder_offline';
      return d.cameraOnline ? null : 'camera_offline';
    };
    const reachable = fresh.filter((i) => passes(i, deviceRefusal(tapAt(taps, i))));

    const wallets = readWallets();
    const grams = gramsToday();
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
    if (accepted.length === 0) return results;

    // One statement writes the holds (and the wallets they change), the feeds that name them and their commands.
    const write = new OneStatement();
    ledger.placeHoldsIn(
      write,
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
    // Every feed and command is written, or the statement fails (a race: the batch runs again).
    const inserted = batch.insertManyIn(
      write,
      accepted.map((i) => newFeed(tapAt(taps, i), devices)),
      RACE,
    );
    commands.insertManyIn(
      write,
      accepted.map((i) => {
        const { command, commandSent, body } = tapAt(taps, i);
        return commandRow(body.device_id, command, commandSent);
      }),
      RACE,
    );
    // The transaction's last statement: its COMMIT goes with it.
    await batch.run(write, { commit: true });
    const byId = new Map(inserted().map((r) => [r.id, r]));
    const names = nicknames();
    for (const i of accepted) {
      const feed = byId.get(tapAt(taps, i).feedId);
      if (!feed) throw new Error(`feed ${tapAt(taps, i).feedId} was not written`);
      results[i] = { kind: 'created', feed, nickname: names.get(feed.userId) ?? '' };
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
    commandId: t.command.id,
    expiresAt: t.expiresAt,
    createdAt: t.createdAt,
  };
}
