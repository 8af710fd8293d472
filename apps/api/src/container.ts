import path from 'node:path';
import { systemClock, type Clock } from './clock';
import type { AppConfig } from './config/env';
import { batchTransactions, type BatchTransaction } from './db/batch-transaction';
import { openDatabase, type Database, type DatabaseHandle } from './db/client';
import { createOutboxMailer, createOutboxSms, createSmtpMailer, type Mailer, type SmsSender } from './mail/mailer';
import { SettingsRepository } from './modules/configuration/repository';
import { CURRENCY, ConfigurationService } from './modules/configuration/service';
import { StatisticsService } from './modules/statistics/service';
import { AdminUserService } from './modules/admin/service';
import { CodeRepository } from './modules/code/repository';
import { CodeService } from './modules/code/service';
import { TokenRepository } from './modules/token/repository';
import { TokenService } from './modules/token/service';
import { UserRepository } from './modules/user/repository';
import { UserService } from './modules/user/service';
import { LoginThrottle } from './modules/user/throttle';
import { SlidingWindowLimiter } from './modules/upload/rate-limit';
import { UploadRepository } from './modules/upload/repository';
import { UploadService } from './modules/upload/service';
import { LocalDiskStorage } from './modules/upload/storage';
import { OAuthIdentityRepository } from './modules/oauth/repository';
import { OAuthService } from './modules/oauth/service';
import { configuredProviders } from './modules/oauth/setup';
import type { Authenticator } from './http/auth';
import { BaseRepository } from './modules/base/repository';
import { BaseService } from './modules/base/service';
import { DeviceCatalogService } from './modules/device/catalog';
import { DeviceRepository } from './modules/device/repository';
import { DeviceAdminService } from './modules/device/service';
import { DeviceGateway } from './modules/gateway/gateway';
import { CommandRepository } from './modules/gateway/repository';
import { MosquittoPasswordFile } from './modules/gateway/mosquitto-accounts';
import { resolveFfmpeg } from './modules/media/ffmpeg';
import { MediaServer } from './modules/media/media-server';
import { ClipRepository } from './modules/media/repository';
import { LiveMediaService } from './modules/media/service';
import { PlaybackSigner } from './modules/media/signer';
import { playbackSigningKey } from './modules/media/signing-key';
import { BaseStatsRepository } from './modules/base/detail-repository';
import { BaseDetailService } from './modules/base/detail-service';
import { CommentRepository } from './modules/live/comment-repository';
import { CommentService } from './modules/live/comment-service';
import { FanRepository } from './modules/live/fan-repository';
import { FanService } from './modules/live/fan-service';
import { LiveListService } from './modules/live/list-service';
import { COMMENT_WINDOWS, MultiWindowLimiter } from './modules/live/rate-limit';
import { RoomRepository } from './modules/live/room-repository';
import { LiveRoomService } from './modules/live/room-service';
import { LiveRealtime } from './modules/realtime/realtime';
import { ReportRepository } from './modules/report/repository';
import { ReportService } from './modules/report/service';
import { DEFAULT_FEED_TIMINGS } from './modules/feed/policy';
import { FeedBatchRepository } from './modules/feed/batch-repository';
import { FeedIntake } from './modules/feed/intake';
import { FeedRepository } from './modules/feed/repository';
import { FeedService } from './modules/feed/service';
import { FeedSettlement } from './modules/feed/settlement';
import { FeedStatsRepository } from './modules/feed-stats/repository';
import { FeedStatsService } from './modules/feed-stats/service';
import { LedgerAuditRepository } from './modules/ledger/audit-repository';
import { LedgerBatch } from './modules/ledger/batch';
import { LedgerBatchRepository } from './modules/ledger/batch-repository';
import { LedgerRepository } from './modules/ledger/repository';
import { LedgerService } from './modules/ledger/service';
import { ledgerRechargeCrediting } from './modules/payment/ledger-crediting';
import { PaymentRepository } from './modules/payment/repository';
import { PaymentService } from './modules/payment/service';
import { configuredPayment } from './modules/payment/setup';
import { LedgerChecker } from './modules/admin-money/checker';
import { LedgerSearchRepository } from './modules/admin-money/ledger-search';
import { PaymentSearchRepository } from './modules/admin-money/payment-search';
import { AdminMoneyService } from './modules/admin-money/service';
import { ContentAdminService } from './modules/content/admin-service';
import { ContentRepository } from './modules/content/repository';
import { ContentService } from './modules/content/service';
import { UploadedImages } from './modules/content/uploaded-images';
import { PetRepository } from './modules/pet/repository';
import { PetService } from './modules/pet/service';
import { PostCommentRepository } from './modules/post/comment-repository';
import { PostCommentService } from './modules/post/comment-service';
import { UserLikeCache, directLikes } from './modules/post/like-cache';
import { PublishedPostCache } from './modules/post/list-cache';
import { POST_COMMENT_WINDOWS, POST_PUBLISH_WINDOWS, POST_UPDATE_WINDOWS } from './modules/post/policy';
import { PostRepository } from './modules/post/repository';
import { PostService } from './modules/post/service';
import { SearchRepository } from './modules/search/repository';
import { SearchService } from './modules/search/service';
import { ReportQueueRepository } from './modules/moderation/report-repository';
import { SupportApplicationRepository } from './modules/support/application-repository';
import { SupportApplicationService } from './modules/support/application-service';
import { SupportEventRepository } from './modules/support/event-repository';
import { SupportEventService } from './modules/support/event-service';
import { SupportGiftRepository } from './modules/support/gift-repository';
import { SupportGiftService } from './modules/support/gift-service';
import { supportHelpPayCrediting } from './modules/support/help-pay-crediting';
import { configuredMaps } from './modules/maps/setup';
import { ModerationService } from './modules/moderation/service';
import { OperatorGate } from './modules/manage/gate';
import { ManageRepository } from './modules/manage/repository';
import { ManageService } from './modules/manage/service';
import { CashoutAdminService } from './modules/cashout/admin-service';
import { CardCipher, cardKey } from './modules/cashout/card-cipher';
import { CashoutMover } from './modules/cashout/mover';
import { CashoutRepository } from './modules/cashout/repository';
import { CashoutService } from './modules/cashout/service';

