import { useCallback, useEffect, useState } from 'react';

/** Seconds before another auth code may be requested. */
export const CODE_RESEND_SECONDS = 60;

/** Whole seconds left until `endsAt` (never negative). */
export function secondsLeft(endsAt: number, now: number): number {
  return Math.max(0, Math.ceil((endsAt - now) / 1000));
}

/**
 * A countdown for the send-code button: `start()` begins it, `remaining` falls once a second to 0.
 * Counting against the wall clock keeps it right when the tab was in the background.
 */
export function useCountdown(seconds = CODE_RESEND_SECONDS, now: () => number = Date.now) {
  const [endsAt, setEndsAt] = useState<number | null>(null);
  const [remaining, setRemaining] = useState(0);

  useEffect(() => {
    if (endsAt === null) return;
    const tick = () => {
      const left = secondsLeft(endsAt, now());
      setRemaining(left);
      if (left === 0) setEndsAt(null);
    };
    const timer = setInterval(tick, 250);
    return () => {
      clearInterval(timer);
    };
  }, [endsAt, now]);

  const start = useCallback(() => {
    setEndsAt(now() + seconds * 1000);
    setRemaining(seconds);
  }, [now, seconds]);

  const reset = useCallback(() => {
    setEndsAt(null);
    setRemaining(0);
  }, []);

  return { remaining, running: remaining > 0, start, reset };
}
