import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Clip, FeedProof, FeedReceipt, PublicFeedProof } from '@petheart/contracts';
import { feedEndpoints, userEndpoints } from '@petheart/contracts';
import { renderApp, stubApi } from '../../test-support/app';

const ID = '00000000-0000-4000-8000-000000000001';
const CLIP_URL = '/uploads/proofs/11111111-1111-4111-8111-111111111111.mp4';
const SETTLED = Math.floor(Date.UTC(2026, 4, 1, 6, 5, 9) / 1000);
const ready: FeedProof = { state: 'ready', url: CLIP_URL, duration_ms: 9_000 };
const receipt = (proof: FeedProof): FeedReceipt => ({
  id: ID,
  device_id: 'PH-0001',
  status: 'succeeded',
  grams: 20,
  coins: 18,
  grams_dispensed: 19,
  coins_charged: 17,
  reason: null,
  queue_position: 0,
  expected_wait_s: 0,
  created_at: SETTLED - 3,
  settled_at: SETTLED,
  device_name: 'Bund Feeder A',
  base_id: 3,
  base_name: 'Bund Station',
  proof,
});
const publicProof = (proof: FeedProof): PublicFeedProof => ({
  feed_id: ID,
  nickname: 'Demo',
  device_id: 'PH-0001',
  device_name: 'Bund Feeder A',
  base_id: 3,
  base_name: 'Bund Station',
  grams_dispensed: 19,
  fed_at: SETTLED,
  proof,
});
const clip: Clip = {
  id: '22222222-2222-4222-8222-222222222222',
  device_id: 'PH-0001',
  user_id: 1,
  nickname: 'Demo',
  url: '/uploads/clips/22222222-2222-4222-8222-222222222222.mp4',
  duration_ms: 9_000,
  published: false,
  created_at: SETTLED,
};

/** The receipt's answers in turn (the last one repeats); the public proof; the clip for a post. */
function stub(proofs: FeedProof[]) {
  let asked = 0;
  return stubApi((c) => {
    if (c.endpoint === userEndpoints.index) return undefined;
    if (c.endpoint === feedEndpoints.detail) return receipt(proofs[Math.min(asked++, proofs.length - 1)] ?? ready);
    if (c.endpoint === feedEndpoints.proof && c.body.id === ID) return publicProof(proofs[0] ?? ready);
    if (c.endpoint === feedEndpoints.proofClip) return clip;
    return undefined;
  });
}
const openReceipt = () => renderApp(`/pages/history/history?id=${ID}`, { token: 'tok' });
/** Gives jsdom's navigator a property it lacks (share sheet, clipboard) until the test ends. */
const given: string[] = [];
function give(name: string, value: unknown) {
  Object.defineProperty(navigator, name, { value, configurable: true });
  given.push(name);
}

