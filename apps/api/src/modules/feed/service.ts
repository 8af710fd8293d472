import { randomUUID } from 'node:crypto';
import type { DevicePortion, Feed, FeedBody, FeedLogData, FeedReceipt } from '@petheart/contracts';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import { AppError } from '../../http/errors';
import type { ErrorId } from '@petheart/contracts';
import { walletOf } from '../ledger/policy';
import type { LedgerService } from '../ledger/service';
import type { DeviceGateway } from '../gateway/gateway';
import { commandTtlMs, expectedWaitSeconds, holdKey, portionOffered, startOfUtcDay, type FeedTimings } from './policy';
import { toFeed, toReceipt, type QueuePlace } from './presenter';
import type { FeedRecord, FeedRepository, FeedRow } from './repository';
import type { FeedSettlement } from './settlement';

/** Thrown inside the feed's transaction when the user's key was used before: rolls back, then replays. */
class KeyUsed extends Error {
  constructor() {
    super('idempotency key used');
  }
}

export interface FeedServiceDeps {
  feeds: FeedRepository;
  /** A ledger working inside the caller's transaction (the hold is placed with the feed). */
  ledgerIn: (tx: Database) => Pick<LedgerService, 'hold'>;
  gateway: Pick<DeviceGateway, 'issueCommand' | 'queueLength'>;
  settlement: Pick<FeedSettlement, 'settle' | 'waitFor' | 'expect'>;
  /** The configured portions, for devices without their own. */
  defaultPortions: () => Promise<DevicePortion[]>;
  /** After a commit that changed a user's wallet (the cached userinfo goes). */
  onWalletChange: (userId: number) => void;
  timings: FeedTimings;
  clock: Clock;
  onError: (error: unknown) => void;
}

/**
 * Feeding (PRODUCT.md §2, decision 011): checks in the product's order, one transaction that records the
 * feed and holds its coins, then the dispense command. The device's answer is settled by FeedSettlement;
 * the owner follows the feed with `status` (a long poll) and finds it in the feeding log.
 */
export class FeedService {
  constructor(private readonly deps: FeedServiceDeps) {}

  /**
   * Feeds a portion. The same idempotency key answers the same feed (no second hold, no second command).
   * Fails, with nothing held or queued: not_found, portion_invalid, feeder_offline, camera_offline,
   * insufficient_balance, daily_cap_reached (in that order).
   */
  async feed(userId: number, body: FeedBody): Promise<Feed> {
    const key = body.idempotency_key;
    const { timings, clock } = this.deps;
    const now = clock.now();
    const ahead = this.deps.gateway.queueLength(body.device_id);
    const ttlMs = commandTtlMs(ahead, timings);
    const expiresAt = new Date(now.getTime() + ttlMs);
    const feedId = randomUUID();
    const holdId = randomUUID();
    const commandId = randomUUID();
    // Read before the transaction: nothing inside it may wait for a second database connection.
    const defaults = await this.deps.defaultPortions();

    // One transaction, one round trip per statement, nothing read twice: the device row (locked), the hold,
    // the feed (claiming the key), the cap. A key used before rolls it all back and answers the first feed.
    const created = await this.deps.feeds
      .transaction(async (repo, tx) => {
        // A refused check answers the first feed instead when this key made one (the same tap again).
        const refuse = async (id: ErrorId): Promise<never> => {
          throw (await repo.keyUsed(userId, key)) ? new KeyUsed() : new AppError(id);
        };
        const d = await repo.lockDevice(body.device_id);
        if (!d || d.disabled) return refuse('not_found');
        const portions = d.portions ?? defaults;
        if (!portionOffered(portions, body.grams, body.coins)) return refuse('portion_invalid');
        if (!d.feederOnline) return refuse('feeder_offline');
        if (!d.cameraOnline) return refuse('camera_offline');
        // The hold before the feed that names it. A second request with this key waits on the device's row,
        // then finds the key taken (here or at the insert) and rolls back with everything else.
        const hold = await this.deps
          .ledgerIn(tx)
          .hold({
            id: holdId,
            account: walletOf(userId),
            amount: body.coins,
            idempotencyKey: holdKey(feedId),
            reference: feedId,
            expiresAt: new Date(expiresAt.getTime() + timings.holdMarginMs),
          })
          .catch(async (error: unknown) => {
            if (error instanceof AppError) return refuse(error.id);
            throw error;
          });
        const row = await repo.insert({
          id: feedId,
          userId,
          idempotencyKey: key,
          deviceId: d.id,
          baseId: d.baseId,
          operatorId: d.operatorId,
          revenueShareBp: d.revenueShareBp,
          grams: body.grams,
          coins: body.coins,
          holdId: hold.id,
          commandId,
          expiresAt,
          createdAt: now,
        });
        if (!row) throw new KeyUsed();
        // This feed's grams included: the cap holds across every feed of the day, waiting ones too.
        if ((await repo.gramsCommitted(d.id, startOfUtcDay(now))) > d.dailyGramCap)
          throw new AppError('daily_cap_reached');
        return row;
      })
      .catch((error: unknown) => {
        if (error instanceof KeyUsed) return undefined;
        throw error;
      });
    if (!created) {
      const earlier = await this.deps.feeds.byKey(userId, key);
      if (!earlier) throw new Error(`feed key ${key} vanished`);
      return this.replay(earlier, body);
    }
    this.deps.onWalletChange(userId);
    return this.dispatch(created, ttlMs);
  }

