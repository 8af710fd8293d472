import { z } from 'zod';
import { BooleanSchema, IntSchema, StringSchema } from './fields';
import { PageQuerySchema, pagedList } from './envelope';
import { LocaleSchema } from './locales';

/**
 * The notification centre (issue 29 §1). A notification is stored as a kind and its params, and rendered in
 * the reader's language (the `notify` message namespace: `notify.<kind>.title` / `.body`, placeholders from
 * params) when listed, sent over the socket or pushed. `link` is the app route it opens.
 */
export const NOTIFICATION_KINDS = [
  /** Your post was approved / rejected (params: title, reason). */
  'post_approved',
  'post_rejected',
  /** Your cash-out changed status (params: status, amount). */
  'cashout_status',
  /** Your support application was reviewed (params: name, status, reason). */
  'support_reviewed',
  /** An event you supported reached its goal (params: title). */
  'support_goal',
  /** A feed failed and its coins came back (params: device, coins). */
  'feed_refunded',
  /** A room you follow is live again (params: device). */
  'room_online',
  /** Operators: a station offline for 5 minutes, its hopper low, a jam (params: device, detail). */
  'station_offline',
  'station_hopper_low',
  'station_jam',
  /** Admins: items waiting in the review queues (params: posts, reports, applications, cashouts). */
  'review_queue',
] as const;
export const NotificationKindSchema = z.enum(NOTIFICATION_KINDS);
export type NotificationKind = z.infer<typeof NotificationKindSchema>;

/** Kinds only operators receive (and may also get by e-mail); kinds only admins receive. */
export const OPERATOR_NOTIFICATION_KINDS = ['station_offline', 'station_hopper_low', 'station_jam'] as const;
export const ADMIN_NOTIFICATION_KINDS = ['review_queue'] as const;

export const NotificationSchema = z.object({
  id: IntSchema,
  kind: NotificationKindSchema,
  /** Rendered in the reader's language. */
  title: StringSchema,
  body: StringSchema,
  /** The app route it opens (`/pages/...`), or '' for none. */
  link: StringSchema,
  read: BooleanSchema,
  /** Unix seconds. */
  created_at: IntSchema,
});
export type Notification = z.infer<typeof NotificationSchema>;

export const NotificationListBodySchema = PageQuerySchema;
export const NotificationListDataSchema = pagedList(NotificationSchema).extend({ unread: IntSchema });
export type NotificationListData = z.infer<typeof NotificationListDataSchema>;

export const UnreadDataSchema = z.object({ unread: IntSchema });
export type UnreadData = z.infer<typeof UnreadDataSchema>;

/** Mark some read (ids, at most one page's worth). */
export const NotificationReadBodySchema = z.object({
  ids: z
    .array(z.number({ error: 'v.invalid' }).int().min(1).max(Number.MAX_SAFE_INTEGER))
    .min(1)
    .max(100),
});

/** Minutes of the day, 0..1439. */
const minuteOfDay = z.number({ error: 'v.invalid' }).int().min(0).max(1439);

/** A user's delivery choices (issue 29 §2). */
export const NotificationSettingsSchema = z.object({
  /** Kinds pushed to this user's browsers (none until they opt in). */
  push_kinds: z.array(NotificationKindSchema).max(NOTIFICATION_KINDS.length),
  /** Kinds also sent by e-mail (operators' station alerts only). */
  email_kinds: z.array(NotificationKindSchema).max(NOTIFICATION_KINDS.length),
  /** Quiet hours (no push), minutes of the day in `time_zone`; both null for none. */
  quiet_start: minuteOfDay.nullable(),
  quiet_end: minuteOfDay.nullable(),
  /** IANA time zone of the quiet hours (the browser's). */
  time_zone: StringSchema.trim().min(1).max(64),
  /** Language of pushes and e-mails. */
  lang: LocaleSchema,
});
export type NotificationSettings = z.infer<typeof NotificationSettingsSchema>;
/** What Settings shows: the choices, and which kinds this user can receive at all (by role). */
export const NotificationSettingsDataSchema = NotificationSettingsSchema.extend({
  available_kinds: z.array(NotificationKindSchema),
  /** Whether the account has an e-mail address (e-mail alerts need one). */
  has_email: BooleanSchema,
});
export type NotificationSettingsData = z.infer<typeof NotificationSettingsDataSchema>;

// ---- Web Push (RFC 8030 / 8291, VAPID RFC 8292) ----

export const PushKeyDataSchema = z.object({
  /** The VAPID public key (base64url, uncompressed P-256 point): the browser's applicationServerKey. */
  public_key: StringSchema,
});
/** PushSubscription.toJSON() as the browser gives it, plus the app's language. */
export const PushSubscribeBodySchema = z.object({
  endpoint: z.url({ protocol: /^https?$/, error: 'v.invalid' }).max(2000),
  keys: z.object({
    p256dh: StringSchema.min(1).max(200),
    auth: StringSchema.min(1).max(100),
  }),
  lang: LocaleSchema.optional(),
});
export type PushSubscribeBody = z.infer<typeof PushSubscribeBodySchema>;
export const PushUnsubscribeBodySchema = z.object({ endpoint: StringSchema.min(1).max(2000) });

/** What a push message carries (JSON, encrypted aes128gcm): the service worker shows it and opens `link`. */
export const PushPayloadSchema = z.object({
  id: IntSchema,
  kind: NotificationKindSchema,
  title: StringSchema,
  body: StringSchema,
  link: StringSchema,
  /** The app's icon and badge (absolute paths). */
  icon: StringSchema.optional(),
});
export type PushPayload = z.infer<typeof PushPayloadSchema>;

/** Socket event `notification` (namespace /live, to the user's own sockets): the new one and the unread count. */
export const NotificationEventSchema = z.object({ notification: NotificationSchema, unread: IntSchema });
export type NotificationEvent = z.infer<typeof NotificationEventSchema>;

/** Socket event `notification_unread` (to the user's own sockets): the count after some were read elsewhere. */
export const NotificationUnreadEventSchema = z.object({ unread: IntSchema.nonnegative() });
