import { sql, type SQL } from 'drizzle-orm';
import type { NotificationKind } from '@petheart/contracts';
import { arrayOf } from '../../db/one-statement';
import { recordset } from '../../db/rows';
import {
  bases,
  cashouts,
  deviceAlerts,
  devices,
  feeds,
  liveFollows,
  notifications,
  posts,
  problemReports,
  supportApplications,
  supportEvents,
  supportGifts,
  supportItems,
  users,
} from '../../db/schema';
import type { NotificationParams } from './ports';

/**
 * The fan-out's statements (issue 29 §1): whoever the readers are (a list of users, a room's followers, an
 * event's supporters, the admins), their notifications are written by `INSERT … SELECT`, the readers given as
 * one array parameter or selected by the statement itself, never one statement or one parameter per reader. A
 * dedupe key makes a repeated fan-out write nothing twice (ON CONFLICT (user_id, dedupe_key) DO NOTHING). Each
 * source below is a SELECT of (user_id, kind, params, link, dedupe_key). Sources with one row per reader can be
 * written in chunks of readers (fanOutChunk: 10,000 followers are ten statements of 1,000), so that on the
 * embedded database, whose one thread also takes the feeds, no fan-out holds it for long.
 */

/** What every reader of one fan-out gets. */
export interface NotificationSpec {
  kind: NotificationKind;
  params: NotificationParams;
  link: string;
  /** One row per reader for the same happening; none: always written. */
  dedupeKey?: string | undefined;
}

/** The INSERT of a source's rows, answering the rows it wrote (not those a dedupe key kept out). */
export function fanOutInsert(source: SQL, createdAt: Date): SQL {
  return sql`INSERT INTO ${notifications} (user_id, kind, params, link, dedupe_key, created_at)
    SELECT r.user_id, r.kind, r.params, r.link, r.dedupe_key, ${createdAt.toISOString()}::timestamptz
      FROM (${source}) AS r(user_id, kind, params, link, dedupe_key)
    ON CONFLICT (user_id, dedupe_key) DO NOTHING
    RETURNING id, user_id, kind, params, link, created_at`;
}

/**
 * One chunk of a source with one row per reader: its readers after `afterUserId` (by id), at most `limit`,
 * written. Answers the rows written, each with the chunk's last reader and size (one row of nulls but those when
 * it wrote none): the next chunk starts after that reader; a chunk smaller than `limit` is the last.
 */
export function fanOutChunk(source: SQL, createdAt: Date, afterUserId: number, limit: number): SQL {
  return sql`WITH chunk AS MATERIALIZED (
      SELECT * FROM (${source}) AS r(user_id, kind, params, link, dedupe_key)
      WHERE r.user_id > ${afterUserId}::int ORDER BY r.user_id LIMIT ${limit}::int),
    written AS (INSERT INTO ${notifications} (user_id, kind, params, link, dedupe_key, created_at)
      SELECT c.user_id, c.kind, c.params, c.link, c.dedupe_key, ${createdAt.toISOString()}::timestamptz FROM chunk c
      ON CONFLICT (user_id, dedupe_key) DO NOTHING
      RETURNING id, user_id, kind, params, link, created_at)
    SELECT w.*, s.chunk_last, s.chunk_size
      FROM (SELECT max(user_id) AS chunk_last, count(*)::int AS chunk_size FROM chunk) s
      LEFT JOIN written w ON true`;
}

/** The same notification for each of these users (each once; ids of users that no longer exist are skipped). */
export function toUsers(userIds: readonly number[], n: NotificationSpec): SQL {
  return sql`SELECT u.id, ${n.kind}::text, ${JSON.stringify(n.params)}::jsonb, ${n.link}::text,
      ${n.dedupeKey ?? null}::text
    FROM ${users} u WHERE u.id = ANY(${arrayOf(userIds, 'int')})`;
}

/** A notification of its own for each reader (one JSON parameter for them all), written in the order given. */
export function toEach(items: readonly (NotificationSpec & { userId: number })[]): SQL {
  const rows = items.map((i) => ({
    user_id: i.userId,
    kind: i.kind,
    params: i.params,
    link: i.link,
    dedupe_key: i.dedupeKey ?? null,
  }));
  return sql`SELECT v.user_id, v.kind, v.params, v.link, v.dedupe_key
    FROM ROWS FROM (jsonb_to_recordset(${recordset(rows)}::jsonb)
        AS (user_id int, kind text, params jsonb, link text, dedupe_key text))
      WITH ORDINALITY AS v(user_id, kind, params, link, dedupe_key, n)
    WHERE EXISTS (SELECT 1 FROM ${users} u WHERE u.id = v.user_id)
    ORDER BY v.n`;
}

