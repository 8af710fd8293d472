import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LiveRoom, MyFanGroup, MyGift, UserInfo } from '@petheart/contracts';
import { liveEndpoints, supportEndpoints, userEndpoints } from '@petheart/contracts';
import { demoUser, renderApp, stubApi, type ApiCall } from '../../test-support/app';

const SLOW = { timeout: 10_000 };
const USER: UserInfo = demoUser();

const room = (n: number, over: Partial<LiveRoom> = {}): LiveRoom => ({
  device_id: `PH-000${String(n)}`,
  name: `Feeder ${String(n)}`,
  base_id: 1,
  base_name: 'Bund Riverside Cat Corner',
  base_text_lang: 'en',
  address: '',
  cover: '',
  latitude: 31.2,
  longitude: 121.5,
  distance: null,
  viewers: 3,
  followers: 2,
  online: true,
  feeder_online: true,
  camera_online: true,
  thumbnail: '',
  thumbnail_at: null,
  camera_offline_at: null,
  ...over,
});

const group = (n: number, points: number, level: number, next: number | null): MyFanGroup => ({
  room: room(n),
  level,
  points,
  next_level_points: next,
  joined_at: 1_700_000_000,
});

const gift = (id: number, over: Partial<MyGift> = {}): MyGift => ({
  id,
  event_id: 9,
  event_title: 'Winter food for 42 cats',
  text_lang: 'en',
  event_cover: '',
  event_status: 'live',
  item_id: 1,
  item_title: 'Dry cat food',
  points: 2,
  coins: 60,
  source: 'coins',
  created_at: Date.UTC(2026, 0, 15, 12) / 1000,
  ...over,
});

const page = <T,>(list: T[]) => ({ list, total: list.length, page: 1, limit: 10 });

/** The signed-in user's API: userinfo, and the lists (undefined = a failure). */
function stub(lists: { follows?: LiveRoom[]; fans?: MyFanGroup[]; gifts?: MyGift[] }) {
  return stubApi((c: ApiCall) => {
    if (c.endpoint === userEndpoints.index) return { userinfo: USER };
    if (c.endpoint === liveEndpoints.list && c.body.tab === 'follow') return lists.follows && page(lists.follows);
    if (c.endpoint === liveEndpoints.myFans) return lists.fans && page(lists.fans);
    if (c.endpoint === supportEndpoints.myGifts) return lists.gifts && page(lists.gifts);
    return undefined;
  });
}

