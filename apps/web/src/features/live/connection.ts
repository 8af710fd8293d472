import { useEffect, useRef, useSyncExternalStore } from 'react';

/**
 * Honest connection state (issue 26 §4): what the live page knows about its link to the room. While that link
 * is down the page says "Reconnecting…", shows the feeder's and camera's state as unknown (it may have changed
 * meanwhile) and does not take a feed; when the link is back it says so.
 */

/** The room's socket: not joined yet, joined, or dropped after it had joined. */
export type SocketState = 'connecting' | 'connected' | 'lost';

/** A playing video whose time has not moved for this long counts as stalled (the page shows it within 3 s). */
export const VIDEO_STALL_NOTICE_MS = 2_000;

export interface ConnectionSignals {
  /** navigator.onLine, kept current by the `online` / `offline` events. */
  browserOnline: boolean;
  socket: SocketState;
  /** The video stalled, or failed and is being retried, while the camera is believed online. */
  videoLost: boolean;
}

/** Whether the page has lost its link to the room (a camera the server reports offline is no lost link). */
export function isReconnecting(s: ConnectionSignals): boolean {
  return !s.browserOnline || s.socket === 'lost' || s.videoLost;
}

function subscribeOnline(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Whether the browser believes it is online. */
export function useBrowserOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}

/** Calls `onBack` once each time `reconnecting` turns false after having been true. */
export function useRecovered(reconnecting: boolean, onBack: () => void): void {
  const was = useRef(false);
  const notify = useRef(onBack);
  useEffect(() => {
    notify.current = onBack;
  });
  useEffect(() => {
    if (was.current && !reconnecting) notify.current();
    was.current = reconnecting;
  }, [reconnecting]);
}
