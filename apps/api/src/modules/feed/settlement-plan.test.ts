import { describe, expect, it } from 'vitest';
import { earningsOf, PLATFORM_REVENUE } from '../ledger/policy';
import type { FeedRow } from './repository';
import { endOf, planSettlement } from './settlement-plan';

const at = new Date('2026-11-21T12:00:00Z');
const feed: FeedRow = {
  id: 'f1',
  userId: 1,
  idempotencyKey: 'k',
  deviceId: 'PH-0001',
  baseId: 1,
  operatorId: 7,
  revenueShareBp: 3000,
  grams: 10,
  coins: 10,
  status: 'pending',
  reason: null,
  holdId: 'h1',
  commandId: 'c1',
  expiresAt: at,
  gramsDispensed: 0,
  coinsCharged: 0,
  createdAt: at,
  settledAt: null,
  proofClipId: null,
};

describe('a feed settlement', () => {
  it('charges what fell, in proportion, and splits it between the operator and the platform', () => {
    const plan = planSettlement(feed, { kind: 'dispensed', grams: 7 });
    expect(plan.charge).toBe(7);
    expect(plan.credits).toEqual([
      { account: earningsOf(7), amount: 2 },
      { account: PLATFORM_REVENUE, amount: 5 },
    ]);
    expect(endOf(plan, 'posted', at)).toEqual({
      status: 'succeeded',
      reason: null,
      gramsDispensed: 7,
      coinsCharged: 7,
      settledAt: at,
    });
  });

  it('charges nothing for a crumb or a failure', () => {
    const crumb = planSettlement(feed, { kind: 'dispensed', grams: 0.5 });
    expect(crumb).toMatchObject({ charge: 0, credits: [] });
    expect(endOf(crumb, 'voided', at)).toMatchObject({ status: 'succeeded', coinsCharged: 0 });
    const jam = planSettlement(feed, { kind: 'failed', reason: 'jammed', grams: 0 });
    expect(jam.charge).toBe(0);
    expect(endOf(jam, 'voided', at)).toMatchObject({ status: 'failed', reason: 'jammed', coinsCharged: 0 });
    // Voided already by its expiry: the failure stands as it is.
    expect(endOf(jam, 'was_voided', at)).toMatchObject({ status: 'failed', reason: 'jammed' });
  });

  it('a hold its expiry released first is never charged: the feed fails as timed out', () => {
    const plan = planSettlement(feed, { kind: 'dispensed', grams: 10 });
    expect(endOf(plan, 'was_voided', at)).toMatchObject({ status: 'failed', reason: 'timeout', coinsCharged: 0 });
  });

  it('a feed without a hold fails; a hold the ledger cannot find, or a failed feed whose hold was posted, throws', () => {
    const plan = planSettlement({ ...feed, holdId: null }, { kind: 'dispensed', grams: 10 });
    expect(endOf(plan, 'no_hold', at)).toMatchObject({ status: 'failed', reason: 'failed', coinsCharged: 0 });
    expect(() => endOf(plan, 'not_found', at)).toThrow();
    expect(() => endOf(plan, undefined, at)).toThrow();
    const jam = planSettlement(feed, { kind: 'failed', reason: 'empty', grams: 0 });
    expect(() => endOf(jam, 'was_posted', at)).toThrow();
  });
});
