import { z } from 'zod';
import { LocaleSchema, NotificationKindSchema, type Locale, type Notification } from '@petheart/contracts';
import type { CreatedNotification } from '../notification/ports';
import type { LiveNamespace, LiveSocket } from './socket-types';

/** What the user channel needs from the notification centre. */
export interface UserNotices {
  /** Unread counts of these users (those with none may be left out). */
  unread(userIds: readonly number[]): Promise<Map<number, number>>;
  /** A notification as a reader in `locale` sees it. */
  present(notification: CreatedNotification, locale: Locale): Notification;
}

/** A signed-in user's sockets are in this room (besides the device rooms they join). */
export const userRoom = (userId: number) => `u:${String(userId)}`;

/** Notifications forwarded to the other API processes at most this many per message. */
const FORWARD_CHUNK = 1_000;

/** A notification as it travels between processes (Redis): dates as milliseconds. */
const WireSchema = z.array(
  z.object({
    id: z.number().int(),
    user_id: z.number().int(),
    kind: NotificationKindSchema,
    params: z.record(z.string(), z.union([z.string(), z.number()])),
    link: z.string(),
    at: z.number(),
  }),
);

/** A socket's language: handshake `auth.lang`, else its `lang` header, else English. */
export function socketLocale(socket: Pick<LiveSocket, 'handshake'>): Locale {
  const auth: unknown = socket.handshake.auth;
  const fromAuth = auth && typeof auth === 'object' ? (auth as { lang?: unknown }).lang : undefined;
  const chosen = LocaleSchema.safeParse(fromAuth ?? socket.handshake.headers.lang);
  return chosen.success ? chosen.data : 'en';
}

/**
 * Delivers new notifications to their readers' open apps (issue 29 §1): each signed-in socket is in its user's
 * room; a batch goes to the sockets of this process in their own languages with the reader's unread count (one
 * query for the readers connected here, none when nobody is), and, with several processes, is forwarded once
 * to the others (in chunks), which do the same for their sockets.
 */
export class UserChannel {
  constructor(
    private readonly nsp: LiveNamespace,
    private readonly notices: UserNotices,
    private readonly onError: (error: unknown) => void,
    /** Sends to the other API processes (Redis); undefined with one process. */
    private readonly forward?: (batch: unknown) => void,
  ) {}

  /** A new socket of a signed-in user joins the user's room. */
  joined(socket: LiveSocket): void {
    const { userId } = socket.data;
    if (userId !== null) void socket.join(userRoom(userId));
  }

  /** New notifications (written by this process): to the sockets here, and to the other processes. */
  deliver(batch: readonly CreatedNotification[]): void {
    this.deliverHere(batch).catch(this.onError);
    const { forward } = this;
    if (!forward) return;
    for (let i = 0; i < batch.length; i += FORWARD_CHUNK)
      forward(
        batch.slice(i, i + FORWARD_CHUNK).map((n) => ({
          id: n.id,
          user_id: n.userId,
          kind: n.kind,
          params: n.params,
          link: n.link,
          at: n.createdAt.getTime(),
        })),
      );
  }

  /** Notifications another process wrote and forwarded: to the sockets here. */
  received(wire: unknown): void {
    const parsed = WireSchema.safeParse(wire);
    if (!parsed.success) return;
    const batch = parsed.data.map((n) => ({
      id: n.id,
      userId: n.user_id,
      kind: n.kind,
      params: n.params,
      link: n.link,
      createdAt: new Date(n.at),
    }));
    this.deliverHere(batch).catch(this.onError);
  }

  private async deliverHere(batch: readonly CreatedNotification[]): Promise<void> {
    const rooms = this.nsp.adapter.rooms;
    const here = batch.filter((n) => rooms.has(userRoom(n.userId)));
    if (here.length === 0) return;
    const unread = await this.notices.unread([...new Set(here.map((n) => n.userId))]);
    for (const n of here) {
      for (const id of rooms.get(userRoom(n.userId)) ?? []) {
        const socket = this.nsp.sockets.get(id);
        if (!socket) continue;
        socket.emit('notification', {
          notification: this.notices.present(n, socket.data.lang),
          unread: unread.get(n.userId) ?? 0,
        });
      }
    }
  }
}
