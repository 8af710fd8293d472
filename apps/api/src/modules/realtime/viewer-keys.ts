import type { IncomingMessage } from 'node:http';
import { isIPv4, isIPv6 } from 'node:net';

/**
 * Sockets one viewer may hold at once in one API process: a signed-in user (however many tabs), or a
 * tourist's address (everyone not signed in behind it). Enough for a family behind one router with a few
 * tabs each; further connections are refused with `rate_limited`.
 */
export const MAX_SOCKETS_PER_VIEWER = 20;

/**
 * The client's address as Fastify's `request.ip` has it: the socket's peer, or with a trusted proxy
 * (TRUST_PROXY) the first address of X-Forwarded-For. Read from the upgrade (or first polling) request.
 */
export function clientAddress(request: Pick<IncomingMessage, 'headers'>, peer: string, trustProxy: boolean): string {
  if (!trustProxy) return peer;
  const header = request.headers['x-forwarded-for'];
  const first = (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',')[0]?.trim();
  return first || peer;
}

/**
 * Who a socket counts as: `u:<id>` for a signed-in user, else `a:<address>`; an IPv4-mapped IPv6 address
 * is its IPv4 address, and an IPv6 address counts by its /64 (one subscriber's prefix: a host may use any
 * address in it).
 */
export function viewerKey(userId: number | null, address: string): string {
  if (userId !== null) return `u:${String(userId)}`;
  const bare = address.split('%')[0] ?? '';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare)?.[1];
  if (mapped && isIPv4(mapped)) return `a:${mapped}`;
  if (!isIPv6(bare)) return `a:${bare}`;
  const [head = '', tail] = bare.split('::');
  const groups = (s: string | undefined) => (s ? s.split(':') : []);
  const left = groups(head);
  const right = groups(tail);
  // An IPv4 tail (::1.2.3.4) takes two groups; `::` stands for the zeros between the halves.
  const width = left.length + right.reduce((n, g) => n + (g.includes('.') ? 2 : 1), 0);
  const full = tail === undefined ? left : [...left, ...Array<string>(8 - width).fill('0'), ...right];
  return `a:${full
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

/** Open sockets per viewer key in this process, up to a limit each. */
export class SocketCounts {
  private readonly counts = new Map<string, number>();

  constructor(readonly limit: number) {}

  /** Takes a place for the key; false when it already holds `limit` sockets. */
  acquire(key: string): boolean {
    const n = this.counts.get(key) ?? 0;
    if (n >= this.limit) return false;
    this.counts.set(key, n + 1);
    return true;
  }

  release(key: string): void {
    const n = (this.counts.get(key) ?? 0) - 1;
    if (n > 0) this.counts.set(key, n);
    else this.counts.delete(key);
  }

  /** Keys holding sockets (for tests and memory checks). */
  get size(): number {
    return this.counts.size;
  }
}

/**
 * This process's viewers per room: each viewer key with how many of its sockets are in the room. A room's
 * `version` changes whenever its set of keys does (never reused, 0 when empty), so a coalescer reading it
 * sends every change of the set, not only changes of its size.
 */
export class LocalViewers {
  private readonly rooms = new Map<string, { keys: Map<string, number>; version: number }>();
  private changes = 0;

  /** A socket of `key` joined `room`. */
  add(room: string, key: string): void {
    let r = this.rooms.get(room);
    if (!r) {
      r = { keys: new Map(), version: 0 };
      this.rooms.set(room, r);
    }
    const n = r.keys.get(key) ?? 0;
    r.keys.set(key, n + 1);
    if (n === 0) r.version = ++this.changes;
  }

  /** A socket of `key` left `room`. */
  remove(room: string, key: string): void {
    const r = this.rooms.get(room);
    const n = r?.keys.get(key);
    if (!r || n === undefined) return;
    if (n > 1) {
      r.keys.set(key, n - 1);
      return;
    }
    r.keys.delete(key);
    r.version = ++this.changes;
    if (r.keys.size === 0) this.rooms.delete(room);
  }

  /** Distinct viewers of the room here. */
  count(room: string): number {
    return this.rooms.get(room)?.keys.size ?? 0;
  }

  /** The room's viewer keys (with their socket counts) here, if any. */
  keys(room: string): ReadonlyMap<string, number> | undefined {
    return this.rooms.get(room)?.keys;
  }

  version(room: string): number {
    return this.rooms.get(room)?.version ?? 0;
  }

  /** Rooms with viewers here. */
  roomIds(): IterableIterator<string> {
    return this.rooms.keys();
  }
}
