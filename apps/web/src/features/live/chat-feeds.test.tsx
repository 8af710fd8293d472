import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  feedEndpoints,
  liveEndpoints,
  mediaEndpoints,
  type LiveComment,
  type LiveDetail,
  type LiveFeedLine,
  type PublicFeedProof,
} from '@petheart/contracts';
import { renderApp, stubApi, type ApiCall } from '../../test-support/app';

/** socket.io-client's socket: answers `join` with the room's newest seq; the test fires server events. */
class FakeSocket {
  readonly handlers = new Map<string, ((payload: unknown) => void)[]>();
  readonly joins: unknown[] = [];
  connected = false;
  on(event: string, fn: (payload: unknown) => void) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), fn]);
    return this;
  }
  timeout() {
    return this;
  }
  emit(event: string, data: unknown, ack?: (err: unknown, value: unknown) => void) {
    if (event === 'join') {
      this.joins.push(data);
      ack?.(null, { ok: true, viewers: 3, latest_seq: 9 });
    }
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
  io: () => {
    const s = new FakeSocket();
    sockets.push(s);
    return s;
  },
}));

const SLOW = { timeout: 5_000 };
const T = 1_700_000_000;

const comment = (seq: number, content: string, at: number): LiveComment => ({
  seq,
  device_id: 'PH-0002',
  user_id: 7,
  nickname: 'Mia',
  avatar: '',
  fan_level: null,
  content,
  created_at: at,
});
const fed = (id: string, nickname: string, grams: number, at: number): LiveFeedLine => ({
  feed_id: id,
  device_id: 'PH-0002',
  nickname,
  grams,
  fed_at: at,
});

const ROOM: LiveDetail = {
  device: {
    device_id: 'PH-0002',
    name: 'Bund Feeder B',
    base_id: 1,
    online: true,
    feeder_online: true,
    camera_online: true,
    food_stock: 4200,
    last_seen_at: T,
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
    created_at: T,
  },
  viewers: 1,
  followers: 2,
  followed: false,
  fan_count: 0,
  fan: null,
  grams_today: 120,
  latest_seq: 9,
};

const proof = (feedId: string, state: PublicFeedProof['proof']['state']): PublicFeedProof => ({
  feed_id: feedId,
  nickname: 'Leo',
  device_id: 'PH-0002',
  device_name: 'Bund Feeder B',
  base_id: 1,
  base_name: 'Bund Riverside Cat Corner',
  grams_dispensed: 10,
  fed_at: T,
  proof: { state, url: state === 'ready' ? `/uploads/proof/${feedId}.mp4` : '', duration_ms: 8000 },
});

/** The room, whose history answers `history(call)` (the calls so far included), and proofs by feed id. */
function stubRoom(
  history: (body: Record<string, unknown>, calls: ApiCall[]) => unknown,
  proofs: Record<string, PublicFeedProof> = {},
) {
  const calls: ApiCall[] = stubApi((call) => {
    const { endpoint, body } = call;
    if (endpoint === liveEndpoints.detail) return ROOM;
    if (endpoint === mediaEndpoints.play)
      return { flv_url: '/live/PH-0002.flv?s=x', ws_url: null, hls_url: null, expires_at: 1, camera_online: true };
    if (endpoint === mediaEndpoints.clipList) return { list: [], total: 0, page: 1, limit: 10 };
    if (endpoint === liveEndpoints.commentList) return history(body, calls);
    if (endpoint === feedEndpoints.proof) return proofs[String(body.id)];
    return undefined;
  });
  return calls;
}

const lines = (list: HTMLElement) => [...list.querySelectorAll('li')].slice(1).map((li) => li.textContent);

async function joinedSocket() {
  await waitFor(() => {
    expect(sockets.length).toBeGreaterThan(0);
  }, SLOW);
  const socket = sockets[0];
  if (!socket) throw new Error('no socket');
  act(() => {
    socket.fire('connect');
  });
  return socket;
}

