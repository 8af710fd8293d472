import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { reportEndpoints } from '@petheart/contracts';
import { renderApp, stubApi } from '../../test-support/app';

const stub = () =>
  stubApi(({ endpoint }) =>
    endpoint === reportEndpoints.create
      ? { id: 1, device_id: 'PH-0001', reason: 'x', images: [], status: 'open', created_at: 1 }
      : undefined,
  );

/** The report page, opened from the live room (its back goes there). */
const renderReport = (token?: string) =>
  renderApp(['/pages/live/live?device_id=PH-0001', '/pages/report/report?device_id=PH-0001'], token ? { token } : {});

describe('ReportPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('needs a login', async () => {
    stub();
    const router = renderReport();
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/pages/public/login');
    });
  });

  it('asks for the reason, then sends it for the device', async () => {
    const calls = stub();
    renderReport('tok');
    const submit = await screen.findByRole('button', { name: 'Submit' });
    await userEvent.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent('Please describe the problem');
    expect(calls.some((c) => c.endpoint === reportEndpoints.create)).toBe(false);
    await userEvent.type(screen.getByLabelText('What is wrong?'), '  The bowl is stuck  ');
    await userEvent.click(submit);
    await waitFor(() => {
      expect(calls.find((c) => c.endpoint === reportEndpoints.create)?.body).toEqual({
        device_id: 'PH-0001',
        reason: 'The bowl is stuck',
        images: [],
      });
    });
    expect(await screen.findByText('Thank you! Your report has been submitted')).toBeInTheDocument();
  });
});
