import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ContentHomeData } from '@petheart/contracts';
import { contentEndpoints, liveEndpoints } from '@petheart/contracts';
import { holdApi, renderApp, stubApi } from '../../../test-support/app';

const SLOW = { timeout: 5000 };
const NOW = Math.floor(Date.now() / 1000);

const HOME: ContentHomeData = {
  banners: [{ id: 1, image: '/uploads/banner.jpg', title: 'Winter feeding drive', link: '/pages/public/article?id=2' }],
  whats_new: [
    {
      id: 2,
      kind: 'highlight',
      title: 'Winter shelters are up',
      summary: 'Twelve insulated boxes at the Bund station.',
      cover: '',
      created_at: NOW - 3 * 3600,
      link: '/pages/public/article?id=2',
    },
    {
      id: 5,
      kind: 'article',
      title: 'Meet the Houtong cats',
      summary: '',
      cover: '/uploads/cats.jpg',
      created_at: NOW - 120,
      link: '/pages/public/article?id=5',
    },
  ],
};

function stub(home: ContentHomeData) {
  return stubApi(({ endpoint }) => {
    if (endpoint === contentEndpoints.home) return home;
    if (endpoint === liveEndpoints.list) return { list: [], total: 0, page: 1, limit: 10 };
    return undefined;
  });
}

describe("the index page's What's New and banners", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('lists recent articles and highlights, each opening its article', async () => {
    stub(HOME);
    const router = renderApp('/pages/index/index');
    const list = await screen.findByTestId('whats-new', {}, SLOW);
    const rows = within(list).getAllByRole('button');
    expect(rows.map((r) => r.textContent)).toEqual([
      'HighlightWinter shelters are upTwelve insulated boxes at the Bund station.3 hours ago',
      'Meet the Houtong cats2 minutes ago',
    ]);
    await userEvent.click(rows[1] as HTMLElement);
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/pages/public/article');
    });
    expect(router.state.location.search).toBe('?id=5');
  });

  it('shows a banner that opens its link', async () => {
    stub(HOME);
    const router = renderApp('/pages/index/index');
    const banners = await screen.findByTestId('home-banners', {}, SLOW);
    await userEvent.click(within(banners).getByRole('button', { name: 'Winter feeding drive' }));
    await waitFor(() => {
      expect(router.state.location.search).toBe('?id=2');
    });
  });

  it("keeps a banner's space while the banners load, so the sections below do not move when they come", async () => {
    stub(HOME);
    const home = holdApi(contentEndpoints.home);
    renderApp('/pages/index/index');
    expect(await screen.findByTestId('banners-pending', {}, SLOW)).toHaveAttribute('aria-hidden', 'true');
    expect(screen.queryByTestId('home-banners')).toBeNull();
    home.release();
    expect(await screen.findByTestId('home-banners', {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByTestId('banners-pending')).toBeNull();
  });

  it('says when there is no news, shows no banner, in Japanese', async () => {
    stub({ banners: [], whats_new: [] });
    renderApp('/pages/index/index', { locale: 'ja' });
    expect(await screen.findByText('お知らせはまだありません。', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '新着' })).toBeInTheDocument();
    expect(screen.queryByTestId('home-banners')).toBeNull();
  });
});
