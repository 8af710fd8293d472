import type { Clock } from '../lib/clock';
import type { AppConfig } from '../config/env';
import { batchTransactions, type BatchTransaction } from '../db/batch-transaction';
import type { Database, DatabaseHandle } from '../db/client';
import type { ConfigurationService } from '../modules/configuration/service';
import { FeedBatchRepository } from '../modules/feed/batch-repository';
import { FeedIntake } from '../modules/feed/intake';
import { DEFAULT_FEED_TIMINGS } from '../modules/feed/policy';
import { FeedRepository } from '../modules/feed/repository';
import { RoomAnnouncer } from '../modules/feed/room-announcer';
import { FeedService } from '../modules/feed/service';
import { FeedSettlement } from '../modules/feed/settlement';
import type { FeedStatsRepository } from '../modules/feed-stats/repository';
import { FeedStatsService } from '../modules/feed-stats/service';
import type { DeviceGateway } from '../modules/gateway/gateway';
import type { CommandRepository } from '../modules/gateway/repository';
import { LedgerAuditRepository } from '../modules/ledger/audit-repository';
import { LedgerBatch } from '../modules/ledger/batch';
import { LedgerBatchRepository } from '../modules/ledger/batch-repository';
import { LedgerRepository } from '../modules/ledger/repository';
import { LedgerService } from '../modules/ledger/service';
import type { FanService } from '../modules/live/fan-service';
import type { LiveRealtime } from '../modules/realtime/realtime';
import type { UserService } from '../modules/user/service';
import { proofClipFfmpeg } from './proof';

/** On PGlite, a settlement starts at least this long after the one before it. */
const SETTLEMENT_SPACING_MS = 50;

/**
 * Feeding and its statistics; registers the gateway's command-settled listener with the settlement. Also
 * returns the feed's joined ledger, which cash-outs share.
 */
export function wireFeeding({
  config,
  database,
  clock,
  ledger,
  users,
  gateway,
  commandRepository,
  realtime,
  fans,
  configuration,
  feedStatsRepository,
}: {
  config: AppConfig;
  database: DatabaseHandle;
  clock: Clock;
  ledger: LedgerService;
  users: UserService;
  gateway: DeviceGateway;
  commandRepository: CommandRepository;
  realtime: LiveRealtime;
  fans: FanService;
  configuration: ConfigurationService;
  feedStatsRepository: FeedStatsRepository;
}) {
  const { db } = database;
  // Feeding (decision 011): the feed and its hold in one transaction, then the dispense command; its end
  // (the gateway's word, or the sweeper's for what a stopped process left) posts or voids the hold once.
  const feedRepository = new FeedRepository(db);
  // The feed's ledger joins the feed's transaction (no savepoints) and shares known account ids.
  const ledgerAccountIds = new Map<string, number>();
  const feedLedgerIn = (tx: Database) =>
    new LedgerService({
      ledger: new LedgerRepository(tx, { joined: true }),
      audit: new LedgerAuditRepository(tx),
      clock,
      accountIds: ledgerAccountIds,
    });
  // Feeds are made and settled in batches under load, each batch one transaction (decision 011). PGlite
  // has one connection and this one process: its batches lock nothing; their writes check what they read.
  const concurrentWriters = database.kind === 'postgres';
  const batchTransactionsRun = batchTransactions(database);
  const feedBatchIn = (tx: BatchTransaction) => new FeedBatchRepository(tx.db, tx);
  const ledgerBatchIn = (tx: BatchTransaction) =>
    new LedgerBatch({
      batch: new LedgerBatchRepository(tx.db, tx),
      ledger: new LedgerRepository(tx.db, { joined: true }),
      clock,
      accountIds: ledgerAccountIds,
      concurrentWriters,
    });
  const feedTimings = { ...DEFAULT_FEED_TIMINGS, timeoutMs: config.feedTimeoutMs };
  const onFeedError = (error: unknown) => {
    if (config.logLevel !== 'silent') console.warn('[feed]', error);
  };
  const feedSettlement = new FeedSettlement({
    feeds: feedRepository,
    transactions: batchTransactionsRun,
    batchIn: feedBatchIn,
    ledgerBatchIn,
    commands: commandRepository,
    voidExpiredHolds: () => ledger.voidExpiredHolds(),
    rooms: new RoomAnnouncer({
      broadcast: (deviceId, event, payload) => {
        realtime.broadcast(deviceId, event, payload);
      },
      clock,
    }),
    onWalletChange: (userId) => {
      users.forget(userId);
    },
    onFansFed: (fed) => fans.earnEach(fed, 'feed'),
    clock,
    concurrentWriters,
    graceMs: feedTimings.graceMs,
    sweepIntervalMs: feedTimings.sweepIntervalMs,
    // PGlite runs the settlement's statements on the thread that takes the taps: fewer, larger settlements
    // leave it more time for them (decision 018). PostgreSQL runs them on connections of their own.
    spacingMs: concurrentWriters ? 0 : SETTLEMENT_SPACING_MS,
    onError: onFeedError,
  });
  gateway.onCommandSettled((result) => {
    feedSettlement.onCommandSettled(result);
  });
  const feeds = new FeedService({
    feeds: feedRepository,
    intake: new FeedIntake({
      transactions: batchTransactionsRun,
      batchIn: feedBatchIn,
      ledgerBatchIn,
      commands: commandRepository,
      defaultPortions: async () => (await configuration.settings()).feeding_portions,
      clock,
      concurrentWriters,
    }),
    gateway,
    settlement: feedSettlement,
    onWalletChange: (userId) => {
      users.forget(userId);
    },
    timings: feedTimings,
    // Receipts' proof clips (issue 28 §1): cut only when live video runs here with an ffmpeg (composition/proof.ts).
    proofView: { assetHost: config.assetHost, clipping: proofClipFfmpeg(config) !== undefined },
    clock,
    onError: onFeedError,
  });

  // The feeding calendar, the leaderboard (its boards reused for 10 s) and the certificate (decision 012).
  const feedStats = new FeedStatsService({ stats: feedStatsRepository, clock, cacheMs: 10_000 });

  return { feeds, feedSettlement, feedStats, feedLedgerIn };
}
