import type { AccountMonth, AccountTotals, CashedOut, FoodBought, MoneySum } from '@petheart/contracts';
import type { FedRow } from './fed-grams-repository';
import type { FoodSum } from './food-repository';
import type { PostingSum } from './ledger-repository';

/**
 * Turning the accounts' sums into their figures (issue 28 §3), without the database: each figure is what one
 * kind of posting on one kind of account adds up to, or the grams fed, or the food bought. Nothing here
 * counts anything of its own.
 */

/** What the postings of one group (a month, a base, or everything) add up to. */
export interface PostingFigures {
  /** Coins wallets paid for feeds (the negated wallet entries of 'feed' postings). */
  feeds: number;
  /** Coins to the support fund: gifts with coins ('support') and help-pay ('help_pay'). */
  gifts: number;
  helpPay: number;
  /** What feeds credited the operators' earnings and platform revenue. */
  operatorShare: number;
  platformShare: number;
  /** Cash-outs: coins taken from earnings, how many, their fees to platform revenue. */
  cashedOut: number;
  cashouts: number;
  feeCoins: number;
}

const NONE: PostingFigures = {
  feeds: 0,
  gifts: 0,
  helpPay: 0,
  operatorShare: 0,
  platformShare: 0,
  cashedOut: 0,
  cashouts: 0,
  feeCoins: 0,
};

/** Adds one posting sum to `f` (a copy). */
function addPosting(f: PostingFigures, s: PostingSum): PostingFigures {
  const r = { ...f };
  const at = `${s.transaction}/${s.account}`;
  if (at === 'feed/user_wallet') r.feeds -= s.amount;
  else if (at === 'feed/operator_earnings') r.operatorShare += s.amount;
  else if (at === 'feed/platform_revenue') r.platformShare += s.amount;
  else if (at === 'support/support_fund') r.gifts += s.amount;
  else if (at === 'help_pay/support_fund') r.helpPay += s.amount;
  else if (at === 'cashout/operator_earnings') {
    r.cashedOut -= s.amount;
    r.cashouts += s.entries;
  } else if (at === 'cashout/platform_revenue') r.feeCoins += s.amount;
  return r;
}

/** The postings' figures per group key. */
export function postingsByKey(sums: readonly PostingSum[]): Map<string, PostingFigures> {
  const out = new Map<string, PostingFigures>();
  for (const s of sums) out.set(s.key, addPosting(out.get(s.key) ?? NONE, s));
  return out;
}

/** The postings' figures in all. */
export function postingsTotal(sums: readonly PostingSum[]): PostingFigures {
  return sums.reduce(addPosting, NONE);
}

/** Money per currency, largest first (then by currency). */
function moneyList(by: Map<string, number>): MoneySum[] {
  return [...by.entries()]
    .map(([currency, amount]) => ({ currency, amount }))
    .sort((a, b) => b.amount - a.amount || a.currency.localeCompare(b.currency));
}

/** Food bought (not voided) in `sums`. */
export function foodBought(sums: readonly FoodSum[]): FoodBought {
  const spent = new Map<string, number>();
  let purchases = 0;
  let grams = 0;
  for (const s of sums) {
    if (s.voided) continue;
    purchases += s.purchases;
    grams += s.grams;
    spent.set(s.currency, (spent.get(s.currency) ?? 0) + s.amount);
  }
  return { purchases, grams, spent: moneyList(spent) };
}

/** How many purchases were voided in `sums`. */
export const voidedPurchases = (sums: readonly FoodSum[]) =>
  sums.filter((s) => s.voided).reduce((n, s) => n + s.purchases, 0);

/** Groups rows by their key. */
function byKey<T extends { key: string }>(rows: readonly T[]): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const r of rows) out.set(r.key, [...(out.get(r.key) ?? []), r]);
  return out;
}

/**
 * An account's totals and months from its month-keyed sums: the postings it counts (a base's: its feeds' and
 * those of the gifts and help-pay to its operator's support requests; the platform's: all of them).
 */
export function account(
  postings: readonly PostingSum[],
  fed: readonly FedRow[],
  food: readonly FoodSum[],
): { totals: AccountTotals; months: AccountMonth[]; voided: number } {
  const p = postingsTotal(postings);
  const raised = (f: PostingFigures) => f.feeds + f.gifts + f.helpPay;
  const totals: AccountTotals = {
    raised: { feeds: p.feeds, gifts: p.gifts, help_pay: p.helpPay, total: raised(p) },
    feeds: fed.reduce((n, r) => n + r.feeds, 0),
    grams_dispensed: fed.reduce((n, r) => n + r.grams, 0),
    operator_share: p.operatorShare,
    platform_share: p.platformShare,
    food: foodBought(food),
  };
  const monthPostings = postingsByKey(postings);
  const monthFed = new Map(fed.map((r) => [r.key, r]));
  const monthFood = byKey(food.filter((s) => !s.voided));
  const keys = [...new Set([...monthPostings.keys(), ...monthFed.keys(), ...monthFood.keys()])].sort().reverse();
  const months = keys.map((month): AccountMonth => {
    const m = monthPostings.get(month) ?? NONE;
    const bought = foodBought(monthFood.get(month) ?? []);
    return {
      month,
      raised: raised(m),
      operator_share: m.operatorShare,
      feeds: monthFed.get(month)?.feeds ?? 0,
      grams_dispensed: monthFed.get(month)?.grams ?? 0,
      food_grams: bought.grams,
      food_spent: bought.spent,
    };
  });
  return { totals, months, voided: voidedPurchases(food) };
}

/** Cash-outs as the account shows them: the ledger's coins and fees, and the money the cash-outs paid. */
export function cashedOut(
  f: Pick<PostingFigures, 'cashedOut' | 'cashouts' | 'feeCoins'>,
  paid: readonly MoneySum[],
): CashedOut {
  return { count: f.cashouts, coins: f.cashedOut, fee_coins: f.feeCoins, paid: [...paid] };
}
