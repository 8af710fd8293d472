import { notificationEndpoints } from '@petheart/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../test-support/app';
import { fakeLiveSockets } from '../../test-support/live-socket';
import { SLOW, note, stubInbox } from '../../shared/notifications/test/fixtures';

const PATH = '/pages/mine/notifications';

function pullDown(el: Element) {
  fireEvent.touchStart(el, { touches: [{ clientY: 10 }] });
  fireEvent.touchMove(el, { touches: [{ clientY: 200 }] });
  fireEvent.touchEnd(el, { touches: [] });
}

const rowsNow = () => screen.getAllByTestId('notification');
const readStates = () => rowsNow().map((r) => r.dataset.read);

describe('NotificationsPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('needs a login', async () => {
    stubInbox({ rows: [note(1)] });
    const router = renderApp(PATH);
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/pages/public/login');
    }, SLOW);
  });

  it('lists the notifications: title, body, when, and a dot on the unread ones', async () => {
    const now = Math.floor(Date.now() / 1000);
    stubInbox({
      rows: [
        note(3, { title: 'Your post is live', body: 'Two cats at the Bund', created_at: now - 300 }),
        note(2, { kind: 'post_rejected', title: 'Your post was not approved', body: 'Reason: blurry' }),
        note(1, { kind: 'room_online', title: 'Bund Feeder A is live', read: true, created_at: now - 3 * 86400 }),
      ],
    });
    renderApp(PATH, { token: 'tok' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Notifications' }, SLOW)).toBeInTheDocument();
    const rows = await screen.findAllByTestId('notification', {}, SLOW);
    expect(rows.map((r) => within(r).getByRole('strong').textContent)).toEqual([
      'Unread: Your post is live',
      'Unread: Your post was not approved',
      'Bund Feeder A is live',
    ]);
    expect(rows[0]).toHaveTextContent('Two cats at the Bund');
    expect(rows[0]).toHaveTextContent('5 minutes ago');
    expect(rows[2]).toHaveTextContent('3 days ago');
    expect(rows.map((r) => within(r).queryByTestId('unread-dot') !== null)).toEqual([true, true, false]);
    expect(screen.getByTestId('unread-summary')).toHaveTextContent('2 unread');
  });

  it('opens one: marks it read and goes to its page; back in the inbox it is read', async () => {
    const state = { rows: [note(3), note(2, { link: '/pages/cashOut/log' }), note(1)] };
    const calls = stubInbox(state);
    const router = renderApp(['/pages/mine/mine', PATH], { token: 'tok' });
    await screen.findAllByTestId('notification', {}, SLOW);
    await userEvent.click(rowsNow()[1] as HTMLElement);
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/pages/cashOut/log');
    });
    expect(calls.filter((c) => c.endpoint === notificationEndpoints.read).map((c) => c.body)).toEqual([{ ids: [2] }]);
    await act(() => router.navigate(-1));
    await waitFor(() => {
      expect(readStates()).toEqual(['false', 'true', 'false']);
    }, SLOW);
    expect(screen.getByTestId('unread-summary')).toHaveTextContent('2 unread');
  });

  it('marks all read', async () => {
    const calls = stubInbox({ rows: [note(3), note(2), note(1, { read: true })] });
    renderApp(PATH, { token: 'tok' });
    await screen.findAllByTestId('notification', {}, SLOW);
    await userEvent.click(screen.getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => {
      expect(readStates()).toEqual(['true', 'true', 'true']);
    });
    expect(calls.filter((c) => c.endpoint === notificationEndpoints.readAll)).toHaveLength(1);
    expect(screen.getByTestId('unread-summary')).toHaveTextContent('All caught up');
    expect(screen.getByRole('button', { name: 'Mark all read' })).toBeDisabled();
    expect(screen.queryByTestId('unread-dot')).toBeNull();
  });

  it('loads the next page', async () => {
    const calls = stubInbox({ rows: Array.from({ length: 13 }, (_, i) => note(13 - i)) });
    renderApp(PATH, { token: 'tok' });
    await waitFor(() => {
      expect(screen.getAllByTestId('notification')).toHaveLength(10);
    }, SLOW);
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => {
      expect(screen.getAllByTestId('notification')).toHaveLength(13);
    });
    expect(screen.getByText('No more')).toBeInTheDocument();
    expect(calls.filter((c) => c.endpoint === notificationEndpoints.list).map((c) => c.body)).toEqual([
      { page: 1, limit: 10 },
      { page: 2, limit: 10 },
    ]);
  });

  it('says when it could not load, and loads on Retry', async () => {
    const state = { rows: [note(1, { title: 'Back again' })], failList: true };
    stubInbox(state);
    renderApp(PATH, { token: 'tok' });
    expect(await screen.findByText('Failed to load', {}, SLOW)).toBeInTheDocument();
    state.failList = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Back again')).toBeInTheDocument();
  });

  it('says so when there is nothing yet, and refreshes on pull-down', async () => {
    const state = { rows: [] as ReturnType<typeof note>[] };
    stubInbox(state);
    renderApp(PATH, { token: 'tok' });
    expect(await screen.findByText(/No notifications yet/, {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark all read' })).toBeNull();
    state.rows = [note(4, { title: 'Arrived meanwhile' })];
    pullDown(screen.getByTestId('notifications'));
    expect(await screen.findByText('Arrived meanwhile')).toBeInTheDocument();
  });

  it('shows one that arrives over the socket in the list, without a banner', async () => {
    const state = { rows: [note(1)] };
    stubInbox(state);
    const live = fakeLiveSockets();
    renderApp(PATH, { token: 'tok', openSocket: live.open });
    await screen.findAllByTestId('notification', {}, SLOW);
    await waitFor(() => {
      expect(live.sockets).toHaveLength(1);
    });
    const fresh = note(2, { title: 'Just now' });
    state.rows = [fresh, ...state.rows];
    act(() => {
      live.sockets[0]?.fire('notification', { notification: fresh, unread: 2 });
    });
    expect(await screen.findByText('Just now')).toBeInTheDocument();
    expect(screen.getByTestId('unread-summary')).toHaveTextContent('2 unread');
    expect(screen.queryByTestId('notification-banner')).toBeNull();
  });

  it('is in Japanese', async () => {
    stubInbox({ rows: [note(1)] });
    renderApp(PATH, { token: 'tok', locale: 'ja' });
    expect(await screen.findByRole('heading', { level: 1, name: 'お知らせ' }, SLOW)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'すべて既読にする' })).toBeEnabled();
    expect(screen.getByTestId('unread-summary')).toHaveTextContent('未読 1 件');
  });
});
