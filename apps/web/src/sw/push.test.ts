import { describe, expect, it } from 'vitest';
import { installPushHandlers, linkUrl, readPayload, type PushScope } from './push';

const ORIGIN = 'https://petheart.example';

interface FakeWindow {
  url: string;
  focused: boolean;
  controlled: boolean;
  focus(): Promise<unknown>;
  navigate(url: string): Promise<unknown>;
}

/** A stand-in ServiceWorkerGlobalScope: records what is shown and opened; events are dispatched by hand. */
function fakeScope(windows: FakeWindow[] = []) {
  const listeners = new Map<string, (event: never) => void>();
  const shown: { title: string; options: NotificationOptions | undefined }[] = [];
  const opened: string[] = [];
  const scope: PushScope = {
    addEventListener: (type: string, listener: (event: never) => void) => {
      listeners.set(type, listener);
    },
    registration: {
      showNotification: (title, options) => {
        shown.push({ title, options });
        return Promise.resolve();
      },
    },
    clients: {
      matchAll: () => Promise.resolve(windows),
      openWindow: (url) => {
        opened.push(url);
        return Promise.resolve(null);
      },
    },
    location: { origin: ORIGIN },
  };
  installPushHandlers(scope);
  const dispatch = async (type: string, event: object) => {
    const waits: Promise<unknown>[] = [];
    listeners.get(type)?.({ ...event, waitUntil: (p: Promise<unknown>) => waits.push(p) } as never);
    await Promise.all(waits);
    return waits.length;
  };
  return { shown, opened, dispatch };
}

function appWindow(url: string, controlled = true): FakeWindow {
  const w: FakeWindow = {
    url,
    focused: false,
    controlled,
    focus: () => {
      w.focused = true;
      return Promise.resolve(w);
    },
    navigate: (to) => {
      if (!w.controlled) return Promise.reject(new TypeError('not controlled'));
      w.url = to;
      return Promise.resolve(w);
    },
  };
  return w;
}

const message = (value: unknown) => ({ text: () => (typeof value === 'string' ? value : JSON.stringify(value)) });
const PAYLOAD = {
  id: 42,
  kind: 'post_approved',
  title: 'Your post was approved',
  body: '"Morning cats" is published',
  link: '/pages/community/detail?id=7',
  icon: '/icons/icon-192.png',
};

describe('the service worker’s push handling', () => {
  it('shows a push as a notification: title, body, icon, its link, tagged by id', async () => {
    const sw = fakeScope();
    expect(await sw.dispatch('push', { data: message(PAYLOAD) })).toBe(1);
    expect(sw.shown).toEqual([
      {
        title: 'Your post was approved',
        options: expect.objectContaining({
          body: '"Morning cats" is published',
          icon: '/icons/icon-192.png',
          tag: 'notification-42',
          data: { link: '/pages/community/detail?id=7' },
        }) as NotificationOptions,
      },
    ]);
  });

  it('still shows something for a message it cannot read (a push must be visible)', async () => {
    const sw = fakeScope();
    await sw.dispatch('push', { data: message('not json') });
    await sw.dispatch('push', { data: null });
    expect(sw.shown.map((s) => [s.title, (s.options?.data as { link: string }).link])).toEqual([
      ['PetHeart', '/'],
      ['PetHeart', '/'],
    ]);
  });

  it('on click, focuses the open app window and takes it to the link', async () => {
    const open = appWindow(`${ORIGIN}/pages/mine/mine`);
    const other = appWindow('https://elsewhere.example/');
    const sw = fakeScope([other, open]);
    let closed = false;
    const notification = { data: { link: PAYLOAD.link }, close: () => (closed = true) };
    await sw.dispatch('notificationclick', { notification });
    expect(closed).toBe(true);
    expect(open.focused).toBe(true);
    expect(open.url).toBe(`${ORIGIN}/pages/community/detail?id=7`);
    expect(other.url).toBe('https://elsewhere.example/');
    expect(sw.opened).toEqual([]);
  });

  it('opens a new window when no app window is open, or when the open one cannot be navigated', async () => {
    const none = fakeScope([]);
    await none.dispatch('notificationclick', { notification: { data: { link: '/pages/cashOut/log' }, close() {} } });
    expect(none.opened).toEqual([`${ORIGIN}/pages/cashOut/log`]);

    const uncontrolled = appWindow(`${ORIGIN}/`, false);
    const sw = fakeScope([uncontrolled]);
    await sw.dispatch('notificationclick', { notification: { data: { link: '/pages/cashOut/log' }, close() {} } });
    expect(sw.opened).toEqual([`${ORIGIN}/pages/cashOut/log`]);
  });

  it('never opens another site from a link', () => {
    expect(linkUrl('https://evil.example/x', ORIGIN)).toBe(`${ORIGIN}/`);
    expect(linkUrl('//evil.example/x', ORIGIN)).toBe(`${ORIGIN}/`);
    expect(linkUrl('', ORIGIN)).toBe(`${ORIGIN}/`);
    expect(linkUrl('/pages/live/live?device_id=d1', ORIGIN)).toBe(`${ORIGIN}/pages/live/live?device_id=d1`);
  });

  it('reads only messages shaped as the server sends them', () => {
    expect(readPayload(message(PAYLOAD))).toEqual(PAYLOAD);
    expect(readPayload(message({ ...PAYLOAD, id: '42' }))).toBeNull();
    expect(readPayload(message({ title: 'x' }))).toBeNull();
    expect(readPayload(message({ id: 1, kind: 'room_online', title: 'Live' }))).toEqual({
      id: 1,
      kind: 'room_online',
      title: 'Live',
      body: '',
      link: '',
    });
  });
});
