import { FAN_LEVEL_POINTS, FAN_POINTS, fanLevel, type FanMembership } from '@petheart/contracts';
import { seconds } from '../../lib/time';

/** A member's point counters (fan_members: points, points_day, comment_points_today). */
export interface FanPoints {
  points: number;
  /** The UTC day (YYYY-MM-DD) of the member's last activity that earned points; '' before the first. */
  pointsDay: string;
  commentPointsToday: number;
}

export type FanActivity = 'visit' | 'comment' | 'feed';

/**
 * The counters after an activity. The first activity of a day earns the daily visit point (a comment means
 * the member is in the room); comments earn FAN_POINTS.comment each, up to commentDailyCap points a day;
 * a feed whose food fell earns FAN_POINTS.feed.
 * Answers null when nothing changes.
 */
export function earnFanPoints(current: FanPoints, activity: FanActivity, today: string): FanPoints | null {
  const newDay = current.pointsDay !== today;
  let points = current.points;
  let commentPointsToday = newDay ? 0 : current.commentPointsToday;
  if (newDay) points += FAN_POINTS.dailyVisit;
  if (activity === 'comment' && commentPointsToday < FAN_POINTS.commentDailyCap) {
    const earned = Math.min(FAN_POINTS.comment, FAN_POINTS.commentDailyCap - commentPointsToday);
    points += earned;
    commentPointsToday += earned;
  }
  if (activity === 'feed') points += FAN_POINTS.feed;
  if (!newDay && points === current.points) return null;
  return { points, pointsDay: today, commentPointsToday };
}

/** The points the next level needs; null at the top level. */
export function nextLevelPoints(points: number): number | null {
  return FAN_LEVEL_POINTS[fanLevel(points)] ?? null;
}

export function toFanMembership(m: { points: number; joinedAt: Date }): FanMembership {
  return {
    level: fanLevel(m.points),
    points: m.points,
    next_level_points: nextLevelPoints(m.points),
    joined_at: seconds(m.joinedAt),
  };
}
