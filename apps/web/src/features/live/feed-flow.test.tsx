import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  configurationEndpoints,
  feedEndpoints,
  liveEndpoints,
  mediaEndpoints,
  userEndpoints,
  type Endpoint,
  type Feed,
  type LiveDetail,
  type UserInfo,
} from '@petheart/contracts';
import { CONFIG, apiCallOf, renderApp, type ApiCall } from '../../test-support/app';
import type * as ui from '../../shared/ui';
import { toast } from '../../shared/ui';

vi.mock('../../shared/ui', async (importOriginal) => ({
  ...(await importOriginal<typeof ui>()),
  toast: vi.fn(),
}));

/** socket.io-client's socket, answering `join`; the test fires server events. */
class FakeSocket {
  readonly handlers = new Map<string, ((payload: unknown) => void)[]>();
  connected = false;
  on(event: string, fn: (payload: unknown) => void) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), fn]);
    return this;
  }
  timeout() {
    return this;
  }
  emit(event: string, _data: unknown, ack?: (err: unknown, value: unknown) => void) {
    if (event === 'join') ack?.(null, { ok: true, viewers: 3, latest_seq: 0 });
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

/** Generous waits: the whole app renders lazily, and CI machines are shared. */
const SLOW = { timeout: 5_000 };

const ROOM: LiveDetail = {
  device: {
    device_id: 'PH-0002',
    name: 'Bund Feeder B',
    base_id: 1,
    online: true,
    feeder_online: true,
    camera_online: true,
    food_stock: 4200,
    last_seen_at: 1_700_000_000,
    days_in_operation: 3,
    portions: [
      { grams: 10, coins: 10 },
      { grams: 50, coins: 45 },
    ],
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
  latest_seq: 0,
};

const USER: UserInfo = {
  id: 7,
  nickname: 'Mia',
  email: 'mia@example.com',
  mobile: null,
  avatar: '',
  login_days: 1,
  balance: 100,
  roles: ['user'],
  created_at: 1_700_000_000,
};

const feedOf = (over: Partial<Feed>): Feed => ({
  id: '9a4c0a52-43c6-4a8f-8f4d-2b1f7a1f0c01',
  device_id: 'PH-0002',
  status: 'queued',
  grams: 10,
  coins: 10,
  grams_dispensed: 0,
  coins_charged: 0,
  reason: null,
  queue_position: 0,
  expected_wait_s: 0,
  created_at: 1_700_000_000,
  settled_at: null,
  ...over,
});

type Reply = { status?: number; body: unknown } | Promise<{ status?: number; body: unknown }>;
const ok = (data: unknown) => ({ body: { code: 1, msg: '', time: 1, data } });
const fail = (status: number, error: string, msg: string) => ({
  status,
  body: { code: 0, msg, time: 1, data: { error } },
});

/** fetch stubbed: the room, the user, and `feed(endpoint, body)` for the feed calls. Returns the calls. */
function stubFetch(feed: (endpoint: Endpoint | undefined, body: Record<string, unknown>) => Reply | undefined) {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const call = apiCallOf(input, init);
      const { endpoint, body } = call;
      calls.push(call);
      let reply: Reply | undefined;
      if (endpoint === configurationEndpoints.getConfiguration) reply = ok(CONFIG);
      else if (endpoint === userEndpoints.index) reply = ok({ userinfo: USER });
      else if (endpoint === liveEndpoints.detail) reply = ok(ROOM);
      else if (endpoint === liveEndpoints.commentList) reply = ok({ list: [], latest_seq: 0 });
      else if (endpoint === mediaEndpoints.clipList) reply = ok({ list: [], total: 0, page: 1, limit: 10 });
      // a room whose video answers (jsdom plays none of it: the player says "unsupported", not "reconnecting")
      else if (endpoint === mediaEndpoints.play)
        reply = ok({
          flv_url: '/live/PH-0002.flv?s=x',
          ws_url: null,
          hls_url: null,
          expires_at: 1,
          camera_online: true,
        });
      else reply = feed(endpoint, body);
      const r = (await reply) ?? fail(404, 'not_found', '404');
      return new Response(JSON.stringify(r.body), { status: r.status ?? 200 });
    }),
  );
  return calls;
}

/** A reply the test gives later. */
function later() {
  let give: (r: { status?: number; body: unknown }) => void = () => undefined;
  const promise = new Promise<{ status?: number; body: unknown }>((resolve) => {
    give = resolve;
  });
  return { promise, give };
}

async function openSheetAndFeed() {
  const router = renderApp('/pages/live/live?device_id=PH-0002', { token: 'tok' });
  const button = await screen.findByTestId('feed-button', {}, SLOW);
  await waitFor(() => {
    expect(button).not.toHaveAttribute('aria-disabled');
  }, SLOW);
  await userEvent.click(button);
  const sheet = await screen.findByTestId('feed-sheet', {}, SLOW);
  await userEvent.click(within(sheet).getByRole('button', { name: /Feed 10g for 10 coins/ }));
  return { sheet, router };
}

