import type { AppConfig } from '../config/env';
import type { DatabaseHandle } from '../db/client';
import type { Clock } from '../lib/clock';
import type { AlertWatcher } from '../modules/care/alerts';
import type { CashoutMover } from '../modules/cashout/mover';
import type { FeedSettlement } from '../modules/feed/settlement';
import type { DeviceGateway } from '../modules/gateway/gateway';
import type { MediaEngine } from '../modules/media/engine';
import type { ModerationService } from '../modules/moderation/service';
import type { NotificationListener } from '../modules/notification/ports';
import { NotificationProducers } from '../modules/notification/producers';
import { NotificationRepository } from '../modules/notification/repository';
import { ReviewReminder } from '../modules/notification/review-reminder';
import { NotificationService } from '../modules/notification/service';
import type { PaymentService } from '../modules/payment/service';
import type { LiveRealtime } from '../modules/realtime/realtime';
import type { SupportApplicationService } from '../modules/support/application-service';
import type { SupportGiftService } from '../modules/support/gift-service';

/**
 * The notification centre (issue 29 §1), made before the domains that read it (the live room's sockets). Its
 * listeners are this list, told of every fan-out's rows: the sockets (wireNotificationProducers), web push.
 */
export function wireNotifications({
  config,
  database,
  clock,
}: {
  config: AppConfig;
  database: DatabaseHandle;
  clock: Clock;
}) {
  const onError = (error: unknown) => {
    if (config.logLevel !== 'silent') console.warn('[notifications]', error);
  };
  const notificationListeners: NotificationListener[] = [];
  const notifications = new NotificationService({
    repo: new NotificationRepository(database.db),
    clock,
    listeners: notificationListeners,
    onError,
  });
  const reviewReminder = new ReviewReminder({ notifications, clock, onError });
  return { notifications, notificationListeners, reviewReminder };
}

/**
 * Who hears what (issue 29 §1), once every domain is made: each producer listens where its event commits, and
 * the open apps' sockets are the first listener of every fan-out.
 */
export function wireNotificationProducers(d: {
  config: AppConfig;
  clock: Clock;
  notifications: NotificationService;
  notificationListeners: NotificationListener[];
  realtime: LiveRealtime;
  moderation: ModerationService;
  cashoutMover: CashoutMover;
  supportApplications: SupportApplicationService;
  supportGifts: SupportGiftService;
  payments: PaymentService;
  feedSettlement: FeedSettlement;
  gateway: DeviceGateway;
  media: MediaEngine;
  alertWatcher: AlertWatcher;
}) {
  d.notificationListeners.push({
    created: (batch) => {
      d.realtime.deliverNotifications(batch);
    },
    unreadChanged: (userId, unread) => {
      d.realtime.deliverUnread(userId, unread);
    },
  });
  const producers = new NotificationProducers({
    notifications: d.notifications,
    clock: d.clock,
    onError: (error) => {
      if (d.config.logLevel !== 'silent') console.warn('[notifications]', error);
    },
  });
  d.moderation.onReviewed((post) => {
    producers.postReviewed(post);
  });
  d.cashoutMover.onMoved((row, actor, note) => {
    producers.cashoutMoved(row, actor, note);
  });
  d.supportApplications.onReviewed((application) => {
    producers.applicationReviewed(application);
  });
  d.supportGifts.onGiven((gift) => {
    producers.supportGiven({ eventId: gift.eventId });
  });
  d.payments.onOrderCredited((order) => {
    if (order.purpose === 'help_pay' && order.packageId !== null) producers.supportGiven({ itemId: order.packageId });
  });
  d.feedSettlement.onEnded((feeds) => {
    producers.feedsEnded(feeds);
  });
  d.gateway.onDeviceState((state) => {
    producers.deviceState(state);
  });
  d.media.onCameraChange((state) => {
    producers.deviceState(state);
  });
  d.alertWatcher.onOpened((alertIds) => {
    producers.alertsOpened(alertIds);
  });
  return { notificationProducers: producers };
}
