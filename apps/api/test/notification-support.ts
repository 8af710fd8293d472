import type { AddressInfo } from 'node:net';
import { io, type Socket } from 'socket.io-client';
import {
  LIVE_NAMESPACE,
  NotificationEventSchema,
  NotificationListDataSchema,
  type NotificationEvent,
  type NotificationListData,
} from '@petheart/contracts';
import { okData, type TestApi } from './harness';

/** The notification centre's test helpers (issue 29 §1). */

/** A user's inbox as the app reads it (after the fan-outs under way have been written). */
export async function inbox(
  api: TestApi,
  token: string,
  o: { lang?: string; page?: number; limit?: number } = {},
): Promise<NotificationListData> {
  await api.container.services.notificationProducers.idle();
  const body = { ...(o.page ? { page: o.page } : {}), ...(o.limit ? { limit: o.limit } : {}) };
  return okData(
    await api.post('/api/notification/list', body, { token, ...(o.lang ? { lang: o.lang } : {}) }),
    NotificationListDataSchema,
  );
}

/** The API's address once it listens (sockets need a real server). */
export async function listening(api: TestApi): Promise<string> {
  if (!api.app.server.listening) await api.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${String((api.app.server.address() as AddressInfo).port)}`;
}

/** A socket of the app in the /live namespace that records its `notification` events (checked by the contract). */
export class NotificationSocket {
  readonly received: NotificationEvent[] = [];
  private waiters: { count: number; resolve: () => void }[] = [];

  private constructor(readonly socket: Socket) {
    socket.on('notification', (payload: unknown) => {
      this.received.push(NotificationEventSchema.parse(payload));
      this.waiters = this.waiters.filter((w) => {
        if (this.received.length < w.count) return true;
        w.resolve();
        return false;
      });
    });
  }

  static async connect(url: string, auth: { token?: string; lang?: string }): Promise<NotificationSocket> {
    const socket = io(`${url}${LIVE_NAMESPACE}`, {
      transports: ['websocket'],
      auth,
      reconnection: false,
      forceNew: true,
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => {
        resolve();
      });
      socket.once('connect_error', reject);
    });
    return new NotificationSocket(socket);
  }

  /** Resolves once `count` notifications have arrived in all (fails after timeoutMs). */
  waitFor(count: number, timeoutMs = 5_000): Promise<NotificationEvent[]> {
    if (this.received.length >= count) return Promise.resolve(this.received);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new Error(`${String(count)} notification(s) expected, ${String(this.received.length)} arrived`));
      }, timeoutMs);
      this.waiters.push({
        count,
        resolve: () => {
          clearTimeout(timer);
          resolve(this.received);
        },
      });
    });
  }

  close(): void {
    this.socket.disconnect();
  }
}
