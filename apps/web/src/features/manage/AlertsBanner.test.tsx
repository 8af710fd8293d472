import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stationCareEndpoints } from '@petheart/contracts';
import { renderApp } from '../../test-support/app';
import { formatCareTime } from './components/care-text';
import { Fail, NOW, SLOW, alert, allowPointerCapture, device, health, pullDown, stubManage } from './test/fixtures';

const B = { device_id: 'PH-0002', device_name: 'Bund Feeder B' };

describe('the open alerts at the top of the manage page', () => {
  beforeAll(allowPointerCapture);
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('lists each station’s open alerts in words with since when; a tap opens that station’s health', async () => {
    const calls = stubManage({
      devices: [device(1), device(2)],
      alerts: [alert(1, { ...B, kind: 'hopper_low', detail: { grams: 420 } }), alert(2, { kind: 'camera_offline' })],
      healths: { 'PH-0002': health({ ...B, name: B.device_name }) },
    });
    renderApp('/pages/manage/manage', { token: 'tok' });
    const banner = await screen.findByTestId('alerts-banner', {}, SLOW);
    expect(within(banner).getByRole('heading', { name: '2 open alerts' })).toBeInTheDocument();
    const items = within(banner).getAllByRole('button');
    const since = `since ${formatCareTime(NOW - 2 * 3_600_000, 'en')}`;
    expect(items.map((b) => b.textContent)).toEqual([
      `Bund Feeder B · Hopper low: 420g left${since}`,
      `Bund Feeder A · Camera offline${since}`,
    ]);
    expect(calls.find((c) => c.endpoint === stationCareEndpoints.alerts)?.body).toEqual({
      page: 1,
      limit: 20,
      open: true,
    });
    await userEvent.click(items[0] as HTMLElement);
    const sheet = await screen.findByTestId('health-sheet');
    expect(within(sheet).getByRole('heading', { level: 2 })).toHaveTextContent('Bund Feeder B');
    await waitFor(() => {
      expect(calls.find((c) => c.endpoint === stationCareEndpoints.health)?.body).toEqual({ device_id: 'PH-0002' });
    });
  });

  it('shows three, then all on request', async () => {
    stubManage({ devices: [device(1)], alerts: [1, 2, 3, 4, 5].map((n) => alert(n)) });
    renderApp('/pages/manage/manage', { token: 'tok', locale: 'ja' });
    const banner = await screen.findByTestId('alerts-banner', {}, SLOW);
    expect(within(banner).getByRole('heading')).toHaveTextContent('未解決のアラート 5 件');
    expect(within(banner).getAllByRole('listitem')).toHaveLength(3);
    await userEvent.click(within(banner).getByRole('button', { name: 'すべて表示' }));
    expect(within(banner).getAllByRole('listitem')).toHaveLength(5);
    expect(within(banner).getAllByRole('listitem')[0]).toHaveTextContent('フィーダーがオフライン');
  });

  it('is not there when no alert is open: a pull-down after the last one resolved takes it away', async () => {
    const state = { devices: [device(1)], alerts: [alert(1)] };
    const calls = stubManage(state);
    renderApp('/pages/manage/manage', { token: 'tok' });
    const banner = await screen.findByTestId('alerts-banner', {}, SLOW);
    expect(banner).toHaveTextContent('1 open alert');
    state.alerts = [];
    pullDown(screen.getByTestId('device-card'));
    await waitFor(() => {
      expect(calls.filter((c) => c.endpoint === stationCareEndpoints.alerts)).toHaveLength(2);
    });
    await waitFor(() => {
      expect(screen.queryByTestId('alerts-banner')).toBeNull();
    });
    expect(screen.getByTestId('device-card')).toBeInTheDocument();
  });

  it('is not there, and nothing is said, when the alerts cannot be read; a later read shows them', async () => {
    let fail = true;
    stubManage({ devices: [device(1)], alerts: [alert(1, { kind: 'jam' })] }, (c) =>
      c.endpoint === stationCareEndpoints.alerts && fail ? new Fail(500, 'internal', 'Server error') : undefined,
    );
    renderApp('/pages/manage/manage', { token: 'tok' });
    expect(await screen.findByTestId('device-card', {}, SLOW)).toHaveTextContent('PH-0001');
    expect(screen.queryByTestId('alerts-banner')).toBeNull();
    fail = false;
    pullDown(screen.getByTestId('device-card'));
    expect(await screen.findByTestId('alerts-banner')).toHaveTextContent('Feeder jammed');
    // The failed read, long answered, showed no error dialog or toast.
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByText('Server error')).toBeNull();
  });
});
