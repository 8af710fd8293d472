import { useEffect, useRef, useState } from 'react';
import type { PaymentOrder } from '@petheart/contracts';
import { ApiError } from '../api';
import { pollStep, type OrderPhase } from './order-status';

export interface OrderStatusState {
  orderNo: string;
  phase: OrderPhase;
  order?: PaymentOrder;
}

/**
 * Polls the order the page came back with until its status is final (no socket event tells the page about
 * payments), then calls `onSettled` once with the order. A poll that fails on the network is retried; a
 * rejected one (no such order of this user, a malformed number) ends as 'not_found'.
 */
export function useOrderStatus(
  orderNo: string | null,
  fetchOrder: (orderNo: string) => Promise<PaymentOrder>,
  onSettled: (order: PaymentOrder) => void,
  now: () => number = Date.now,
): OrderStatusState | null {
  const [state, setState] = useState<OrderStatusState | null>(null);
  const deps = useRef({ fetchOrder, onSettled, now });
  useEffect(() => {
    deps.current = { fetchOrder, onSettled, now };
  });

  useEffect(() => {
    if (!orderNo) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const started = deps.current.now();
    const poll = async () => {
      let order: PaymentOrder | undefined;
      try {
        order = await deps.current.fetchOrder(orderNo);
      } catch (error) {
        if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
          if (!stopped) setState({ orderNo, phase: 'not_found' });
          return;
        }
      }
      if (stopped) return;
      const step = pollStep(order?.status, deps.current.now() - started);
      setState(order ? { orderNo, phase: step.phase, order } : { orderNo, phase: step.phase });
      if (step.nextInMs !== undefined) {
        timer = setTimeout(() => void poll(), step.nextInMs);
      } else if (order && step.phase !== 'timeout') {
        deps.current.onSettled(order);
      }
    };
    void poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [orderNo]);

  if (!orderNo) return null;
  return state?.orderNo === orderNo ? state : { orderNo, phase: 'pending' };
}
