import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Base, LiveRoom, Post, SearchData } from '@petheart/contracts';
import { searchEndpoints } from '@petheart/contracts';
import { renderApp, stubApi, type ApiCall } from '../../test-support/app';
import { RECENT_KEY } from './recent';

const SLOW = { timeout: 5000 };
const now = Math.floor(Date.now() / 1000);

const room = (n: number): LiveRoom => ({
  device_id: `PH-000${String(n)}`,
  name: `Cat Feeder ${String(n)}`,
  base_id: 3,
  base_name: 'Bund Station',
  base_text_lang: 'en',
  address: 'Huangpu',
  cover: '',
  latitude: 31.2,
  longitude: 121.5,
  distance: null,
  viewers: 12,
  followers: 1,
  online: n % 2 === 1,
  feeder_online: true,
  camera_online: true,
  thumbnail: '',
  thumbnail_at: null,
  camera_offline_at: null,
});
const base = (id: number): Base => ({
  id,
  name: `Cat Haven ${String(id)}`,
  text_lang: 'en',
  address: 'Xuhui',
  latitude: 31.2,
  longitude: 121.4,
  animal_count: 8,
  photos: [],
  introduction: '',
  created_at: now,
});
const post = (id: number): Post => ({
  id,
  content: `The cats <b>ate</b> well ${String(id)}`,
  images: [],
  video_url: null,
  device: { id: 'PH-0001', name: 'Cat Feeder 1', base_id: 3, base_name: 'Bund Station' },
  status: 'res',
  remark: '',
  like_count: 3,
  comment_count: 1,
  liked: false,
  created_at: now - 60,
  updated_at: now - 60,
  published_at: now - 60,
  author: { id: 2, nickname: 'Mimi', avatar: '' },
  mine: false,
});

/** The search API over fixed lists matched by keyword ("cat" matches everything here, anything else nothing). */
function stub(lists: { live: LiveRoom[]; bases: Base[]; posts: Post[] }) {
  return stubApi((c: ApiCall) => {
    if (c.endpoint !== searchEndpoints.search) return undefined;
    const hit = String(c.body.keyword).toLowerCase().includes('cat');
    const type = String(c.body.type);
    const page = Number(c.body.page);
    const limit = Number(c.body.limit);
    const slice = <T,>(rows: T[]) => (hit ? rows.slice((page - 1) * limit, page * limit) : []);
    const n = (rows: unknown[]) => (hit ? rows.length : 0);
    const data: SearchData =
      type === 'all'
        ? {
            live: slice(lists.live),
            bases: slice(lists.bases),
            posts: slice(lists.posts),
            totals: { live: n(lists.live), bases: n(lists.bases), posts: n(lists.posts) },
            total: n(lists.live) + n(lists.bases) + n(lists.posts),
            page,
            limit,
          }
        : {
            live: type === 'live' ? slice(lists.live) : [],
            bases: type === 'base' ? slice(lists.bases) : [],
            posts: type === 'post' ? slice(lists.posts) : [],
            totals: {
              live: type === 'live' ? n(lists.live) : 0,
              bases: type === 'base' ? n(lists.bases) : 0,
              posts: type === 'post' ? n(lists.posts) : 0,
            },
            total: n(type === 'live' ? lists.live : type === 'base' ? lists.bases : lists.posts),
            page,
            limit,
          };
    return data;
  });
}

const lists = () => ({
  live: Array.from({ length: 7 }, (_, i) => room(i + 1)),
  bases: [base(1)],
  posts: [post(1)],
});

