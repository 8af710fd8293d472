import { randomUUID } from 'node:crypto';
import type { Server as HttpServer } from 'node:http';
import { Server, type Namespace, type Socket } from 'socket.io';
import { z } from 'zod';
import {
  LIVE_NAMESPACE,
  RoomJoinSchema,
  type ErrorId,
  type LiveServerEvent,
  type LiveServerEventName,
  type RoomJoinAck,
  type RoomLeaveAck,
} from '@petheart/contracts';
import type { Authenticator } from '../../http/auth';
import { Coalescer } from './coalescer';
import { RemoteViewerCounts } from './remote-viewers';

type ServerEvents = { [K in LiveServerEventName]: (payload: LiveServerEvent<K>) => void };
/** What a socket may emit: `join` (ack RoomJoinAck) and `leave` (ack RoomLeaveAck). Payloads are validated. */
interface ClientEvents {
  join: (body: unknown, ack?: unknown) => void;
  leave: (body: unknown, ack?: unknown) => void;
}
/** Between API processes (Redis adapter): each announces how many sockets it has in a room. */
interface ClusterEvents {
  viewers: (announcement: unknown) => void;
}
interface SocketData {
  /** The signed-in user (handshake auth.token), null for a tourist. */
  userId: number | null;
}
type LiveServer = Server<ClientEvents, ServerEvents, ClusterEvents, SocketData>;
type LiveSocket = Socket<ClientEvents, ServerEvents, ClusterEvents, SocketData>;
type LiveNamespace = Namespace<ClientEvents, ServerEvents, ClusterEvents, SocketData>;

const AnnouncementSchema = z.object({
  node: z.string(),
  device_id: z.string(),
  count: z.number().int().min(0),
});

export interface LiveRealtimeDeps {
  authenticator: Authenticator;
  /** Whether a room's device exists and is enabled, and its newest comment's sequence number. */
  rooms: { roomStatus(deviceId: string): Promise<{ enabled: boolean; latestSeq: number } | undefined> };
  /** With several API processes: the Redis they share rooms through (REDIS_URL). */
  redisUrl?: string | undefined;
  onError?: (error: unknown) => void;
  /** Viewer counts are sent at most once per this interval per room (default 1 s). */
  viewerIntervalMs?: number;
}

/** Rooms one socket may be in at once (a viewer watches one; a few for tabs and previews). */
const MAX_ROOMS_PER_SOCKET = 4;
/** With Redis: every process re-announces its rooms this often; an announcement counts for three times as long. */
const ANNOUNCE_MS = 10_000;
const roomOf = (deviceId: string) => `d:${deviceId}`;
const deviceOf = (room: string) => (room.startsWith('d:') ? room.slice(2) : undefined);

/** Acks as the contract has them, failures with an error id. */
type Failure = { ok: false; error: ErrorId };
type JoinAnswer = Extract<RoomJoinAck, { ok: true }> | Failure;
type LeaveAnswer = Extract<RoomLeaveAck, { ok: true }> | Failure;

function reply(ack: unknown, answer: JoinAnswer | LeaveAnswer): void {
  if (typeof ack === 'function') (ack as (a: JoinAnswer | LeaveAnswer) => void)(answer);
}

/**
 * socket.io on the API's HTTP server: namespace /live, one room per device. Viewers = sockets in the
 * room; counts are pushed coalesced, comments and device changes as they happen. Sockets only listen:
 * everything a user does goes through the HTTP API. With REDIS_URL, broadcasts reach the room's sockets in
 * every API process (socket.io Redis adapter) and each process adds the counts the others announce.
 */
export class LiveRealtime {
  private io: LiveServer | undefined;
  private nsp: LiveNamespace | undefined;
  private cluster:
    { node: string; remote: RemoteViewerCounts; timer: NodeJS.Timeout; close(): Promise<void> } | undefined;
  private readonly viewerUpdates: Coalescer;
  private readonly announcements: Coalescer;
  private readonly onError: (error: unknown) => void;

