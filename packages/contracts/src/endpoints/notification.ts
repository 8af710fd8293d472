import { post } from '../endpoint';
import { EmptySchema } from '../envelope';
import {
  NotificationListBodySchema,
  NotificationListDataSchema,
  NotificationReadBodySchema,
  NotificationSettingsDataSchema,
  NotificationSettingsSchema,
  PushKeyDataSchema,
  PushSubscribeBodySchema,
  PushUnsubscribeBodySchema,
  UnreadDataSchema,
} from '../notification';

const tag = 'notification';

/** The notification centre (issue 29 §1): the signed-in user's own notifications. */
export const notificationEndpoints = {
  list: post('/api/notification/list', {
    auth: 'user',
    tag,
    input: NotificationListBodySchema,
    data: NotificationListDataSchema,
  }),
  unread: post('/api/notification/unread', {
    auth: 'user',
    tag,
    input: EmptySchema.optional(),
    data: UnreadDataSchema,
  }),
  read: post('/api/notification/read', {
    auth: 'user',
    tag,
    input: NotificationReadBodySchema,
    data: UnreadDataSchema,
  }),
  readAll: post('/api/notification/readAll', {
    auth: 'user',
    tag,
    input: EmptySchema.optional(),
    data: UnreadDataSchema,
  }),
  settings: post('/api/notification/settings', {
    auth: 'user',
    tag,
    input: EmptySchema.optional(),
    data: NotificationSettingsDataSchema,
  }),
  saveSettings: post('/api/notification/settings/save', {
    auth: 'user',
    tag,
    input: NotificationSettingsSchema,
    data: NotificationSettingsDataSchema,
    message: 'ok.saved',
  }),
};

/** Web Push (issue 29 §2): the VAPID key for anyone, a browser's subscription for the signed-in user. */
export const pushEndpoints = {
  key: post('/api/push/key', { auth: 'none', tag: 'push', input: EmptySchema.optional(), data: PushKeyDataSchema }),
  subscribe: post('/api/push/subscribe', {
    auth: 'user',
    tag: 'push',
    input: PushSubscribeBodySchema,
    data: EmptySchema,
  }),
  unsubscribe: post('/api/push/unsubscribe', {
    auth: 'user',
    tag: 'push',
    input: PushUnsubscribeBodySchema,
    data: EmptySchema,
  }),
};