describe('SearchPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('searches, shows the results in sections that link to their pages, and remembers the keyword', async () => {
    const calls = stub(lists());
    const router = renderApp('/pages/index/search');
    const box = await screen.findByRole('searchbox', { name: 'Keyword' }, SLOW);
    await userEvent.type(box, '  cat  {Enter}');
    expect(router.state.location.search).toBe('?keyword=cat');
    const live = await screen.findByTestId('section-live');
    expect(within(live).getByRole('heading')).toHaveTextContent('Live streams 7');
    expect(within(live).getAllByTestId('result-live')).toHaveLength(5);
    expect(within(screen.getByTestId('section-base')).getByTestId('result-base')).toHaveTextContent('Cat Haven 1');
    const postRow = within(screen.getByTestId('section-post')).getByTestId('result-post');
    // user text is text: the markup shows as typed, and the keyword is marked
    expect(postRow).toHaveTextContent('The cats <b>ate</b> well 1');
    expect(postRow.querySelector('b')).toBeNull();
    expect(postRow.querySelector('mark')).toHaveTextContent('cat');
    expect(calls.find((c) => c.endpoint === searchEndpoints.search)?.body).toEqual({
      keyword: 'cat',
      type: 'all',
      page: 1,
      limit: 5,
    });
    expect(JSON.parse(localStorage.getItem(RECENT_KEY) ?? '[]')).toEqual(['cat']);

    await userEvent.click(postRow);
    await waitFor(() => {
      expect(router.state.location.pathname + router.state.location.search).toBe('/pages/community/detail?id=1');
    }, SLOW);
  });

  it('links live rooms and bases to their pages', async () => {
    stub(lists());
    renderApp('/pages/index/search?keyword=cat');
    const live = await screen.findByTestId('section-live', {}, SLOW);
    expect(within(live).getAllByRole('link')[1]).toHaveAttribute('href', '/pages/live/live?device_id=PH-0002');
    expect(within(screen.getByTestId('section-base')).getByRole('link')).toHaveAttribute(
      'href',
      '/pages/baseDetail/baseDetail?id=1',
    );
  });

  it('shows all of one kind with “See all”, paged', async () => {
    const calls = stub({ ...lists(), live: Array.from({ length: 13 }, (_, i) => room(i + 1)) });
    const router = renderApp('/pages/index/search?keyword=cat');
    await userEvent.click(await screen.findByRole('button', { name: 'See all Live streams' }, SLOW));
    expect(router.state.location.search).toBe('?keyword=cat&type=live');
    expect(screen.getByRole('tab', { name: 'Live streams' })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => {
      expect(screen.getAllByTestId('result-live')).toHaveLength(10);
    });
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => {
      expect(screen.getAllByTestId('result-live')).toHaveLength(13);
    });
    expect(
      calls.filter((c) => c.endpoint === searchEndpoints.search && c.body.type === 'live').map((c) => c.body.page),
    ).toEqual([1, 2]);
  });

  it('says when nothing matches', async () => {
    stub(lists());
    renderApp('/pages/index/search?keyword=zebra');
    expect(await screen.findByText('Nothing found for “zebra”', {}, SLOW)).toBeInTheDocument();
  });

  it('lists recent searches newest first, searches one again, and clears them', async () => {
    localStorage.setItem(RECENT_KEY, JSON.stringify(['dog', 'cat']));
    stub(lists());
    const router = renderApp('/pages/index/search');
    const recent = await screen.findByTestId('recent-searches', {}, SLOW);
    expect(
      within(recent)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['dog', 'cat']);
    await userEvent.click(within(recent).getByRole('button', { name: 'cat' }));
    expect(router.state.location.search).toBe('?keyword=cat');
    expect(screen.getByRole('searchbox', { name: 'Keyword' })).toHaveValue('cat');
    expect(JSON.parse(localStorage.getItem(RECENT_KEY) ?? '[]')).toEqual(['cat', 'dog']);
    await screen.findByTestId('section-live');

    await userEvent.click(screen.getByRole('button', { name: 'Clear the keyword' }));
    await router.navigate('/pages/index/search', { replace: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Clear recent searches' }));
    expect(screen.queryByTestId('recent-searches')).toBeNull();
    expect(localStorage.getItem(RECENT_KEY)).toBeNull();
    expect(screen.getByText('Find live rooms, feeding bases and community posts')).toBeInTheDocument();
  });

  it('searches again on pull-down', async () => {
    const calls = stub(lists());
    renderApp('/pages/index/search?keyword=cat');
    await screen.findByTestId('section-live', {}, SLOW);
    const area = screen.getByRole('tabpanel');
    fireEvent.touchStart(area, { touches: [{ clientY: 10 }] });
    fireEvent.touchMove(area, { touches: [{ clientY: 200 }] });
    fireEvent.touchEnd(area, { touches: [] });
    await waitFor(() => {
      expect(calls.filter((c) => c.endpoint === searchEndpoints.search)).toHaveLength(2);
    });
  });

  it('is in Japanese too', async () => {
    localStorage.setItem(RECENT_KEY, JSON.stringify(['ねこ']));
    stub(lists());
    renderApp('/pages/index/search', { locale: 'ja' });
    expect(await screen.findByRole('heading', { name: '最近の検索' }, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '最近の検索を消去' })).toBeInTheDocument();
  });
});