  constructor(private readonly deps: LiveRealtimeDeps) {
    this.onError = deps.onError ?? (() => undefined);
    const interval = deps.viewerIntervalMs ?? 1000;
    // Each process sends the total to its own sockets of the room.
    this.viewerUpdates = new Coalescer(
      interval,
      (deviceId) => this.viewers(deviceId),
      (deviceId, viewers) => {
        this.nsp?.local.to(roomOf(deviceId)).emit('viewers', { device_id: deviceId, viewers });
      },
    );
    this.announcements = new Coalescer(
      interval,
      (deviceId) => this.localViewers(deviceId),
      (deviceId, count) => {
        this.announce(deviceId, count);
      },
    );
  }

  /** Serves socket.io (path /socket.io) on this HTTP server; once. */
  attach(server: HttpServer): void {
    if (this.io) throw new Error('the realtime server is already attached');
    const io: LiveServer = new Server(server, {
      serveClient: false,
      // Clients send a device id at most: a small buffer keeps every connection's memory small.
      maxHttpBufferSize: 4096,
      perMessageDeflate: false,
      httpCompression: false,
      // Other upgrade handlers on the same server (WebSocket-FLV) keep their connections.
      destroyUpgrade: false,
    });
    this.io = io;
    // The HTTP upgrade request is not needed once the handshake is built: each one kept costs a few KB.
    io.engine.on('connection', (raw: { request: unknown }) => {
      raw.request = null;
    });
    const nsp = io.of(LIVE_NAMESPACE);
    this.nsp = nsp;
    nsp.use((socket, next) => {
      this.authenticate(socket).then(
        () => {
          next();
        },
        (error: unknown) => {
          this.onError(error);
          next(new Error('internal'));
        },
      );
    });
    nsp.on('connection', (socket) => {
      this.onConnection(socket);
    });
  }

  /** With a Redis URL, joins the other API processes (before the server takes connections); else nothing. */
  async start(): Promise<void> {
    const { io, nsp } = this;
    const url = this.deps.redisUrl;
    if (!url || !io || !nsp || this.cluster) return;
    const { connectRedisAdapter } = await import('./redis');
    const redis = await connectRedisAdapter(url, this.onError);
    io.adapter(redis.adapter);
    const node = randomUUID();
    const remote = new RemoteViewerCounts(3 * ANNOUNCE_MS);
    nsp.on('viewers', (announcement) => {
      const a = AnnouncementSchema.safeParse(announcement);
      if (!a.success || a.data.node === node) return;
      remote.set(a.data.node, a.data.device_id, a.data.count);
      this.viewerUpdates.touch(a.data.device_id);
    });
    const timer = setInterval(() => {
      for (const [room, sockets] of nsp.adapter.rooms) {
        const deviceId = deviceOf(room);
        if (deviceId) this.announce(deviceId, sockets.size);
      }
    }, ANNOUNCE_MS);
    timer.unref();
    this.cluster = { node, remote, timer, close: () => redis.close() };
  }

  /** Viewers of a device's room: this process's sockets, plus the other processes' (with Redis). */
  viewers(deviceId: string): number {
    return this.localViewers(deviceId) + (this.cluster?.remote.total(deviceId) ?? 0);
  }

  /** Sends an event to every socket in a device's room. */
  broadcast<K extends LiveServerEventName>(deviceId: string, event: K, payload: LiveServerEvent<K>): void {
    const room = this.nsp?.to(roomOf(deviceId));
    if (!room) return;
    // socket.io's typed emit does not follow a generic event name; the signature above keeps callers exact.
    (room.emit as (event: string, payload: unknown) => boolean)(event, payload);
  }

  /** Pushes a device's new state to its room (the gateway's state events, the media server's camera changes). */
  pushDeviceState(state: LiveServerEvent<'device'>): void {
    this.broadcast(state.device_id, 'device', {
      device_id: state.device_id,
      online: state.online,
      feeder_online: state.feeder_online,
      camera_online: state.camera_online,
      food_stock: state.food_stock,
      last_seen_at: state.last_seen_at,
    });
  }

