import { describe, expect, it } from 'vitest';
import { isFinal, POLL_GIVE_UP_MS, pollDelay, pollStep } from './order-status';

describe('polling an order after the payment page', () => {
  it('stops at the final statuses only', () => {
    expect(isFinal('created')).toBe(false);
    expect(['paid', 'failed', 'closed'].every((s) => isFinal(s as 'paid'))).toBe(true);
  });

  it('shows a final status at once and asks no more', () => {
    expect(pollStep('paid', 0)).toEqual({ phase: 'paid' });
    expect(pollStep('closed', 5_000)).toEqual({ phase: 'closed' });
    expect(pollStep('failed', POLL_GIVE_UP_MS + 1)).toEqual({ phase: 'failed' });
  });

  it('keeps asking while the order is open or the poll failed, more slowly as time passes', () => {
    expect(pollStep('created', 0)).toEqual({ phase: 'pending', nextInMs: 1_000 });
    expect(pollStep(undefined, 12_000)).toEqual({ phase: 'pending', nextInMs: 2_000 });
    expect(pollStep('created', 60_000)).toEqual({ phase: 'pending', nextInMs: 5_000 });
    expect(pollDelay(9_999)).toBeLessThan(pollDelay(10_000));
  });

  it('gives up after two minutes (the history shows the order when it settles)', () => {
    expect(pollStep('created', POLL_GIVE_UP_MS)).toEqual({ phase: 'timeout' });
    expect(pollStep(undefined, POLL_GIVE_UP_MS)).toEqual({ phase: 'timeout' });
  });
});
