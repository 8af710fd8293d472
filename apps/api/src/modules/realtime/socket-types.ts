import type { ExtendedError, Namespace, Server, Socket } from 'socket.io';
import type {
  ErrorId,
  LiveServerEvent,
  LiveServerEventName,
  Locale,
  RoomJoinAck,
  RoomLeaveAck,
} from '@petheart/contracts';

/** The /live namespace's types, shared by the realtime server's parts. */
export type ServerEvents = { [K in LiveServerEventName]: (payload: LiveServerEvent<K>) => void };
/** What a socket may emit: `join` (ack RoomJoinAck) and `leave` (ack RoomLeaveAck). Payloads are validated. */
export interface ClientEvents {
  join: (body: unknown, ack?: unknown) => void;
  leave: (body: unknown, ack?: unknown) => void;
}
/**
 * Between API processes (Redis adapter): each announces its distinct viewers of a room (keys and count), and
 * forwards the notifications it wrote (their readers' sockets may be on another process).
 */
export interface ClusterEvents {
  viewers: (announcement: unknown) => void;
  notifications: (batch: unknown) => void;
}
export interface SocketData {
  /** The signed-in user (handshake auth.token), null for a tourist. */
  userId: number | null;
  /** Who the socket counts as in its rooms (viewerKey): the user, or a tourist's address. */
  viewer: string;
  /** The app's language (handshake auth.lang, else the `lang` header, else English): its notifications' words. */
  lang: Locale;
}
export type LiveServer = Server<ClientEvents, ServerEvents, ClusterEvents, SocketData>;
export type LiveSocket = Socket<ClientEvents, ServerEvents, ClusterEvents, SocketData>;
export type LiveNamespace = Namespace<ClientEvents, ServerEvents, ClusterEvents, SocketData>;

/** Acks as the contract has them, failures with an error id. */
type Failure = { ok: false; error: ErrorId };
export type JoinAnswer = Extract<RoomJoinAck, { ok: true }> | Failure;
export type LeaveAnswer = Extract<RoomLeaveAck, { ok: true }> | Failure;

export function reply(ack: unknown, answer: JoinAnswer | LeaveAnswer): void {
  if (typeof ack === 'function') (ack as (a: JoinAnswer | LeaveAnswer) => void)(answer);
}

/** A refused connection: the client's connect_error has message `rate_limited` and this data. */
export function tooManySockets(limit: number): ExtendedError {
  const error: ExtendedError = new Error('rate_limited' satisfies ErrorId);
  error.data = { error: 'rate_limited' satisfies ErrorId, limit };
  return error;
}
