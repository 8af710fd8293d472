import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { liveEndpoints, mediaEndpoints, type LiveComment, type LiveDetail } from '@petheart/contracts';
import { renderApp, stubApi } from '../../test-support/app';

/** A stand-in for socket.io-client's socket: records emits, answers `join`, lets the test fire events. */
class FakeSocket {
  readonly handlers = new Map<string, ((...args: unknown[]) => void)[]>();
  readonly emitted: { event: string; data: unknown }[] = [];
  connected = false;
  constructor(
    readonly namespace: string,
    readonly options: { auth?: unknown },
  ) {}
  on(event: string, fn: (...args: unknown[]) => void) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), fn]);
    return this;
  }
  timeout() {
    return this;
  }
  emit(event: string, data: unknown, ack?: (err: unknown, value: unknown) => void) {
    this.emitted.push({ event, data });
    if (event === 'join') ack?.(null, { ok: true, viewers: 3, latest_seq: 12 });
    return this;
  }
  disconnect() {
    this.connected = false;
  }
  fire(event: string, payload?: unknown) {
    if (event === 'connect') this.connected = true;
    for (const fn of this.handlers.get(event) ?? []) fn(payload);
  }
}
const sockets: FakeSocket[] = [];
vi.mock('socket.io-client', () => ({
  io: (namespace: string, options: { auth?: unknown }) => {
    const s = new FakeSocket(namespace, options);
    sockets.push(s);
    return s;
  },
}));

const comment = (seq: number, content: string): LiveComment => ({
  seq,
  device_id: 'PH-0002',
  user_id: 7,
  nickname: 'Mia',
  avatar: '',
  fan_level: seq === 9 ? 4 : null,
  content,
  created_at: 1_700_000_000,
});

function detail(feeder: boolean, camera: boolean): LiveDetail {
  return {
    device: {
      device_id: 'PH-0002',
      name: 'Bund Feeder B',
      base_id: 1,
      online: feeder || camera,
      feeder_online: feeder,
      camera_online: camera,
      food_stock: 4200,
      last_seen_at: 1_700_000_000,
      days_in_operation: 3,
      portions: [{ grams: 10, coins: 10 }],
      thumbnail: '',
      thumbnail_at: null,
      camera_offline_at: null,
    },
    base: {
      id: 1,
      name: 'Bund Riverside Cat Corner',
      text_lang: 'en',
      address: 'Shanghai',
      latitude: 31.2,
      longitude: 121.5,
      animal_count: 18,
      photos: [],
      introduction: '',
      created_at: 1_700_000_000,
    },
    viewers: 1,
    followers: 2,
    followed: false,
    fan_count: 0,
    fan: null,
    grams_today: 120,
    latest_seq: 9,
  };
}

function stubRoom(room: LiveDetail) {
  return stubApi(({ endpoint, body }) => {
    if (endpoint === liveEndpoints.detail) return room;
    if (endpoint === mediaEndpoints.play)
      return {
        flv_url: '/live/PH-0002.flv?s=x',
        ws_url: null,
        hls_url: null,
        expires_at: 1,
        camera_online: room.device.camera_online,
      };
    if (endpoint === liveEndpoints.commentList) {
      // the newest page first; after the join (the room is at 12 by then) the catch-up after 9
      if (body.after_seq === 9) return { list: [comment(12, 'caught up')], latest_seq: 12 };
      return { list: [comment(5, 'first'), comment(9, 'second')], latest_seq: 9 };
    }
    if (endpoint === mediaEndpoints.clipList) return { list: [], total: 0, page: 1, limit: 10 };
    return undefined;
  });
}

const renderLive = () => renderApp('/pages/live/live?device_id=PH-0002');

