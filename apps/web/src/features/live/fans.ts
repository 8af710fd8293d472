import { FAN_LEVEL_POINTS, type Clip, type FanMembership } from '@petheart/contracts';

/** Progress from the current level's threshold to the next one; null fields at the top level. */
export function fanProgress(m: Pick<FanMembership, 'level' | 'points' | 'next_level_points'>): {
  percent: number;
  toNext: number | null;
  nextLevel: number | null;
} {
  if (m.next_level_points === null) return { percent: 100, toNext: null, nextLevel: null };
  const floor = FAN_LEVEL_POINTS[m.level - 1] ?? 0;
  const span = m.next_level_points - floor;
  const percent = span > 0 ? Math.min(100, Math.max(0, ((m.points - floor) / span) * 100)) : 100;
  return { percent: Math.round(percent), toNext: Math.max(0, m.next_level_points - m.points), nextLevel: m.level + 1 };
}

/** A colour tier for a fan level badge: 1–3, 4–6, 7–9, 10+. */
export function levelTier(level: number): 1 | 2 | 3 | 4 {
  if (level >= 10) return 4;
  if (level >= 7) return 3;
  if (level >= 4) return 2;
  return 1;
}

/** Published clips of the room, newest first, one per id (the list answer and `clip` events). */
export function mergeClips(current: readonly Clip[], incoming: readonly Clip[], max = 20): Clip[] {
  const byId = new Map<string, Clip>();
  for (const c of [...current, ...incoming]) if (c.published) byId.set(c.id, c);
  return [...byId.values()].sort((a, b) => b.created_at - a.created_at || b.id.localeCompare(a.id)).slice(0, max);
}
