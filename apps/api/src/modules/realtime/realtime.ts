import type { Server as HttpServer, IncomingMessage } from 'node:http';
import { Server, type ExtendedError } from 'socket.io';
import { LIVE_NAMESPACE, RoomJoinSchema, type LiveServerEvent, type LiveServerEventName } from '@petheart/contracts';
import type { Authenticator } from '../../http/auth';
import type { CreatedNotification } from '../notification/ports';
import { Coalescer } from './coalescer';
import { ViewerCluster } from './cluster';
import {
  reply,
  tooManySockets,
  type JoinAnswer,
  type LiveNamespace,
  type LiveServer,
  type LiveSocket,
} from './socket-types';
import { UserChannel, socketLocale, userRoom, type UserNotices } from './user-channel';
import { LocalViewers, MAX_SOCKETS_PER_VIEWER, SocketCounts, clientAddress, viewerKey } from './viewer-keys';

export interface LiveRealtimeDeps {
  authenticator: Authenticator;
  /** Whether a room's device exists and is enabled, and its newest comment's sequence number. */
  rooms: { roomStatus(deviceId: string): Promise<{ enabled: boolean; latestSeq: number } | undefined> };
  /** With several API processes: the Redis they share rooms through (REDIS_URL). */
  redisUrl?: string | undefined;
  onError?: (error: unknown) => void;
  /** Viewer counts are sent at most once per this interval per room (default 1 s). */
  viewerIntervalMs?: number;
  /** TRUST_PROXY: a tourist's address is X-Forwarded-For's first (as `request.ip`), else the peer's. */
  trustProxy?: boolean;
  /** Sockets a viewer (user or tourist address) may hold in this process (default MAX_SOCKETS_PER_VIEWER). */
  maxSocketsPerViewer?: number;
  /** The notification centre: a signed-in user's sockets get their new notifications (issue 29 §1). */
  notices?: UserNotices;
}

/** Rooms one socket may be in at once (a viewer watches one; a few for tabs and previews). */
const MAX_ROOMS_PER_SOCKET = 4;
const roomOf = (deviceId: string) => `d:${deviceId}`;
const deviceOf = (room: string) => (room.startsWith('d:') ? room.slice(2) : undefined);

/**
 * socket.io on the API's HTTP server: namespace /live, one room per device. Viewers = distinct viewers in
 * the room: a user once however many sockets, a tourist once per address (decision 027), each with at
 * most maxSocketsPerViewer sockets; counts are pushed coalesced, comments and device changes as they
 * happen. Sockets only listen: everything a user does goes through the HTTP API. With REDIS_URL, broadcasts
 * reach the room's sockets in every API process (socket.io Redis adapter) and each process adds the viewer
 * keys the others announce that it does not have.
 */
export class LiveRealtime {
  private io: LiveServer | undefined;
  private nsp: LiveNamespace | undefined;
  private cluster: { viewers: ViewerCluster; close(): Promise<void> } | undefined;
  private users: UserChannel | undefined;
  private readonly local = new LocalViewers();
  private readonly sockets: SocketCounts;
  /** With TRUST_PROXY: each engine.io connection's client address, read before its request is dropped. */
  private readonly forwarded = new WeakMap<object, string>();
  private readonly viewerUpdates: Coalescer;
  private readonly onError: (error: unknown) => void;