describe('LivePage', () => {
  beforeEach(() => {
    sockets.length = 0;
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('camera offline: the mask, a disabled-looking Feed that says why, and no player', async () => {
    const calls = stubRoom(detail(true, false));
    renderLive();
    expect(await screen.findByTestId('camera-offline-mask')).toHaveTextContent('Camera offline');
    const feed = screen.getByTestId('feed-button');
    await waitFor(() => {
      expect(feed).toHaveAttribute('aria-disabled', 'true');
    });
    await userEvent.click(feed);
    expect(await screen.findByText('Camera offline, operation not available at the moment.')).toBeInTheDocument();
    expect(screen.queryByTestId('feed-sheet')).not.toBeInTheDocument();
    expect(calls.some((c) => c.endpoint === mediaEndpoints.play)).toBe(true);
  });

  it('comments: history, a catch-up after join, socket pushes once per seq; viewers and device state live', async () => {
    const calls = stubRoom(detail(false, false));
    renderLive();
    const list = await screen.findByTestId('comment-list');
    await within(list).findByText('second');
    await waitFor(() => {
      expect(sockets).toHaveLength(1);
    });
    const socket = sockets[0];
    if (!socket) throw new Error('no socket');
    expect(socket.namespace).toBe('/live');
    expect(socket.options.auth).toEqual({});

    act(() => {
      socket.fire('connect');
    });
    expect(socket.emitted).toContainEqual({ event: 'join', data: { device_id: 'PH-0002' } });
    await within(list).findByText('caught up');
    expect(calls.find((c) => c.endpoint === liveEndpoints.commentList && c.body.after_seq === 9)).toBeDefined();
    expect(screen.getByTestId('viewer-count')).toHaveTextContent('3');

    act(() => {
      socket.fire('comment', comment(12, 'caught up'));
      socket.fire('comment', comment(13, 'pushed'));
      socket.fire('comment', { ...comment(14, 'other room'), device_id: 'PH-0009' });
      socket.fire('viewers', { device_id: 'PH-0002', viewers: 1234 });
      // The user's own events are the bell's: the room takes none of them.
      socket.fire('notification_unread', { unread: 2 });
    });
    await within(list).findByText('pushed');
    expect(within(list).getAllByText('caught up')).toHaveLength(1);
    expect(within(list).queryByText('other room')).not.toBeInTheDocument();
    const order = [...list.querySelectorAll('li')].map((li) => li.textContent);
    expect(order.slice(1)).toEqual(['Miafirst', 'Lv.4Miasecond', 'Miacaught up', 'Miapushed']);
    expect(screen.getByTestId('viewer-count')).toHaveTextContent('1.2k');

    const feed = screen.getByTestId('feed-button');
    expect(feed).toHaveAttribute('aria-disabled', 'true');
    act(() => {
      socket.fire('device', {
        device_id: 'PH-0002',
        online: true,
        feeder_online: true,
        camera_online: true,
        food_stock: 4000,
        last_seen_at: 1_700_000_100,
      });
    });
    await waitFor(() => {
      expect(feed).not.toHaveAttribute('aria-disabled');
    });
    expect(screen.getByTestId('feeder-state')).toHaveTextContent('Feeder online');
  });

  it('says so when the server refuses the room’s connection (too many open on this network), in Japanese too', async () => {
    for (const [locale, text] of [
      ['en', 'Too many live rooms are open on this network. Close some, then reload this page.'],
      [
        'ja',
        'このネットワークで開いているライブ画面が多すぎます。いくつか閉じてから、このページを再読み込みしてください。',
      ],
    ] as const) {
      sockets.length = 0;
      stubRoom(detail(true, true));
      renderApp('/pages/live/live?device_id=PH-0002', { locale });
      await waitFor(() => {
        expect(sockets).toHaveLength(1);
      });
      act(() => {
        sockets[0]?.fire('connect_error', new Error('timeout'));
      });
      expect(screen.queryByText(text)).toBeNull();
      act(() => {
        sockets[0]?.fire('connect_error', Object.assign(new Error('rate_limited'), { data: { limit: 20 } }));
      });
      expect(await screen.findByText(text)).toBeInTheDocument();
      cleanup();
    }
  });

  it('a tourist who taps Feed in an online room goes to login and comes back here', async () => {
    stubRoom(detail(true, true));
    const router = renderLive();
    const feed = await screen.findByTestId('feed-button');
    await waitFor(() => {
      expect(feed).not.toHaveAttribute('aria-disabled');
    });
    await userEvent.click(feed);
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/pages/public/login');
    });
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/pages/live/live?device_id=PH-0002')}`);
  });

  it('when the room’s socket drops: Reconnecting…, the states unknown and grey, no feed; back, it says so', async () => {
    stubRoom(detail(true, true));
    renderLive();
    const feed = await screen.findByTestId('feed-button');
    await waitFor(() => {
      expect(sockets).toHaveLength(1);
    });
    const socket = sockets[0];
    if (!socket) throw new Error('no socket');
    act(() => {
      socket.fire('connect');
    });
    await waitFor(() => {
      expect(feed).not.toHaveAttribute('aria-disabled');
    });
    expect(screen.queryByTestId('reconnecting')).toBeNull();

    act(() => {
      socket.fire('disconnect', 'transport close');
    });
    expect(await screen.findByTestId('reconnecting')).toHaveTextContent('Reconnecting…');
    expect(screen.getByTestId('feeder-state')).toHaveTextContent('Feeder: unknown');
    expect(screen.getByTestId('camera-state')).toHaveAttribute('data-state', 'unknown');
    expect(feed).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(feed);
    expect(screen.queryByTestId('feed-sheet')).not.toBeInTheDocument();

    act(() => {
      socket.fire('connect');
    });
    expect(await screen.findByText('Reconnected')).toBeInTheDocument();
    expect(screen.queryByTestId('reconnecting')).toBeNull();
    expect(screen.getByTestId('feeder-state')).toHaveTextContent('Feeder online');
    expect(feed).not.toHaveAttribute('aria-disabled');
  });

  it('when the browser goes offline it says so at once, in Simplified Chinese too', async () => {
    stubRoom(detail(true, true));
    renderApp('/pages/live/live?device_id=PH-0002', { locale: 'zh-CN' });
    await screen.findByTestId('feed-button');
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(await screen.findByTestId('reconnecting')).toHaveTextContent('正在重新连接…');
    expect(screen.getByTestId('camera-state')).toHaveTextContent('摄像头状态未知');
    online.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByText('已重新连接')).toBeInTheDocument();
    online.mockRestore();
  });
});
