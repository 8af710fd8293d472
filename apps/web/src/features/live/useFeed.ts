import { useCallback, useReducer, useState } from 'react';
import { z } from 'zod';
import type { DevicePortion, LiveDetail } from '@petheart/contracts';
import { ApiError, useApi } from '../../shared/api';
import { useMessage } from '../../shared/i18n';
import { toast } from '../../shared/ui';
import { EMPTY_INTENT, feedBlock, feedIntentReducer, newIdempotencyKey } from './feed';

/**
 * The request the feed issue completes: POST /api/live/feed with the portion and the intent's idempotency key.
 * Its schemas land in the contracts with that issue; until then any answer is accepted and a missing route
 * shows the API's own error.
 */
export interface FeedRequest {
  device_id: string;
  grams: number;
  coins: number;
  idempotency_key: string;
}
const FeedAnswerSchema = z.unknown();

/**
 * Feed, in one place: the offline checks (feeder first), the login gate, the portion sheet, the portion choice
 * and the idempotency key kept for retries of the same intent; `confirm` sends it.
 */
export function useFeed(room: LiveDetail | undefined, ensureLogin: () => boolean, onFed: () => void) {
  const api = useApi();
  const message = useMessage();
  const [open, setOpen] = useState(false);
  const [sending, setSending] = useState(false);
  const [intent, dispatch] = useReducer(feedIntentReducer, EMPTY_INTENT);
  const portions: DevicePortion[] = room?.device.portions ?? [];
  const blocked = room ? feedBlock(room.device) : null;

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
    if (!room || !intent.portion || sending) return;
    if (blocked) {
      toast(message(blocked));
      return;
    }
    const key = intent.key ?? newIdempotencyKey();
    if (!intent.key) dispatch({ type: 'send', newKey: () => key });
    const body: FeedRequest = {
      device_id: room.device.device_id,
      grams: intent.portion.grams,
      coins: intent.portion.coins,
      idempotency_key: key,
    };
    setSending(true);
    try {
      await api.request({ path: '/live/feed', data: body, schema: FeedAnswerSchema, task: 'feed' });
      dispatch({ type: 'settled' });
      setOpen(false);
      onFed();
    } catch (error) {
      // A definite answer ends the intent; a lost one (no response) keeps its key for the retry.
      if (error instanceof ApiError && error.status !== 0) dispatch({ type: 'settled' });
    } finally {
      setSending(false);
    }
  }, [api, room, intent, sending, blocked, message, onFed]);

  return { open, start, close, choose, confirm, sending, portions, portion: intent.portion, blocked };
}
