import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  earningsOf,
  feedCredits,
  LedgerError,
  normalizeEntries,
  PAYMENT_CLEARING,
  PLATFORM_REVENUE,
  splitFeed,
  walletOf,
} from './policy';

const code = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return error instanceof LedgerError ? error.code : String(error);
  }
  return 'no error';
};

describe('ledger policy', () => {
  it('merges entries per account, drops what cancels out, and sorts by account', () => {
    expect(
      normalizeEntries([
        { account: walletOf(2), amount: 7 },
        { account: PAYMENT_CLEARING, amount: -10 },
        { account: walletOf(2), amount: 3 },
        { account: PLATFORM_REVENUE, amount: 4 },
        { account: PLATFORM_REVENUE, amount: -4 },
      ]),
    ).toEqual([
      { account: PAYMENT_CLEARING, amount: -10 },
      { account: walletOf(2), amount: 10 },
    ]);
  });

  it('refuses entries that do not sum to zero, move nothing, or are not integers', () => {
    expect(
      code(() =>
        normalizeEntries([
          { account: walletOf(1), amount: 5 },
          { account: PAYMENT_CLEARING, amount: -4 },
        ]),
      ),
    ).toBe('invalid_entries');
    expect(
      code(() =>
        normalizeEntries([
          { account: walletOf(1), amount: 5 },
          { account: walletOf(1), amount: -5 },
        ]),
      ),
    ).toBe('invalid_entries');
    expect(
      code(() =>
        normalizeEntries([
          { account: walletOf(1), amount: 0.5 },
          { account: PAYMENT_CLEARING, amount: -0.5 },
        ]),
      ),
    ).toBe('invalid_entries');
    expect(
      code(() =>
        normalizeEntries([
          { account: walletOf(0), amount: 1 },
          { account: PAYMENT_CLEARING, amount: -1 },
        ]),
      ),
    ).toBe('invalid_entries');
  });

  it('splits a feed: the operator’s share rounds down, the two parts always add up to the coins', () => {
    expect(splitFeed(10, 3000)).toEqual({ operator: 3, platform: 7 });
    expect(splitFeed(7, 5000)).toEqual({ operator: 3, platform: 4 });
    expect(splitFeed(10, 0)).toEqual({ operator: 0, platform: 10 });
    expect(splitFeed(10, 10_000)).toEqual({ operator: 10, platform: 0 });
    expect(code(() => splitFeed(0, 100))).toBe('invalid_amount');
    expect(code(() => splitFeed(10, 10_001))).toBe('invalid_amount');
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e9 }), fc.integer({ min: 0, max: 10_000 }), (coins, bp) => {
        const { operator, platform } = splitFeed(coins, bp);
        return operator >= 0 && platform >= 0 && operator + platform === coins && operator <= (coins * bp) / 10_000;
      }),
    );
  });

  it('credits a posted feed to the operator’s earnings and platform revenue, leaving out empty parts', () => {
    expect(feedCredits(10, 3000, 5)).toEqual([
      { account: earningsOf(5), amount: 3 },
      { account: PLATFORM_REVENUE, amount: 7 },
    ]);
    expect(feedCredits(10, 3000, null)).toEqual([{ account: PLATFORM_REVENUE, amount: 10 }]);
    expect(feedCredits(10, 10_000, 5)).toEqual([{ account: earningsOf(5), amount: 10 }]);
  });
});
