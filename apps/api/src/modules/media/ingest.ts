import { randomBytes } from 'node:crypto';
import net, { type AddressInfo, type Socket } from 'node:net';
import { DeviceIdSchema } from '@petheart/contracts';
import { fixMetadataTag, flvHeader } from './flv';
import {
  createRtmpSession,
  nmsBroadcasts,
  type NmsConnectRequest,
  type NmsPacket,
  type NmsRtmpSession,
  type NmsSubscriber,
} from './nms';

/** Where a stream's FLV goes (a viewer's response, a recorder's stdin). */
export interface FlvSink {
  write(chunk: Buffer): void;
  /** The stream ended (publisher gone, revoked, server stopping). */
  end(): void;
}

export interface RtmpIngestOptions {
  /** Whether `key` lets this device publish (its own secret). */
  authorize(deviceId: string, key: string): Promise<boolean>;
  /** A device's stream is accepted and flowing. */
  onLive(deviceId: string): void;
  /** A device's accepted stream ended. */
  onEnded(deviceId: string): void;
  onError?: (error: unknown) => void;
  /** A connection must have published within this time, and a publisher is dropped after this much silence. */
  timeoutMs?: number;
  maxConnections?: number;
}

/** The one RTMP application cameras publish to: rtmp://host:port/live/{deviceId}?key={secret}. */
export const PUBLISH_APP = 'live';

/** Packets held while a publish is being authorized (argon2 on a cache miss); beyond this it is refused. */
const MAX_PENDING_PACKETS = 2_000;
const MAX_PENDING_BYTES = 16 * 1024 * 1024;

interface LiveStream {
  session: NmsRtmpSession;
  subscribers: Map<NmsSubscriber, FlvSink>;
  closed: Promise<void>;
}

function first(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? value[0] : value) ?? '';
}

/**
 * RTMP ingest built on node-media-server's session and broadcast. Its own hooks are wrapped so that
 * - only `live/{deviceId}` may be published, and only after `authorize` said yes; packets that arrive
 *   meanwhile are held and replayed (the codec headers come first), and nothing reaches a viewer before;
 * - a refused or second publisher's packets never reach the stream (NMS forwards the packets of every
 *   connection that names a stream, publisher or not);
 * - RTMP playback is refused: viewers watch through the API's signed addresses;
 * - each instance uses its own stream namespace, so two in one process (tests) never meet in NMS's
 *   process-wide broadcast table;
 * - a publisher that goes away (or is revoked) ends its viewers at once (NMS would keep them waiting).
 */
export class RtmpIngest {
  private server: net.Server | undefined;
  private readonly namespace = `live-${randomBytes(6).toString('hex')}`;
  private readonly sockets = new Set<Socket>();
  private readonly live = new Map<string, LiveStream>();
  private readonly pending = new Map<string, Set<Socket>>();
  private readonly timeoutMs: number;
  private subscriberSeq = 0;
  private closing = false;

  constructor(private readonly options: RtmpIngestOptions) {
    this.timeoutMs = options.timeoutMs ?? 10_000;
  }

  /** Listens on host:port (0 = any free port) and answers the port. */
  async listen(host: string, port: number): Promise<number> {
    const server = net.createServer((socket) => {
      this.accept(socket);
    });
    server.maxConnections = this.options.maxConnections ?? 2_000;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    server.on('error', (error) => this.options.onError?.(error));
    this.server = server;
    return (server.address() as AddressInfo).port;
  }

  isLive(deviceId: string): boolean {
    return this.live.has(deviceId);
  }

  /** Devices publishing right now. */
  liveDevices(): string[] {
    return [...this.live.keys()];
  }

  /**
   * Sends the device's stream to `sink`, starting with the FLV header, codec headers and the current GOP.
   * Answers the function that stops it, or undefined when the device is not publishing.
   */
  subscribe(deviceId: string, sink: FlvSink): (() => void) | undefined {
    const stream = this.live.get(deviceId);
    if (!stream) return undefined;
    const broadcast = stream.session.broadcast;
    // NMS's FLV header always announces audio and video: a player (mpegts.js) then waits for audio that
    // never comes. Announce what the stream has (both while its codec headers are still unknown).
    const known = broadcast.flvAudioHeader !== null || broadcast.flvVideoHeader !== null;
    const header = known ? flvHeader(broadcast.flvAudioHeader !== null, broadcast.flvVideoHeader !== null) : undefined;
    let first = true;
    const subscriber: NmsSubscriber = {
      id: `${this.namespace}-sub-${String(++this.subscriberSeq)}`,
      ip: '',
      protocol: 'flv',
      streamPath: broadcast.streamPath,
      endTime: 0,
      sendBuffer: (buffer) => {
        const isHeader = first && buffer.length === 13 && buffer.toString('latin1', 0, 3) === 'FLV';
        first = false;
        sink.write(isHeader && header ? header : fixMetadataTag(buffer));
      },
      close: () => {
        sink.end();
      },
    };
    stream.subscribers.set(subscriber, sink);
    broadcast.postPlay(subscriber);
    return () => {
      if (stream.subscribers.delete(subscriber)) broadcast.donePlay(subscriber);
    };
  }