export interface ContainerOverrides {
  database?: DatabaseHandle;
  mailer?: Mailer;
  sms?: SmsSender;
  clock?: Clock;
  /** Facebook's Graph `me?fields=id,name,email` URL (tests point it at a local stand-in). */
  facebookUserInfoUrl?: string;
}

/** The composition root: the one place that creates every service and wires them together. */
export async function createContainer(config: AppConfig, overrides: ContainerOverrides = {}) {
  const database =
    overrides.database ??
    (await openDatabase({ url: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'pglite') }));
  const { db } = database;
  const clock = overrides.clock ?? systemClock;
  const mailer =
    overrides.mailer ??
    (config.smtpUrl
      ? createSmtpMailer(config.smtpUrl, config.mailFrom)
      : createOutboxMailer(config.outboxDir, config.mailFrom));
  const sms = overrides.sms ?? createOutboxSms(config.outboxDir);

  const deviceRepository = new DeviceRepository(db);
  // The home page's figures: deployed devices, and what the acknowledged feeds add up to (decision 012).
  const feedStatsRepository = new FeedStatsRepository(db);
  const statistics = new StatisticsService({
    devices: deviceRepository,
    feeds: feedStatsRepository,
    clock,
    cacheMs: 10_000,
  });
  // Content (decision 013): Q&A, articles, pages, banners (also in getConfiguration), What's New, the pet
  // corner; their images must be uploads.
  const contentRepository = new ContentRepository(db);
  const content = new ContentService(contentRepository);
  const uploadedImages = new UploadedImages({
    uploads: contentRepository,
    publicBases: [config.assetHost, config.publicUrl],
  });
  const contentAdmin = new ContentAdminService({ content: contentRepository, images: uploadedImages });
  const pets = new PetService({ pets: new PetRepository(db), images: uploadedImages });
  const settingsRepository = new SettingsRepository(db);
  const configuration = new ConfigurationService({
    settings: settingsRepository,
    // Kept in memory on the embedded database (one process: every edit passes here); for a second on
    // PostgreSQL, where another API process may have saved an edit.
    cacheMs: database.kind === 'pglite' ? Infinity : 1_000,
    statistics,
    assetHost: config.assetHost,
    oauth: { google: Boolean(config.oauth.google), facebook: Boolean(config.oauth.facebook) },
    banners: (locale) => content.banners(locale),
  });

  const upload = new UploadService({
    storage: new LocalDiskStorage(config.uploadDir),
    uploads: new UploadRepository(db),
    // In memory, per API process: 60 uploads per user per hour.
    limiter: new SlidingWindowLimiter(clock, 60, 3_600_000),
    clock,
    publicBase: config.assetHost || config.publicUrl,
  });

  // Accounts: tokens (also the app's Authenticator), auth codes, users, the console's user management.
  const userRepository = new UserRepository(db);
  // Read caches only on the embedded database: one process, so every write passes here and drops them.
  // On PostgreSQL (several API processes) every call reads the database — but for login tokens, which
  // every request checks: those are remembered for 2 s (a logout or a disabled account takes effect at
  // once in the process that did it, within 2 s in the others; decision 011, "Throughput").
  const singleProcess = database.kind === 'pglite';
  const tokens = new TokenService({
    repository: new TokenRepository(db),
    clock,
    ttlMs: config.tokenTtlMs,
    cacheMs: singleProcess ? 60_000 : 2_000,
  });
  const codes = new CodeService({
    repository: new CodeRepository(db),
    accounts: userRepository,
    mailer,
    sms,
    clock,
    ipLimitPerHour: config.codeIpLimitPerHour,
  });
  // Base operators (decision 015): who runs a base (or earned a share once); also the userinfo's 'operator' role.
  const manageRepository = new ManageRepository(db);
  const operatorGate = new OperatorGate(manageRepository);
  const users = new UserService({
    derivedRoles: (userId) => operatorGate.derivedRoles(userId),
    users: userRepository,
    tokens,
    codes,
    throttle: new LoginThrottle(db, clock),
    clock,
    infoCacheMs: singleProcess ? 1_000 : 0,
  });
  const adminUsers = new AdminUserService({ users: userRepository, tokens, clock });
  // The coin ledger (decision 009): users.balance follows the wallet, so a change drops the cached userinfo.
  const ledger = new LedgerService({
    ledger: new LedgerRepository(db),
    audit: new LedgerAuditRepository(db),
    clock,
    onWalletChange: (userId) => {
      users.forget(userId);
    },
  });
  const authenticator: Authenticator = tokens;
  // The console's money pages, and the invariant checker run every 10 minutes (and on an admin's request).
  const adminMoney = new AdminMoneyService({
    configuration,
    currency: CURRENCY,
    payments: new PaymentSearchRepository(db),
    ledger: new LedgerSearchRepository(db),
  });
  const ledgerChecker = new LedgerChecker({
    check: () => ledger.checkInvariants(),
    store: settingsRepository,
    intervalMs: 600_000,
    onError: (error) => {
      if (config.logLevel !== 'silent') console.warn('[ledger check]', error);
    },
    onProblems: (result) => {
      if (config.logLevel !== 'silent')
        console.warn(`[ledger check] ${String(result.problem_count)} problem(s)`, result.problems.slice(0, 10));
    },
  });

  // Payments (decision 010): recharge orders through the configured provider (the sandbox by default);
  // a paid order is credited by the ledger inside the transaction that marks it paid.
  const paymentRepository = new PaymentRepository(db);
  const paymentSetup = await configuredPayment(config, {
    clock,
    findOrder: (orderNo) => paymentRepository.byOrderNo(orderNo),
    onError: (error) => {
      if (config.logLevel !== 'silent') console.warn('[payment sandbox]', error);
    },
  });
  if (paymentSetup.sandbox && config.env === 'production' && config.logLevel !== 'silent')
    console.warn('[payment] PAYMENT_PROVIDER=sandbox: payments are simulated, recharges cost nothing');
  // Support (decision 016): gifts and help-pay credits join the caller's transaction (the gift's, the order's).
  const supportAccountIds = new Map<string, number>();
  const supportLedgerIn = (tx: Database) =>
    new LedgerService({
      ledger: new LedgerRepository(tx, { joined: true }),
      audit: new LedgerAuditRepository(tx),
      clock,
      accountIds: supportAccountIds,
    });
  const payments = new PaymentService({
    orders: paymentRepository,
    provider: paymentSetup.provider,
    crediting: ledgerRechargeCrediting(
      (tx) => new LedgerService({ ledger: new LedgerRepository(tx), audit: new LedgerAuditRepository(tx), clock }),
    ),
    helpPay: supportHelpPayCrediting({ ledgerIn: supportLedgerIn, clock }),
    packages: async () => (await configuration.settings()).recharge_packages,
    // In memory, per API process: 20 new orders per user per 10 minutes.
    limiter: new SlidingWindowLimiter(clock, 20, 600_000),
    clock,
    currency: 'CNY',
    onCredited: (order) => {
      users.forget(order.userId);
    },
    onError: (error) => {
      if (config.logLevel !== 'silent') console.warn('[payment]', error);
    },
  });

  // Sign-in with Google / Facebook (only the providers whose client id and secret are configured).
  const oauth = new OAuthService({
    providers: configuredProviders(
      config.oauth,
      overrides.facebookUserInfoUrl ? { userInfoUrl: overrides.facebookUserInfoUrl } : {},
    ),
    identities: new OAuthIdentityRepository(db),
    users: userRepository,
    tokens,
    clock,
    publicUrl: config.publicUrl,
  });

  // Bases and devices; the gateway embeds the MQTT broker (or connects to MQTT_URL) when the app starts.
  const baseRepository = new BaseRepository(db);
  const commandRepository = new CommandRepository(db);
  const gateway = new DeviceGateway({
    mqtt: config.mqtt,
    devices: deviceRepository,
    commands: commandRepository,
    // With the media server running, camera_online is what it sees published, not what the device claims.
    cameraFromState: !config.media.enabled,
    onError: (error) => {
      if (config.logLevel !== 'silent') console.warn('[device gateway]', error);
    },
  });
  // Live video: the embedded media server takes the cameras' RTMP (and owns camera_online); viewers
  // watch through signed HTTP-FLV addresses; clips are cut from its rolling recordings.
  const ffmpeg = resolveFfmpeg(config.media.ffmpegPath);
  const media = new MediaServer({
    config: config.media,
    devices: deviceRepository,
    clock,
    ffmpeg,
    logLevel: config.logLevel,
    onError: (error) => {
      if (config.logLevel !== 'silent') console.warn('[media server]', error);
    },
  });
  const liveMedia = new LiveMediaService({
    media,
    devices: deviceRepository,
    clips: new ClipRepository(db),
    signer: new PlaybackSigner(await playbackSigningKey(config.media.signingKey, config.media.dir)),
    // In memory, per API process: 1 clip per 10 s per user.
    clipLimiter: new SlidingWindowLimiter(clock, 1, 10_000),
    clock,
    playbackTtlMs: config.media.playbackTtlMs,
    ffmpeg,
    uploadDir: config.uploadDir,
    workDir: path.join(config.media.dir, 'tmp'),
    assetHost: config.assetHost,
    onError: (error) => {
      if (config.logLevel !== 'silent') console.warn('[clips]', error);
    },
  });
  const bases = new BaseService(baseRepository);
  const devices = new DeviceAdminService({
    devices: deviceRepository,
    bases: baseRepository,
    // Rotating or disabling a device ends its MQTT session and its live publish.
    sessions: {
      revoke: (deviceId) => {
        gateway.revoke(deviceId);
        media.revoke(deviceId);
      },
    },
    endpoints: (deviceId, secret) => ({
      broker_url: config.mqtt.url ?? gateway.brokerUrl ?? `mqtt://${config.mqtt.host}:${String(config.mqtt.port)}`,
      rtmp_url: media.publishUrl(deviceId, secret) ?? null,
    }),
    brokerAccounts:
      config.mqtt.url && config.mqtt.passwordFile
        ? new MosquittoPasswordFile({ file: config.mqtt.passwordFile, pidFile: config.mqtt.pidFile })
        : undefined,
    clock,
  });
  const deviceCatalog = new DeviceCatalogService({
    devices: deviceRepository,
    bases: baseRepository,
    defaultPortions: async () => (await configuration.settings()).feeding_portions,
    clock,
  });

  // The live room: socket.io rooms per device (attached to the HTTP server by the app), lists, detail,
  // follows, fan group, comments, problem reports, the base page.
  const roomRepository = new RoomRepository(db);
  const realtime = new LiveRealtime({
    authenticator,
    rooms: roomRepository,
    redisUrl: config.redisUrl,
    onError: (error) => {
      if (config.logLevel !== 'silent') console.warn('[realtime]', error);
    },
  });
  gateway.onDeviceState((event) => {
    realtime.pushDeviceState(event);
  });
  media.onCameraChange((event) => {
    realtime.pushDeviceState(event);
  });
  liveMedia.onClipPublished((clip) => {
    realtime.broadcast(clip.device_id, 'clip', clip);
  });
  const fans = new FanService({ fans: new FanRepository(db), devices: deviceRepository, clock });
  const liveRooms = new LiveRoomService({
    rooms: roomRepository,
    devices: deviceRepository,
    bases: baseRepository,
    fans,
    viewers: realtime,
    defaultPortions: async () => (await configuration.settings()).feeding_portions,
    clock,
  });
  const liveLists = new LiveListService({ rooms: roomRepository, viewers: realtime });
  const comments = new CommentService({
    comments: new CommentRepository(db),
    rooms: roomRepository,
    devices: deviceRepository,
    fans,
    // In memory, per API process: 1 comment per 2 s and 20 a minute per user per room.
    limiter: new MultiWindowLimiter(clock, COMMENT_WINDOWS),
    broadcaster: realtime,
    clock,
  });
  const reports = new ReportService({
    reports: new ReportRepository(db),
    devices: deviceRepository,
    clock,
    publicBases: [config.assetHost, config.publicUrl],
  });
  const baseDetail = new BaseDetailService({
    bases: baseRepository,
    stats: new BaseStatsRepository(db),
    rooms: liveLists,
    clock,
  });

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
  // has one connection: its transactions never overlap, so nothing is locked for other writers.
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
    broadcast: (deviceId, event, payload) => {
      realtime.broadcast(deviceId, event, payload);
    },
    onWalletChange: (userId) => {
      users.forget(userId);
    },
    onFed: (fed) => fans.earnMany(fed, 'feed'),
    clock,
    graceMs: feedTimings.graceMs,
    sweepIntervalMs: feedTimings.sweepIntervalMs,
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
    clock,
    onError: onFeedError,
  });

  // The feeding calendar, the leaderboard (its boards reused for 10 s) and the certificate (decision 012).
  const feedStats = new FeedStatsService({ stats: feedStatsRepository, clock, cacheMs: 10_000 });

  // Base operators (decision 015): their devices and revenue; cash-outs held from their earnings in the
  // transaction that records them (the feed's joined ledger), card numbers sealed with the card key.
  const cashoutRules = async () => (await configuration.settings()).cash_out;
  const cashoutRepository = new CashoutRepository(db);
  const cardCipher = new CardCipher(await cardKey(config.cashout.cardKey, config.cashout.dir));
  if (
    !config.cashout.cardKey &&
    database.kind === 'postgres' &&
    config.env === 'production' &&
    config.logLevel !== 'silent'
  )
    console.warn(
      '[cashout] no CASHOUT_CARD_KEY: card numbers use a key in DATA_DIR/cashout; every API process needs it',
    );
  const cashoutMover = new CashoutMover({ repo: cashoutRepository, ledgerIn: feedLedgerIn, clock });
  const earningsOf = async (userId: number) => (await ledger.balances(userId)).earnings;
  const manage = new ManageService({
    repo: manageRepository,
    gate: operatorGate,
    earnings: earningsOf,
    cashedOut: (userId) => cashoutRepository.cashedOut(userId),
    coinValue: async () => (await cashoutRules()).coin_value,
    currency: CURRENCY,
    clock,
  });
  const cashouts = new CashoutService({
    repo: cashoutRepository,
    gate: operatorGate,
    cipher: cardCipher,
    mover: cashoutMover,
    rules: cashoutRules,
    currency: CURRENCY,
    ledgerIn: feedLedgerIn,
    earnings: earningsOf,
    clock,
  });
  const cashoutAdmin = new CashoutAdminService({
    repo: cashoutRepository,
    cipher: cardCipher,
    mover: cashoutMover,
    rules: cashoutRules,
    saveRules: async (rules) => (await configuration.patchSettings({ cash_out: rules })).cash_out,
    currency: CURRENCY,
  });

  // Community (issue 5): posts with likes and comments (rate limited in memory, per API process), the
  // community list's first pages shared by every reader for 2 s (dropped at once by this process's
  // approvals, edits and deletions; other processes see them within the 2 s), who likes what kept in memory
  // on the embedded database (every like passes here), search, the console's queues.
  const postRepository = new PostRepository(db);
  const publishedPosts = new PublishedPostCache({
    load: (page) => postRepository.published(page),
    count: () => postRepository.countPublished(),
    clock,
    ttlMs: 2_000,
    maxPage: 5,
    // The total changes only by approvals, rejections, edits and deletions: one process sees them all.
    countTtlMs: singleProcess ? Infinity : 2_000,
  });
  const posts = new PostService({
    posts: postRepository,
    devices: deviceRepository,
    cache: publishedPosts,
    likes: singleProcess
      ? new UserLikeCache({
          loadAll: (userId, limit) => postRepository.likedIds(userId, limit),
          likedAmong: (userId, ids) => postRepository.likedAmong(userId, ids),
        })
      : directLikes(postRepository),
    publishLimiter: new MultiWindowLimiter(clock, POST_PUBLISH_WINDOWS),
    updateLimiter: new MultiWindowLimiter(clock, POST_UPDATE_WINDOWS),
    clock,
    assetHost: config.assetHost,
    publicBases: [config.assetHost, config.publicUrl],
  });
  const postComments = new PostCommentService({
    comments: new PostCommentRepository(db),
    posts: postRepository,
    limiter: new MultiWindowLimiter(clock, POST_COMMENT_WINDOWS),
    clock,
  });
  const search = new SearchService({
    search: new SearchRepository(db),
    posts: postRepository,
    postViews: posts,
    viewers: realtime,
  });
  const moderation = new ModerationService({
    posts: postRepository,
    reports: new ReportQueueRepository(db),
    cache: publishedPosts,
    clock,
    assetHost: config.assetHost,
  });

  // Support requests, events and gifts, help-pay (decision 016); the maps service that picks addresses.
  const supportApplicationRepository = new SupportApplicationRepository(db);
  const supportEventRepository = new SupportEventRepository(db);
  const supportGiftRepository = new SupportGiftRepository(db);
  const supportApplications = new SupportApplicationService({
    applications: supportApplicationRepository,
    supportTypes: async () => (await configuration.settings()).support_types,
    clock,
  });
  const supportEvents = new SupportEventService({
    events: supportEventRepository,
    applications: supportApplicationRepository,
    gifts: supportGiftRepository,
    images: uploadedImages,
    clock,
  });
  const supportGifts = new SupportGiftService({
    gifts: supportGiftRepository,
    events: supportEventRepository,
    ledgerIn: supportLedgerIn,
    payments,
    // One coin's money value, as cash-out uses it (settings cash_out.coin_value, fen).
    coinValue: async () => (await configuration.settings()).cash_out.coin_value,
    currency: CURRENCY,
    onWalletChange: (userId) => {
      users.forget(userId);
    },
    clock,
  });
  const maps = configuredMaps(config, {
    clock,
    stations: async () => (await baseRepository.list({ page: 1, limit: 100 })).rows,
    onError: (error) => {
      if (config.logLevel !== 'silent') console.warn('[maps]', error);
    },
  });

  return {
    config,
    database,
    clock,
    mailer,
    sms,
    authenticator,
    services: {
      configuration,
      statistics,
      upload,
      tokens,
      codes,
      users,
      adminUsers,
      ledger,
      ledgerChecker,
      adminMoney,
      payments,
      paymentSandbox: paymentSetup.sandbox,
      oauth,
      gateway,
      bases,
      devices,
      deviceCatalog,
      realtime,
      liveRooms,
      liveLists,
      fans,
      comments,
      reports,
      baseDetail,
      media,
      liveMedia,
      feeds,
      feedSettlement,
      feedStats,
      manage,
      cashouts,
      cashoutAdmin,
      content,
      contentAdmin,
      pets,
      posts,
      postComments,
      search,
      moderation,
      supportApplications,
      supportEvents,
      supportGifts,
      maps,
    },
    async close() {
      paymentSetup.sandbox?.close();
      await media.stop();
      await gateway.stop();
      // The gateway's last word (open commands expire at its stop) is settled before the database closes.
      await feedSettlement.stop();
      await database.close();
    },
  };
}

export type Container = Awaited<ReturnType<typeof createContainer>>;
