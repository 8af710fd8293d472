import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ManagedDevice, ManageSummary } from '@petheart/contracts';
import { manageEndpoints } from '@petheart/contracts';
import { renderApp, stubApi } from '../../test-support/app';
import { SLOW, SUMMARY as BASE_SUMMARY, device } from './test/fixtures';

// The summary says one of the two devices is online (the list below has one offline).
const SUMMARY: ManageSummary = { ...BASE_SUMMARY, online_count: 1 };

function stub(devices: ManagedDevice[]) {
  return stubApi((c) => {
    if (c.endpoint === manageEndpoints.summary) return SUMMARY;
    if (c.endpoint === manageEndpoints.devices) return { list: devices, total: devices.length, page: 1, limit: 10 };
    return undefined;
  });
}

describe('ManagePage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the earnings and each device with ID, days, share rate, share, online state and feedings', async () => {
    stub([
      device(1),
      device(2, {
        online: false,
        feeder_online: false,
        camera_online: false,
        days_in_operation: 1,
        revenue_share_bp: 2_550,
      }),
    ]);
    renderApp('/pages/manage/manage', { token: 'tok' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Device management' }, SLOW)).toBeInTheDocument();
    expect(await screen.findByTestId('summary-available', {}, SLOW)).toHaveTextContent('¥153.50');
    expect(screen.getByTestId('summary-held')).toHaveTextContent('¥90');
    expect(screen.getByTestId('summary-today')).toHaveTextContent('¥3.60');
    expect(screen.getByTestId('summary-total')).toHaveTextContent('¥257.10');
    expect(screen.getByTestId('manage-online-count')).toHaveTextContent('1 of 2 online');

    const [a, b] = await screen.findAllByTestId('device-card');
    const cardA = a as HTMLElement;
    expect(cardA).toHaveTextContent('PH-0001');
    expect(within(cardA).getByTestId('device-online')).toHaveTextContent('Online');
    expect(within(cardA).getByTestId('device-days')).toHaveTextContent('12 days');
    expect(within(cardA).getByTestId('device-rate')).toHaveTextContent('30%');
    expect(within(cardA).getByTestId('device-share')).toHaveTextContent('1,271 coins+36 today');
    expect(within(cardA).getByTestId('device-feeds-today')).toHaveTextContent('3120g');
    expect(within(cardA).getByTestId('device-feeds-total')).toHaveTextContent('1445.2kg');
    const cardB = b as HTMLElement;
    expect(within(cardB).getByTestId('device-online')).toHaveTextContent('Offline');
    expect(within(cardB).getByTestId('device-days')).toHaveTextContent('1 day');
    expect(within(cardB).getByTestId('device-rate')).toHaveTextContent('25.5%');
  });

  it('in Chinese, says which part of an online device is down, and opens its live room', async () => {
    stub([device(1, { camera_online: false })]);
    const router = renderApp('/pages/manage/manage', { token: 'tok', locale: 'zh-CN' });
    const card = await screen.findByTestId('device-card', {}, SLOW);
    expect(within(card).getByTestId('device-online')).toHaveTextContent('在线');
    expect(card).toHaveTextContent('摄像头离线');
    expect(within(card).getByTestId('device-rate')).toHaveTextContent('30%');
    await userEvent.click(within(card).getByRole('button', { name: /直播间/ }));
    await waitFor(() => {
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        '/pages/live/live?device_id=PH-0001',
      );
    });
  });

  it('leads to the cash-out form and log', async () => {
    stub([]);
    const router = renderApp('/pages/manage/manage', { token: 'tok' });
    expect(await screen.findByText('No devices yet', {}, SLOW)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cash-out log' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/pages/cashOut/log');
    });
  });
});
