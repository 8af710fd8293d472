import path from 'node:path';
import { systemClock, type Clock } from './lib/clock';
import { wireAccounts, wireOAuth } from './composition/accounts';
import { wireCommunity } from './composition/community';
import { wireDevices } from './composition/devices';
import { wireFeeding } from './composition/feeding';
import { wireLive } from './composition/live';
import { wireNotificationProducers, wireNotifications } from './composition/notifications';
import { wireMoney } from './composition/money';
import { wireOperators } from './composition/operators';
import { wireSite } from './composition/site';
import { wireSupport } from './composition/support';
import { wireCare } from './composition/care';
import { wirePreviews } from './composition/previews';
import { wireProof } from './composition/proof';
import { wirePush } from './composition/push';
import { wireSharing } from './composition/sharing';
import { wireStatements } from './composition/statements';
import { wireThumbnails } from './composition/thumbnails';
import { wireTransparency } from './composition/transparency';
import type { AppConfig } from './config/env';
import { openDatabase, type DatabaseHandle } from './db/client';
import { EmbeddedMaintenance } from './db/embedded-maintenance';
import { openRateLimits } from './lib/rate-limit/rate-limits';
import { createOutboxMailer, createOutboxSms, createSmtpMailer, type Mailer, type SmsSender } from './mail/mailer';

export interface ContainerOverrides {
  database?: DatabaseHandle;
  mailer?: Mailer;
  sms?: SmsSender;
  clock?: Clock;
  /** Facebook's Graph `me?fields=id,name,email` URL (tests point it at a local stand-in). */
  facebookUserInfoUrl?: string;
}

/** How often the embedded database's tables are looked at (as autovacuum_naptime). */
const EMBEDDED_MAINTENANCE_INTERVAL_MS = 60_000;
/** The pause between two of its steps (one VACUUM or ANALYZE each): the taps queued behind one run first. */
const EMBEDDED_MAINTENANCE_PAUSE_MS = 250;

/**
 * The composition root: the one place that creates every service and wires them together. Each domain is
 * wired by a function in ./composition, called here in order (each takes what earlier domains made).
 */
