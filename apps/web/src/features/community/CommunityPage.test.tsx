import { postEndpoints } from '@petheart/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../test-support/app';
import { SLOW, post, stubCommunity } from './test/fixtures';

describe('CommunityPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('lists published posts newest first and pages on with “Load more”', async () => {
    const posts = Array.from({ length: 13 }, (_, i) => post(i + 1));
    const calls = stubCommunity({ posts });
    renderApp('/pages/community/community');
    expect(await screen.findByRole('heading', { level: 1, name: 'Community' }, SLOW)).toBeInTheDocument();
    const cards = await screen.findAllByTestId('post-card');
    expect(cards).toHaveLength(10);
    expect(cards[0]).toHaveTextContent('Post number 1');
    expect(within(cards[0] as HTMLElement).getByRole('link')).toHaveAccessibleName(
      'Watch live: Bund Feeder A · Bund Station',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => {
      expect(screen.getAllByTestId('post-card')).toHaveLength(13);
    });
    expect(calls.filter((c) => c.endpoint === postEndpoints.list).map((c) => c.body)).toEqual([
      { page: 1, limit: 10 },
      { page: 2, limit: 10 },
    ]);
    expect(await screen.findByText('No more')).toBeInTheDocument();
  });

  it('renders post text as text, never as markup', async () => {
    stubCommunity({ posts: [post(1, { content: '<img src=x onerror="alert(1)"><b>bold</b>' })] });
    renderApp('/pages/community/community');
    const card = await screen.findByTestId('post-card', {}, SLOW);
    expect(card).toHaveTextContent('<img src=x onerror="alert(1)"><b>bold</b>');
    expect(card.querySelector('b')).toBeNull();
    expect(card.querySelector('img[src="x"]')).toBeNull();
  });

  it('shows the empty state with a way to publish (login first for a tourist)', async () => {
    stubCommunity({ posts: [] });
    const router = renderApp('/pages/community/community');
    expect(await screen.findByText('No posts yet. Share what you saw in a live room!', {}, SLOW)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Publish a post' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/pages/public/login');
    }, SLOW);
  });

  it('opens a post, and links its device’s live room', async () => {
    stubCommunity({ posts: [post(4)] });
    const router = renderApp('/pages/community/community');
    expect(await screen.findByRole('link', { name: 'Watch live: Bund Feeder A · Bund Station' }, SLOW)).toHaveAttribute(
      'href',
      '/pages/live/live?device_id=PH-0001',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Open the post by Mimi' }));
    await waitFor(() => {
      expect(router.state.location.pathname + router.state.location.search).toBe('/pages/community/detail?id=4');
    }, SLOW);
  });

  it('likes and unlikes with the count the server answers', async () => {
    const calls = stubCommunity({ posts: [post(5, { like_count: 2 })] }, (c) =>
      c.endpoint === postEndpoints.like ? { liked: c.body.like, like_count: c.body.like ? 3 : 2 } : undefined,
    );
    renderApp('/pages/community/community', { token: 'tok' });
    const like = await screen.findByRole('button', { name: 'Like, 2 likes' }, SLOW);
    expect(like).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(like);
    await waitFor(() => {
      expect(screen.getByTestId('post-like')).toHaveAttribute('aria-pressed', 'true');
    });
    expect(screen.getByTestId('post-like')).toHaveAccessibleName('Like, 3 likes');
    await waitFor(() => {
      expect(calls.filter((c) => c.endpoint === postEndpoints.like)).toHaveLength(1);
    });
    await userEvent.click(screen.getByTestId('post-like'));
    await waitFor(() => {
      expect(screen.getByTestId('post-like')).toHaveAttribute('aria-pressed', 'false');
    });
    expect(calls.filter((c) => c.endpoint === postEndpoints.like).map((c) => c.body)).toEqual([
      { id: 5, like: true },
      { id: 5, like: false },
    ]);
  });

  it('sends a tourist who taps like to login, and back here after', async () => {
    const calls = stubCommunity({ posts: [post(6)] });
    const router = renderApp('/pages/community/community');
    await userEvent.click(await screen.findByTestId('post-like', {}, SLOW));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/pages/public/login');
    }, SLOW);
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/pages/community/community');
    expect(calls.some((c) => c.endpoint === postEndpoints.like)).toBe(false);
  });
});
