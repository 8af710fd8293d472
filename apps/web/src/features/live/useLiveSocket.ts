import { useEffect, useRef, useState } from 'react';
import type { Socket } from 'socket.io-client';
import {
  LIVE_NAMESPACE,
  LiveServerEvents,
  RoomJoinAckSchema,
  type LiveServerEvent,
  type LiveServerEventName,
} from '@petheart/contracts';
import type { SocketState } from './connection';

/** The room's events (`notification…` go to the user's own sockets: the app shell's bell handles them). */
const USER_EVENTS = ['notification', 'notification_unread'] as const;
type RoomEventName = Exclude<LiveServerEventName, (typeof USER_EVENTS)[number]>;
const isRoomEvent = (n: LiveServerEventName): n is RoomEventName => !(USER_EVENTS as readonly string[]).includes(n);

export type LiveSocketHandlers = {
  [K in RoomEventName]: (payload: LiveServerEvent<K>) => void;
} & {
  /** After every join (first connect and each reconnect), with the room's viewers and newest comment seq. */
  joined: (ack: { viewers: number; latest_seq: number }) => void;
  /** The server refused the connection: this network (or account) has too many sockets open (decision 027). */
  refused: () => void;
};

const JOIN_TIMEOUT_MS = 10_000;

/**
 * The room's realtime channel: socket.io-client (loaded with the page, not the app), namespace /live with the
 * token in the handshake, `join` on every connect, and the server events validated against the contract.
 */
export function useLiveSocket(deviceId: string, token: string | null, handlers: LiveSocketHandlers) {
  const [state, setState] = useState<SocketState>('connecting');
  const ref = useRef(handlers);
  useEffect(() => {
    ref.current = handlers;
  });

  useEffect(() => {
    if (!deviceId) return;
    let socket: Socket | undefined;
    let cancelled = false;
    void import('socket.io-client').then(({ io }) => {
      if (cancelled) return;
      const s = io(LIVE_NAMESPACE, { path: '/socket.io', auth: token ? { token } : {} });
      socket = s;
      s.on('connect', () => {
        setState('connected');
        s.timeout(JOIN_TIMEOUT_MS).emit('join', { device_id: deviceId }, (err: unknown, raw: unknown) => {
          if (err) return;
          const ack = RoomJoinAckSchema.safeParse(raw);
          if (ack.success && ack.data.ok) ref.current.joined(ack.data);
        });
      });
      // socket.io reconnects by itself (with backoff); until it has, the page shows it is reconnecting.
      s.on('disconnect', () => {
        setState('lost');
      });
      // A refusal by the server's middleware is not retried by socket.io; other errors are (reconnection).
      s.on('connect_error', (error: Error) => {
        if (error.message === 'rate_limited') ref.current.refused();
      });
      const names = (Object.keys(LiveServerEvents) as LiveServerEventName[]).filter(isRoomEvent);
      for (const name of names) {
        s.on(name, (raw: unknown) => {
          const parsed = LiveServerEvents[name].safeParse(raw);
          if (!parsed.success) return;
          if ('device_id' in parsed.data && parsed.data.device_id !== deviceId) return;
          (ref.current[name] as (p: unknown) => void)(parsed.data);
        });
      }
    });
    return () => {
      cancelled = true;
      if (socket) {
        if (socket.connected) socket.emit('leave', { device_id: deviceId });
        socket.disconnect();
      }
      setState('connecting');
    };
  }, [deviceId, token]);

  return { state };
}
