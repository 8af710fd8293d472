import { describe, expect, it } from 'vitest';
import { FAN_LEVEL_POINTS, FAN_POINTS, fanLevel } from '@petheart/contracts';
import { earnFanPoints, nextLevelPoints, toFanMembership, type FanPoints } from './fan-points';

const fresh: FanPoints = { points: 0, pointsDay: '', commentPointsToday: 0 };

describe('fan points', () => {
  it('a visit earns one point a day, once', () => {
    const first = earnFanPoints(fresh, 'visit', '2025-03-01');
    expect(first).toEqual({ points: FAN_POINTS.dailyVisit, pointsDay: '2025-03-01', commentPointsToday: 0 });
    if (!first) throw new Error('no points');
    expect(earnFanPoints(first, 'visit', '2025-03-01')).toBeNull();
    expect(earnFanPoints(first, 'visit', '2025-03-02')?.points).toBe(2 * FAN_POINTS.dailyVisit);
  });

  it('comments earn points up to the daily cap; a comment on a new day also counts as the visit', () => {
    let state = earnFanPoints(fresh, 'comment', '2025-03-01');
    expect(state).toEqual({
      points: FAN_POINTS.dailyVisit + FAN_POINTS.comment,
      pointsDay: '2025-03-01',
      commentPointsToday: FAN_POINTS.comment,
    });
    for (let i = 0; i < 30 && state; i++) state = earnFanPoints(state, 'comment', '2025-03-01') ?? state;
    expect(state?.commentPointsToday).toBe(FAN_POINTS.commentDailyCap);
    expect(state?.points).toBe(FAN_POINTS.dailyVisit + FAN_POINTS.commentDailyCap);
    // Capped: nothing changes any more today.
    if (!state) throw new Error('no state');
    expect(earnFanPoints(state, 'comment', '2025-03-01')).toBeNull();
    expect(earnFanPoints(state, 'visit', '2025-03-01')).toBeNull();
    // The next day the counter starts again.
    const next = earnFanPoints(state, 'comment', '2025-03-02');
    expect(next?.commentPointsToday).toBe(FAN_POINTS.comment);
    expect(next?.points).toBe(state.points + FAN_POINTS.dailyVisit + FAN_POINTS.comment);
  });

  it('a feed earns its points every time (it costs coins), and the day’s visit point with the first', () => {
    const first = earnFanPoints(fresh, 'feed', '2025-03-01');
    expect(first).toEqual({
      points: FAN_POINTS.dailyVisit + FAN_POINTS.feed,
      pointsDay: '2025-03-01',
      commentPointsToday: 0,
    });
    if (!first) throw new Error('no points');
    let state = first;
    for (let i = 0; i < 20; i++) state = earnFanPoints(state, 'feed', '2025-03-01') ?? state;
    expect(state.points).toBe(FAN_POINTS.dailyVisit + 21 * FAN_POINTS.feed);
  });

  it('levels grow with points, from 1 on joining to the top level', () => {
    expect(fanLevel(0)).toBe(1);
    expect(fanLevel(9)).toBe(1);
    expect(fanLevel(10)).toBe(2);
    expect(fanLevel(10_000)).toBe(FAN_LEVEL_POINTS.length);
    expect(nextLevelPoints(0)).toBe(10);
    expect(nextLevelPoints(10)).toBe(30);
    expect(nextLevelPoints(10_000)).toBeNull();
    const joined = new Date('2025-03-01T08:00:00Z');
    expect(toFanMembership({ points: 31, joinedAt: joined })).toEqual({
      level: 3,
      points: 31,
      next_level_points: 60,
      joined_at: joined.getTime() / 1000,
    });
  });
});
