import { createRequire } from 'node:module';
import type { Socket } from 'node:net';

/**
 * The parts of node-media-server 4.4 the media server uses: its RTMP session (handshake, chunk parsing,
 * publish/play commands) and the per-stream broadcast it feeds (FLV muxing, GOP cache, subscribers).
 * Its own servers are not used: they cannot listen on port 0, call process.exit on a listen error, bring
 * an admin API, CORS and a file store, and share one module-level `Context` per process. These types
 * describe the 4.4 internals this file relies on (checked by `assertNmsShape` at start).
 */

export interface NmsConnectRequest {
  app: string;
  name: string;
  host: string;
  query: Record<string, string | string[] | undefined>;
}

/** An RTMP packet as NMS parses it (`data` is the parser's reused buffer: copy it to keep it). */
export interface NmsPacket {
  size: number;
  data: Buffer;
}

/** Anything a broadcast sends FLV to. An empty `ip` marks an internal subscriber (no events, no auth). */
export interface NmsSubscriber {
  id: string;
  ip: '';
  protocol: 'flv';
  streamPath: string;
  endTime: number;
  sendBuffer: (buffer: Buffer) => void;
  close: () => void;
}

export interface NmsBroadcast {
  streamPath: string;
  publisher: object | null;
  flvAudioHeader: Buffer | null;
  flvVideoHeader: Buffer | null;
  subscribers: Map<string, unknown>;
  postPlay(session: NmsSubscriber): string | null;
  donePlay(session: NmsSubscriber): void;
  _finishPublish?: () => void;
}

export interface NmsRtmpSession {
  readonly id: string;
  readonly socket: Socket;
  streamPath: string;
  streamQuery: Record<string, string | string[] | undefined>;
  isPublisher: boolean;
  broadcast: NmsBroadcast;
  onConnect: (request: NmsConnectRequest) => void;
  onPlay: () => void;
  onPush: () => void;
  onPacket: (packet: NmsPacket) => void;
  onClose: () => void;
  run: () => void;
}

interface NmsLogger {
  level: string;
}

interface NmsContext {
  broadcasts: Map<string, NmsBroadcast>;
}

const require = createRequire(import.meta.url);
const RtmpSession = require('node-media-server/src/session/rtmp_session.js') as new (socket: Socket) => NmsRtmpSession;
const context = require('node-media-server/src/core/context.js') as NmsContext;
const logger = require('node-media-server/src/core/logger.js') as NmsLogger;
const nmsVersion = (require('node-media-server/package.json') as { version: string }).version;

/** A node-media-server RTMP session on an accepted socket (not started: the caller wraps its hooks, then runs it). */
export function createRtmpSession(socket: Socket): NmsRtmpSession {
  return new RtmpSession(socket);
}

/** Every live broadcast of this process, by stream path (NMS keeps one map per process). */
export function nmsBroadcasts(): Map<string, NmsBroadcast> {
  return context.broadcasts;
}

/** NMS logs every session to stdout at 'debug'; follow the API's log level instead. */
export function setNmsLogLevel(level: string): void {
  const map: Record<string, string> = { trace: 'trace', debug: 'debug', info: 'info', warn: 'warn' };
  // 'error', 'fatal' and 'silent' → errors only; NMS has no level above 'error' (its errors are per-session noise).
  logger.level = map[level] ?? 'error';
}

/** Fails at start (not on the first camera) when the installed node-media-server is not the 4.4 this relies on. */
export function assertNmsShape(): void {
  const probe = createRtmpSession({ remoteAddress: '', remotePort: 0 } as unknown as Socket);
  const hooks = ['onConnect', 'onPlay', 'onPush', 'onPacket', 'onClose', 'run'] as const;
  const missing = hooks.filter((name) => typeof probe[name] !== 'function');
  if (!nmsVersion.startsWith('4.4.') || missing.length > 0 || !(context.broadcasts instanceof Map)) {
    throw new Error(
      `node-media-server ${nmsVersion} is not the 4.4.x the media server was written against` +
        (missing.length ? ` (missing ${missing.join(', ')})` : ''),
    );
  }
}
