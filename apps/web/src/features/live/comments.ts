import type { LiveComment } from '@petheart/contracts';

/** Comments kept in memory (the newest ones). */
export const MAX_COMMENTS = 200;
/** History shown on open. */
export const HISTORY_LIMIT = 50;
/** The API's largest page: a gap wider than this reloads the newest comments instead of catching up. */
export const CATCH_UP_LIMIT = 100;

/** The highest sequence number in a list (0 when empty). */
export function lastSeq(list: readonly LiveComment[]): number {
  return list.reduce((max, c) => Math.max(max, c.seq), 0);
}

/**
 * Merges comments (from history, a catch-up, the socket or a send) into the list: one per seq, oldest first,
 * the newest `max` kept. With `replace`, the current list gives way to `incoming` except for comments newer
 * than all of it (pushed by the socket while the request was on its way).
 */
export function mergeComments(
  current: readonly LiveComment[],
  incoming: readonly LiveComment[],
  { replace = false, max = MAX_COMMENTS }: { replace?: boolean; max?: number } = {},
): LiveComment[] {
  const newestIncoming = lastSeq(incoming);
  const kept = replace ? current.filter((c) => c.seq > newestIncoming) : current;
  const bySeq = new Map<number, LiveComment>();
  for (const c of kept) bySeq.set(c.seq, c);
  for (const c of incoming) bySeq.set(c.seq, c);
  const merged = [...bySeq.values()].sort((a, b) => a.seq - b.seq);
  return merged.length > max ? merged.slice(merged.length - max) : merged;
}

/**
 * The seq up to which the list is complete after a list answer: a short page (or the newest page) covers
 * everything up to the room's newest seq at that moment; a full catch-up page only up to its own last comment.
 */
export function confirmedSeq(
  before: number,
  query: { limit: number; replace: boolean },
  data: { list: readonly LiveComment[]; latest_seq: number },
): number {
  const full = !query.replace && data.list.length >= query.limit;
  const upTo = full ? lastSeq(data.list) : Math.max(data.latest_seq, lastSeq(data.list));
  return query.replace ? upTo : Math.max(before, upTo);
}

/** What to ask liveEndpoints.commentList for; null = nothing is missing. */
export interface CatchUp {
  after_seq?: number;
  limit: number;
  /** The answer replaces the list (newest comments) instead of extending it. */
  replace: boolean;
}

/**
 * After (re)joining the room: without a first history yet, the newest comments; when the room's newest seq
 * is known and not beyond the confirmed one, nothing (with `feeds`, still the catch-up after the confirmed
 * seq: the room's feeds since then come with it, and a join never tells whether any were missed); a small
 * gap, everything after the confirmed seq; a gap wider than one page, the newest comments again. `lastSeq` is
 * the confirmed seq (see confirmedSeq).
 */
export function catchUpQuery(
  state: { lastSeq: number; loaded: boolean },
  latestSeq?: number,
  { feeds = false }: { feeds?: boolean } = {},
): CatchUp | null {
  if (!state.loaded) return { limit: HISTORY_LIMIT, replace: true };
  if (latestSeq !== undefined && latestSeq <= state.lastSeq) {
    return feeds ? { after_seq: state.lastSeq, limit: CATCH_UP_LIMIT, replace: false } : null;
  }
  if (latestSeq !== undefined && latestSeq - state.lastSeq > CATCH_UP_LIMIT) {
    return { limit: HISTORY_LIMIT, replace: true };
  }
  return { after_seq: state.lastSeq, limit: CATCH_UP_LIMIT, replace: false };
}
