import type { AppConfig } from '../config/env';
import type { DatabaseHandle } from '../db/client';
import type { Clock } from '../lib/clock';
import type { Mailer } from '../mail/mailer';
import type { ManageRepository } from '../modules/manage/repository';
import { renderNotification } from '../modules/notification/render';
import { PushRepository } from '../modules/push/repository';
import { PushSender } from '../modules/push/sender';
import { PushService } from '../modules/push/service';
import { webPushTransport, type PushTransport } from '../modules/push/transport';
import { vapidKeys } from '../modules/push/vapid';
import type { UserService } from '../modules/user/service';

/** A pushed message is kept a day for a browser that is offline. */
const PUSH_TTL_SECONDS = 86_400;
const PUSH_TIMEOUT_MS = 10_000;

/**
 * Web Push and the notification settings (issue 29 §2): the VAPID keys (configured, or made once in the data
 * folder), the settings and subscriptions, and the sender the notification store tells of what it wrote.
 * Logging out removes the browsers subscribed under that login.
 */
export async function wirePush({
  config,
  database,
  clock,
  mailer,
  manageRepository,
  users,
  transport,
}: {
  config: AppConfig;
  database: DatabaseHandle;
  clock: Clock;
  mailer: Mailer;
  manageRepository: ManageRepository;
  users: UserService;
  /** Tests may replace the push services' transport (the default: web-push over fetch). */
  transport?: PushTransport;
}) {
  const repo = new PushRepository(database.db);
  const vapid = await vapidKeys(
    {
      publicKey: config.push.vapidPublicKey,
      privateKey: config.push.vapidPrivateKey,
      subject: config.push.vapidSubject,
    },
    config.push.dir,
  );
  const push = new PushService({
    repo,
    clock,
    operatesBase: (userId) => manageRepository.operatesBase(userId),
    publicKey: vapid.publicKey,
    allowHttpEndpoints: config.push.allowHttpEndpoints,
  });
  const pushSender = new PushSender({
    repo,
    clock,
    render: renderNotification,
    transport: transport ?? webPushTransport(vapid, { ttlSeconds: PUSH_TTL_SECONDS, timeoutMs: PUSH_TIMEOUT_MS }),
    mailer,
    publicUrl: config.publicUrl,
    onError: (error) => {
      if (config.logLevel !== 'silent') console.warn('[push]', error);
    },
  });
  users.onLogout((tokenHash) => push.loggedOut(tokenHash));
  return { push, pushSender, vapid };
}