describe('the receipt’s proof clip', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    for (const name of given.splice(0)) Reflect.deleteProperty(navigator, name);
  });

  it('plays the clip with what fell, the feeder, the base and the time', async () => {
    stub([ready]);
    openReceipt();
    const video = await screen.findByTestId('proof-video');
    expect(video).toHaveAttribute('src', CLIP_URL);
    expect(video).toHaveAttribute('controls');
    expect(video).toHaveAttribute('playsinline');
    expect(video).toHaveAttribute('preload', 'metadata');
    const proof = screen.getByTestId('proof');
    expect(proof).toHaveTextContent(/19g measured · Bund Feeder A · Bund Station · May 1, 2026, \d\d:05:09/);
    expect(within(proof).queryByTestId('proof-message')).toBeNull();
  });

  it.each([
    ['no_camera', 'The camera was offline during this feed'],
    ['expired', 'This clip is no longer kept'],
    ['failed', 'The clip could not be made'],
  ] as const)('says why there is no clip (%s), and offers no post', async (state, text) => {
    stub([{ state, url: '', duration_ms: 0 }]);
    openReceipt();
    expect(await screen.findByTestId('proof-message')).toHaveTextContent(text);
    expect(screen.queryByTestId('proof-video')).toBeNull();
    expect(screen.getByRole('button', { name: 'Share' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Publish to community' })).toBeNull();
  });

  it('says the clip is being prepared and asks again until it is ready', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const pending: FeedProof = { state: 'pending', url: '', duration_ms: 0 };
    const calls = stub([pending, pending, ready]);
    openReceipt();
    expect(await screen.findByTestId('proof-message')).toHaveTextContent('Preparing the clip…');
    await vi.advanceTimersByTimeAsync(3_000);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(await screen.findByTestId('proof-video')).toHaveAttribute('src', CLIP_URL);
    expect(calls.filter((c) => c.endpoint === feedEndpoints.detail)).toHaveLength(3);
  });

  it('stops asking after a few times, and asks again when told to', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const pending: FeedProof = { state: 'pending', url: '', duration_ms: 0 };
    const answers = [...Array<FeedProof>(10).fill(pending), ready];
    const calls = stub(answers);
    openReceipt();
    await screen.findByTestId('proof-message');
    for (let i = 0; i < 12; i++) await vi.advanceTimersByTimeAsync(3_000);
    const asked = () => calls.filter((c) => c.endpoint === feedEndpoints.detail).length;
    expect(asked()).toBe(10);
    await userEvent
      .setup({ advanceTimers: vi.advanceTimersByTime })
      .click(await screen.findByRole('button', { name: 'Check again' }));
    expect(await screen.findByTestId('proof-video')).toBeInTheDocument();
    expect(asked()).toBe(11);
  });

  it('shares the proof page through the share sheet, else copies its link', async () => {
    stub([ready]);
    const share = vi.fn<(data: ShareData) => Promise<void>>(() => Promise.resolve());
    give('share', share);
    openReceipt();
    await userEvent.click(await screen.findByRole('button', { name: 'Share' }));
    await waitFor(() => {
      expect(share).toHaveBeenCalledTimes(1);
    });
    expect(share.mock.calls[0]?.[0]).toMatchObject({
      url: `${window.location.origin}/pages/public/proof?id=${ID}&lang=en`,
      text: 'Watch the food fall at Bund Station',
    });
  });

  it('copies the link where there is no share sheet', async () => {
    stub([ready]);
    const writeText = vi.fn<(text: string) => Promise<void>>(() => Promise.resolve());
    give('clipboard', { writeText });
    vi.stubGlobal('isSecureContext', true);
    openReceipt();
    await userEvent.click(await screen.findByRole('button', { name: 'Share' }));
    await waitFor(() => {
      expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/pages/public/proof?id=${ID}&lang=en`);
    });
    expect(await screen.findByText('Link copied')).toBeInTheDocument();
  });

  it('publishes the clip to the community: the publish form with it as a video post', async () => {
    const calls = stub([ready]);
    const router = openReceipt();
    await userEvent.click(await screen.findByRole('button', { name: 'Publish to community' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/pages/publish/publish');
    });
    expect(calls.find((c) => c.endpoint === feedEndpoints.proofClip)?.body).toEqual({ id: ID });
    const q = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(q)).toEqual({ device_id: 'PH-0001', clip_id: clip.id, clip_url: clip.url });
  });
});

describe('the public proof page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows anyone who fed, how much fell, where and when, with the clip', async () => {
    stub([ready]);
    renderApp(`/pages/public/proof?id=${ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Proof of a meal' })).toBeInTheDocument();
    const page = await screen.findByTestId('public-proof');
    expect(within(page).getByRole('heading', { name: 'Demo fed 19g' })).toBeInTheDocument();
    expect(within(page).getByTestId('proof-video')).toHaveAttribute('src', CLIP_URL);
    expect(page).toHaveTextContent(/Bund Feeder A · Bund Station/);
    expect(within(page).getByRole('button', { name: 'Watch live' })).toBeInTheDocument();
  });

  it('says so in Japanese when the camera was off', async () => {
    stub([{ state: 'no_camera', url: '', duration_ms: 0 }]);
    renderApp(`/pages/public/proof?id=${ID}`, { locale: 'ja' });
    expect(await screen.findByTestId('proof-message')).toHaveTextContent('このときカメラはオフラインでした');
  });

  it('says the feed is not found for an unknown or malformed id', async () => {
    stub([ready]);
    renderApp('/pages/public/proof?id=00000000-0000-4000-8000-000000000009');
    expect(await screen.findByText('This feed could not be found')).toBeInTheDocument();
    vi.unstubAllGlobals();
    const calls = stub([ready]);
    renderApp('/pages/public/proof?id=nope');
    expect((await screen.findAllByText('This feed could not be found')).length).toBeGreaterThan(0);
    expect(calls.filter((c) => c.endpoint === feedEndpoints.proof)).toHaveLength(0);
  });
});
