import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { deviceConsoleEndpoints } from '@petheart/contracts';
import { formatRelativeTime } from '../../shared/format';
import { renderApp } from '../../test-support/app';
import { SLOW } from '../shared/console-test-support';
import { DEVICE, stubCare } from './device-care-test-support';

const user = userEvent.setup();
const PAGE = '/admin/devices/PH-0001';

/** The facts' value for `label` (the <dd> after its <dt>). */
const fact = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling;

describe('the station care page: the device', { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the device found by its id among those its keyword matches, under the Devices section', async () => {
    const calls = stubCare();
    renderApp(PAGE, { token: 'admin-token' });
    expect(await screen.findByRole('heading', { name: 'Look after Bund Feeder' }, SLOW)).toBeInTheDocument();
    expect(calls.find((c) => c.endpoint === deviceConsoleEndpoints.list)?.body).toEqual({
      page: 1,
      limit: 100,
      keyword: 'PH-0001',
    });
    expect(screen.getByRole('link', { name: 'Devices' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'All devices' })).toHaveAttribute('href', '/admin/devices');
    expect(fact('Device ID')).toHaveTextContent('PH-0001');
    expect(fact('Base')).toHaveTextContent('Bund Station');
    expect(fact('Status')).toHaveTextContent('Enabled');
    expect(fact('Station')).toHaveTextContent('Online');
    expect(fact('Feeder')).toHaveTextContent('Online');
    expect(fact('Camera')).toHaveTextContent('Offline');
    expect(fact('Firmware (agent)')).toHaveTextContent('1.4.2');
    expect(fact('Last seen')).toHaveTextContent(formatRelativeTime(DEVICE.last_seen_at ?? 0, 'en'));
    expect(fact('Configuration')).toHaveTextContent('Version 3 set, the station runs 2Waiting for the station');
  });

  it('says the configuration runs once the station reports it, and waits while it reported none', async () => {
    stubCare({ devices: [{ ...DEVICE, config_running: 3 }] });
    renderApp(PAGE, { token: 'admin-token' });
    await screen.findByRole('heading', { name: 'Look after Bund Feeder' }, SLOW);
    expect(fact('Configuration')).toHaveTextContent(/^Version 3 set, the station runs 3Running$/);
    cleanup();

    stubCare({ devices: [{ ...DEVICE, config_running: null }] });
    renderApp(PAGE, { token: 'admin-token' });
    await screen.findByRole('heading', { name: 'Look after Bund Feeder' });
    expect(fact('Configuration')).toHaveTextContent(
      /^Version 3 set, the station has reported none yetWaiting for the station$/,
    );
  });

  it('says when no device has that id', async () => {
    stubCare({ devices: [{ ...DEVICE, device_id: 'PH-00012' }] });
    renderApp(PAGE, { token: 'admin-token' });
    expect(await screen.findByText('There is no device PH-0001.', {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Tare' })).toBeNull();
  });

  it('opens from the device row’s Look after link', async () => {
    stubCare({ devices: [DEVICE] });
    const router = renderApp('/admin/devices', { token: 'admin-token' });
    const row = await screen.findByTestId('device-row-PH-0001', {}, SLOW);
    await user.click(within(row).getByRole('link', { name: 'Look after' }));
    expect(await screen.findByRole('heading', { name: 'Look after Bund Feeder' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(PAGE);
  });
});