  /** Closes the device's live publish and any publish of it still being authorized. */
  disconnect(deviceId: string): void {
    this.live.get(deviceId)?.session.socket.destroy();
    for (const socket of this.pending.get(deviceId) ?? []) socket.destroy();
  }

  /** Stops listening, ends every stream and viewer, leaves nothing in NMS's tables. */
  async close(): Promise<void> {
    this.closing = true;
    const server = this.server;
    this.server = undefined;
    const closed = server
      ? new Promise<void>((resolve) => {
          server.close(() => {
            resolve();
          });
        })
      : Promise.resolve();
    const streams = [...this.live.values()];
    for (const socket of this.sockets) socket.destroy();
    await Promise.all(streams.map((s) => s.closed));
    await closed;
    const prefix = `/${this.namespace}/`;
    for (const [path, broadcast] of nmsBroadcasts()) {
      if (!path.startsWith(prefix)) continue;
      broadcast._finishPublish?.();
      nmsBroadcasts().delete(path);
    }
  }

  private accept(socket: Socket): void {
    if (this.closing) {
      socket.destroy();
      return;
    }
    let state: 'connected' | 'authorizing' | 'live' | 'refused' = 'connected';
    let deviceId = '';
    let held: NmsPacket[] = [];
    let heldBytes = 0;
    let resolveClosed: () => void = () => undefined;
    const closed = new Promise<void>((resolve) => {
      resolveClosed = resolve;
    });
    const refuse = () => {
      state = 'refused';
      held = [];
      socket.destroy();
    };

    this.sockets.add(socket);
    socket.setNoDelay(true);
    // Silence ends a connection: a camera that lost its network must not stay "online".
    socket.setTimeout(this.timeoutMs, () => socket.destroy());
    const deadline = setTimeout(() => {
      if (state !== 'live') socket.destroy();
    }, this.timeoutMs);
    deadline.unref();

    const session = createRtmpSession(socket);
    const nms = {
      connect: session.onConnect,
      push: session.onPush,
      packet: session.onPacket,
      close: session.onClose,
    };

    session.onConnect = (request: NmsConnectRequest) => {
      if (request.app !== PUBLISH_APP || !DeviceIdSchema.safeParse(request.name).success || deviceId) {
        refuse();
        return;
      }
      deviceId = request.name;
      nms.connect({ ...request, app: this.namespace });
    };
    session.onPlay = refuse;
    session.onPacket = (packet: NmsPacket) => {
      if (state === 'live') {
        nms.packet(packet);
      } else if (state === 'authorizing') {
        heldBytes += packet.size;
        if (held.length >= MAX_PENDING_PACKETS || heldBytes > MAX_PENDING_BYTES) refuse();
        else held.push({ ...packet, data: Buffer.from(packet.data.subarray(0, packet.size)) });
      }
    };
    session.onPush = () => {
      if (state !== 'connected' || !deviceId) {
        refuse();
        return;
      }
      state = 'authorizing';
      const id = deviceId;
      const pendingOfDevice = this.pending.get(id) ?? new Set<Socket>();
      pendingOfDevice.add(socket);
      this.pending.set(id, pendingOfDevice);
      this.authorizeAndStart(id, first(session.streamQuery.key))
        .then((ok) => {
          if (!ok || state !== 'authorizing' || socket.destroyed || this.closing) {
            refuse();
            return;
          }
          nms.push();
          if (!session.isPublisher || session.broadcast.publisher !== session) {
            refuse();
            return;
          }
          state = 'live';
          this.live.set(id, { session, subscribers: new Map(), closed });
          const replay = held;
          held = [];
          for (const packet of replay) nms.packet(packet);
          this.options.onLive(id);
        })
        .catch((error: unknown) => {
          this.options.onError?.(error);
          refuse();
        })
        .finally(() => {
          pendingOfDevice.delete(socket);
          if (pendingOfDevice.size === 0 && this.pending.get(id) === pendingOfDevice) this.pending.delete(id);
        });
    };
    session.onClose = () => {
      clearTimeout(deadline);
      this.sockets.delete(socket);
      try {
        nms.close();
      } catch (error) {
        this.options.onError?.(error);
      }
      const stream = this.live.get(deviceId);
      if (stream?.session === session) {
        this.live.delete(deviceId);
        for (const [subscriber, sink] of stream.subscribers) {
          stream.subscribers.delete(subscriber);
          session.broadcast.donePlay(subscriber);
          sink.end();
        }
        this.options.onEnded(deviceId);
      }
      resolveClosed();
    };
    session.run();
  }

  /**
   * Authorizes a publish; a verified publisher of a device that is already live takes its place (the old
   * connection is usually a dead one that has not timed out yet).
   */
  private async authorizeAndStart(deviceId: string, key: string): Promise<boolean> {
    if (!key || !(await this.options.authorize(deviceId, key))) return false;
    const previous = this.live.get(deviceId);
    if (previous) {
      previous.session.socket.destroy();
      await previous.closed;
    }
    return true;
  }
}