describe('feeding from the live room', () => {
  beforeEach(() => {
    sockets.length = 0;
    vi.mocked(toast).mockClear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends the portion with a key, shows the queue, then "Fed 10g" and the new balance', async () => {
    const status = [later(), later()];
    let polls = 0;
    const calls = stubFetch((endpoint) => {
      if (endpoint === feedEndpoints.liveFeed)
        return ok(feedOf({ status: 'queued', queue_position: 2, expected_wait_s: 6 }));
      if (endpoint === feedEndpoints.status) return status[polls++]?.promise;
      return undefined;
    });
    const { sheet } = await openSheetAndFeed();
    const sent = calls.find((c) => c.endpoint === feedEndpoints.liveFeed);
    expect(sent?.body).toMatchObject({ device_id: 'PH-0002', grams: 10, coins: 10 });
    expect(sent?.body.idempotency_key).toMatch(/^[0-9a-f-]{36}$/);
    expect(await within(sheet).findByTestId('feed-progress', {}, SLOW)).toHaveTextContent(
      '2 feeds ahead of yours · about 6 s',
    );

    act(() => {
      status[0]?.give(ok(feedOf({ status: 'dispensing' })));
    });
    expect(await within(sheet).findByText('The feeder is dispensing your food…', {}, SLOW)).toBeInTheDocument();
    const userCalls = calls.filter((c) => c.endpoint === userEndpoints.index).length;
    act(() => {
      status[1]?.give(ok(feedOf({ status: 'succeeded', grams_dispensed: 10, coins_charged: 10 })));
    });
    await waitFor(() => {
      expect(toast).toHaveBeenCalledWith('Fed 10g');
    }, SLOW);
    expect(screen.queryByTestId('feed-sheet')).not.toBeInTheDocument();
    await waitFor(() => {
      expect(calls.filter((c) => c.endpoint === userEndpoints.index).length).toBeGreaterThan(userCalls);
    }, SLOW);
    const polled = calls.filter((c) => c.endpoint === feedEndpoints.status);
    expect(polled.map((c) => c.body.id)).toEqual([feedOf({}).id, feedOf({}).id]);
    expect(polled.every((c) => typeof c.body.wait_ms === 'number' && c.body.wait_ms < 1000)).toBe(true);
  });

  it('a failed feed says why and that nothing was charged', async () => {
    stubFetch((endpoint) => {
      if (endpoint === feedEndpoints.liveFeed) return ok(feedOf({ status: 'dispensing' }));
      if (endpoint === feedEndpoints.status)
        return ok(feedOf({ status: 'failed', reason: 'jammed', grams_dispensed: 2 }));
      return undefined;
    });
    await openSheetAndFeed();
    await waitFor(() => {
      expect(toast).toHaveBeenCalledWith('The feeder jammed and no food fell. You were not charged.');
    }, SLOW);
  });

  it('insufficient balance asks to recharge, and Recharge goes to the money page', async () => {
    stubFetch((endpoint) => {
      if (endpoint === feedEndpoints.liveFeed) return fail(409, 'insufficient_balance', 'Insufficient balance');
      return undefined;
    });
    const { router } = await openSheetAndFeed();
    const prompt = await screen.findByTestId('recharge-sheet', {}, SLOW);
    expect(prompt).toHaveTextContent('Insufficient balance');
    expect(toast).not.toHaveBeenCalled();
    await userEvent.click(within(prompt).getByRole('button', { name: 'Recharge' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/pages/money/money');
    }, SLOW);
  });

  it("the user's own feed is one lasting chat line: from its poll, and the room's echo of it adds none", async () => {
    stubFetch((endpoint) => {
      if (endpoint === feedEndpoints.liveFeed) return ok(feedOf({ status: 'dispensing' }));
      if (endpoint === feedEndpoints.status)
        return ok(feedOf({ status: 'succeeded', grams_dispensed: 10, coins_charged: 10 }));
      return undefined;
    });
    await openSheetAndFeed();
    await waitFor(() => {
      expect(toast).toHaveBeenCalledWith('Fed 10g');
    }, SLOW);
    // Before (or without) the room's event: the line is there.
    const list = screen.getByTestId('comment-list');
    expect(await within(list).findByText('Mia fed 10g', {}, SLOW)).toBeInTheDocument();
    await waitFor(() => {
      expect(sockets.length).toBeGreaterThan(0);
    }, SLOW);
    act(() => {
      sockets[0]?.fire('connect');
      sockets[0]?.fire('fed', {
        device_id: 'PH-0002',
        feed_id: feedOf({}).id,
        nickname: 'Mia',
        grams: 10,
        grams_today: 130,
      });
    });
    expect(await screen.findByText(/Fed today 130g/, {}, SLOW)).toBeInTheDocument();
    expect(within(list).getAllByTestId('feed-line')).toHaveLength(1);
    expect(toast).not.toHaveBeenCalledWith('Mia fed 10g');
    expect(toast).toHaveBeenLastCalledWith('Fed 10g');
  });

  it('the room hears others feed: grams today goes up and the feed is a lasting chat line, not a toast', async () => {
    stubFetch(() => undefined);
    renderApp('/pages/live/live?device_id=PH-0002', { token: 'tok' });
    expect(await screen.findByText(/Fed today 120g/, {}, SLOW)).toBeInTheDocument();
    await waitFor(() => {
      expect(sockets.length).toBeGreaterThan(0);
    }, SLOW);
    const leo = { device_id: 'PH-0002', feed_id: 'feed-leo', nickname: 'Leo', grams: 10, grams_today: 130 };
    act(() => {
      sockets[0]?.fire('connect');
      sockets[0]?.fire('fed', leo);
      // the same feed again (a second process, a retry): one line
      sockets[0]?.fire('fed', leo);
      // another room's feed: none
      sockets[0]?.fire('fed', { ...leo, device_id: 'PH-0009', feed_id: 'feed-elsewhere' });
    });
    expect(await screen.findByText(/Fed today 130g/, {}, SLOW)).toBeInTheDocument();
    const list = screen.getByTestId('comment-list');
    expect(within(list).getByText('Leo fed 10g')).toBeInTheDocument();
    expect(
      within(list)
        .getAllByTestId('feed-line')
        .map((l) => l.dataset.feedId),
    ).toEqual(['feed-leo']);
    expect(toast).not.toHaveBeenCalledWith('Leo fed 10g');
  });
});
