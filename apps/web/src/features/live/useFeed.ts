import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  feedEndpoints,
  isFeedSettled,
  type DevicePortion,
  type Feed,
  type FeedBody,
  type LiveDetail,
  type LiveServerEvent,
} from '@petheart/contracts';
import { ApiError, useApi } from '../../shared/api';
import { formatWeight } from '../../shared/format';
import { useLanguage, useMessage } from '../../shared/i18n';
import { useSession } from '../../shared/session';
import { toast } from '../../shared/ui';
import {
  EMPTY_INTENT,
  FEED_POLL_MAX_RETRIES,
  FEED_POLL_RETRY_MS,
  FEED_POLL_WAIT_MS,
  feedBlock,
  feedIntentReducer,
  feedView,
  isEnded,
  newIdempotencyKey,
  type FeedView,
} from './feed';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Feed, in one place: the offline checks (feeder first), the login gate, the portion sheet, the portion choice
 * and the idempotency key kept for retries of the same intent; `confirm` sends it (feedEndpoints.liveFeed), then
 * follows the feed (feedEndpoints.status, short long-polls) through the queue to its end, tells the user
 * ("Fed 10 g", or why and that nothing was charged) and refreshes the balance. Insufficient balance asks to
 * recharge instead of a toast. `onFed` hears of the user's own feed whose food fell (its line in the room's chat,
 * even when the room's event of it never arrives).
 */
export function useFeed(room: LiveDetail | undefined, ensureLogin: () => boolean, onFed?: (feed: Feed) => void) {
  const api = useApi();
  const message = useMessage();
  const { t } = useTranslation('live');
  const { locale } = useLanguage();
  const { refreshUser } = useSession();
  const [open, setOpen] = useState(false);
  const [sending, setSending] = useState(false);
  const [askRecharge, setAskRecharge] = useState(false);
  /** The feed being followed (null when none is open). */
  const [progress, setProgress] = useState<{ id: string; view: FeedView } | null>(null);
  const [intent, dispatch] = useReducer(feedIntentReducer, EMPTY_INTENT);
  /** When the user's own last feed ended with food fallen (Date.now()), for its replay (rewind.ts). */
  const [fedAt, setFedAt] = useState<number | null>(null);
  /** Bumped to stop the current follow (unmount, or the feed ended through another answer). */
  const run = useRef(0);
  const fedListener = useRef(onFed);
  useEffect(() => {
    fedListener.current = onFed;
  });
  const portions: DevicePortion[] = room?.device.portions ?? [];
  const blocked = room ? feedBlock(room.device) : null;

  useEffect(
    () => () => {
      run.current += 1;
    },
    [],
  );

  const refreshBalance = useCallback(() => {
    refreshUser().catch(() => undefined);
  }, [refreshUser]);

  /** Tells the user how it ended, once per feed. */
  const finish = useCallback(
    (feed: Feed) => {
      const view = feedView(feed);
      if (!isEnded(view)) return;
      run.current += 1;
      if (view.kind === 'fed') {
        setFedAt(Date.now());
        fedListener.current?.(feed);
      }
      setProgress(null);
      setOpen(false);
      toast(
        view.kind === 'fed'
          ? t('feedResult.fed', { weight: formatWeight(view.grams, locale) })
          : `${message(view.reason)} ${message('feed.notCharged')}`,
      );
      refreshBalance();
    },
    [t, locale, message, refreshBalance],
  );

  const statusOf = useCallback(
    (id: string, waitMs: number) => api.call(feedEndpoints.status, { id, wait_ms: waitMs }, { silent: true }),
    [api],
  );

  /** Polls until the feed ends (each poll waits up to FEED_POLL_WAIT_MS on the server, under the 1 s loading delay). */
  const follow = useCallback(
    async (first: Feed) => {
      const mine = ++run.current;
      let feed = first;
      let lost = 0;
      setProgress({ id: feed.id, view: feedView(feed) });
      while (!isFeedSettled(feed)) {
        try {
          feed = await statusOf(feed.id, FEED_POLL_WAIT_MS);
          lost = 0;
        } catch (error) {
          // A definite refusal (logged out…) ends the watch; a lost answer is asked again.
          if ((error instanceof ApiError && error.status !== 0) || ++lost > FEED_POLL_MAX_RETRIES) {
            if (run.current === mine) setProgress(null);
            return;
          }
          await sleep(FEED_POLL_RETRY_MS);
        }
        if (run.current !== mine) return;
        setProgress({ id: feed.id, view: feedView(feed) });
      }
      finish(feed);
    },
    [statusOf, finish],
  );

  const start = useCallback(() => {
    if (!room) return;
    if (blocked) {
      toast(message(blocked));
      return;
    }
    if (!ensureLogin()) return;
    const first = room.device.portions[0];
    if (!intent.portion && first) dispatch({ type: 'choose', portion: first });
    setOpen(true);
  }, [room, blocked, message, ensureLogin, intent.portion]);

  const choose = useCallback((portion: DevicePortion) => {
    dispatch({ type: 'choose', portion });
  }, []);

  const close = useCallback(() => {
    setOpen(false);
  }, []);

  const confirm = useCallback(async () => {
    if (!room || !intent.portion || sending || progress) return;
    if (blocked) {
      toast(message(blocked));
      return;
    }
    const key = intent.key ?? newIdempotencyKey();
    if (!intent.key) dispatch({ type: 'send', newKey: () => key });
    const body: FeedBody = {
      device_id: room.device.device_id,
      grams: intent.portion.grams,
      coins: intent.portion.coins,
      idempotency_key: key,
    };
    setSending(true);
    let created: Feed;
    try {
      created = await api.call(feedEndpoints.liveFeed, body, { task: 'feed', silent: true });
    } catch (error) {
      // A definite answer ends the intent; a lost one (no response) keeps its key for the retry.
      if (error instanceof ApiError && error.status !== 0) dispatch({ type: 'settled' });
      if (error instanceof ApiError && error.errorId === 'insufficient_balance') {
        setOpen(false);
        setAskRecharge(true);
      } else if (error instanceof Error) {
        toast(error.message);
      }
      return;
    } finally {
      setSending(false);
    }
    dispatch({ type: 'settled' });
    refreshBalance(); // the portion's coins are on hold now
    void follow(created);
  }, [api, room, intent, sending, progress, blocked, message, follow, refreshBalance]);

  /**
   * The room's `fed` event of the user's open feed: it has ended (asked at once rather than at the next poll).
   * Every feed, the user's own included, is a line of the room's chat (useComments), not a toast.
   */
  const onRoomFed = useCallback(
    (event: LiveServerEvent<'fed'>) => {
      if (progress?.id !== event.feed_id) return;
      const mine = run.current;
      statusOf(progress.id, 0).then(
        (feed) => {
          if (run.current === mine && isFeedSettled(feed)) finish(feed);
        },
        () => undefined,
      );
    },
    [progress, statusOf, finish],
  );

  const dismissRecharge = useCallback(() => {
    setAskRecharge(false);
  }, []);

  return {
    open,
    start,
    close,
    choose,
    confirm,
    sending,
    /** Where the open feed is (queued with its place, dispensing); null when none is open. */
    progress: progress?.view ?? null,
    askRecharge,
    dismissRecharge,
    onRoomFed,
    portions,
    portion: intent.portion,
    blocked,
    fedAt,
  };
}