/** The app route of a device's live room. */
export const liveRoomLink = (deviceId: string) => `/pages/live/live?device_id=${encodeURIComponent(deviceId)}`;

/** Everyone who follows a device's room: it is live again (params: the device's name). */
export function roomFollowers(deviceId: string, dedupeKey: string): SQL {
  return sql`SELECT f.user_id, 'room_online', jsonb_build_object('device', d.name), ${liveRoomLink(deviceId)}::text,
      ${dedupeKey}::text
    FROM ${liveFollows} f JOIN ${devices} d ON d.id = f.device_id
    WHERE f.device_id = ${deviceId}::text`;
}

/**
 * Everyone who gave to a support event (given by its id, or by one of its items'), once each, when every one of
 * its items has reached its target (else no row): the statement checks the goal itself, so calling it after every
 * gift costs one statement that writes nothing until the last point arrives; the key `goal:<event>` writes the
 * rows once.
 */
export function eventSupporters(of: { eventId: number } | { itemId: number }): SQL {
  const event =
    'eventId' in of
      ? sql`${of.eventId}::int`
      : sql`(SELECT i.event_id FROM ${supportItems} i WHERE i.id = ${of.itemId}::int)`;
  return sql`SELECT DISTINCT g.user_id, 'support_goal', jsonb_build_object('title', e.title),
      '/pages/beneficence/detail?id=' || e.id::text, 'goal:' || e.id::text
    FROM ${supportEvents} e JOIN ${supportGifts} g ON g.event_id = e.id
    WHERE e.id = ${event}
      AND EXISTS (SELECT 1 FROM ${supportItems} i WHERE i.event_id = e.id)
      AND NOT EXISTS (SELECT 1 FROM ${supportItems} i WHERE i.event_id = e.id AND i.completed < i.target)`;
}

/** The owners of these feeds that failed (their hold voided: the coins are back), one row per feed. */
export function refundedFeeds(feedIds: readonly string[]): SQL {
  return sql`SELECT f.user_id, 'feed_refunded', jsonb_build_object('device', d.name, 'coins', f.coins),
      '/pages/history/history', 'refund:' || f.id::text
    FROM ${feeds} f JOIN ${devices} d ON d.id = f.device_id
    WHERE f.id = ANY(${arrayOf(feedIds, 'uuid')}) AND f.status = 'failed'`;
}

/** The operator of each alert's base: a station offline (feeder or camera), its hopper low, a jam. */
export function alertOperators(alertIds: readonly number[]): SQL {
  return sql`SELECT b.operator_id,
      CASE a.kind WHEN 'jam' THEN 'station_jam' WHEN 'hopper_low' THEN 'station_hopper_low'
        ELSE 'station_offline' END,
      jsonb_build_object('device', d.name,
        'detail', CASE a.kind WHEN 'camera_offline' THEN 'camera' ELSE 'feeder' END,
        'grams', COALESCE((a.detail->>'grams')::int, d.food_stock)),
      '/pages/manage/manage', 'alert:' || a.id::text
    FROM ${deviceAlerts} a JOIN ${devices} d ON d.id = a.device_id JOIN ${bases} b ON b.id = d.base_id
    WHERE a.id = ANY(${arrayOf(alertIds, 'int')}) AND b.operator_id IS NOT NULL`;
}

/**
 * Every admin (not disabled) when something waits in the review queues: pending posts, open problem reports,
 * pending support applications, cash-outs not reviewed yet (params: the four counts). No row when all are empty.
 */
export function waitingReviews(dedupeKey: string): SQL {
  return sql`SELECT u.id, 'review_queue',
      jsonb_build_object('posts', c.posts, 'reports', c.reports, 'applications', c.applications,
        'cashouts', c.cashouts),
      '/admin', ${dedupeKey}::text
    FROM ${users} u CROSS JOIN (SELECT
      (SELECT count(*) FROM ${posts} WHERE status = 'ped')::int AS posts,
      (SELECT count(*) FROM ${problemReports} WHERE status = 'open')::int AS reports,
      (SELECT count(*) FROM ${supportApplications} WHERE status = 0)::int AS applications,
      (SELECT count(*) FROM ${cashouts} WHERE status IN ('applying', 'under_review'))::int AS cashouts) c
    WHERE 'admin' = ANY(u.roles) AND u.status = 'normal'
      AND c.posts + c.reports + c.applications + c.cashouts > 0`;
}
