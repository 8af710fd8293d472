import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { CommentListData, LiveComment, LiveFeedLine } from '@petheart/contracts';
import type { LiveApi } from './api';
import { chatItems, heardLine, historyLines, mergeFeedLines, type FeedLine } from './chat-lines';
import { catchUpQuery, confirmedSeq, mergeComments } from './comments';

/** At most this many catch-up pages in a row before falling back to the newest comments. */
const MAX_CATCH_UP_PAGES = 3;

interface Chat {
  comments: LiveComment[];
  feeds: FeedLine[];
}
const EMPTY: Chat = { comments: [], feeds: [] };

/**
 * The room's chat: comments and the room's feeds as lasting lines (issue 28 §2). History on open, socket
 * pushes, and a catch-up after every (re)join so nothing sent while the socket was away goes missing; one
 * comment per seq and one feed line per feed_id, merged by time.
 *
 * `confirmed` is the seq up to which the list is known complete (from list answers only: a socket push
 * proves nothing about the comments before it), so a catch-up always starts there. A join always asks (its
 * ack tells the newest comment, not whether feeds were missed): the answer holds the feeds since that seq.
 */
export function useComments(deviceId: string, live: LiveApi) {
  const [chat, setChat] = useState<Chat>(EMPTY);
  const state = useRef({ lastSeq: 0, loaded: false });
  const queue = useRef<Promise<void>>(Promise.resolve());

  const apply = useCallback((incoming: readonly LiveComment[], replace = false) => {
    setChat((current) => ({ ...current, comments: mergeComments(current.comments, incoming, { replace }) }));
  }, []);

  const applyHistory = useCallback((data: CommentListData, replace: boolean) => {
    setChat((current) => ({
      comments: mergeComments(current.comments, data.list, { replace }),
      feeds: data.feeds.length > 0 ? mergeFeedLines(current.feeds, historyLines(data.feeds)) : current.feeds,
    }));
  }, []);

  /** Fetches what is missing (serialized: a second sync waits for the first and sees its result). */
  const sync = useCallback(
    (latestSeq?: number, { joined = false }: { joined?: boolean } = {}) => {
      queue.current = queue.current.then(async () => {
        for (let page = 0; page < MAX_CATCH_UP_PAGES; page += 1) {
          const q = catchUpQuery(state.current, latestSeq, { feeds: joined && page === 0 });
          if (!q) return;
          let data: CommentListData;
          try {
            data = await live.comments(deviceId, q.after_seq === undefined ? { limit: q.limit } : q);
          } catch {
            return; // a background fetch: the next join tries again
          }
          state.current = { lastSeq: confirmedSeq(state.current.lastSeq, q, data), loaded: true };
          applyHistory(data, q.replace);
          if (data.list.length < q.limit || q.replace) return;
        }
      });
      return queue.current;
    },
    [deviceId, live, applyHistory],
  );

  useEffect(() => {
    state.current = { lastSeq: 0, loaded: false };
    // eslint-disable-next-line react-hooks/set-state-in-effect -- a new room starts with an empty chat
    setChat(EMPTY);
    void sync();
  }, [sync]);

  const push = useCallback(
    (c: LiveComment) => {
      if (c.device_id === deviceId) apply([c]);
    },
    [deviceId, apply],
  );

  /** A feed heard live (the room's `fed` event, the viewer's own feed ending): shown once per feed. */
  const pushFeed = useCallback(
    (feed: Omit<LiveFeedLine, 'fed_at'>) => {
      if (feed.device_id !== deviceId) return;
      setChat((current) => ({
        ...current,
        feeds: mergeFeedLines(current.feeds, [heardLine(feed, current, Math.floor(Date.now() / 1000))]),
      }));
    },
    [deviceId],
  );

  const items = useMemo(() => chatItems(chat.comments, chat.feeds), [chat]);
  return { comments: chat.comments, items, push, pushFeed, sync };
}
