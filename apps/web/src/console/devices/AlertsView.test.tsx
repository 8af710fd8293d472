import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../test-support/app';
import { SLOW } from '../shared/console-test-support';
import { formatTimestamp } from '../sections';
import { DEVICE, alertCalls, stubCare } from './device-care-test-support';
import { OPENED_MS, alert } from './health-test-support';

const user = userEvent.setup();
const when = (ms: number) => formatTimestamp(Math.floor(ms / 1000), 'en') ?? '';

/** As the API orders them, newest first: two open alerts and a resolved one between them. */
const ALERTS = [
  alert({
    id: 7,
    device_id: 'PH-0002',
    device_name: 'Park Feeder',
    kind: 'hopper_low',
    detail: { grams: 300 },
    opened_at: OPENED_MS + 120_000,
  }),
  alert({
    id: 6,
    kind: 'jam',
    detail: { command_id: 'c-9' },
    opened_at: OPENED_MS + 60_000,
    resolved_at: OPENED_MS + 90_000,
  }),
  alert({ id: 5, kind: 'feeder_offline' }),
];

const rows = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((r) => r.getAttribute('data-testid'));
const cells = (id: number) =>
  within(screen.getByTestId(`alert-row-${String(id)}`))
    .getAllByRole('cell')
    .map((c) => c.textContent);

describe('the Alerts section', { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('is in the console’s menu and lists the open alerts of every station, newest first', async () => {
    const calls = stubCare({ alerts: ALERTS });
    const router = renderApp('/admin/users', { token: 'admin-token' });
    await user.click(await screen.findByRole('link', { name: 'Alerts' }, SLOW));
    expect(router.state.location.pathname).toBe('/admin/alerts');
    expect(await screen.findByTestId('alert-row-7')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Alerts' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Alerts' })).toHaveAttribute('aria-current', 'page');
    expect(alertCalls(calls)[0]?.body).toEqual({ page: 1, limit: 10, open: true });
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Opened',
      'Station',
      'Alert',
      'Detail',
      'State',
    ]);
    expect(rows()).toEqual(['alert-row-7', 'alert-row-5']);
    expect(cells(7)).toEqual([when(OPENED_MS + 120_000), 'Park Feeder PH-0002', 'Hopper low', '300 g left', 'Open']);
    expect(cells(5)).toEqual([when(OPENED_MS), 'Bund Feeder PH-0001', 'Feeder offline', '—', 'Open']);
    expect(screen.getByText('2 alerts')).toBeInTheDocument();
  });

  it('shows the resolved alerts too when asked, and only the open ones again', async () => {
    const calls = stubCare({ alerts: ALERTS });
    renderApp('/admin/alerts', { token: 'admin-token' });
    await screen.findByTestId('alert-row-7', {}, SLOW);
    const toggle = screen.getByRole('checkbox', { name: 'Show resolved alerts too' });
    expect(toggle).not.toBeChecked();

    await user.click(toggle);
    expect(await screen.findByTestId('alert-row-6')).toBeInTheDocument();
    expect(alertCalls(calls).at(-1)?.body).toEqual({ page: 1, limit: 10, open: false });
    expect(rows()).toEqual(['alert-row-7', 'alert-row-6', 'alert-row-5']);
    expect(cells(6).slice(2)).toEqual(['Jam', 'during command c-9', `Resolved ${when(OPENED_MS + 90_000)}`]);
    expect(screen.getByText('3 alerts')).toBeInTheDocument();

    await user.click(toggle);
    await waitFor(() => {
      expect(screen.queryByTestId('alert-row-6')).toBeNull();
    });
    expect(alertCalls(calls).at(-1)?.body).toEqual({ page: 1, limit: 10, open: true });
  });

  it('links each alert to its station’s care page', async () => {
    stubCare({ alerts: ALERTS, devices: [DEVICE] });
    const router = renderApp('/admin/alerts', { token: 'admin-token' });
    const row = await screen.findByTestId('alert-row-5', {}, SLOW);
    const link = within(row).getByRole('link', { name: 'Bund Feeder' });
    expect(link).toHaveAttribute('href', '/admin/devices/PH-0001');
    expect(within(screen.getByTestId('alert-row-7')).getByRole('link', { name: 'Park Feeder' })).toHaveAttribute(
      'href',
      '/admin/devices/PH-0002',
    );
    await user.click(link);
    expect(await screen.findByRole('heading', { name: 'Look after Bund Feeder' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/devices/PH-0001');
  });

  it('says when no alert is open, and when there is none at all', async () => {
    stubCare({ alerts: [alert({ resolved_at: OPENED_MS + 1000 })] });
    renderApp('/admin/alerts', { token: 'admin-token' });
    expect(await screen.findByText('No open alerts', {}, SLOW)).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Show resolved alerts too' }));
    expect(await screen.findByTestId('alert-row-1')).toBeInTheDocument();
    cleanup();

    stubCare({ alerts: [] });
    renderApp('/admin/alerts', { token: 'admin-token' });
    await screen.findByText('No open alerts');
    await user.click(screen.getByRole('checkbox', { name: 'Show resolved alerts too' }));
    expect(await screen.findByText('No alerts')).toBeInTheDocument();
  });
});
