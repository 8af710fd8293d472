import { useCallback, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { SupportEventDetail, SupportGiveData, SupportItem } from '@petheart/contracts';
import { ApiError } from '../../shared/api';
import { useMessage } from '../../shared/i18n';
import { useSession } from '../../shared/session';
import { toast } from '../../shared/ui';
import { EVENTS_KEY, eventKey, supportersKey, type SupportApi } from './api';
import { intentFor, type GiveIntent } from './support';

/** Refusals about the item's state: the page shows its progress again. */
const STALE_ITEM = new Set(['support_item_full', 'support_points_exceed', 'support_event_closed', 'not_found']);

export type GiveOutcome = { kind: 'given'; data: SupportGiveData } | { kind: 'recharge' } | { kind: 'refused' };

/** The event with one item's new progress (and the event's points summed again). */
function withItem(event: SupportEventDetail, item: SupportItem): SupportEventDetail {
  const items = event.items.map((i) => (i.id === item.id ? item : i));
  return { ...event, items, completed: items.reduce((n, i) => n + i.completed, 0) };
}

/**
 * Supporting an item with coins (supportEndpoints.give): one idempotency key per confirmation, kept when the
 * answer is lost so that confirming the same points again cannot give twice. On success the item's progress,
 * the balance, the supporters and the events list update; insufficient balance asks to recharge instead of a
 * toast (like the live room's feed).
 */
export function useGive(api: SupportApi, eventId: number) {
  const client = useQueryClient();
  const message = useMessage();
  const { user, setUser } = useSession();
  const [sending, setSending] = useState(false);
  const [askRecharge, setAskRecharge] = useState(false);
  const intent = useRef<GiveIntent | null>(null);

  const refresh = useCallback(() => {
    void client.invalidateQueries({ queryKey: eventKey(eventId) });
    void client.invalidateQueries({ queryKey: supportersKey(eventId) });
    void client.invalidateQueries({ queryKey: [...EVENTS_KEY] });
  }, [client, eventId]);

  /** Resolves with how it ended: given, the recharge prompt shown, or refused (told in a toast). */
  const give = useCallback(
    async (item: SupportItem, points: number): Promise<GiveOutcome> => {
      const next = intentFor(intent.current, item.id, points);
      intent.current = next;
      setSending(true);
      try {
        const data = await api.give({ item_id: item.id, points, idempotency_key: next.key });
        intent.current = null;
        client.setQueryData<SupportEventDetail>(eventKey(eventId), (old) => (old ? withItem(old, data.item) : old));
        if (user) setUser({ ...user, balance: data.balance });
        refresh();
        toast(message('ok.supported'));
        return { kind: 'given', data };
      } catch (error) {
        // A definite answer ends this confirmation; a lost one (no response) keeps its key for the retry.
        if (error instanceof ApiError && error.status !== 0) intent.current = null;
        if (error instanceof ApiError && error.errorId === 'insufficient_balance') {
          setAskRecharge(true);
          return { kind: 'recharge' };
        }
        if (error instanceof Error) toast(error.message);
        if (error instanceof ApiError && error.errorId && STALE_ITEM.has(error.errorId)) refresh();
        return { kind: 'refused' };
      } finally {
        setSending(false);
      }
    },
    [api, client, eventId, message, refresh, setUser, user],
  );

  const dismissRecharge = useCallback(() => {
    setAskRecharge(false);
  }, []);

  return { give, sending, askRecharge, dismissRecharge };
}
