import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { liveEndpoints, type LiveRoom } from '@petheart/contracts';
import { DEFAULT_COVER } from '../../../shared/format';
import { renderApp, stubApi } from '../../../test-support/app';

const SLOW = { timeout: 5_000 };
/** 14:05 today, local time: "Offline since" says the time of day. */
const today1405 = () => {
  const d = new Date();
  d.setHours(14, 5, 0, 0);
  return Math.floor(d.getTime() / 1000);
};

const room = (n: number, over: Partial<LiveRoom> = {}): LiveRoom => ({
  device_id: `PH-000${String(n)}`,
  name: `Feeder ${String(n)}`,
  base_id: 3,
  base_name: 'Bund Station',
  base_text_lang: 'en',
  address: 'Huangpu',
  cover: '/uploads/20250101/cover.jpg',
  latitude: 31.2,
  longitude: 121.5,
  distance: null,
  viewers: 3,
  followers: 1,
  online: true,
  feeder_online: true,
  camera_online: true,
  thumbnail: `/uploads/thumbs/PH-000${String(n)}/1800000000000.jpg`,
  thumbnail_at: 1_800_000_000,
  camera_offline_at: null,
  ...over,
});
const ROOMS = [
  room(1),
  // Went offline today at 14:05: its last still, greyed.
  room(2, { online: false, feeder_online: false, camera_online: false, camera_offline_at: today1405() }),
  // Never streamed: the base's cover, and no time to tell.
  room(3, { online: false, feeder_online: false, camera_online: false, thumbnail: '', thumbnail_at: null }),
];

/** The home page with these rooms in "Top Live Streams" (the other lists empty). */
function home(locale: 'en' | 'ja' = 'en') {
  stubApi(({ endpoint, body }) =>
    endpoint === liveEndpoints.list
      ? { list: body.tab === 'top' ? ROOMS : [], total: body.tab === 'top' ? 3 : 0, page: 1, limit: 10 }
      : undefined,
  );
  renderApp('/', { locale });
}

const picture = (card: HTMLElement) => within(card).getByRole('presentation', { hidden: true });

describe('live room cards: the room’s still', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows a live room’s still, and an offline room’s last still greyed with since when', async () => {
    home();
    const live = await screen.findByTestId('live-room-PH-0001', {}, SLOW);
    expect(picture(live)).toHaveAttribute('src', '/uploads/thumbs/PH-0001/1800000000000.jpg');
    expect(picture(live)).toHaveAttribute('data-still', 'thumbnail');
    expect(picture(live)).not.toHaveAttribute('data-offline');
    // Its box is known before it loads (no layout shift).
    expect(picture(live)).toHaveAttribute('width', '480');
    expect(picture(live)).toHaveAttribute('height', '270');
    expect(live).toHaveTextContent('LIVE');

    const offline = screen.getByTestId('live-room-PH-0002');
    expect(picture(offline)).toHaveAttribute('src', '/uploads/thumbs/PH-0002/1800000000000.jpg');
    expect(picture(offline)).toHaveAttribute('data-offline', 'true');
    expect(offline).toHaveTextContent('Offline since 2:05 PM');

    const never = screen.getByTestId('live-room-PH-0003');
    expect(picture(never)).toHaveAttribute('src', '/uploads/20250101/cover.jpg');
    expect(picture(never)).toHaveAttribute('data-still', 'cover');
    expect(never).toHaveTextContent('Offline');
    expect(never).not.toHaveTextContent('since');
  });

  it('falls back to the base’s cover, then the default cover, when a picture fails to load', async () => {
    home();
    const card = await screen.findByTestId('live-room-PH-0001', {}, SLOW);
    fireEvent.error(picture(card));
    expect(picture(card)).toHaveAttribute('src', '/uploads/20250101/cover.jpg');
    fireEvent.error(picture(card));
    expect(picture(card)).toHaveAttribute('src', DEFAULT_COVER);
  });

  it('says since when in Japanese', async () => {
    home('ja');
    const offline = await screen.findByTestId('live-room-PH-0002', {}, SLOW);
    expect(offline).toHaveTextContent('14:05からオフライン');
  });

  it('marks a base name written in another language than the reader’s (issue 29 §5)', async () => {
    home('ja');
    const card = await screen.findByTestId('live-room-PH-0001', {}, SLOW);
    expect(within(card).getByTestId('lang-tag')).toHaveTextContent('英語');
    expect(within(card).getByText('Bund Station')).toHaveAttribute('lang', 'en');
  });
});
