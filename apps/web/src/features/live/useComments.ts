import { useCallback, useEffect, useRef, useState } from 'react';
import type { CommentListData, LiveComment } from '@petheart/contracts';
import type { LiveApi } from './api';
import { catchUpQuery, confirmedSeq, mergeComments } from './comments';

/** At most this many catch-up pages in a row before falling back to the newest comments. */
const MAX_CATCH_UP_PAGES = 3;

/**
 * The room's comments: history on open, socket pushes, and a catch-up after every (re)join so nothing sent
 * while the socket was away goes missing; one comment per seq, oldest first.
 *
 * `confirmed` is the seq up to which the list is known complete (from list answers only: a socket push
 * proves nothing about the comments before it), so a catch-up always starts there.
 */
export function useComments(deviceId: string, live: LiveApi) {
  const [comments, setComments] = useState<LiveComment[]>([]);
  const state = useRef({ lastSeq: 0, loaded: false });
  const queue = useRef<Promise<void>>(Promise.resolve());

  const apply = useCallback((incoming: readonly LiveComment[], replace = false) => {
    setComments((current) => mergeComments(current, incoming, { replace }));
  }, []);

  /** Fetches what is missing (serialized: a second sync waits for the first and sees its result). */
  const sync = useCallback(
    (latestSeq?: number) => {
      queue.current = queue.current.then(async () => {
        for (let page = 0; page < MAX_CATCH_UP_PAGES; page += 1) {
          const q = catchUpQuery(state.current, latestSeq);
          if (!q) return;
          let data: CommentListData;
          try {
            data = await live.comments(deviceId, q.after_seq === undefined ? { limit: q.limit } : q);
          } catch {
            return; // a background fetch: the next join tries again
          }
          state.current = { lastSeq: confirmedSeq(state.current.lastSeq, q, data), loaded: true };
          apply(data.list, q.replace);
          if (data.list.length < q.limit || q.replace) return;
        }
      });
      return queue.current;
    },
    [deviceId, live, apply],
  );

  useEffect(() => {
    state.current = { lastSeq: 0, loaded: false };
    // eslint-disable-next-line react-hooks/set-state-in-effect -- a new room starts with an empty list
    setComments([]);
    void sync();
  }, [sync]);

  const push = useCallback(
    (c: LiveComment) => {
      if (c.device_id === deviceId) apply([c]);
    },
    [deviceId, apply],
  );

  return { comments, push, sync };
}
