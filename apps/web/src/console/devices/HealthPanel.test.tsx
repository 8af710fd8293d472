import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { stationCareConsoleEndpoints, type DeviceHealth } from '@petheart/contracts';
import { renderApp } from '../../test-support/app';
import { SLOW } from '../shared/console-test-support';
import { formatTimestamp } from '../sections';
import { stubCare } from './device-care-test-support';
import { FACTS_REFRESH_MS } from './DevicePage';
import { OPENED_MS, alert, health, refill } from './health-test-support';

const PAGE = '/admin/devices/PH-0001';
const when = (ms: number) => formatTimestamp(Math.floor(ms / 1000), 'en') ?? '';

const panel = () => within(screen.getByRole('region', { name: 'Health' }));
/** The health figure labelled `label` (the <dd> after its <dt>). */
const figure = (label: string) => panel().getByText(label, { selector: 'dt' }).nextElementSibling;
const list = (name: string) => within(panel().getByRole('list', { name }));

async function open(shown: DeviceHealth | (() => DeviceHealth), locale: 'en' | 'zh-CN' = 'en') {
  const calls = stubCare({ health: typeof shown === 'function' ? shown : () => shown });
  renderApp(PAGE, { token: 'admin-token', locale });
  await screen.findByTestId('health-figures', {}, SLOW);
  return calls;
}

describe('the station health panel', { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the hopper as a bar of its capacity, the days of food left, failures, the camera and the clock', async () => {
    const calls = await open(health());
    expect(calls.find((c) => c.endpoint === stationCareConsoleEndpoints.health)?.body).toEqual({
      device_id: 'PH-0001',
    });
    expect(figure('Hopper')).toHaveTextContent(/^1,500 g of 4,000 g \(38 %\)$/);
    const bar = panel().getByRole('meter', { name: 'Hopper level' });
    expect(bar).toHaveAttribute('aria-valuenow', '1500');
    expect(bar).toHaveAttribute('aria-valuemax', '4000');
    expect(bar.firstElementChild).toHaveStyle({ width: '38%' });
    expect(figure('Food left')).toHaveTextContent('About 5 days at 300 g a day');
    expect(figure('Last 24 h')).toHaveTextContent('0 jams · 0 failed dispenses');
    expect(figure('Camera stream')).toHaveTextContent('15 fps · 352 kbit/s');
    expect(figure('Station clock')).toHaveTextContent(/^In step with the server$/);
    expect(panel().getByText('No open alerts')).toBeInTheDocument();
    expect(panel().getByText('No refills recorded yet')).toBeInTheDocument();

    // Above the care actions.
    const care = screen.getByRole('region', { name: 'Care' });
    const section = screen.getByRole('region', { name: 'Health' });
    expect(section.compareDocumentPosition(care) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('shows the grams alone without a capacity, Low under the alert level, and no estimate without feeding', async () => {
    await open(health({ hopper_capacity: null, food_stock: 300, grams_per_day: 0, days_left: null }));
    expect(figure('Hopper')).toHaveTextContent(/^300 g \(capacity not reported yet\)Low: under 500 g$/);
    expect(panel().queryByRole('meter')).toBeNull();
    expect(figure('Food left')).toHaveTextContent(/^Not enough feeding to tell$/);
  });

  it('says the camera is offline, counts jams and failures, and warns of a clock more than 10 s off', async () => {
    await open(
      health({
        camera_online: false,
        camera_fps: null,
        camera_kbps: null,
        jams_24h: 1,
        failed_24h: 2,
        clock_skew_ms: -12_500,
        days_left: 1,
        food_stock: 4500,
      }),
    );
    expect(figure('Camera stream')).toHaveTextContent(/^Camera offline$/);
    expect(figure('Last 24 h')).toHaveTextContent(/^1 jam · 2 failed dispenses$/);
    expect(figure('Food left')).toHaveTextContent('About 1 day at 300 g a day');
    expect(figure('Hopper')).toHaveTextContent(/^4,500 g of 4,000 g \(100 %\)$/);
    expect(figure('Station clock')).toHaveTextContent(
      /^12\.5 s behind the serverMore than 10 s off: check the station's time sync \(NTP\)/,
    );
  });

  it.each([
    [10_000, '10 s ahead of the server', false],
    [10_001, '10 s ahead of the server', true],
    [-10_000, '10 s behind the server', false],
    [null, 'Not measured yet', false],
  ] as const)('with a skew of %s ms says “%s”, warning: %s', async (skew, says, warns) => {
    await open(health({ clock_skew_ms: skew, camera_fps: 14.5, camera_kbps: null }));
    expect(figure('Station clock')).toHaveTextContent(says);
    expect(panel().queryByText(/More than 10 s off/) !== null).toBe(warns);
    expect(figure('Camera stream')).toHaveTextContent(/^14\.5 fps · — kbit\/s$/);
  });

  it('lists the open alerts with their kind in words, what opened them and since when', async () => {
    await open(
      health({
        alerts: [
          alert({ id: 3, kind: 'hopper_low', detail: { grams: 300 }, opened_at: OPENED_MS + 120_000 }),
          alert({ id: 2, kind: 'jam', detail: { command_id: 'c-9' }, opened_at: OPENED_MS + 60_000 }),
          alert({ id: 1, kind: 'camera_offline' }),
        ],
      }),
    );
    const alerts = list('Open alerts');
    expect(alerts.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      `Hopper low 300 g left · since ${when(OPENED_MS + 120_000)}`,
      `Jam during command c-9 · since ${when(OPENED_MS + 60_000)}`,
      `Camera offline since ${when(OPENED_MS)}`,
    ]);
  });

  it('lists the last refills: grams, who, when, and whether the station took them', async () => {
    await open(
      health({
        refills: [
          refill({ id: 4, grams: 1200, status: 'sent', recorded_by: 'Mei', created_at: OPENED_MS + 3000 }),
          refill({ id: 3, grams: 2000, status: 'applied' }),
          refill({ id: 2, grams: 800, status: 'failed', recorded_by: null }),
          refill({ id: 1, grams: 500, status: 'expired' }),
        ],
      }),
    );
    const at = when(OPENED_MS);
    expect(
      list('Last refills')
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      `1,200 g by Mei, ${when(OPENED_MS + 3000)} Sent`,
      `2,000 g by Admin, ${at} Applied`,
      `800 g by —, ${at} FailedThe station did not take it: record it again`,
      `500 g by Admin, ${at} ExpiredThe station did not take it: record it again`,
    ]);
  });

  it('refreshes while the page is open, like the device', async () => {
    let shown = health();
    await open(() => shown);
    shown = health({ food_stock: 1000, alerts: [alert({ kind: 'hopper_low', detail: { grams: 1000 } })] });
    await waitFor(
      () => {
        expect(figure('Hopper')).toHaveTextContent(/^1,000 g of 4,000 g/);
      },
      { timeout: FACTS_REFRESH_MS * 2 },
    );
    expect(list('Open alerts').getByText('Hopper low')).toBeInTheDocument();
  });

  it('speaks the operator’s language', async () => {
    await open(health({ clock_skew_ms: 12_000 }), 'zh-CN');
    const zh = within(screen.getByRole('region', { name: '运行状况' }));
    expect(zh.getByText('按每天 300 克计，约可用 5 天')).toBeInTheDocument();
    expect(zh.getByText('比服务器快 12 秒')).toBeInTheDocument();
    expect(zh.getByText(/^偏差超过 10 秒/)).toBeInTheDocument();
  });
});
