import { describe, expect, it } from 'vitest';
import type { LiveComment, LiveFeedLine } from '@petheart/contracts';
import { chatItems, heardLine, historyLines, mergeFeedLines, type ChatItem } from './chat-lines';

const T = 1_700_000_000;
function c(seq: number, at: number): LiveComment {
  return {
    seq,
    device_id: 'PH-0001',
    user_id: 1,
    nickname: 'Mia',
    avatar: '',
    fan_level: null,
    content: `c${String(seq)}`,
    created_at: at,
  };
}
const line = (id: string, at: number, over: Partial<LiveFeedLine> = {}): LiveFeedLine => ({
  feed_id: id,
  device_id: 'PH-0001',
  nickname: 'Leo',
  grams: 10,
  fed_at: at,
  ...over,
});
const labels = (items: ChatItem[]) =>
  items.map((i) => (i.kind === 'comment' ? `c${String(i.comment.seq)}` : i.line.feed_id));

describe('chat lines: feeds among the comments', () => {
  it('merges history feeds with the comments by time, a comment first within its second', () => {
    const comments = [c(1, T), c(2, T + 10), c(3, T + 20)];
    const feeds = historyLines([line('f-a', T + 5), line('f-b', T + 20), line('f-c', T + 30)]);
    expect(labels(chatItems(comments, feeds))).toEqual(['c1', 'f-a', 'c2', 'c3', 'f-b', 'f-c']);
    expect(labels(chatItems([], feeds))).toEqual(['f-a', 'f-b', 'f-c']);
    expect(labels(chatItems(comments, []))).toEqual(['c1', 'c2', 'c3']);
  });

  it('a feed heard live goes after everything shown, whatever this device’s clock says', () => {
    const comments = [c(1, T), c(2, T + 10)];
    const shown = { comments, feeds: historyLines([line('f-a', T + 15)]) };
    // The device's clock is an hour behind the server's.
    const heard = heardLine(line('f-b', 0), shown, T - 3600);
    expect(heard.heard).toBe(true);
    const feeds = mergeFeedLines(shown.feeds, [heard]);
    // A comment of a later second comes after it.
    expect(labels(chatItems([...comments, c(3, T + 16)], feeds))).toEqual(['c1', 'c2', 'f-a', 'f-b', 'c3']);
    // An empty chat: the device's time.
    expect(heardLine(line('f-c', 0), { comments: [], feeds: [] }, T).at).toBe(T);
  });

  it('one line per feed: a heard line never replaces one shown; history replaces a heard one with its time', () => {
    const shown = { comments: [c(1, T)], feeds: [] };
    const heard = heardLine(line('f-a', 0), shown, T);
    let feeds = mergeFeedLines([], [heard]);
    // The same feed heard again (its event after the viewer's own poll): still one line, where it was.
    feeds = mergeFeedLines(feeds, [heardLine(line('f-a', 0), { ...shown, feeds }, T)]);
    expect(feeds).toEqual([heard]);
    // A history reload names it with the server's time.
    feeds = mergeFeedLines(feeds, historyLines([line('f-a', T - 2)]));
    expect(feeds).toEqual([{ ...line('f-a', T - 2), at: T - 2, heard: false }]);
    // Heard again after history: nothing moves.
    expect(mergeFeedLines(feeds, [heardLine(line('f-a', 0), { ...shown, feeds }, T)])).toEqual(feeds);
  });

  it('keeps the newest lines only', () => {
    const many = historyLines(Array.from({ length: 6 }, (_, i) => line(`f-${String(i)}`, T + i)));
    expect(mergeFeedLines([], many, 3).map((f) => f.feed_id)).toEqual(['f-3', 'f-4', 'f-5']);
  });
});
