import { randomUUID } from 'node:crypto';
import type {
  AdminFreeFoodBody,
  AdminFreeFoodListData,
  DeviceCommand,
  Feed,
  FeedBody,
  FeedLogData,
  FeedReceipt,
} from '@petheart/contracts';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../http/errors';
import type { DeviceGateway } from '../gateway/gateway';
import type { FeedIntake } from './intake';
import { commandTtlMs, expectedWaitSeconds, type FeedTimings } from './policy';
import { toFeed, toFreeFood, toReceipt, type ProofView, type QueuePlace } from './presenter';
import type { FeedRecord, FeedRepository, FeedRow } from './repository';
import type { FeedSettlement } from './settlement';

export interface FeedServiceDeps {
  feeds: FeedRepository;
  /** Makes feeds (their holds placed with them), in batches under load. */
  intake: Pick<FeedIntake, 'submit'>;
  gateway: Pick<DeviceGateway, 'issueCommand' | 'queueLength' | 'prepareCommand'>;
  settlement: Pick<FeedSettlement, 'settle' | 'waitFor' | 'expect'>;
  /** After a commit that changed a user's wallet (the cached userinfo goes). */
  onWalletChange: (userId: number) => void;
  timings: FeedTimings;
  clock: Clock;
  onError: (error: unknown) => void;
  /** How receipts tell their proof clips (issue 28 §1); default: no clips, addresses on this origin. */
  proofView?: Omit<ProofView, 'now'>;
}

/**
 * Feeding (PRODUCT.md §2, decision 011): checks in the product's order, one transaction that records the
 * feed and holds its coins (FeedIntake, batched under load), then the dispense command. The device's answer is settled by FeedSettlement;
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
    // The command's row is stored with the feed: as sent when nothing waits on the device now.
    const stored = {
      command: this.deps.gateway.prepareCommand(randomUUID(), { kind: 'dispense', grams: body.grams }, ttlMs),
      sent: ahead === 0,
    };
    const result = await this.deps.intake.submit({
      userId,
      body,
      feedId,
      holdId: randomUUID(),
      command: stored.command,
      commandSent: stored.sent,
      createdAt: now,
      expiresAt,
      holdExpiresAt: new Date(expiresAt.getTime() + timings.holdMarginMs),
    });
    if (result.kind === 'refused') throw new AppError(result.error);
    if (result.kind === 'replay') {
      const earlier = await this.deps.feeds.byKey(userId, key);
      if (!earlier) throw new Error(`feed key ${key} vanished`);
      return this.replay(earlier, body);
    }
    this.deps.onWalletChange(userId);
    return this.dispatch(result.feed, result.nickname, stored);
  }

  /** Sends the feed's command; a command that cannot be sent ends the feed at once (nothing charged). */
  private async dispatch(
    feed: FeedRow,
    nickname: string,
    stored: { command: DeviceCommand; sent: boolean },
  ): Promise<Feed> {
    let issued: { position: number };
    // Before the command exists: its answer may come back before issueCommand returns.
    const unexpect = this.deps.settlement.expect(feed.commandId, {
      feedId: feed.id,
      deviceId: feed.deviceId,
      nickname,
    });
    try {
      issued = await this.deps.gateway.issueCommand(
        feed.deviceId,
        { kind: 'dispense', grams: feed.grams },
        { id: feed.commandId, stored },
      );
    } catch (error) {
      // The device was disabled meanwhile, or the gateway is not running: the feed fails, the hold goes.
      if (!(error instanceof AppError)) this.deps.onError(error);
      unexpect();
      const ended = await this.deps.settlement.settle(feed.id, { status: 'lost' }, feed.commandId);
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
    const view = { assetHost: '', clipping: false, ...this.deps.proofView, now: this.deps.clock.now() };
    const receipt = toReceipt(record, place, view);
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

  /** The console's list of food given free (decision 026), newest answers first. */
  async givenFree(q: AdminFreeFoodBody): Promise<AdminFreeFoodListData> {
    const { rows, total } = await this.deps.feeds.givenFree({ page: q.page, limit: q.limit, deviceId: q.device_id });
    return { list: rows.map(toFreeFood), total, page: q.page, limit: q.limit };
  }
}
