import { describe, expect, it } from 'vitest';
import { account, cashedOut, postingsTotal } from './figures';
import type { FoodSum } from './food-repository';
import type { PostingSum } from './ledger-repository';

const posting = (key: string, transaction: string, accountKind: string, amount: number, entries = 1): PostingSum => ({
  key,
  transaction,
  account: accountKind,
  amount,
  entries,
});
const food = (key: string, currency: string, amount: number, grams: number, voided = false): FoodSum => ({
  key,
  currency,
  voided,
  purchases: 1,
  amount,
  grams,
});

describe('the accounts’ figures', () => {
  const postings = [
    posting('2026-01', 'feed', 'user_wallet', -28, 2),
    posting('2026-01', 'feed', 'operator_earnings', 8, 2),
    posting('2026-01', 'feed', 'platform_revenue', 20, 2),
    posting('2026-02', 'support', 'user_wallet', -60),
    posting('2026-02', 'support', 'support_fund', 60),
    posting('2026-02', 'help_pay', 'support_fund', 30),
    posting('2026-02', 'cashout', 'operator_earnings', -1000),
    posting('2026-02', 'cashout', 'cashout_clearing', 994),
    posting('2026-02', 'cashout', 'platform_revenue', 6),
  ];
  const fed = [
    { key: '2026-01', feeds: 2, grams: 27 },
    { key: '2026-03', feeds: 1, grams: 10 },
  ];
  const bought = [
    food('2026-02', 'CNY', 12_345, 5_000),
    food('2026-02', 'JPY', 4_200, 2_000),
    food('2026-03', 'CNY', 100, 99_000, true),
  ];

  it('counts each figure from one kind of posting on one kind of account', () => {
    expect(postingsTotal(postings)).toEqual({
      feeds: 28,
      gifts: 60,
      helpPay: 30,
      operatorShare: 8,
      platformShare: 20,
      cashedOut: 1000,
      cashouts: 1,
      feeCoins: 6,
    });
    expect(cashedOut(postingsTotal(postings), [{ currency: 'CNY', amount: 9_940 }])).toEqual({
      count: 1,
      coins: 1000,
      fee_coins: 6,
      paid: [{ currency: 'CNY', amount: 9_940 }],
    });
  });

  it('makes the platform’s totals and months, newest first, voided purchases left out', () => {
    const { totals, months, voided } = account(postings, fed, bought);
    expect(totals).toEqual({
      raised: { feeds: 28, gifts: 60, help_pay: 30, total: 118 },
      feeds: 3,
      grams_dispensed: 37,
      operator_share: 8,
      platform_share: 20,
      food: {
        purchases: 2,
        grams: 7_000,
        spent: [
          { currency: 'CNY', amount: 12_345 },
          { currency: 'JPY', amount: 4_200 },
        ],
      },
    });
    expect(months.map((m) => [m.month, m.raised, m.grams_dispensed, m.food_grams])).toEqual([
      ['2026-03', 0, 10, 0],
      ['2026-02', 90, 0, 7_000],
      ['2026-01', 28, 27, 0],
    ]);
    expect(voided).toBe(1);
  });

  it('counts a base’s gifts and help-pay from the postings it is given, in the total and in their months', () => {
    // A base's account gets its feeds' postings and those of the gifts to its operator's requests.
    const base = postings.filter((p) => p.transaction !== 'cashout');
    const { totals, months } = account(base, fed, bought);
    expect(totals.raised).toEqual({ feeds: 28, gifts: 60, help_pay: 30, total: 118 });
    expect(months.map((m) => [m.month, m.raised, m.operator_share])).toEqual([
      ['2026-03', 0, 0],
      ['2026-02', 90, 0],
      ['2026-01', 28, 8],
    ]);
    // Without gifts to its operator's requests, they are 0 (never left out).
    expect(account(postings.slice(0, 3), fed, []).totals.raised).toEqual({
      feeds: 28,
      gifts: 0,
      help_pay: 0,
      total: 28,
    });
  });
});
