import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stationCareEndpoints, type DeviceHealth } from '@petheart/contracts';
import { renderApp } from '../../test-support/app';
import { formatCareTime } from './components/care-text';
import { NOW, SLOW, alert, allowPointerCapture, device, health, refill, stubManage } from './test/fixtures';

/** antd-mobile's popup animates in (pointer-events: none meanwhile, which jsdom never finishes). */
const sheetUser = () => userEvent.setup({ pointerEventsCheck: 0 });

/** The manage page with one station whose health is `h`, its health sheet opened. */
async function openHealth(h: DeviceHealth, locale: 'en' | 'zh-CN' = 'en') {
  const calls = stubManage({ devices: [device(1)], healths: { 'PH-0001': h } });
  renderApp('/pages/manage/manage', { token: 'tok', locale });
  const card = await screen.findByTestId('device-card', {}, SLOW);
  await userEvent.click(within(card).getByRole('button', { name: locale === 'en' ? 'Station health' : '站点状态' }));
  const sheet = await screen.findByTestId('health-sheet');
  return { calls, sheet };
}

describe('a station’s health on the manage page', () => {
  beforeAll(allowPointerCapture);
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the hopper as a bar, days of food, jams and failures, the camera, last seen and the agent', async () => {
    const { calls, sheet } = await openHealth(health());
    expect(await within(sheet).findByTestId('care-hopper')).toHaveTextContent('1.2kg of 5kg');
    expect(within(sheet).getByRole('progressbar', { name: 'Hopper' })).toHaveAttribute('aria-valuenow', '24');
    expect(within(sheet).queryByTestId('care-hopper-low')).toBeNull();
    expect(within(sheet).getByTestId('care-days-left')).toHaveTextContent('3.5 days343g a day');
    expect(within(sheet).getByTestId('care-jams')).toHaveTextContent('2');
    expect(within(sheet).getByTestId('care-failed')).toHaveTextContent('1');
    expect(within(sheet).getByTestId('care-camera')).toHaveTextContent('24.5 fps · 1,850 kbps');
    expect(within(sheet).getByTestId('care-last-seen')).toHaveTextContent('2 minutes ago');
    expect(within(sheet).getByTestId('care-agent')).toHaveTextContent('0.9.3');
    expect(within(sheet).getByTestId('care-config')).toHaveTextContent(/^Version 2$/);
    expect(within(sheet).getByTestId('care-online')).toHaveTextContent('Online');
    expect(calls.find((c) => c.endpoint === stationCareEndpoints.health)?.body).toEqual({ device_id: 'PH-0001' });
  });

  it('names the open alerts in words with since when, and each refill’s status', async () => {
    const opened = NOW - 3 * 3_600_000;
    const { sheet } = await openHealth(
      health({
        food_stock: 300,
        days_left: 0.9,
        alerts: [
          alert(1, { kind: 'hopper_low', detail: { grams: 300 }, opened_at: opened }),
          alert(2, { kind: 'jam', detail: { command_id: 'c1' } }),
        ],
        refills: [
          refill(1, { status: 'sent', grams: 1_500 }),
          refill(2, { status: 'applied' }),
          refill(3, { status: 'failed' }),
          refill(4, { status: 'expired', recorded_by: null }),
        ],
      }),
    );
    const alerts = await within(sheet).findAllByTestId('care-alert');
    expect(alerts.map((a) => a.textContent)).toEqual([
      `Hopper low: 300g leftsince ${formatCareTime(opened, 'en')}`,
      `Feeder jammedsince ${formatCareTime(NOW - 2 * 3_600_000, 'en')}`,
    ]);
    expect(within(sheet).getByTestId('care-hopper-low')).toHaveTextContent('Below the alert level of 500g');
    expect(within(sheet).getByTestId('care-days-left')).toHaveTextContent('0.9 days');
    const refills = within(sheet).getAllByTestId('care-refill');
    expect(refills[0]).toHaveTextContent('1.5kg');
    expect(refills[0]).toHaveTextContent('by Lin');
    expect(refills.map((r) => within(r).getByTestId('care-refill-status').textContent)).toEqual([
      'Sent to the station',
      'Applied',
      'Not taken by the station: record it again',
      'Not taken by the station: record it again',
    ]);
    expect(refills[3]).not.toHaveTextContent('by Lin');
  });

  it('says what it cannot tell: no capacity, no feeding, camera offline, never seen, no version', async () => {
    const { sheet } = await openHealth(
      health({
        online: false,
        camera_online: false,
        hopper_capacity: null,
        days_left: null,
        grams_per_day: 0,
        camera_fps: null,
        camera_kbps: null,
        last_seen_at: null,
        firmware: '',
        config_running: null,
      }),
    );
    expect(await within(sheet).findByTestId('care-hopper')).toHaveTextContent('1.2kg (capacity not reported yet)');
    expect(within(sheet).queryByRole('progressbar')).toBeNull();
    expect(within(sheet).getByTestId('care-days-left')).toHaveTextContent(/^Not enough feeding to tell$/);
    expect(within(sheet).getByTestId('care-camera')).toHaveTextContent('Offline');
    expect(within(sheet).getByTestId('care-last-seen')).toHaveTextContent('Never');
    expect(within(sheet).getByTestId('care-agent')).toHaveTextContent('Not reported');
    expect(within(sheet).getByTestId('care-config')).toHaveTextContent('Version 2Waiting for the station to take it');
    expect(within(sheet).getByTestId('care-online')).toHaveTextContent('Offline');
    expect(within(sheet).getByText('No open alerts')).toBeInTheDocument();
    expect(within(sheet).getByText('No refills recorded yet')).toBeInTheDocument();
  });

  it('in Chinese', async () => {
    const { sheet } = await openHealth(
      health({
        days_left: null,
        alerts: [alert(1, { kind: 'camera_offline' })],
        refills: [refill(1, { status: 'expired' })],
      }),
      'zh-CN',
    );
    expect(await within(sheet).findByTestId('care-hopper')).toHaveTextContent('1.2kg / 5kg');
    expect(within(sheet).getByTestId('care-days-left')).toHaveTextContent('投喂太少，暂无法估算');
    expect(within(sheet).getByTestId('care-alert')).toHaveTextContent('摄像头离线');
    expect(within(sheet).getByTestId('care-refill-status')).toHaveTextContent('站点未接收：请重新记录');
  });

  it('shows why a station’s health cannot be seen, and closes', async () => {
    stubManage({ devices: [device(1)], healths: {} });
    renderApp('/pages/manage/manage', { token: 'tok' });
    const card = await screen.findByTestId('device-card', {}, SLOW);
    await userEvent.click(within(card).getByRole('button', { name: 'Station health' }));
    const sheet = await screen.findByTestId('health-sheet');
    expect(await within(sheet).findByText('This station cannot be found')).toBeInTheDocument();
    await sheetUser().click(within(sheet).getByRole('button', { name: 'Close' }));
    await expect.poll(() => screen.queryByTestId('health-sheet')).toBeNull();
  });
});
