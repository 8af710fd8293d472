import { routes, type ApiModule } from '../../api-module';
import type { NotificationProducers } from './producers';
import type { ReviewReminder } from './review-reminder';
import { notificationRoutes } from './routes';
import type { NotificationService } from './service';

export type { CreatedNotification, NotificationListener, NotificationParams } from './ports';
export { renderNotification, type RenderedNotification } from './render';
export { toNotification } from './presenter';

/**
 * The notification centre (issue 29 §1): the inbox's routes, the admins' review reminders, the producers' drain. The producers are
 * wired in the composition root (composition/notifications.ts); the listeners (sockets, push) are its list.
 */
export function notificationModule(s: {
  notifications: NotificationService;
  notificationProducers: NotificationProducers;
  reviewReminder: ReviewReminder;
}): ApiModule {
  return {
    name: 'notification',
    routes: [routes(notificationRoutes, { notifications: s.notifications })],
    lifecycle: [
      {
        name: 'review reminders',
        start: () => s.reviewReminder.start(),
        // The fan-outs under way end before the database closes.
        stop: async () => {
          await s.reviewReminder.stop();
          await s.notificationProducers.idle();
        },
      },
    ],
  };
}