export async function createContainer(config: AppConfig, overrides: ContainerOverrides = {}) {
  const database =
    overrides.database ??
    (await openDatabase({ url: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'pglite') }));
  const clock = overrides.clock ?? systemClock;
  const mailer =
    overrides.mailer ??
    (config.smtpUrl
      ? createSmtpMailer(config.smtpUrl, config.mailFrom)
      : createOutboxMailer(config.outboxDir, config.mailFrom));
  const sms = overrides.sms ?? createOutboxSms(config.outboxDir);
  // Rate limits (decision 029): in memory, or shared by every API process through Redis with REDIS_URL.
  const rateLimits = await openRateLimits(config, {
    clock,
    onError: (error) => {
      if (config.logLevel !== 'silent') console.warn('[rate limits]', error);
    },
  });
  const root = { config, database, clock, rateLimits };
  // The notification centre (issue 29 §1): its listeners are this list (the sockets' below; web push's).
  const { notifications, notificationListeners, reviewReminder } = wireNotifications(root);
  // PGlite has no autovacuum: the app gives its tables what autovacuum would (decision 019).
  const databaseMaintenance = database.pglite
    ? new EmbeddedMaintenance({
        database: database.pglite,
        intervalMs: EMBEDDED_MAINTENANCE_INTERVAL_MS,
        pauseMs: EMBEDDED_MAINTENANCE_PAUSE_MS,
        onError: (error) => {
          if (config.logLevel !== 'silent') console.warn('[database maintenance]', error);
        },
      })
    : undefined;

  const {
    deviceRepository,
    feedStatsRepository,
    statistics,
    content,
    uploadedImages,
    contentAdmin,
    pets,
    settingsRepository,
    configuration,
    upload,
  } = wireSite(root);
  const { userRepository, tokens, codes, manageRepository, operatorGate, users, adminUsers, authenticator } =
    wireAccounts({ ...root, mailer, sms });
  const { ledger, adminMoney, ledgerChecker, paymentSandbox, payments, supportLedgerIn } = await wireMoney({
    ...root,
    users,
    configuration,
    settingsRepository,
  });
  const oauth = wireOAuth({ ...root, userRepository, tokens, facebookUserInfoUrl: overrides.facebookUserInfoUrl });
  const {
    baseRepository,
    commandRepository,
    gateway,
    media,
    nginx,
    liveMedia,
    bases,
    devices,
    deviceCatalog,
    deviceCare,
    stationDownloads,
  } = await wireDevices({ ...root, deviceRepository, configuration });
  const { thumbnails, sharePreview } = wireThumbnails({ ...root, media });
  const { stationCare, alertWatcher } = wireCare({ ...root, gateway, operatorGate });
  const { realtime, fans, liveRooms, liveLists, comments, reports, baseDetail } = wireLive({
    ...root,
    authenticator,
    deviceRepository,
    baseRepository,
    gateway,
    media,
    liveMedia,
    configuration,
    notifications,
  });
  const { feeds, feedSettlement, feedStats, feedLedgerIn } = wireFeeding({
    ...root,
    ledger,
    users,
    gateway,
    commandRepository,
    realtime,
    fans,
    configuration,
    feedStatsRepository,
  });
  const { proofs, proofClipper, proofJobs, proofPreview } = wireProof({ ...root, media, feedSettlement });
  const { basePreview, postPreview, eventPreview } = wirePreviews(root);
  const { certificateShare, certificatePreview, wechatShare } = await wireSharing({ ...root, feedStatsRepository });
  const { manage, cashouts, cashoutAdmin, cashoutMover } = await wireOperators({
    ...root,
    configuration,
    ledger,
    feedLedgerIn,
    manageRepository,
    operatorGate,
  });
  const { statements, statementJob, impact } = await wireStatements({ ...root, feedStats });
  const { posts, postComments, search, moderation } = wireCommunity({ ...root, deviceRepository, realtime });
  const { supportApplications, supportEvents, supportGifts, maps } = wireSupport({
    ...root,
    configuration,
    uploadedImages,
    supportLedgerIn,
    payments,
    users,
    baseRepository,
  });
  const { accounts, foodPurchases } = wireTransparency({ ...root, configuration, operatorGate, uploadedImages });
  const { notificationProducers } = wireNotificationProducers({
    ...root,
    notifications,
    notificationListeners,
    realtime,
    moderation,
    cashoutMover,
    supportApplications,
    supportGifts,
    payments,
    feedSettlement,
    gateway,
    media,
    alertWatcher,
  });
  // Web Push and operators' e-mail alerts (issue 29 §2): told of every fan-out after the sockets.
  const { push, pushSender } = await wirePush({ ...root, mailer, manageRepository, users });
  notificationListeners.push(pushSender);

  return {
    config,
    database,
    clock,
    mailer,
    sms,
    authenticator,
    services: {
      databaseMaintenance,
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
      paymentSandbox,
      oauth,
      gateway,
      bases,
      devices,
      deviceCatalog,
      deviceCare,
      stationCare,
      alertWatcher,
      stationDownloads,
      realtime,
      liveRooms,
      liveLists,
      fans,
      comments,
      reports,
      baseDetail,
      media,
      nginx,
      liveMedia,
      thumbnails,
      sharePreview,
      feeds,
      feedSettlement,
      feedStats,
      proofs,
      proofClipper,
      proofJobs,
      proofPreview,
      basePreview,
      postPreview,
      eventPreview,
      certificateShare,
      certificatePreview,
      wechatShare,
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
      accounts,
      foodPurchases,
      statements,
      statementJob,
      impact,
      notifications,
      notificationProducers,
      reviewReminder,
      push,
      pushSender,
    },
    /**
     * Closes what the container opened: the database, the rate limits' store, the sandbox payer. The services
     * that run (gateway, media server, sweepers, timers) are the app's lifecycle: they stop when the app closes,
     * which comes first.
     */
    async close() {
      paymentSandbox?.close();
      await database.close();
      await rateLimits.close();
    },
  };
}

export type Container = Awaited<ReturnType<typeof createContainer>>;
