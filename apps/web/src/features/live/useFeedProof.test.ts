import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import type { PublicFeedProof } from '@petheart/contracts';
import { PROOF_RETRY_MS, useFeedProof } from './useFeedProof';

const proofOf = (state: PublicFeedProof['proof']['state']): PublicFeedProof => ({
  feed_id: 'feed-1',
  nickname: 'Mia',
  device_id: 'PH-0002',
  device_name: 'Bund Feeder B',
  base_id: 1,
  base_name: 'Bund Riverside Cat Corner',
  grams_dispensed: 10,
  fed_at: 1_700_000_000,
  proof: {
    state,
    url: state === 'ready' ? '/uploads/proof/feed-1.mp4' : '',
    duration_ms: state === 'ready' ? 8000 : 0,
  },
});

/** Answers the given states in turn (the last one again after them). */
function answering(...states: PublicFeedProof['proof']['state'][]) {
  let n = 0;
  return vi.fn((id: string) => {
    expect(id).toBe('feed-1');
    const state = states[Math.min(n++, states.length - 1)] ?? 'failed';
    return Promise.resolve(proofOf(state));
  });
}

const flush = () => act(() => vi.advanceTimersByTimeAsync(0));

describe('useFeedProof', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks again every few seconds while the clip is being prepared, and stops once it is ready', async () => {
    vi.useFakeTimers();
    const fetchProof = answering('pending', 'pending', 'ready');
    const { result, unmount } = renderHook(() => useFeedProof('feed-1', fetchProof));
    expect(result.current.view).toEqual({ kind: 'loading' });
    await flush();
    expect(result.current.view).toMatchObject({
      kind: 'loaded',
      exhausted: false,
      proof: { proof: { state: 'pending' } },
    });
    expect(fetchProof).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(PROOF_RETRY_MS - 1));
    expect(fetchProof).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(fetchProof).toHaveBeenCalledTimes(2);
    await act(() => vi.advanceTimersByTimeAsync(PROOF_RETRY_MS));
    expect(result.current.view).toMatchObject({ kind: 'loaded', proof: { proof: { state: 'ready' } } });
    await act(() => vi.advanceTimersByTimeAsync(PROOF_RETRY_MS * 5));
    expect(fetchProof).toHaveBeenCalledTimes(3);
    unmount();
  });

  it('gives up after its tries (offering Retry), and Retry starts over', async () => {
    vi.useFakeTimers();
    const fetchProof = answering('pending', 'pending', 'pending', 'no_camera');
    const { result } = renderHook(() => useFeedProof('feed-1', fetchProof, { retryMs: 100, maxTries: 3 }));
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(fetchProof).toHaveBeenCalledTimes(3);
    expect(result.current.view).toMatchObject({ kind: 'loaded', exhausted: true });
    act(() => {
      result.current.retry();
    });
    expect(result.current.view).toEqual({ kind: 'loading' });
    await flush();
    expect(result.current.view).toMatchObject({
      kind: 'loaded',
      exhausted: false,
      proof: { proof: { state: 'no_camera' } },
    });
  });

  it('stops asking when closed, and says so when the proof cannot be had', async () => {
    vi.useFakeTimers();
    const pending = answering('pending');
    const closed = renderHook(() => useFeedProof('feed-1', pending));
    await flush();
    closed.unmount();
    await act(() => vi.advanceTimersByTimeAsync(PROOF_RETRY_MS * 3));
    expect(pending).toHaveBeenCalledTimes(1);

    const refused = vi.fn(() => Promise.reject(new Error('not_found')));
    const { result } = renderHook(() => useFeedProof('feed-1', refused));
    await flush();
    expect(result.current.view).toEqual({ kind: 'error' });
  });
});
