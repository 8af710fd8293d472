import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
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
  text_lang: 'en' as const,
};
const ROOM = {
  device_id: 'PH-0008',
  name: 'Houtong Feeder',
  base_id: 6,
  base_name: BASE.name,
  base_text_lang: 'en' as const,
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
  thumbnail: '',
  thumbnail_at: null,
  camera_offline_at: null,
};

function stub(detail: BaseDetail) {
  stubApi(({ endpoint }) => (endpoint === baseEndpoints.detail ? detail : undefined));
}

describe('BaseDetailPage (Yard)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('links to the base’s public account (issue 28 §3)', async () => {
    stub({ base: BASE, stats: { feeders: 4, fed_grams: 1500, days_live: 12, live_rooms: 1 }, rooms: [ROOM] });
    const router = renderApp('/pages/baseDetail/baseDetail?id=6');
    await userEvent.click(await screen.findByRole('button', { name: 'Public account: where the coins went' }));
    await waitFor(() => {
      expect(router.state.location.pathname + router.state.location.search).toBe('/pages/public/account?base_id=6');
    });
  });

  it('marks the name and introduction with their language when it is not the reader’s (issue 29 §5)', async () => {
    const base = { ...BASE, introduction: 'The cat village in the hills.' };
    stub({ base, stats: { feeders: 0, fed_grams: 0, days_live: 0, live_rooms: 0 }, rooms: [] });
    renderApp('/pages/baseDetail/baseDetail?id=6', { locale: 'ja' });
    const name = await screen.findByRole('heading', { level: 2, name: /Houtong Cat Village Station/ });
    expect(within(name).getByTestId('lang-tag')).toHaveTextContent('英語');
    expect(within(name).getByText(BASE.name)).toHaveAttribute('lang', 'en');
    expect(screen.getByText('The cat village in the hills.')).toHaveAttribute('lang', 'en');
    expect(screen.getAllByTestId('lang-tag')).toHaveLength(2);
  });

  it('shows no language tag to a reader of the text’s own language, nor for an unknown one', async () => {
    stub({
      base: { ...BASE, introduction: 'Hi' },
      stats: { feeders: 0, fed_grams: 0, days_live: 0, live_rooms: 0 },
      rooms: [],
    });
    renderApp('/pages/baseDetail/baseDetail?id=6');
    expect(await screen.findByRole('heading', { level: 2, name: BASE.name })).toBeInTheDocument();
    expect(screen.queryByTestId('lang-tag')).toBeNull();
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

  it('shows each room’s still: live in colour, an offline camera’s last still greyed with since when', async () => {
    const live = {
      ...ROOM,
      device_id: 'PH-0009',
      name: 'Live Feeder',
      camera_online: true,
      thumbnail: '/uploads/thumbs/PH-0009/2.jpg',
    };
    const gone = new Date(2030, 0, 2, 8, 0).getTime() / 1000;
    const offline = {
      ...ROOM,
      thumbnail: '/uploads/thumbs/PH-0008/1.jpg',
      thumbnail_at: gone - 10,
      camera_offline_at: gone,
    };
    stub({ base: BASE, stats: { feeders: 0, fed_grams: 0, days_live: 1, live_rooms: 2 }, rooms: [live, offline] });
    renderApp('/pages/baseDetail/baseDetail?id=6');
    const liveCard = await screen.findByRole('button', { name: /Live Feeder/ });
    const liveStill = within(liveCard).getByRole('presentation', { hidden: true });
    expect(liveStill).toHaveAttribute('src', '/uploads/thumbs/PH-0009/2.jpg');
    expect(liveStill).not.toHaveAttribute('data-offline');
    const offlineCard = screen.getByRole('button', { name: /Houtong Feeder/ });
    const offlineStill = within(offlineCard).getByRole('presentation', { hidden: true });
    expect(offlineStill).toHaveAttribute('src', '/uploads/thumbs/PH-0008/1.jpg');
    expect(offlineStill).toHaveAttribute('data-offline', 'true');
    expect(offlineCard).toHaveTextContent('Offline since Jan 2, 2030');
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
