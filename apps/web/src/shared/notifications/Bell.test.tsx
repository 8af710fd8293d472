import { notificationEndpoints } from '@petheart/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../test-support/app';
import { fakeLiveSockets } from '../../test-support/live-socket';
import { SLOW, note, stubInbox } from './test/fixtures';
import { badgeText } from './Bell';

const three = () => [note(3), note(2), note(1)];

/** Me, signed in, its bell at 3 unread and the notification socket open. */
async function meWithSocket(state = { rows: three() }) {
  const calls = stubInbox(state);
  const live = fakeLiveSockets();
  const router = renderApp('/pages/mine/mine', { token: 'tok', openSocket: live.open });
  await screen.findByRole('link', { name: 'Notifications, 3 unread' }, SLOW);
  await waitFor(() => {
    expect(live.sockets).toHaveLength(1);
  });
  const socket = live.sockets[0];
  if (!socket) throw new Error('no socket');
  return { calls, router, socket, state };
}

describe('the bell', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the unread count on Me, and a notification from the socket at once (count, banner)', async () => {
    const calls = stubInbox({ rows: three() });
    const live = fakeLiveSockets();
    renderApp('/pages/mine/mine', { token: 'tok', openSocket: live.open });
    const bell = await screen.findByRole('link', { name: 'Notifications, 3 unread' }, SLOW);
    expect(within(bell).getByTestId('bell-badge')).toHaveTextContent('3');
    await waitFor(() => {
      expect(live.sockets).toHaveLength(1);
    });
    const socket = live.sockets[0];
    expect(socket?.auth).toEqual({ token: 'tok', lang: 'en' });

    // Not the contract's shape: ignored.
    act(() => {
      socket?.fire('notification', { unread: 50 });
    });
    act(() => {
      socket?.fire('notification', { notification: note(9, { title: 'Your post is live' }), unread: 4 });
    });
    expect(await screen.findByRole('link', { name: 'Notifications, 4 unread' })).toBeInTheDocument();
    expect(screen.getByTestId('bell-badge')).toHaveTextContent('4');
    expect(await screen.findByTestId('notification-banner')).toHaveTextContent('Your post is live');
    // The event carried the count: no request for it.
    expect(calls.filter((c) => c.endpoint === notificationEndpoints.unread)).toHaveLength(1);
  });

  it('opens what the banner is about, marking it read', async () => {
    const { calls, router, socket, state } = await meWithSocket();
    const fresh = note(9, { title: 'Your post is live', link: '/pages/community/detail?id=77' });
    state.rows = [fresh, ...state.rows];
    act(() => {
      socket.fire('notification', { notification: fresh, unread: 4 });
    });
    const banner = await screen.findByTestId('notification-banner');
    await userEvent.click(within(banner).getByRole('button', { name: /Your post is live/ }));
    await waitFor(() => {
      expect(router.state.location.pathname + router.state.location.search).toBe('/pages/community/detail?id=77');
    });
    expect(calls.filter((c) => c.endpoint === notificationEndpoints.read).map((c) => c.body)).toEqual([{ ids: [9] }]);
    expect(screen.queryByTestId('notification-banner')).toBeNull();
  });

  it('takes the count read in another tab or on another phone from the socket', async () => {
    const { calls, socket } = await meWithSocket();
    act(() => {
      socket.fire('notification_unread', { unread: -1 });
      socket.fire('notification_unread', { unread: 1 });
    });
    expect(await screen.findByRole('link', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    act(() => {
      socket.fire('notification_unread', { unread: 0 });
    });
    expect(await screen.findByRole('link', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.queryByTestId('bell-badge')).toBeNull();
    expect(calls.filter((c) => c.endpoint === notificationEndpoints.unread)).toHaveLength(1);
  });

  it('asks for the count again after the socket was dropped and is back', async () => {
    const { calls, socket, state } = await meWithSocket();
    act(() => {
      socket.fire('connect');
    });
    state.rows = [note(5), ...state.rows];
    act(() => {
      socket.fire('disconnect');
      socket.fire('connect');
    });
    expect(await screen.findByRole('link', { name: 'Notifications, 4 unread' })).toBeInTheDocument();
    expect(calls.filter((c) => c.endpoint === notificationEndpoints.unread)).toHaveLength(2);
    cleanup();
    expect(socket.disconnected).toBe(true);
  });

  it('says the count in Japanese, and caps the badge at 99+', async () => {
    stubInbox({ rows: [] }, (c) => (c.endpoint === notificationEndpoints.unread ? { unread: 120 } : undefined));
    renderApp('/pages/mine/mine', { token: 'tok', locale: 'ja' });
    const bell = await screen.findByRole('link', { name: 'お知らせ（未読 120 件）' }, SLOW);
    expect(within(bell).getByTestId('bell-badge')).toHaveTextContent('99+');
    expect([badgeText(1), badgeText(99), badgeText(100)]).toEqual(['1', '99', '99+']);
  });

  it('has no count for a tourist, opens no socket, and leads to the login page', async () => {
    const calls = stubInbox({ rows: three() });
    const live = fakeLiveSockets();
    const router = renderApp('/', { openSocket: live.open });
    const bell = await screen.findByRole('link', { name: 'Notifications' }, SLOW);
    expect(within(bell).queryByTestId('bell-badge')).toBeNull();
    await userEvent.click(bell);
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/pages/public/login');
    }, SLOW);
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/pages/mine/notifications')}`);
    expect(live.sockets).toHaveLength(0);
    expect(calls.some((c) => c.endpoint === notificationEndpoints.unread)).toBe(false);
  });
});
