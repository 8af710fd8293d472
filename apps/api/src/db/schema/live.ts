import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './users';
import { devices } from './devices';

/** Live-room comments. The bigserial id is the comment's sequence number (increasing within every room). */
export const liveComments = pgTable(
  'live_comments',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    deviceId: text('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('live_comments_room_idx').on(t.deviceId, t.id)],
);

/** Users following live rooms. */
export const liveFollows = pgTable(
  'live_follows',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceId: text('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.deviceId] }), index('live_follows_device_idx').on(t.deviceId)],
);

/** Fan-group members of a live room; the level is derived from the points (contracts `fanLevel`). */
export const fanMembers = pgTable(
  'fan_members',
  {
    deviceId: text('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    points: integer('points').notNull().default(0),
    /** The day (YYYY-MM-DD, UTC) of the last visit point, and the comment points earned that day. */
    pointsDay: text('points_day').notNull().default(''),
    commentPointsToday: integer('comment_points_today').notNull().default(0),
    joinedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.userId] }), index('fan_members_points_idx').on(t.deviceId, t.points)],
);

/** Problem reports about a device, from its live room. */
export const problemReports = pgTable(
  'problem_reports',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceId: text('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    status: text('status', { enum: ['open', 'resolved'] })
      .notNull()
      .default('open'),
    /** The resolution note (the console's report queue). */
    remark: text('remark').notNull().default(''),
    createdAt: createdAt(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    /** The admin who resolved it. */
    resolvedBy: integer('resolved_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('problem_reports_status_idx').on(t.status, t.createdAt),
    index('problem_reports_device_idx').on(t.deviceId),
  ],
);

/** Clips of live streams (Record): the last ~15 s cut on the server, private until published. */
export const liveClips = pgTable(
  'live_clips',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceId: text('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    durationMs: integer('duration_ms').notNull(),
    bytes: integer('bytes').notNull(),
    published: boolean('published').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('live_clips_device_idx').on(t.deviceId, t.published, t.createdAt),
    index('live_clips_user_idx').on(t.userId),
  ],
);
