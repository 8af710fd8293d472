import type { LiveComment, LiveFeedLine } from '@petheart/contracts';

/** Feed lines kept in memory (the newest ones). */
export const MAX_FEED_LINES = 100;

/**
 * A feed as a lasting line of the room's chat (issue 28 §2). `at` places it among the comments: the server's
 * `fed_at` once a history answer has named it; for a feed heard live (its `fed` event, or the viewer's own
 * feed ending) just after the newest line shown then, since this device's clock is not the server's and the
 * line arrived after everything shown. `heard` until a history answer confirms it.
 */
export interface FeedLine extends LiveFeedLine {
  at: number;
  heard: boolean;
}

/** What the chat shows, oldest first. */
export type ChatItem = { kind: 'comment'; comment: LiveComment } | { kind: 'feed'; line: FeedLine };

/** A heard line goes this far (seconds) after the newest line shown: before any comment of a later second. */
const HEARD_STEP = 0.001;

/** Feed lines from a history answer (the server's time). */
export function historyLines(feeds: readonly LiveFeedLine[]): FeedLine[] {
  return feeds.map((f) => ({ ...f, at: f.fed_at, heard: false }));
}

/** The newest time the chat shows (undefined when it shows nothing). */
function newestAt(comments: readonly LiveComment[], feeds: readonly FeedLine[]): number | undefined {
  let newest: number | undefined;
  for (const c of comments) newest = Math.max(newest ?? c.created_at, c.created_at);
  for (const f of feeds) newest = Math.max(newest ?? f.at, f.at);
  return newest;
}

/** A feed heard live, placed after everything the chat shows (at `nowSeconds` when it shows nothing). */
export function heardLine(
  feed: Omit<LiveFeedLine, 'fed_at'>,
  shown: { comments: readonly LiveComment[]; feeds: readonly FeedLine[] },
  nowSeconds: number,
): FeedLine {
  const newest = newestAt(shown.comments, shown.feeds);
  const at = newest === undefined ? nowSeconds : newest + HEARD_STEP;
  return {
    feed_id: feed.feed_id,
    device_id: feed.device_id,
    nickname: feed.nickname,
    grams: feed.grams,
    fed_at: Math.floor(at),
    at,
    heard: true,
  };
}

/**
 * Merges feed lines: one per feed_id (the same feed arrives by its event, by the viewer's own poll and by
 * history reloads). A history line replaces whatever was there (its time is the server's); a heard line
 * never replaces one already shown. Oldest first, the newest `max` kept.
 */
export function mergeFeedLines(
  current: readonly FeedLine[],
  incoming: readonly FeedLine[],
  max = MAX_FEED_LINES,
): FeedLine[] {
  const byId = new Map<string, FeedLine>();
  for (const f of current) byId.set(f.feed_id, f);
  for (const f of incoming) if (!f.heard || !byId.has(f.feed_id)) byId.set(f.feed_id, f);
  const merged = [...byId.values()].sort((a, b) => a.at - b.at || a.feed_id.localeCompare(b.feed_id));
  return merged.length > max ? merged.slice(merged.length - max) : merged;
}

/**
 * Comments (in seq order) and feed lines (in time order) as one list by time; a comment and a feed of the
 * same second keep the comment first.
 */
export function chatItems(comments: readonly LiveComment[], feeds: readonly FeedLine[]): ChatItem[] {
  const items: ChatItem[] = [];
  let f = 0;
  for (const comment of comments) {
    for (let line = feeds[f]; line !== undefined && line.at < comment.created_at; line = feeds[f]) {
      items.push({ kind: 'feed', line });
      f += 1;
    }
    items.push({ kind: 'comment', comment });
  }
  for (const line of feeds.slice(f)) items.push({ kind: 'feed', line });
  return items;
}
