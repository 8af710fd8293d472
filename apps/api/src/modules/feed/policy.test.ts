import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { feedStatus, toFeed } from './presenter';
import {
  DEFAULT_FEED_TIMINGS,
  chargeFor,
  commandTtlMs,
  expectedWaitSeconds,
  feedOutcome,
  lateAnswer,
  portionOffered,
  sweepEnd,
  type PendingFeedState,
} from './policy';

describe('chargeFor', () => {
  it('charges the price for the portion, proportionally less for less, rounded down', () => {
    expect(chargeFor(10, 10, 10)).toBe(10);
    expect(chargeFor(10, 10, 7)).toBe(7);
    expect(chargeFor(18, 20, 19)).toBe(17); // 17.1
    expect(chargeFor(18, 20, 1)).toBe(0); // 0.9: a crumb costs nothing
    expect(chargeFor(10, 10, 0)).toBe(0);
  });

  it('never charges more than the price, whatever the scale says', () => {
    expect(chargeFor(10, 10, 25)).toBe(10);
    expect(chargeFor(10, 10, -3)).toBe(0);
  });

  it('is an integer between 0 and the price, and never falls as more food falls', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000 }),
        fc.integer({ min: 1, max: 500 }),
        fc.integer({ min: -10, max: 1000 }),
        (coins, grams, dispensed) => {
          const c = chargeFor(coins, grams, dispensed);
          expect(Number.isInteger(c)).toBe(true);
          expect(c).toBeGreaterThanOrEqual(0);
          expect(c).toBeLessThanOrEqual(coins);
          expect(chargeFor(coins, grams, dispensed + 1)).toBeGreaterThanOrEqual(c);
          // Rounded down: the charge never exceeds the exact proportion.
          expect(c * grams).toBeLessThanOrEqual(coins * Math.max(0, Math.min(dispensed, grams)));
        },
      ),
    );
  });

  it('refuses a portion that is not positive integers', () => {
    expect(() => chargeFor(0, 10, 10)).toThrow();
    expect(() => chargeFor(10, 0, 0)).toThrow();
    expect(() => chargeFor(1.5, 10, 10)).toThrow();
  });
});

describe('feedOutcome', () => {
  it('charges only a dispense that measured food', () => {
    expect(feedOutcome({ status: 'acked', outcome: 'dispensed', grams: 10 }, true)).toEqual({
      kind: 'dispensed',
      grams: 10,
    });
    expect(feedOutcome({ status: 'acked', outcome: 'dispensed', grams: 0 }, true)).toEqual({
      kind: 'failed',
      reason: 'failed',
      grams: 0,
    });
  });

  it('names the device’s negative answers', () => {
    expect(feedOutcome({ status: 'failed', outcome: 'jammed', grams: 3 }, true)).toEqual({
      kind: 'failed',
      reason: 'jammed',
      grams: 3,
    });
    expect(feedOutcome({ status: 'failed', outcome: 'empty', grams: 0 }, true)).toMatchObject({ reason: 'empty' });
    expect(feedOutcome({ status: 'failed', outcome: 'failed', grams: 0 }, true)).toMatchObject({ reason: 'failed' });
    expect(feedOutcome({ status: 'failed', outcome: 'weird', grams: 0 }, true)).toMatchObject({ reason: 'failed' });
  });

  it('no answer is a timeout, or offline when the feeder is gone', () => {
    for (const end of [{ status: 'expired', outcome: null, grams: 0 } as const, { status: 'lost' } as const]) {
      expect(feedOutcome(end, true)).toEqual({ kind: 'failed', reason: 'timeout', grams: 0 });
      expect(feedOutcome(end, false)).toEqual({ kind: 'failed', reason: 'offline', grams: 0 });
    }
    expect(feedOutcome({ status: 'expired', outcome: 'expired', grams: 0 }, true)).toMatchObject({ reason: 'timeout' });
  });
});