describe('feeds stay in the room: lasting chat lines', () => {
  beforeEach(() => {
    sockets.length = 0;
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('load with the history among the comments, come back after a reconnect, and show once each', async () => {
    let away: LiveFeedLine[] = [];
    const calls = stubRoom((body) => {
      if (body.after_seq === undefined)
        return {
          list: [comment(5, 'first', T), comment(9, 'second', T + 20)],
          feeds: [fed('feed-a', 'Leo', 10, T + 10)],
          latest_seq: 9,
        };
      // A join's catch-up after seq 9: no newer comment, the feeds since.
      return { list: [], feeds: [fed('feed-a', 'Leo', 10, T + 10), ...away], latest_seq: 9 };
    });
    renderApp('/pages/live/live?device_id=PH-0002');
    const list = await screen.findByTestId('comment-list', {}, SLOW);
    await within(list).findByText('Leo fed 10g', {}, SLOW);
    expect(lines(list)).toEqual(['Miafirst', 'Leo fed 10gClip', 'Miasecond']);

    const socket = await joinedSocket();
    // The join asks even though no comment is newer (its feeds).
    await waitFor(() => {
      expect(calls.filter((c) => c.endpoint === liveEndpoints.commentList && c.body.after_seq === 9)).toHaveLength(1);
    }, SLOW);
    act(() => {
      socket.fire('fed', { device_id: 'PH-0002', feed_id: 'feed-b', nickname: 'Kai', grams: 20, grams_today: 140 });
      socket.fire('comment', comment(10, 'yum', T + 40));
    });
    await within(list).findByText('yum');
    expect(lines(list)).toEqual(['Miafirst', 'Leo fed 10gClip', 'Miasecond', 'Kai fed 20gClip', 'Miayum']);

    // Away: the socket drops; meanwhile Kai's feed (heard) and Ada's (missed) fell. Back: both, once each.
    away = [fed('feed-b', 'Kai', 20, T + 30), fed('feed-c', 'Ada', 10, T + 50)];
    act(() => {
      socket.fire('disconnect');
      socket.fire('connect');
    });
    await within(list).findByText('Ada fed 10g', {}, SLOW);
    expect(lines(list)).toEqual([
      'Miafirst',
      'Leo fed 10gClip',
      'Miasecond',
      'Kai fed 20gClip',
      'Miayum',
      'Ada fed 10gClip',
    ]);
    expect(
      within(list)
        .getAllByTestId('feed-line')
        .map((l) => l.dataset.feedId),
    ).toEqual(['feed-a', 'feed-b', 'feed-c']);
  });

  it('tapped, a line opens its proof: the clip plays, or the sheet says why there is none', async () => {
    const states = ['ready', 'pending', 'no_camera', 'expired', 'failed'] as const;
    const feeds = [...states.map((s, i) => fed(`feed-${s}`, 'Leo', 10, T + i)), fed('feed-gone', 'Leo', 10, T + 9)];
    const calls = stubRoom(
      () => ({ list: [], feeds, latest_seq: 0 }),
      Object.fromEntries(states.map((s) => [`feed-${s}`, proof(`feed-${s}`, s)])),
    );
    renderApp('/pages/live/live?device_id=PH-0002');
    const list = await screen.findByTestId('comment-list', {}, SLOW);
    await waitFor(() => {
      expect(within(list).getAllByTestId('feed-line')).toHaveLength(feeds.length);
    }, SLOW);

    const open = async (feedId: string) => {
      const line = within(list)
        .getAllByTestId('feed-line')
        .find((l) => l.dataset.feedId === feedId);
      if (!line) throw new Error(`no line ${feedId}`);
      await userEvent.click(within(line).getByRole('button'));
      return screen.findByTestId('proof-sheet');
    };
    const close = async (sheet: HTMLElement) => {
      await userEvent.click(within(sheet).getByRole('button', { name: 'Close' }));
      expect(screen.queryByTestId('proof-sheet')).not.toBeInTheDocument();
    };

    let sheet = await open('feed-ready');
    expect(within(sheet).getByRole('heading')).toHaveTextContent('Proof of this meal');
    expect(await within(sheet).findByTestId('proof-video')).toHaveAttribute('src', '/uploads/proof/feed-ready.mp4');
    expect(within(sheet).getByText(/Bund Feeder B at Bund Riverside Cat Corner/)).toBeInTheDocument();
    expect(within(sheet).getByText('Leo fed 10g')).toBeInTheDocument();
    expect(calls.find((c) => c.endpoint === feedEndpoints.proof)?.body).toEqual({ id: 'feed-ready' });
    await close(sheet);

    sheet = await open('feed-pending');
    expect(await within(sheet).findByText('The clip is being prepared')).toBeInTheDocument();
    expect(within(sheet).getByText('Checking again in a few seconds…')).toBeInTheDocument();
    expect(within(sheet).queryByTestId('proof-video')).not.toBeInTheDocument();
    await close(sheet);

    for (const [feedId, text] of [
      ['feed-no_camera', 'The camera was offline during this feed'],
      ['feed-expired', 'This clip is no longer kept'],
      ['feed-failed', 'No clip for this feed'],
    ] as const) {
      sheet = await open(feedId);
      expect(await within(sheet).findByText(text)).toBeInTheDocument();
      expect(within(sheet).queryByTestId('proof-video')).not.toBeInTheDocument();
      await close(sheet);
    }

    // A feed the API does not know (not_found): no clip, and Retry asks again.
    sheet = await open('feed-gone');
    expect(await within(sheet).findByText(/No clip for this feed/)).toBeInTheDocument();
    const asked = () => calls.filter((c) => c.endpoint === feedEndpoints.proof && c.body.id === 'feed-gone').length;
    expect(asked()).toBe(1);
    await userEvent.click(within(sheet).getByRole('button', { name: 'Retry' }));
    await waitFor(() => {
      expect(asked()).toBe(2);
    });
  });

  it('in every language', async () => {
    stubRoom(() => ({ list: [], feeds: [fed('feed-x', 'Leo', 10, T)], latest_seq: 0 }), {
      'feed-x': proof('feed-x', 'no_camera'),
    });
    renderApp('/pages/live/live?device_id=PH-0002', { locale: 'ja' });
    const list = await screen.findByTestId('comment-list', {}, SLOW);
    const line = await within(list).findByTestId('feed-line', {}, SLOW);
    expect(line).toHaveTextContent('Leo さんが 10g のごはんをあげました');
    await userEvent.click(within(line).getByRole('button'));
    const sheet = await screen.findByTestId('proof-sheet');
    expect(await within(sheet).findByText('このごはんの間、カメラはオフラインでした')).toBeInTheDocument();
  });
});
