import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminReport, AdminReportListData } from '@petheart/contracts';
import { moderationConsoleEndpoints } from '@petheart/contracts';
import { renderApp } from '../../test-support/app';
import { SLOW, stubConsole, stubPointerCapture } from '../shared/console-test-support';

const user = userEvent.setup({ pointerEventsCheck: 0 });

const REPORT: AdminReport = {
  id: 12,
  device_id: 'PH-0002',
  reason: 'The camera shows only black since this morning.',
  images: ['/uploads/r1.jpg'],
  status: 'open',
  created_at: 1_717_200_000,
  reporter: { id: 8, nickname: 'Kai', avatar: '' },
  device_name: 'Pier Feeder',
  base_id: 2,
  base_name: 'Pier Station',
  note: '',
  resolved_by: null,
  resolved_at: null,
};

beforeAll(stubPointerCapture);

describe('the console problem-report queue', { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the open reports with their images and resolves one only with a note', async () => {
    const calls = stubConsole((call) => {
      if (call.endpoint === moderationConsoleEndpoints.reportList)
        return { list: [REPORT], total: 1, page: 1, limit: 10 } satisfies AdminReportListData;
      if (call.endpoint === moderationConsoleEndpoints.reportResolve)
        return { ...REPORT, status: 'resolved', note: call.body.note };
      return undefined;
    });
    renderApp('/admin/reports', { token: 'admin-token' });
    const row = await screen.findByTestId('report-row-12', {}, SLOW);
    expect(calls.find((c) => c.endpoint === moderationConsoleEndpoints.reportList)?.body).toEqual({
      page: 1,
      limit: 10,
      status: 'open',
    });
    expect(row).toHaveTextContent('Pier FeederPier Station');
    expect(row.querySelectorAll('img')).toHaveLength(1);
    await user.click(within(row).getByRole('button', { name: 'Resolve' }));
    const detail = await screen.findByTestId('report-detail');
    expect(detail).toHaveTextContent(REPORT.reason);
    expect(within(detail).getByRole('img', { name: 'Images 1' })).toHaveAttribute('src', '/uploads/r1.jpg');
    const form = within(detail).getByRole('form', { name: 'Resolve' });
    await user.click(within(form).getByRole('button', { name: 'Resolve' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Please enter a note');
    expect(calls.some((c) => c.endpoint === moderationConsoleEndpoints.reportResolve)).toBe(false);
    await user.type(within(form).getByLabelText('Resolution note'), 'Camera cable replaced.');
    await user.click(within(form).getByRole('button', { name: 'Resolve' }));
    await waitFor(() => {
      expect(calls.find((c) => c.endpoint === moderationConsoleEndpoints.reportResolve)?.body).toEqual({
        id: 12,
        note: 'Camera cable replaced.',
      });
    });
  });
});