describe('sweepEnd', () => {
  const now = new Date('2026-05-01T12:00:00Z');
  const pending = (over: Partial<PendingFeedState> = {}): PendingFeedState => ({
    expiresAt: new Date(now.getTime() - 1_000),
    commandStatus: 'sent',
    commandOutcome: null,
    commandGrams: null,
    holdStatus: 'pending',
    ...over,
  });

  it('takes an ended command’s row as it is', () => {
    expect(
      sweepEnd(pending({ commandStatus: 'acked', commandOutcome: 'dispensed', commandGrams: 9 }), now, 5_000),
    ).toEqual({ status: 'acked', outcome: 'dispensed', grams: 9 });
    expect(
      sweepEnd(pending({ commandStatus: 'expired', commandOutcome: 'expired', commandGrams: 0 }), now, 5_000),
    ).toEqual({ status: 'expired', outcome: 'expired', grams: 0 });
  });

  it('takes a late answer recorded on an expired command as the answer (decision 026)', () => {
    const late = (outcome: string, grams: number) =>
      pending({ commandStatus: 'expired', commandOutcome: outcome, commandGrams: grams });
    expect(sweepEnd(late('dispensed', 9), now, 5_000)).toEqual({ status: 'acked', outcome: 'dispensed', grams: 9 });
    expect(sweepEnd(late('jammed', 0), now, 5_000)).toEqual({ status: 'failed', outcome: 'jammed', grams: 0 });
    expect([late('dispensed', 9), late('expired', 0), pending({ commandStatus: 'expired' })].map(lateAnswer)).toEqual([
      true,
      false,
      false,
    ]);
  });

  it('waits out the grace for a command expired without an answer: its device may re-send one (decision 026)', () => {
    expect(sweepEnd(pending({ commandStatus: 'expired' }), now, 5_000)).toBeNull();
    expect(sweepEnd(pending({ commandStatus: 'expired' }), now, 1_000)).toEqual({ status: 'lost' });
    expect(sweepEnd(pending({ commandStatus: 'expired', holdStatus: 'voided' }), now, 5_000)).toEqual({
      status: 'lost',
    });
  });

  it('waits out the grace after expiry for an open or missing command, then calls it lost', () => {
    expect(sweepEnd(pending(), now, 5_000)).toBeNull();
    expect(sweepEnd(pending({ commandStatus: null }), now, 5_000)).toBeNull();
    expect(sweepEnd(pending(), now, 1_000)).toEqual({ status: 'lost' });
    expect(sweepEnd(pending({ commandStatus: null, expiresAt: new Date(now.getTime() - 9_000) }), now, 5_000)).toEqual({
      status: 'lost',
    });
  });

  it('a released hold ends the feed at once', () => {
    expect(sweepEnd(pending({ holdStatus: 'voided' }), now, 5_000)).toEqual({ status: 'lost' });
  });
});

describe('timings and portions', () => {
  const t = DEFAULT_FEED_TIMINGS;

  it('gives queued commands more time, up to a maximum', () => {
    expect(commandTtlMs(0, t)).toBe(10_000);
    expect(commandTtlMs(2, t)).toBe(16_000);
    expect(commandTtlMs(1000, t)).toBe(60_000);
    expect(expectedWaitSeconds(0, t)).toBe(0);
    expect(expectedWaitSeconds(2, t)).toBe(6);
    expect(expectedWaitSeconds(1, { dispenseEstimateMs: 1_500 })).toBe(2);
  });

  it('offers only the exact portions', () => {
    const portions = [
      { grams: 10, coins: 10 },
      { grams: 50, coins: 45 },
    ];
    expect(portionOffered(portions, 10, 10)).toBe(true);
    expect(portionOffered(portions, 50, 45)).toBe(true);
    expect(portionOffered(portions, 50, 10)).toBe(false);
    expect(portionOffered([], 10, 10)).toBe(false);
  });
});

describe('the status shown', () => {
  it('queued while waiting, dispensing once sent, then the end', () => {
    expect(feedStatus({ status: 'pending' }, null, 0)).toBe('queued');
    expect(feedStatus({ status: 'pending' }, 'queued', 0)).toBe('queued');
    expect(feedStatus({ status: 'pending' }, 'sent', 0)).toBe('dispensing');
    expect(feedStatus({ status: 'pending' }, 'acked', 0)).toBe('dispensing');
    expect(feedStatus({ status: 'pending' }, 'sent', 1)).toBe('queued');
    expect(feedStatus({ status: 'succeeded' }, 'acked', 0)).toBe('succeeded');
    expect(feedStatus({ status: 'failed' }, 'expired', 0)).toBe('failed');
  });

  it('shows the place and the wait only while queued', () => {
    const row = {
      id: 'f',
      userId: 1,
      idempotencyKey: 'k',
      deviceId: 'PH-0001',
      baseId: 1,
      operatorId: null,
      revenueShareBp: 0,
      grams: 10,
      coins: 10,
      status: 'pending' as const,
      reason: null,
      holdId: null,
      commandId: 'c',
      expiresAt: new Date(0),
      gramsDispensed: 0,
      coinsCharged: 0,
      createdAt: new Date(5_000),
      settledAt: null,
      proofClipId: null,
    };
    expect(toFeed(row, 'queued', { ahead: 2, waitSeconds: 6 })).toMatchObject({
      status: 'queued',
      queue_position: 2,
      expected_wait_s: 6,
      created_at: 5,
      settled_at: null,
    });
    expect(
      toFeed({ ...row, status: 'failed', reason: 'jammed', settledAt: new Date(9_000) }, 'failed', null),
    ).toMatchObject({
      status: 'failed',
      reason: 'jammed',
      queue_position: 0,
      expected_wait_s: 0,
      settled_at: 9,
    });
  });
});
