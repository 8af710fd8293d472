import type { PushPayload } from '@petheart/contracts';

/**
 * The service worker's Web Push handling (issue 29 §2): a push message (PushPayloadSchema, JSON) is shown as a
 * notification, and a click on it brings the app to the notification's link. Written against the few members of
 * ServiceWorkerGlobalScope it uses, so it can be tested with a stand-in scope.
 */

interface PushMessage {
  text(): string;
}
interface PushEventLike {
  readonly data: PushMessage | null;
  waitUntil(work: Promise<unknown>): void;
}
interface ShownNotification {
  readonly data: unknown;
  close(): void;
}
interface NotificationClickLike {
  readonly notification: ShownNotification;
  waitUntil(work: Promise<unknown>): void;
}
interface AppWindow {
  readonly url: string;
  focus(): Promise<unknown>;
  navigate(url: string): Promise<unknown>;
}

/** What installPushHandlers needs of the service worker's global scope (ServiceWorkerGlobalScope has it). */
export interface PushScope {
  addEventListener(type: 'push', listener: (event: PushEventLike) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationClickLike) => void): void;
  readonly registration: { showNotification(title: string, options?: NotificationOptions): Promise<void> };
  readonly clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly AppWindow[]>;
    openWindow(url: string): Promise<unknown>;
  };
  readonly location: { readonly origin: string };
}

/** What a shown notification carries for its click. */
interface ClickData {
  link: string;
}

/** The app's name: the title of a push whose message cannot be read (a push must always show something). */
const FALLBACK_TITLE = 'PetHeart';
const ICON = '/icons/icon-192.png';

/** The message as the server sent it, or null when it is not one. */
export function readPayload(data: PushMessage | null): PushPayload | null {
  if (!data) return null;
  let value: unknown;
  try {
    value = JSON.parse(data.text());
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object') return null;
  const p = value as Partial<Record<keyof PushPayload, unknown>>;
  if (typeof p.id !== 'number' || typeof p.title !== 'string' || typeof p.kind !== 'string') return null;
  return {
    id: p.id,
    kind: p.kind as PushPayload['kind'],
    title: p.title,
    body: typeof p.body === 'string' ? p.body : '',
    link: typeof p.link === 'string' ? p.link : '',
    ...(typeof p.icon === 'string' ? { icon: p.icon } : {}),
  };
}

/** The app address a link opens: a path of this origin, else the home page (never another site). */
export function linkUrl(link: string, origin: string): string {
  try {
    const url = new URL(link || '/', origin);
    return url.origin === origin ? url.href : `${origin}/`;
  } catch {
    return `${origin}/`;
  }
}

async function openLink(scope: PushScope, link: string): Promise<void> {
  const url = linkUrl(link, scope.location.origin);
  const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((w) => w.url.startsWith(scope.location.origin));
  if (open) {
    // focus() is allowed only for a real click; navigating the window works either way.
    await open.focus().catch(() => undefined);
    try {
      await open.navigate(url);
      return;
    } catch {
      // A window this worker does not control cannot be navigated: open the link beside it.
    }
  }
  await scope.clients.openWindow(url);
}

/** Shows each push as a notification (tagged by its id: the same one twice replaces itself) and opens its link. */
export function installPushHandlers(scope: PushScope): void {
  scope.addEventListener('push', (event) => {
    const payload = readPayload(event.data);
    const shown = payload
      ? scope.registration.showNotification(payload.title, {
          body: payload.body,
          icon: payload.icon ?? ICON,
          badge: ICON,
          tag: `notification-${String(payload.id)}`,
          data: { link: payload.link } satisfies ClickData,
        })
      : scope.registration.showNotification(FALLBACK_TITLE, { icon: ICON, data: { link: '/' } satisfies ClickData });
    event.waitUntil(shown);
  });
  scope.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const data = event.notification.data as Partial<ClickData> | null;
    // Started before waitUntil, which refuses events a script dispatched (the handler still does its work).
    const done = openLink(scope, typeof data?.link === 'string' ? data.link : '/');
    event.waitUntil(done.catch(() => undefined));
  });
}
