import { describe, expect, it } from 'vitest';
import { EMPTY_INTENT, feedBlock, feedIntentReducer, feedView, isEnded, newIdempotencyKey } from './feed';

describe('feedBlock', () => {
  it('checks the feeder first, then the camera', () => {
    expect(feedBlock({ feeder_online: false, camera_online: false })).toBe('error.feeder_offline');
    expect(feedBlock({ feeder_online: false, camera_online: true })).toBe('error.feeder_offline');
    expect(feedBlock({ feeder_online: true, camera_online: false })).toBe('error.camera_offline');
    expect(feedBlock({ feeder_online: true, camera_online: true })).toBeNull();
  });
});

describe('newIdempotencyKey', () => {
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

  it('uses crypto.randomUUID when there is one', () => {
    expect(newIdempotencyKey({ randomUUID: () => 'from-uuid', getRandomValues: (a) => a })).toBe('from-uuid');
  });

  it('makes a v4 UUID from random bytes outside secure contexts (no randomUUID)', () => {
    const key = newIdempotencyKey({ getRandomValues: (a) => crypto.getRandomValues(a) });
    expect(key).toMatch(UUID);
    const zeros = newIdempotencyKey({ getRandomValues: (a) => a });
    expect(zeros).toBe('00000000-0000-4000-8000-000000000000');
  });
});

describe('feed intent', () => {
  let n = 0;
  const newKey = () => `k${String((n += 1))}`;
  const small = { grams: 10, coins: 10 };
  const large = { grams: 50, coins: 45 };

  it('keeps the key across retries of the same intent and drops it once settled', () => {
    let s = feedIntentReducer(EMPTY_INTENT, { type: 'choose', portion: small });
    s = feedIntentReducer(s, { type: 'send', newKey });
    const first = s.key;
    expect(first).not.toBeNull();
    s = feedIntentReducer(s, { type: 'send', newKey });
    expect(s.key).toBe(first);
    s = feedIntentReducer(s, { type: 'settled' });
    expect(s).toEqual({ portion: small, key: null });
    s = feedIntentReducer(s, { type: 'send', newKey });
    expect(s.key).not.toBe(first);
  });

  it('another portion is another intent; choosing the same one keeps it', () => {
    let s = feedIntentReducer({ portion: small, key: 'k-old' }, { type: 'choose', portion: { ...small } });
    expect(s.key).toBe('k-old');
    s = feedIntentReducer(s, { type: 'choose', portion: large });
    expect(s).toEqual({ portion: large, key: null });
  });
});

describe('feedView', () => {
  const open = { queue_position: 2, expected_wait_s: 6, grams_dispensed: 0, reason: null };

  it('shows the place in the queue and the wait, then dispensing', () => {
    expect(feedView({ ...open, status: 'queued' })).toEqual({ kind: 'queued', position: 2, waitSeconds: 6 });
    expect(feedView({ ...open, status: 'dispensing' })).toEqual({ kind: 'dispensing' });
    expect(isEnded(feedView({ ...open, status: 'queued' }))).toBe(false);
  });

  it('ends with the grams that fell, or the reason’s message', () => {
    const fed = feedView({ ...open, status: 'succeeded', grams_dispensed: 9 });
    expect(fed).toEqual({ kind: 'fed', grams: 9 });
    expect(feedView({ ...open, status: 'failed', reason: 'empty' })).toEqual({
      kind: 'failed',
      reason: 'feed.reason.empty',
    });
    expect(feedView({ ...open, status: 'failed' })).toEqual({ kind: 'failed', reason: 'feed.reason.failed' });
    expect(isEnded(fed)).toBe(true);
  });
});