describe('Me: following, fan groups and support history (issue 29 §5)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('Me links to the three lists', async () => {
    stub({ fans: [] });
    const router = renderApp('/pages/mine/mine', { token: 'tok' });
    const services = await screen.findByRole('region', { name: 'My services' }, SLOW);
    const names = within(services)
      .getAllByRole('button')
      .map((b) => b.textContent);
    expect(names.slice(0, 3)).toEqual(['Following', 'Fan groups', 'Support history']);
    await userEvent.click(within(services).getByRole('button', { name: 'Fan groups' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/pages/mine/fans');
    });
  });

  it('lists the followed rooms: still, name, base and whether live; a room opens its live page', async () => {
    const calls = stub({
      follows: [room(1), room(2, { camera_online: false, online: false, camera_offline_at: null })],
    });
    const router = renderApp('/pages/mine/follows', { token: 'tok' });
    const rows = await screen.findAllByTestId('mine-room', {}, SLOW);
    expect(screen.getByRole('heading', { level: 1, name: 'Following' })).toBeInTheDocument();
    expect(rows[0]).toHaveTextContent('Feeder 1');
    expect(rows[0]).toHaveTextContent('Bund Riverside Cat Corner');
    expect(rows[0]).toHaveTextContent('Live');
    expect(rows[1]).toHaveTextContent('Offline');
    expect(rows[1]?.querySelector('img')).toHaveAttribute('data-offline', 'true');
    expect(screen.queryByTestId('lang-tag')).toBeNull();
    expect(calls.find((c) => c.endpoint === liveEndpoints.list)?.body).toEqual({ tab: 'follow', page: 1, limit: 10 });
    await userEvent.click(rows[1] as HTMLElement);
    await waitFor(() => {
      expect(router.state.location.pathname + router.state.location.search).toBe('/pages/live/live?device_id=PH-0002');
    });
  });

  it('lists the fan groups with level, points and what the next level needs, in Japanese', async () => {
    stub({ fans: [group(1, 35, 3, 60), group(3, 800, 10, null)] });
    renderApp('/pages/mine/fans', { token: 'tok', locale: 'ja' });
    const rows = await screen.findAllByTestId('mine-room', {}, SLOW);
    expect(screen.getByRole('heading', { level: 1, name: 'ファングループ' })).toBeInTheDocument();
    const [first, top] = rows as [HTMLElement, HTMLElement];
    expect(within(first).getByTestId('fan-level')).toHaveTextContent('Lv.335ポイントLv.4まであと25ポイント');
    expect(within(top).getByTestId('fan-level')).toHaveTextContent('最高レベル');
    // The base's name was written in English: marked for a Japanese reader.
    expect(within(first).getByTestId('lang-tag')).toHaveTextContent('英語');
  });

  it('lists the support history: event, item and points, coins or help-pay, date; a gift opens its event', async () => {
    stub({ gifts: [gift(2, { source: 'help_pay', coins: 80, points: 1, item_title: 'Vaccine' }), gift(1)] });
    const router = renderApp('/pages/mine/support', { token: 'tok' });
    const rows = await screen.findAllByTestId('mine-gift', {}, SLOW);
    const [helpPay, coins] = rows as [HTMLElement, HTMLElement];
    expect(helpPay).toHaveTextContent('Winter food for 42 cats');
    expect(helpPay).toHaveTextContent('Vaccine × 1 point');
    expect(helpPay).toHaveTextContent('80 coins');
    expect(helpPay).toHaveTextContent('Help pay');
    expect(coins).toHaveTextContent('Dry cat food × 2 points');
    expect(coins).toHaveTextContent('60 coins');
    expect(coins).toHaveTextContent('Paid with coins');
    expect(coins).toHaveTextContent('Jan 15, 2026');
    await userEvent.click(coins);
    await waitFor(() => {
      expect(router.state.location.pathname + router.state.location.search).toBe('/pages/beneficence/detail?id=9');
    });
  });

  it('marks an event title written in another language, and not a translated one', async () => {
    stub({ gifts: [gift(2, { text_lang: 'zh-CN', event_title: '冬粮' }), gift(1, { text_lang: 'zh-TW' })] });
    renderApp('/pages/mine/support', { token: 'tok', locale: 'zh-TW' });
    const [other, own] = (await screen.findAllByTestId('mine-gift', {}, SLOW)) as [HTMLElement, HTMLElement];
    expect(within(other).getByTestId('lang-tag')).toHaveTextContent('簡體中文');
    expect(within(other).getByText('冬粮')).toHaveAttribute('lang', 'zh-CN');
    expect(within(own).queryByTestId('lang-tag')).toBeNull();
  });

  it('says when a list is empty, with where to go', async () => {
    stub({ follows: [], gifts: [] });
    const router = renderApp('/pages/mine/support', { token: 'tok' });
    expect(await screen.findByText("You haven't supported an event yet.", {}, SLOW)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'See support events' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/pages/beneficence/beneficence');
    });
  });

  it('says when a list failed to load, and retries', async () => {
    const calls = stub({});
    renderApp('/pages/mine/fans', { token: 'tok' });
    expect(await screen.findByText('Failed to load', {}, SLOW)).toBeInTheDocument();
    const before = calls.filter((c) => c.endpoint === liveEndpoints.myFans).length;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => {
      expect(calls.filter((c) => c.endpoint === liveEndpoints.myFans).length).toBeGreaterThan(before);
    });
  });

  it('asks a tourist to log in first', async () => {
    stubApi(() => undefined);
    const router = renderApp('/pages/mine/follows');
    await waitFor(
      () => {
        expect(router.state.location.pathname).toBe('/pages/public/login');
      },
      { timeout: 5_000 },
    );
  });
});
