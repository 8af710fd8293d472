import { postEndpoints } from '@petheart/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../test-support/app';
import { SLOW, comment, post, stubCommunity } from './test/fixtures';

describe('PostDetailPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the text, the images with a full-screen preview and the device’s live room', async () => {
    stubCommunity({
      posts: [
        post(3, {
          content: 'Two kittens\nat the bowl',
          images: ['/uploads/a.jpg', '/uploads/b.jpg', '/uploads/c.jpg'],
        }),
      ],
    });
    renderApp('/pages/community/detail?id=3');
    const article = await screen.findByTestId('post', {}, SLOW);
    expect(screen.getByRole('heading', { level: 1, name: 'Post' })).toBeInTheDocument();
    expect(article).toHaveTextContent('Two kittens at the bowl');
    const images = within(screen.getByTestId('post-images')).getAllByRole('img');
    expect(images.map((i) => i.getAttribute('src'))).toEqual(['/uploads/a.jpg', '/uploads/b.jpg', '/uploads/c.jpg']);
    await userEvent.click(screen.getByRole('button', { name: 'Image 2 of 3' }));
    const viewer = await screen.findByRole('dialog', { name: 'Images' });
    expect(viewer).toHaveTextContent('Image 2 of 3');
    await waitFor(() => {
      expect(within(viewer).getByRole('button', { name: 'Close' })).toHaveFocus();
    });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: 'Images' })).toBeNull();
    });
    expect(screen.getByRole('link', { name: 'Watch live: Bund Feeder A · Bund Station' })).toHaveAttribute(
      'href',
      '/pages/live/live?device_id=PH-0001',
    );
  });

  it('plays a video post’s clip', async () => {
    stubCommunity({ posts: [post(4, { video_url: '/uploads/clips/c1.mp4' })] });
    renderApp('/pages/community/detail?id=4');
    const video = await screen.findByTestId('post-video', {}, SLOW);
    expect(video).toHaveAttribute('src', '/uploads/clips/c1.mp4');
    expect(video).toHaveAttribute('controls');
  });

  it('lists comments, asks for text, adds one and deletes the user’s own after the confirmation', async () => {
    const state = {
      posts: [post(5, { comment_count: 1 })],
      comments: [comment(1, 5, { content: 'So cute', mine: true, author: { id: 1, nickname: 'Me', avatar: '' } })],
    };
    const calls = stubCommunity(state, (c) => {
      if (c.endpoint === postEndpoints.comment) {
        const added = comment(2, 5, { content: String(c.body.content), mine: true });
        state.comments = [added, ...state.comments];
        return added;
      }
      if (c.endpoint === postEndpoints.commentDelete) {
        state.comments = state.comments.filter((x) => x.id !== c.body.id);
        return { id: c.body.id, post_id: 5 };
      }
      return undefined;
    });
    renderApp('/pages/community/detail?id=5', { token: 'tok' });
    expect(await screen.findByText('So cute', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /Comments/ })).toHaveTextContent('Comments (1)');

    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter the comment');
    expect(calls.some((c) => c.endpoint === postEndpoints.comment)).toBe(false);

    await userEvent.type(screen.getByLabelText('Your comment'), '  Fed them today!  ');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Fed them today!')).toBeInTheDocument();
    expect(calls.find((c) => c.endpoint === postEndpoints.comment)?.body).toEqual({
      id: 5,
      content: 'Fed them today!',
    });
    expect(screen.getByRole('heading', { name: /Comments/ })).toHaveTextContent('Comments (2)');

    const first = screen.getAllByTestId('comment').find((el) => el.textContent.includes('So cute'));
    await userEvent.click(within(first as HTMLElement).getByRole('button', { name: 'Delete comment' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Are you sure you want to delete this item?');
    // antd-mobile's dialog animates in (pointer-events: none meanwhile, which jsdom never finishes)
    await userEvent.setup({ pointerEventsCheck: 0 }).click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => {
      expect(screen.queryByText('So cute')).toBeNull();
    });
    expect(calls.find((c) => c.endpoint === postEndpoints.commentDelete)?.body).toEqual({ id: 1 });
  });

  it('asks a tourist to log in to comment', async () => {
    const calls = stubCommunity({ posts: [post(6)] });
    const router = renderApp('/pages/community/detail?id=6');
    const box = await screen.findByLabelText('Your comment', {}, SLOW);
    expect(box).toHaveAttribute('placeholder', 'Log in to comment');
    await userEvent.click(box);
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/pages/public/login');
    }, SLOW);
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/pages/community/detail?id=6');
    expect(calls.some((c) => c.endpoint === postEndpoints.comment)).toBe(false);
  });

  it('shows the author a rejected post with its reason, Edit and Delete, and no comments', async () => {
    stubCommunity({ mine: [post(7, { status: 'rej', remark: 'Blurry photo', mine: true, published_at: null })] });
    const router = renderApp('/pages/community/detail?id=7', { token: 'tok' });
    expect(await screen.findByTestId('post-status', {}, SLOW)).toHaveTextContent('Rejected');
    expect(screen.getByTestId('reject-reason')).toHaveTextContent('Reason for rejection: Blurry photo');
    expect(screen.queryByRole('heading', { name: /Comments/ })).toBeNull();
    expect(screen.queryByTestId('post-like')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Edit this post' }));
    await waitFor(() => {
      expect(router.state.location.pathname + router.state.location.search).toBe('/pages/publish/publish?id=7');
    }, SLOW);
  });

  it('says so when the post is not available', async () => {
    stubCommunity({ posts: [] });
    renderApp('/pages/community/detail?id=99');
    expect(await screen.findByText('This post is not available', {}, SLOW)).toBeInTheDocument();
  });
});
