/**
 * What the notification centre calls and validates, in its own module: the app shell loads it with import(), so
 * zod (the schemas) stays out of the entry chunk.
 */
export {
  LIVE_NAMESPACE,
  NotificationEventSchema,
  NotificationUnreadEventSchema,
  notificationEndpoints,
} from '@petheart/contracts';