  /** Sends the feed's command; a command that cannot be sent ends the feed at once (nothing charged). */
  private async dispatch(feed: FeedRow, ttlMs: number): Promise<Feed> {
    let issued: { position: number };
    // Before the command exists: its answer may come back before issueCommand returns.
    const unexpect = this.deps.settlement.expect(feed.commandId, feed.id);
    try {
      issued = await this.deps.gateway.issueCommand(
        feed.deviceId,
        { kind: 'dispense', grams: feed.grams },
        { ttlMs, id: feed.commandId },
      );
    } catch (error) {
      // The device was disabled meanwhile, or the gateway is not running: the feed fails, the hold goes.
      if (!(error instanceof AppError)) this.deps.onError(error);
      unexpect();
      const ended = await this.deps.settlement.settle(feed.id, { status: 'lost' });
      return toFeed(ended ?? feed, null, null);
    }
    const ahead = issued.position;
    return toFeed(feed, ahead > 0 ? 'queued' : 'sent', this.place(ahead));
  }

  private place(ahead: number): QueuePlace {
    return { ahead, waitSeconds: expectedWaitSeconds(ahead, this.deps.timings) };
  }

  /** The same key again: the feed it made, if the request is the same one. */
  private async replay(record: FeedRecord, body: FeedBody): Promise<Feed> {
    const { feed } = record;
    if (feed.deviceId !== body.device_id || feed.grams !== body.grams || feed.coins !== body.coins)
      throw new AppError('validation_failed');
    return (await this.present(record)).feed;
  }

  private async present(record: FeedRecord): Promise<{ feed: Feed; receipt: FeedReceipt }> {
    const place =
      record.feed.status === 'pending' && record.commandStatus !== null
        ? this.place(await this.deps.feeds.commandsAhead(record.feed.commandId, this.deps.clock.now()))
        : null;
    const receipt = toReceipt(record, place);
    return { feed: toFeed(record.feed, record.commandStatus, place), receipt };
  }

  private async own(userId: number, id: string): Promise<FeedRecord> {
    const record = await this.deps.feeds.byId(id);
    // Another user's feed answers exactly like one that does not exist.
    if (record?.feed.userId !== userId) throw new AppError('not_found');
    return record;
  }

  /** The owner's feed now; with `waitMs`, answers once it has ended or after that long (a long poll). */
  async status(userId: number, id: string, waitMs = 0): Promise<Feed> {
    let record = await this.own(userId, id);
    if (record.feed.status === 'pending' && waitMs > 0) {
      // Listen first, then read again: an end between the two reads is not missed.
      const wait = this.deps.settlement.waitFor(id, waitMs);
      try {
        record = await this.own(userId, id);
        if (record.feed.status === 'pending') {
          await wait.settled;
          record = await this.own(userId, id);
        }
      } finally {
        wait.cancel();
      }
    }
    return (await this.present(record)).feed;
  }

  /** The receipt: the feed with its device and base. */
  async detail(userId: number, id: string): Promise<FeedReceipt> {
    return (await this.present(await this.own(userId, id))).receipt;
  }

  /** The user's feeding log, newest first. */
  async log(userId: number, q: { page: number; limit: number }): Promise<FeedLogData> {
    const { rows, total } = await this.deps.feeds.log(userId, q.page, q.limit);
    const list: FeedReceipt[] = [];
    for (const row of rows) list.push((await this.present(row)).receipt);
    return { list, total, page: q.page, limit: q.limit };
  }
}
