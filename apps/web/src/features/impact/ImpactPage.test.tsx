import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  feedStatsEndpoints,
  statementEndpoints,
  userEndpoints,
  type ImpactData,
  type ImpactItem,
} from '@petheart/contracts';
import { demoUser, renderApp, stubApi } from '../../test-support/app';

const now = Math.floor(Date.now() / 1000);
const FEED_ID = '00000000-0000-4000-8000-000000000001';
const items: ImpactItem[] = [
  {
    kind: 'gift',
    id: '7',
    at: now - 60,
    coins: 60,
    points: 2,
    item_title: 'Dry food',
    event_id: 3,
    event_title: 'Winter food',
    station_name: 'Jing’an Cat Rescue',
    base_id: 4,
    base_name: 'Bund Station',
  },
  {
    kind: 'feed',
    id: FEED_ID,
    at: now - 3600,
    coins: 18,
    grams: 20,
    base_id: 4,
    base_name: 'Bund Station',
    device_id: 'PH-0001',
    device_name: 'Bund Feeder A',
    proof: { state: 'ready', url: '/uploads/proofs/clip.mp4', duration_ms: 8000 },
  },
  {
    kind: 'feed',
    id: '00000000-0000-4000-8000-000000000002',
    at: now - 7200,
    coins: 10,
    grams: 9,
    base_id: 4,
    base_name: 'Bund Station',
    device_id: 'PH-0001',
    device_name: 'Bund Feeder A',
    proof: { state: 'no_camera', url: '', duration_ms: 0 },
  },
];
const data = (list: ImpactItem[]): ImpactData => ({
  list,
  total: list.length,
  page: 1,
  limit: 10,
  pseudonym: 'u_0123456789abcdef',
  totals: {
    days_joined: 12,
    animals_helped: 42,
    grams: 29,
    feeds: 2,
    bases: 1,
    feed_coins: 28,
    gifts: 1,
    gift_coins: 60,
    help_pay_coins: 0,
  },
});

describe('ImpactPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the totals, the statement pseudonym, and each feed and gift the coins paid for', async () => {
    stubApi((c) => (c.endpoint === statementEndpoints.impact ? data(items) : undefined));
    const router = renderApp('/pages/mine/impact', { token: 'tok' });
    expect(await screen.findByRole('heading', { level: 1, name: 'My impact' })).toBeInTheDocument();
    const summary = await screen.findByTestId('impact-summary');
    expect(summary).toHaveTextContent(/29g.*Food provided.*2.*Meals.*42.*Animals helped.*12.*Days with us/);
    expect(summary).toHaveTextContent('28 coins on meals · 60 coins to shelters');
    expect(within(summary).getByTestId('impact-pseudonym')).toHaveTextContent('u_0123456789abcdef');
    const rows = screen.getAllByTestId('impact-item');
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent(/2 × Dry food.*Winter food · Jing’an Cat Rescue · Bund Station.*-60 coins/);
    expect(rows[1]).toHaveTextContent(/20g at Bund Feeder A.*Bund Station.*1 hour ago.*-18 coins.*Watch clip/);
    expect(rows[2]).toHaveTextContent(/9g at Bund Feeder A.*-10 coins.*Camera was off/);

    // The clip plays in place; the feed opens its receipt.
    await userEvent.click(within(rows[1] as HTMLElement).getByRole('button', { name: 'Watch clip' }));
    const video = within(rows[1] as HTMLElement).getByLabelText('Clip: 20g falling at Bund Feeder A');
    expect(video).toHaveAttribute('src', '/uploads/proofs/clip.mp4');
    await userEvent.click(within(rows[1] as HTMLElement).getByRole('button', { name: /20g at Bund Feeder A/ }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/pages/history/history');
    });
    expect(router.state.location.search).toBe(`?id=${FEED_ID}`);
  });

  it('links to the certificate, whose figures it shares', async () => {
    stubApi((c) => (c.endpoint === statementEndpoints.impact ? data(items) : undefined));
    const router = renderApp('/pages/mine/impact', { token: 'tok' });
    await userEvent.click(await screen.findByRole('button', { name: 'See the certificate' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/pages/certificate/certificate');
    });
  });

  it('says so when nothing has been given yet, in the user’s language', async () => {
    stubApi((c) => (c.endpoint === statementEndpoints.impact ? data([]) : undefined));
    renderApp('/pages/mine/impact', { token: 'tok', locale: 'zh-CN' });
    expect(await screen.findByRole('heading', { level: 1, name: '我的爱心足迹' })).toBeInTheDocument();
    expect(await screen.findByText('还没有记录：你的第一餐会连同视频显示在这里。')).toBeInTheDocument();
  });

  it('is reached from the Me tab’s services and from the certificate', async () => {
    stubApi((c) =>
      c.endpoint === userEndpoints.index
        ? {
            userinfo: demoUser(),
          }
        : c.endpoint === feedStatsEndpoints.certificate
          ? {
              nickname: 'Demo',
              avatar: '',
              joined_at: 1_700_000_000,
              days_joined: 12,
              animals_helped: 42,
              grams: 29,
              feeds: 2,
              bases: 1,
              first_fed_at: 1_700_000_100,
            }
          : undefined,
    );
    const router = renderApp('/pages/mine/mine', { token: 'tok' });
    const services = await screen.findByRole('region', { name: 'My services' }, { timeout: 10_000 });
    await userEvent.click(within(services).getByRole('button', { name: 'My impact' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/pages/mine/impact');
    });
    await router.navigate('/pages/certificate/certificate');
    await userEvent.click(await screen.findByRole('button', { name: 'Where every coin went: my impact' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/pages/mine/impact');
    });
  });
});
