import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BaseDetail } from '@petheart/contracts';
import { baseEndpoints } from '@petheart/contracts';
import { renderApp, stubApi } from '../../test-support/app';
import { baseIdOf } from './BaseDetailPage';

const BASE = {
  id: 6,
  name: 'Houtong Cat Village Station',
  address: 'Houtong, Ruifang District',
  latitude: 25.08,
  longitude: 121.82,
  animal_count: 30,
  photos: [],
  introduction: '',
  created_at: 1_700_000_000,
};
const ROOM = {
  device_id: 'PH-0008',
  name: 'Houtong Feeder',
  base_id: 6,
  base_name: BASE.name,
  address: BASE.address,
  cover: '',
  latitude: 25.08,
  longitude: 121.82,
  distance: null,
  viewers: 12,
  followers: 3,
  online: true,
  feeder_online: true,
  camera_online: false,
};

function stub(detail: BaseDetail) {
  stubApi(({ endpoint }) => (endpoint === baseEndpoints.detail ? detail : undefined));
}

describe('BaseDetailPage (Yard)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the stats, the empty introduction and a room that opens its live page', async () => {
    stub({ base: BASE, stats: { feeders: 4, fed_grams: 1500, days_live: 12, live_rooms: 1 }, rooms: [ROOM] });
    const router = renderApp('/pages/baseDetail/baseDetail?id=6');
    expect(await screen.findByRole('heading', { level: 1, name: BASE.name })).toBeInTheDocument();
    const stats = screen.getByTestId('base-stats');
    expect(stats).toHaveTextContent('4Feeders');
    expect(stats).toHaveTextContent('1.5kgTotal fed');
    expect(stats).toHaveTextContent('12Days live');
    expect(screen.getByText('No introduction yet')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Houtong Feeder/ }));
    await waitFor(() => {
      expect(router.state.location.search).toBe('?device_id=PH-0008');
    });
    expect(router.state.location.pathname).toBe('/pages/live/live');
  });

  it('says so when the base has no live rooms', async () => {
    stub({
      base: { ...BASE, introduction: 'Cats.' },
      stats: { feeders: 0, fed_grams: 0, days_live: 0, live_rooms: 0 },
      rooms: [],
    });
    renderApp('/pages/baseDetail/baseDetail?id=6');
    expect(await screen.findByText('No live rooms')).toBeInTheDocument();
    expect(screen.getByText('Cats.')).toBeInTheDocument();
  });

  it('reads only positive integer ids', () => {
    expect(baseIdOf('6')).toBe(6);
    expect(baseIdOf(' 12 ')).toBe(12);
    for (const bad of [null, '', '0', '-1', '1.5', 'abc', '99999999999999']) expect(baseIdOf(bad)).toBeNull();
  });
});