  /** Disconnects every socket and stops serving socket.io; the HTTP server itself is left to its owner. */
  async close(): Promise<void> {
    const { io, nsp, cluster } = this;
    this.io = undefined;
    this.nsp = undefined;
    this.cluster = undefined;
    if (!io || !nsp) return;
    if (cluster) {
      clearInterval(cluster.timer);
      // The other processes stop counting this one's viewers at once.
      for (const room of nsp.adapter.rooms.keys()) {
        const deviceId = deviceOf(room);
        if (deviceId) nsp.serverSideEmit('viewers', { node: cluster.node, device_id: deviceId, count: 0 });
      }
    }
    nsp.disconnectSockets(true);
    io.of('/').disconnectSockets(true);
    await Promise.allSettled([nsp.adapter.close(), io.of('/').adapter.close()]);
    io.engine.close();
    // The disconnects above touched their rooms: nobody is left to tell.
    this.viewerUpdates.stop();
    this.announcements.stop();
    await cluster?.close();
  }

  private localViewers(deviceId: string): number {
    return this.nsp?.adapter.rooms.get(roomOf(deviceId))?.size ?? 0;
  }

  private announce(deviceId: string, count: number): void {
    if (this.cluster) this.nsp?.serverSideEmit('viewers', { node: this.cluster.node, device_id: deviceId, count });
  }

  /** The room's sockets changed here: its viewers (and, with Redis, the other processes) hear of it. */
  private roomChanged(deviceId: string): void {
    this.viewerUpdates.touch(deviceId);
    if (this.cluster) this.announcements.touch(deviceId);
  }

  private async authenticate(socket: LiveSocket): Promise<void> {
    const auth: unknown = socket.handshake.auth;
    const token = auth && typeof auth === 'object' ? (auth as { token?: unknown }).token : undefined;
    // The token is optional: a tourist watches too, and an expired token just makes one.
    const user = typeof token === 'string' && token ? await this.deps.authenticator.authenticate(token) : null;
    socket.data.userId = user?.id ?? null;
  }

  private onConnection(socket: LiveSocket): void {
    socket.on('join', (body, ack) => {
      this.join(socket, body).then(
        (answer) => {
          reply(ack, answer);
        },
        (error: unknown) => {
          this.onError(error);
          reply(ack, { ok: false, error: 'internal' });
        },
      );
    });
    socket.on('leave', (body, ack) => {
      const parsed = RoomJoinSchema.safeParse(body);
      if (!parsed.success) {
        reply(ack, { ok: false, error: 'validation_failed' });
        return;
      }
      const deviceId = parsed.data.device_id;
      void socket.leave(roomOf(deviceId));
      this.roomChanged(deviceId);
      reply(ack, { ok: true, viewers: this.viewers(deviceId) });
    });
    socket.on('disconnecting', () => {
      for (const room of socket.rooms) {
        const deviceId = deviceOf(room);
        if (deviceId) this.roomChanged(deviceId);
      }
    });
  }

  private async join(socket: LiveSocket, body: unknown): Promise<JoinAnswer> {
    const parsed = RoomJoinSchema.safeParse(body);
    if (!parsed.success) return { ok: false, error: 'validation_failed' };
    const deviceId = parsed.data.device_id;
    const room = roomOf(deviceId);
    const joined = [...socket.rooms].filter((r) => deviceOf(r) !== undefined).length;
    if (!socket.rooms.has(room) && joined >= MAX_ROOMS_PER_SOCKET) return { ok: false, error: 'rate_limited' };
    const status = await this.deps.rooms.roomStatus(deviceId);
    if (!status?.enabled) return { ok: false, error: 'not_found' };
    if (socket.disconnected) return { ok: false, error: 'not_found' };
    await socket.join(room);
    this.roomChanged(deviceId);
    return { ok: true, viewers: this.viewers(deviceId), latest_seq: status.latestSeq };
  }
}
