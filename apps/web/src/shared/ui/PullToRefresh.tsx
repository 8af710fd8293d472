import { useEffect, useRef, useState, type ReactNode, type TouchEvent } from 'react';
import { useTranslation } from 'react-i18next';

export type PullStatus = 'idle' | 'pulling' | 'reached' | 'refreshing';

/** Spec §9: the pull-down transition falls back after 350 ms when no transitionend arrives. */
export const PULL_TRANSITION_MS = 350;
export const PULL_THRESHOLD_PX = 60;
const HEAD_HEIGHT_PX = 48;

function scrollTop(el: HTMLElement | null): number {
  let node = el?.parentElement ?? null;
  while (node && node !== document.body && node !== document.documentElement) {
    const { overflowY } = getComputedStyle(node);
    if ((overflowY === 'auto' || overflowY === 'scroll') && node.scrollHeight > node.clientHeight) {
      return node.scrollTop;
    }
    node = node.parentElement;
  }
  return window.scrollY || document.documentElement.scrollTop;
}

export interface PullToRefreshProps {
  onRefresh: () => Promise<unknown>;
  children?: ReactNode;
  /** Pull distance (after damping) that arms the refresh; default 60 px. */
  threshold?: number;
}

/**
 * Pull-down refresh (spec §2, §4): idle → pulling → reached → refreshing. Starts only when the page is
 * scrolled to the top; releasing while reached calls `onRefresh`, releasing earlier springs back.
 */
export function PullToRefresh({ onRefresh, children, threshold = PULL_THRESHOLD_PX }: PullToRefreshProps) {
  const { t } = useTranslation('common');
  const [status, setStatus] = useState<PullStatus>('idle');
  const [distance, setDistance] = useState(0);
  const [animating, setAnimating] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const start = useRef<number | null>(null);
  const settleTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      clearTimeout(settleTimer.current);
    };
  }, []);

  /** Springs back to 0; idle after transitionend, or after 350 ms at the latest. */
  function settle() {
    setAnimating(true);
    setDistance(0);
    clearTimeout(settleTimer.current);
    settleTimer.current = setTimeout(finish, PULL_TRANSITION_MS);
  }

  function finish() {
    clearTimeout(settleTimer.current);
    if (!mounted.current) return;
    setAnimating(false);
    setStatus('idle');
  }

  function onTouchStart(e: TouchEvent) {
    if (status === 'refreshing' || e.touches.length !== 1) return;
    if (scrollTop(root.current) > 0) return;
    start.current = e.touches[0]?.clientY ?? null;
    setAnimating(false);
  }

  function onTouchMove(e: TouchEvent) {
    if (start.current === null || status === 'refreshing') return;
    const y = e.touches[0]?.clientY ?? start.current;
    const pulled = y - start.current;
    if (pulled <= 0) {
      setDistance(0);
      setStatus('idle');
      return;
    }
    const damped = Math.min(pulled * 0.5, threshold * 2);
    setDistance(damped);
    setStatus(damped >= threshold ? 'reached' : 'pulling');
  }

  function onTouchEnd() {
    if (start.current === null) return;
    start.current = null;
    if (status !== 'reached') {
      settle();
      return;
    }
    setStatus('refreshing');
    setAnimating(true);
    setDistance(HEAD_HEIGHT_PX);
    onRefresh()
      .catch(() => undefined)
      .finally(() => {
        if (mounted.current) settle();
      });
  }

  const label =
    status === 'reached'
      ? t('reached')
      : status === 'refreshing'
        ? t('refreshing')
        : status === 'pulling'
          ? t('pulling')
          : '';

  return (
    <div
      ref={root}
      className="ph-ptr"
      data-status={status}
      onTouchStart={onTouchStart}
      onTouchMove={onTouchMove}
      onTouchEnd={onTouchEnd}
      onTouchCancel={onTouchEnd}
    >
      <div
        className="ph-ptr-head"
        style={{ height: distance, transition: animating ? `height ${PULL_TRANSITION_MS}ms ease` : 'none' }}
        onTransitionEnd={() => {
          if (distance === 0) finish();
        }}
        aria-live="polite"
      >
        <div className="ph-ptr-label">
          {status === 'refreshing' && <span className="ph-spinner" aria-hidden="true" />}
          <span>{label}</span>
        </div>
      </div>
      {children}
    </div>
  );
}
