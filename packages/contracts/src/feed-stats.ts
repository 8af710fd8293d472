import { z } from 'zod';
import { BooleanSchema, IntSchema, StringSchema } from './fields';
import { LOCALES } from './locale-tags';

/**
 * What the feeds add up to (PRODUCT.md §7, decision 012): the user's feeding calendar, the leaderboard and
 * the certificate. Every figure counts acknowledged feeds only (status succeeded: the device said it
 * dispensed, grams > 0), with the grams the device measured.
 */

/** An IANA zone name as Intl and PostgreSQL know them (never a bare offset such as "+09:00"). */
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/;

/** Whether `name` is a time zone this runtime knows (IANA, through Intl). */
export function isKnownTimeZone(name: string): boolean {
  if (!ZONE_NAME.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/**
 * The user's time zone, for what "a day" and "this week" mean: an IANA zone (`tz`, e.g. "Asia/Tokyo",
 * preferred: it knows daylight saving) or the offset in minutes east of UTC (`tz_offset`, e.g. 540 for
 * UTC+9; the server uses it when it does not know the zone). Neither: UTC.
 */
export const TimeZoneFieldsSchema = z.object({
  tz: z.string({ error: 'v.invalid' }).trim().refine(isKnownTimeZone, { error: 'v.invalid' }).optional(),
  tz_offset: z
    .number({ error: 'v.invalid' })
    .int({ error: 'v.invalid' })
    .min(-840, { error: 'v.invalid' })
    .max(840, { error: 'v.invalid' })
    .optional(),
});
export type TimeZoneFields = z.infer<typeof TimeZoneFieldsSchema>;

/** The browser's zone as these fields: its IANA name when it has a usable one, and its offset now. */
export function clientTimeZone(now: Date = new Date()): TimeZoneFields {
  const name = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const offset = 0 - now.getTimezoneOffset(); // never -0
  return typeof name === 'string' && isKnownTimeZone(name) ? { tz: name, tz_offset: offset } : { tz_offset: offset };
}

// ---- POST /api/feed/calendar (login needed): the days of a month the user fed ----

/** A month as YYYY-MM. */
export const MonthSchema = z
  .string({ error: 'v.invalid' })
  .regex(/^(19[7-9]\d|2\d{3})-(0[1-9]|1[0-2])$/, { error: 'v.invalid' });

export const FeedCalendarBodySchema = TimeZoneFieldsSchema.extend({ month: MonthSchema });
export type FeedCalendarBody = z.infer<typeof FeedCalendarBodySchema>;

export const FeedCalendarDaySchema = z.object({
  /** The day in the user's zone, YYYY-MM-DD. */
  date: StringSchema,
  /** Grams the devices measured for the user's feeds that day. */
  grams: IntSchema,
  /** Acknowledged feeds that day. */
  feeds: IntSchema,
});
export type FeedCalendarDay = z.infer<typeof FeedCalendarDaySchema>;

export const FeedCalendarDataSchema = z.object({
  month: StringSchema,
  /** Only the days with a feed, in date order. */
  days: z.array(FeedCalendarDaySchema),
  total_grams: IntSchema,
});
export type FeedCalendarData = z.infer<typeof FeedCalendarDataSchema>;

// ---- POST /api/feed/leaderboard (anyone; with a token the caller's own figure too) ----

/** today and week start at midnight (Monday for the week) in the caller's zone; all = since the start. */
export const LEADERBOARD_PERIODS = ['today', 'week', 'all'] as const;
export const LeaderboardPeriodSchema = z.enum(LEADERBOARD_PERIODS, { error: 'v.invalid' });
export type LeaderboardPeriod = z.infer<typeof LeaderboardPeriodSchema>;
/** The board shows this many feeders. */
export const LEADERBOARD_SIZE = 10;

export const LeaderboardBodySchema = TimeZoneFieldsSchema.extend({
  period: LeaderboardPeriodSchema.default('today'),
});
export type LeaderboardBody = z.infer<typeof LeaderboardBodySchema>;

export const LeaderboardEntrySchema = z.object({
  /** 1-based; feeders with the same grams share a rank (1, 2, 2, 4). */
  rank: IntSchema,
  nickname: StringSchema,
  /** The user's avatar path or URL ("" = none). */
  avatar: StringSchema,
  grams: IntSchema,
  /** The caller. */
  me: BooleanSchema,
});
export type LeaderboardEntry = z.infer<typeof LeaderboardEntrySchema>;

export const LeaderboardDataSchema = z.object({
  period: LeaderboardPeriodSchema,
  /** When the period began (unix seconds); null for all time. */
  since: IntSchema.nullable(),
  list: z.array(LeaderboardEntrySchema),
  /** The caller's grams in the period and rank when on the board (null rank: below it); null for tourists. */
  mine: z.object({ rank: IntSchema.nullable(), grams: IntSchema }).nullable(),
});
export type LeaderboardData = z.infer<typeof LeaderboardDataSchema>;

// ---- POST /api/feed/certificate (login needed) ----

export const FeedCertificateSchema = z.object({
  nickname: StringSchema,
  avatar: StringSchema,
  /** Registration (unix seconds). */
  joined_at: IntSchema,
  /** Days since registration, the day of registration being day 1. */
  days_joined: IntSchema,
  /** The animal counts of the distinct bases the user's acknowledged feeds reached, added up. */
  animals_helped: IntSchema,
  /** Grams the devices measured for the user's acknowledged feeds. */
  grams: IntSchema,
  /** Acknowledged feeds, and the distinct bases they reached. */
  feeds: IntSchema,
  bases: IntSchema,
  /** The first acknowledged feed (unix seconds); null before any. */
  first_fed_at: IntSchema.nullable(),
});
export type FeedCertificate = z.infer<typeof FeedCertificateSchema>;

// ---- The certificate's public link (issue 29 §4) ----

/** The web app's public certificate page: `/pages/public/certificate?id=…` (anyone, no login). */
export const PUBLIC_CERTIFICATE_PAGE = '/pages/public/certificate';

/**
 * A certificate link's id: 22 base64url characters the server derives from the user (encrypted and
 * authenticated with its key), so it names nobody to anyone else and cannot be guessed.
 */
export const CertificateLinkIdSchema = StringSchema.regex(/^[A-Za-z0-9_-]{22}$/, { error: 'v.invalid' });

/** POST /api/feed/certificate/link (login needed): the id of the user's public certificate link. */
export const CertificateLinkDataSchema = z.object({ id: CertificateLinkIdSchema });
export type CertificateLinkData = z.infer<typeof CertificateLinkDataSchema>;

/** POST /api/feed/certificate/public (anyone). */
export const PublicCertificateBodySchema = z.object({ id: CertificateLinkIdSchema });

/** What a shared certificate shows: the nickname and the certificate's three figures, nothing else. */
export const PublicCertificateSchema = FeedCertificateSchema.pick({
  nickname: true,
  days_joined: true,
  animals_helped: true,
  grams: true,
});
export type PublicCertificate = z.infer<typeof PublicCertificateSchema>;

/** GET /api/feed/certificate/image (anyone): the certificate as a PNG for link previews, in `lang`. */
export const CertificateImageQuerySchema = z.object({
  id: CertificateLinkIdSchema,
  lang: z.enum(LOCALES).optional(),
});
export type CertificateImageQuery = z.infer<typeof CertificateImageQuerySchema>;
