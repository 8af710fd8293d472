import { postEndpoints } from '@petheart/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../test-support/app';
import { SLOW, post, pullDown, stubCommunity } from './test/fixtures';

const mine = () => [
  post(3, { mine: true, status: 'ped', content: 'Waiting one', published_at: null }),
  post(2, { mine: true, status: 'rej', content: 'Rejected one', remark: 'Please show the device', published_at: null }),
  post(1, { mine: true, status: 'res', content: 'Published one', like_count: 4, comment_count: 1 }),
];

describe('MyPublishPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('needs a login', async () => {
    stubCommunity({ mine: mine() });
    const router = renderApp('/pages/myPublish/myPublish');
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/pages/public/login');
    }, SLOW);
  });

  it('shows every post of mine with its status chip, and the reason of a rejected one', async () => {
    stubCommunity({ mine: mine() });
    renderApp('/pages/myPublish/myPublish', { token: 'tok' });
    expect(await screen.findByRole('heading', { level: 1, name: 'My Posts' }, SLOW)).toBeInTheDocument();
    const rows = await screen.findAllByTestId('my-post', {}, SLOW);
    expect(rows.map((r) => within(r).getByTestId('post-status').textContent)).toEqual([
      'Pending Review',
      'Rejected',
      'Published',
    ]);
    expect(within(rows[1] as HTMLElement).getByTestId('reject-reason')).toHaveTextContent(
      'Reason for rejection: Please show the device',
    );
    expect(within(rows[0] as HTMLElement).queryByTestId('reject-reason')).toBeNull();
  });

  it('shows the status chips in Japanese', async () => {
    stubCommunity({ mine: mine() });
    renderApp('/pages/myPublish/myPublish', { token: 'tok', locale: 'ja' });
    expect(await screen.findByRole('heading', { level: 1, name: '自分の投稿' }, SLOW)).toBeInTheDocument();
    const chips = await screen.findAllByTestId('post-status', {}, SLOW);
    expect(chips.map((c) => c.textContent)).toEqual(['審査待ち', '却下', '公開中']);
  });

  it('edits a rejected post', async () => {
    stubCommunity({ mine: mine() });
    const router = renderApp('/pages/myPublish/myPublish', { token: 'tok' });
    const rows = await screen.findAllByTestId('my-post', {}, SLOW);
    await userEvent.click(within(rows[1] as HTMLElement).getByRole('button', { name: 'Edit this post' }));
    await waitFor(() => {
      expect(router.state.location.pathname + router.state.location.search).toBe('/pages/publish/publish?id=2');
    }, SLOW);
  });

  it('deletes only after “Are you sure you want to delete this item?” is confirmed', async () => {
    const state = { mine: mine() };
    const calls = stubCommunity(state);
    renderApp('/pages/myPublish/myPublish', { token: 'tok' });
    const rows = await screen.findAllByTestId('my-post', {}, SLOW);
    const user = userEvent.setup({ pointerEventsCheck: 0 });

    await user.click(within(rows[0] as HTMLElement).getByRole('button', { name: 'Delete this post' }));
    let dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Are you sure you want to delete this item?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    expect(calls.some((c) => c.endpoint === postEndpoints.delete)).toBe(false);

    await user.click(within(rows[0] as HTMLElement).getByRole('button', { name: 'Delete this post' }));
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => {
      expect(screen.getAllByTestId('my-post')).toHaveLength(2);
    });
    expect(calls.filter((c) => c.endpoint === postEndpoints.delete).map((c) => c.body)).toEqual([{ id: 3 }]);
    expect(screen.queryByText('Waiting one')).toBeNull();
  });

  it('refreshes on pull-down', async () => {
    const state = { mine: mine() };
    const calls = stubCommunity(state);
    renderApp('/pages/myPublish/myPublish', { token: 'tok' });
    await screen.findAllByTestId('my-post', {}, SLOW);
    state.mine = [post(9, { mine: true, status: 'ped', content: 'A new one', published_at: null }), ...state.mine];
    pullDown(screen.getByTestId('my-posts'));
    expect(await screen.findByText('A new one')).toBeInTheDocument();
    expect(calls.filter((c) => c.endpoint === postEndpoints.mine)).toHaveLength(2);
  });

  it('says so when there is nothing yet', async () => {
    stubCommunity({ mine: [] });
    const router = renderApp('/pages/myPublish/myPublish', { token: 'tok' });
    expect(await screen.findByText('You have not posted anything yet', {}, SLOW)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Write a post' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/pages/publish/publish');
    }, SLOW);
  });
});
