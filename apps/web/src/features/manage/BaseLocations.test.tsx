import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ManagedBase } from '@petheart/contracts';
import { manageEndpoints } from '@petheart/contracts';
import { renderApp, stubApi } from '../../test-support/app';
import { SLOW, SUMMARY } from './test/fixtures';

const BASE: ManagedBase = {
  id: 7,
  name: 'Bund Riverside Cat Corner',
  address: 'No. 17 Hidden Cat Alley, Huangpu District, Shanghai',
  latitude: 31.2345678,
  longitude: 121.4567891,
  location_public: false,
  public_address: '',
  public_latitude: 31.235,
  public_longitude: 121.4525,
};

/** The operator's page with one base; publishing answers the base as saved (or a refusal). */
function stub(
  publish: (body: Record<string, unknown>) => unknown = (b) => ({ ...BASE, location_public: b.location_public }),
) {
  return stubApi((c) => {
    if (c.endpoint === manageEndpoints.summary) return SUMMARY;
    if (c.endpoint === manageEndpoints.devices) return { list: [], total: 0, page: 1, limit: 10 };
    if (c.endpoint === manageEndpoints.bases) return { list: [BASE] };
    if (c.endpoint === manageEndpoints.baseLocation) return publish(c.body);
    return undefined;
  });
}

describe('ManagePage: where the operator’s bases are shown', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the exact address with the switch off and why, and publishes the exact location when switched on', async () => {
    const calls = stub();
    renderApp('/pages/manage/manage', { token: 'tok' });
    const card = await screen.findByTestId('base-location', {}, SLOW);
    expect(screen.getByRole('heading', { name: 'Where your bases are shown' })).toBeInTheDocument();
    expect(screen.getByText(/People who harm street animals use feeder maps/)).toBeInTheDocument();
    expect(card).toHaveTextContent('No. 17 Hidden Cat Alley');
    expect(within(card).getByTestId('base-location-shown')).toHaveTextContent('about 1 km');
    const toggle = within(card).getByRole('switch');
    expect(toggle).toHaveAttribute('aria-checked', 'false');

    await userEvent.click(toggle);
    await waitFor(() => {
      expect(within(card).getByTestId('base-location-shown')).toHaveTextContent('Everyone sees the exact location');
    });
    expect(within(card).getByRole('switch')).toHaveAttribute('aria-checked', 'true');
    expect(calls.filter((c) => c.endpoint === manageEndpoints.baseLocation).map((c) => c.body)).toEqual([
      { base_id: 7, location_public: true },
    ]);
  });

  it('keeps the switch off when the change is refused', async () => {
    const calls = stub(() => undefined);
    renderApp('/pages/manage/manage', { token: 'tok', locale: 'zh-CN' });
    const card = await screen.findByTestId('base-location', {}, SLOW);
    expect(screen.getByRole('heading', { name: '基地的显示位置' })).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('switch'));
    await waitFor(() => {
      expect(calls.some((c) => c.endpoint === manageEndpoints.baseLocation)).toBe(true);
    });
    await waitFor(() => {
      expect(within(card).getByRole('switch')).not.toHaveClass('adm-switch-disabled');
    });
    expect(within(card).getByRole('switch')).toHaveAttribute('aria-checked', 'false');
    expect(within(card).getByTestId('base-location-shown')).toHaveTextContent('约 1 公里');
  });

  it('stays hidden for an operator who runs no base', async () => {
    stubApi((c) => {
      if (c.endpoint === manageEndpoints.summary) return SUMMARY;
      if (c.endpoint === manageEndpoints.devices) return { list: [], total: 0, page: 1, limit: 10 };
      if (c.endpoint === manageEndpoints.bases) return { list: [] };
      return undefined;
    });
    renderApp('/pages/manage/manage', { token: 'tok' });
    expect(await screen.findByText('No devices yet', {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByTestId('base-locations')).not.toBeInTheDocument();
  });
});
