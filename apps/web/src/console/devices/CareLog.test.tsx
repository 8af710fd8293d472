import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DeviceCareCommand } from '@petheart/contracts';
import { renderApp } from '../../test-support/app';
import { SLOW, stubPointerCapture } from '../shared/console-test-support';
import { formatTimestamp } from '../sections';
import { ISSUED_MS, answerOf, entry, logCalls, stubCare } from './device-care-test-support';

const user = userEvent.setup({ pointerEventsCheck: 0 });
const PAGE = '/admin/devices/PH-0001';

/** The log, newest first: a failed calibration, a test dispense, a report, one still out, then older tares. */
const LOG = [
  entry({
    id: 'c-5',
    kind: 'calibrate',
    params: { known_grams: 500 },
    status: 'failed',
    outcome: 'failed',
    detail: { message: 'the tray reads what it read at the tare' },
    issued_by: { id: 2, name: 'Mei' },
  }),
  entry({ id: 'c-4', kind: 'test_dispense', params: { grams: 15 }, outcome: 'dispensed', grams: 14 }),
  { ...answerOf({ kind: 'report', log_lines: 20 }), id: 'c-3' },
  entry({ id: 'c-2', kind: 'restart', status: 'sent', outcome: null, answered_at: null, issued_by: null }),
  ...Array.from({ length: 8 }, (_, i) => entry({ id: `c-t${String(i)}`, issued_at: ISSUED_MS - (i + 1) * 60_000 })),
];

const rowOf = (id: string) => screen.getByTestId(`care-row-${id}`);
const cells = (id: string) =>
  within(rowOf(id))
    .getAllByRole('cell')
    .map((c) => c.textContent);

beforeAll(stubPointerCapture);

describe('the station care log', { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('lists the commands as the API orders them (newest first): when, who, what, status and outcome', async () => {
    const calls = stubCare({ log: LOG });
    renderApp(PAGE, { token: 'admin-token' });
    await screen.findByTestId('care-row-c-5', {}, SLOW);
    expect(logCalls(calls)[0]?.body).toEqual({ page: 1, limit: 10, device_id: 'PH-0001' });
    const log = within(screen.getByRole('region', { name: 'Care log' }));
    expect(log.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'When',
      'Who',
      'What',
      'Status',
      'Outcome',
      'Actions',
    ]);
    expect(
      log
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.getAttribute('data-testid')),
    ).toEqual(LOG.slice(0, 10).map((e) => `care-row-${e.id}`));
    const when = formatTimestamp(ISSUED_MS / 1000, 'en');
    expect(cells('c-5')).toEqual([
      when,
      'Mei',
      'Calibrate · known weight 500 g',
      'Failed',
      'Failed: the tray reads what it read at the tare',
      'Details',
    ]);
    expect(cells('c-4')).toEqual([when, 'Admin', 'Test dispense · 15 g', 'Answered', 'Dispensed 14 g', 'Details']);
    expect(cells('c-3').slice(2, 5)).toEqual(['Report · 20 log lines', 'Answered', 'Done']);
    expect(cells('c-2').slice(1, 5)).toEqual(['—', 'Restart', 'Sent', 'Waiting for the station']);
  });

  it('pages, and opens an entry’s detail with its whole answer', async () => {
    const calls = stubCare({ log: LOG });
    renderApp(PAGE, { token: 'admin-token' });
    await screen.findByTestId('care-row-c-5', {}, SLOW);
    const log = within(screen.getByRole('region', { name: 'Care log' }));
    expect(log.getByText('Page 1 of 2')).toBeInTheDocument();
    await user.click(log.getByRole('button', { name: 'Next' }));
    expect(await screen.findByTestId('care-row-c-t6')).toBeInTheDocument();
    expect(screen.queryByTestId('care-row-c-5')).toBeNull();
    expect(logCalls(calls).at(-1)?.body).toEqual({ page: 2, limit: 10, device_id: 'PH-0001' });

    await user.click(log.getByRole('button', { name: 'Previous' }));
    await user.click(within(await screen.findByTestId('care-row-c-3')).getByRole('button', { name: 'Details' }));
    const detail = await screen.findByRole('heading', { name: 'Care command: Report · 20 log lines' });
    const drawer = within(detail.parentElement ?? document.body);
    expect(drawer.getByText('Command ID').nextElementSibling).toHaveTextContent('c-3');
    expect(drawer.getByText('Answered at').nextElementSibling).toHaveTextContent(
      formatTimestamp((ISSUED_MS + 2000) / 1000, 'en') ?? '',
    );
    expect(drawer.getByRole('generic', { name: 'Station log (3 lines)' })).toHaveTextContent('09:00:03 scale ready');
    await user.click(drawer.getByRole('button', { name: 'Close' }));
    await waitFor(() => {
      expect(screen.queryByRole('heading', { name: /^Care command/ })).toBeNull();
    });
  });

  it('says when the station has no care log, and shows a command once it is answered', async () => {
    const log: typeof LOG = [];
    const care = (command: DeviceCareCommand) => {
      const answered = { ...answerOf(command), id: 'c-new' };
      log.unshift(answered);
      return answered;
    };
    const calls = stubCare({ log, care });
    renderApp(PAGE, { token: 'admin-token' });
    expect(await screen.findByText('No care commands yet', {}, SLOW)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Tare' }));
    expect(await screen.findByTestId('care-row-c-new')).toHaveTextContent('TareAnswered');
    expect(logCalls(calls)).toHaveLength(2);
  });
});