  constructor(private readonly deps: LiveRealtimeDeps) {
    this.onError = deps.onError ?? (() => undefined);
    const interval = deps.viewerIntervalMs ?? 1000;
    this.sockets = new SocketCounts(deps.maxSocketsPerViewer ?? MAX_SOCKETS_PER_VIEWER);
    // Each process sends the total to its own sockets of the room.
    this.viewerUpdates = new Coalescer(
      interval,
      (deviceId) => this.viewers(deviceId),
      (deviceId, viewers) => {
        this.nsp?.local.to(roomOf(deviceId)).emit('viewers', { device_id: deviceId, viewers });
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
    // With TRUST_PROXY, the client's address (X-Forwarded-For) is read from it first.
    io.engine.on('connection', (raw: { request: IncomingMessage | null; remoteAddress: string }) => {
      if (this.deps.trustProxy && raw.request)
        this.forwarded.set(raw, clientAddress(raw.request, raw.remoteAddress, true));
      raw.request = null;
    });
    const nsp = io.of(LIVE_NAMESPACE);
    this.nsp = nsp;
    const { notices } = this.deps;
    if (notices)
      this.users = new UserChannel(nsp, notices, this.onError, (batch) => {
        if (this.cluster) nsp.serverSideEmit('notifications', batch);
      });
    nsp.use((socket, next) => {
      this.admit(socket).then(
        (refusal) => {
          next(refusal);
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
    const viewers = new ViewerCluster({
      local: this.local,
      emit: (announcement) => nsp.serverSideEmit('viewers', announcement),
      onRemoteChange: (deviceId) => {
        this.viewerUpdates.touch(deviceId);
      },
      intervalMs: this.deps.viewerIntervalMs ?? 1000,
    });
    nsp.on('viewers', (announcement) => {
      viewers.receive(announcement);
    });
    nsp.on('notifications', (batch) => {
      this.users?.received(batch);
    });
    this.cluster = { viewers, close: () => redis.close() };
  }

  /** Distinct viewers of a device's room: this process's, plus the other processes' not among them (Redis). */
  viewers(deviceId: string): number {
    const { cluster } = this;
    return cluster ? cluster.viewers.viewers(deviceId) : this.local.count(deviceId);
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

  /**
   * New notifications (a NotificationListener's batch): each reader's open apps, in this process and (Redis) the
   * others, get theirs in their own language with the unread count.
   */
  deliverNotifications(batch: readonly CreatedNotification[]): void {
    this.users?.deliver(batch);
  }

  /** A user's unread count changed (they read some): to all their open apps, in every process (Redis adapter). */
  deliverUnread(userId: number, unread: number): void {
    this.nsp?.to(userRoom(userId)).emit('notification_unread', { unread });
  }

  /** Disconnects every socket and stops serving socket.io; the HTTP server itself is left to its owner. */
  async close(): Promise<void> {
    const { io, nsp, cluster } = this;
    this.io = undefined;
    this.nsp = undefined;
    this.cluster = undefined;
    this.users = undefined;
    if (!io || !nsp) return;
    cluster?.viewers.stop();
    nsp.disconnectSockets(true);
    io.of('/').disconnectSockets(true);
    await Promise.allSettled([nsp.adapter.close(), io.of('/').adapter.close()]);
    io.engine.close();
    // The disconnects above touched their rooms: nobody is left to tell.
    this.viewerUpdates.stop();
    await cluster?.close();
  }

  /** The room's sockets changed here: its viewers (and, with Redis, the other processes) hear of it. */
  private roomChanged(deviceId: string): void {
    this.viewerUpdates.touch(deviceId);
    this.cluster?.viewers.touch(deviceId);
  }

  /** Who the socket is; a refusal when that viewer already holds its sockets' limit here. */
  private async admit(socket: LiveSocket): Promise<ExtendedError | undefined> {
    const auth: unknown = socket.handshake.auth;
    const token = auth && typeof auth === 'object' ? (auth as { token?: unknown }).token : undefined;
    // The token is optional: a tourist watches too, and an expired token just makes one.
    const user = typeof token === 'string' && token ? await this.deps.authenticator.authenticate(token) : null;
    // Closed while its token was checked: socket.io drops the socket without events, so take no place. Past
    // this check it connects (socket.io checks again on the next tick, before any I/O): its `disconnecting`
    // gives the place back.
    const { conn } = socket;
    if (conn.readyState !== 'open') return new Error('closed');
    const key = viewerKey(user?.id ?? null, this.forwarded.get(conn) ?? socket.handshake.address);
    if (!this.sockets.acquire(key)) return tooManySockets(this.sockets.limit);
    socket.data.userId = user?.id ?? null;
    socket.data.viewer = key;
    socket.data.lang = socketLocale(socket);
    return undefined;
  }

  private onConnection(socket: LiveSocket): void {
    this.users?.joined(socket);
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
      if (socket.rooms.has(roomOf(deviceId))) {
        void socket.leave(roomOf(deviceId));
        this.local.remove(deviceId, socket.data.viewer);
        this.roomChanged(deviceId);
      }
      reply(ack, { ok: true, viewers: this.viewers(deviceId) });
    });
    socket.on('disconnecting', () => {
      this.sockets.release(socket.data.viewer);
      for (const room of socket.rooms) {
        const deviceId = deviceOf(room);
        if (!deviceId) continue;
        this.local.remove(deviceId, socket.data.viewer);
        this.roomChanged(deviceId);
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
    // Counted as it joins (both adapters join at once): its disconnect, from now on, uncounts it.
    if (!socket.rooms.has(room)) this.local.add(deviceId, socket.data.viewer);
    await socket.join(room);
    this.roomChanged(deviceId);
    return { ok: true, viewers: this.viewers(deviceId), latest_seq: status.latestSeq };
  }
}
