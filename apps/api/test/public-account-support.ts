import { eq } from 'drizzle-orm';
import type { AccountMonth, AccountTotals, BaseAccountRow, CashedOut, MoneySum } from '@petheart/contracts';
import {
  baseFoodPurchases,
  bases,
  cashouts,
  feeds,
  ledgerAccounts,
  ledgerEntries,
  ledgerTransactions,
  supportApplications,
  supportEvents,
  supportGifts,
} from '../src/db/schema';
import type { TestApi } from './harness';

/**
 * What the public accounts must say, computed here in plain loops over the raw rows — every ledger entry, every
 * feed, every purchase, every cash-out — so that the accounts' SQL is checked against an independent count
 * (issue 28 §3: every figure reconciles with the ledger's postings by account and kind, and with the feeds).
 */

export interface Truth {
  entries: {
    txId: number;
    txKind: string;
    reference: string;
    at: Date;
    account: string;
    userId: number | null;
    amount: number;
  }[];
  feeds: (typeof feeds.$inferSelect)[];
  purchases: (typeof baseFoodPurchases.$inferSelect)[];
  cashouts: (typeof cashouts.$inferSelect)[];
  baseNames: Map<number, string>;
  /** Each base's operator now (null: none). */
  baseOperators: Map<number, number | null>;
  /** Each support gift's ledger transaction → the user who applied for the request it went to. */
  giftApplicants: Map<number, number>;
}

export async function readTruth(api: TestApi): Promise<Truth> {
  const { db } = api.container.database;
  const entries = await db
    .select({
      txId: ledgerTransactions.id,
      txKind: ledgerTransactions.kind,
      reference: ledgerTransactions.reference,
      at: ledgerTransactions.createdAt,
      account: ledgerAccounts.kind,
      userId: ledgerAccounts.userId,
      amount: ledgerEntries.amount,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId));
  const names = await db.select({ id: bases.id, name: bases.name, operatorId: bases.operatorId }).from(bases);
  const gifts = await db
    .select({ txId: supportGifts.ledgerTransactionId, applicant: supportApplications.userId })
    .from(supportGifts)
    .innerJoin(supportEvents, eq(supportEvents.id, supportGifts.eventId))
    .innerJoin(supportApplications, eq(supportApplications.id, supportEvents.applicationId));
  return {
    entries,
    feeds: await db.select().from(feeds),
    purchases: await db.select().from(baseFoodPurchases),
    cashouts: await db.select().from(cashouts),
    baseNames: new Map(names.map((b) => [b.id, b.name])),
    baseOperators: new Map(names.map((b) => [b.id, b.operatorId])),
    giftApplicants: new Map(gifts.map((g) => [g.txId, g.applicant])),
  };
}

const month = (d: Date) => d.toISOString().slice(0, 7);
const add = (m: Map<string, number>, k: string, v: number) => m.set(k, (m.get(k) ?? 0) + v);
const money = (m: Map<string, number>): MoneySum[] =>
  [...m.entries()]
    .map(([currency, amount]) => ({ currency, amount }))
    .sort((a, b) => b.amount - a.amount || a.currency.localeCompare(b.currency));

/**
 * The figures of a base's account (baseId) or of the platform's (null), counted from the raw rows. A base's
 * gifts and help-pay are those to support requests its operator (now) applied for, as its statements list them.
 */
export function expectedAccount(t: Truth, baseId: number | null) {
  const feedBase = new Map(t.feeds.map((f) => [f.id, f.baseId]));
  const operator = baseId === null ? null : (t.baseOperators.get(baseId) ?? null);
  const counted = (txId: number) => baseId === null || (operator !== null && t.giftApplicants.get(txId) === operator);
  const sum = { feeds: 0, gifts: 0, helpPay: 0, operator: 0, platform: 0 };
  const raisedBy = new Map<string, number>();
  const shareBy = new Map<string, number>();
  for (const e of t.entries) {
    const m = month(e.at);
    if (e.txKind === 'feed') {
      // A base's account: the postings that name one of its feeds; the platform's: every feed posting.
      if (baseId !== null && feedBase.get(e.reference) !== baseId) continue;
      if (e.account === 'user_wallet') {
        sum.feeds -= e.amount;
        add(raisedBy, m, -e.amount);
      }
      if (e.account === 'operator_earnings') {
        sum.operator += e.amount;
        add(shareBy, m, e.amount);
      }
      if (e.account === 'platform_revenue') sum.platform += e.amount;
    } else if (e.account === 'support_fund' && (e.txKind === 'support' || e.txKind === 'help_pay') && counted(e.txId)) {
      if (e.txKind === 'support') sum.gifts += e.amount;
      else sum.helpPay += e.amount;
      add(raisedBy, m, e.amount);
    }
  }
  const fedFeeds = t.feeds.filter((f) => f.status === 'succeeded' && (baseId === null || f.baseId === baseId));
  const feedsBy = new Map<string, number>();
  const gramsBy = new Map<string, number>();
  for (const f of fedFeeds) {
    add(feedsBy, month(f.createdAt), 1);
    add(gramsBy, month(f.createdAt), f.gramsDispensed);
  }
  const bought = t.purchases.filter((p) => p.voidedAt === null && (baseId === null || p.baseId === baseId));
  const foodGramsBy = new Map<string, number>();
  const spent = new Map<string, number>();
  const spentBy = new Map<string, Map<string, number>>();
  for (const p of bought) {
    const m = month(p.purchasedAt);
    add(foodGramsBy, m, p.grams);
    add(spent, p.currency, p.amount);
    spentBy.set(m, add(spentBy.get(m) ?? new Map<string, number>(), p.currency, p.amount));
  }
  const keys = [...new Set([...raisedBy.keys(), ...shareBy.keys(), ...feedsBy.keys(), ...foodGramsBy.keys()])];
  const months: AccountMonth[] = keys
    .sort()
    .reverse()
    .map((m) => ({
      month: m,
      raised: raisedBy.get(m) ?? 0,
      operator_share: shareBy.get(m) ?? 0,
      feeds: feedsBy.get(m) ?? 0,
      grams_dispensed: gramsBy.get(m) ?? 0,
      food_grams: foodGramsBy.get(m) ?? 0,
      food_spent: money(spentBy.get(m) ?? new Map<string, number>()),
    }));
  const totals: AccountTotals = {
    raised: { feeds: sum.feeds, gifts: sum.gifts, help_pay: sum.helpPay, total: sum.feeds + sum.gifts + sum.helpPay },
    feeds: fedFeeds.length,
    grams_dispensed: fedFeeds.reduce((n, f) => n + f.gramsDispensed, 0),
    operator_share: sum.operator,
    platform_share: sum.platform,
    food: { purchases: bought.length, grams: bought.reduce((n, p) => n + p.grams, 0), spent: money(spent) },
  };
  const voided = t.purchases.filter((p) => p.voidedAt !== null && (baseId === null || p.baseId === baseId)).length;
  return { totals, months, voided };
}

/** Cash-outs from an operator's earnings (userId) or everyone's (null): the ledger's coins and fees, the money paid. */
export function expectedCashedOut(t: Truth, userId: number | null): CashedOut {
  const mine = new Set(
    t.entries
      .filter((e) => e.txKind === 'cashout' && e.account === 'operator_earnings')
      .filter((e) => userId === null || e.userId === userId)
      .map((e) => e.txId),
  );
  const inMine = t.entries.filter((e) => mine.has(e.txId));
  const paid = new Map<string, number>();
  for (const c of t.cashouts)
    if (c.status === 'successful' && (userId === null || c.userId === userId)) add(paid, c.currency, c.netAmount);
  return {
    count: mine.size,
    coins: -inMine.filter((e) => e.account === 'operator_earnings').reduce((n, e) => n + e.amount, 0),
    fee_coins: inMine.filter((e) => e.account === 'platform_revenue').reduce((n, e) => n + e.amount, 0),
    paid: money(paid),
  };
}

/** The share every feed posting credited an operator's earnings (all their bases). */
export const expectedShareAllBases = (t: Truth, userId: number) =>
  t.entries
    .filter((e) => e.txKind === 'feed' && e.account === 'operator_earnings' && e.userId === userId)
    .reduce((n, e) => n + e.amount, 0);

/** The platform account's line of each base that raised, fed or bought something. */
export function expectedBaseRows(t: Truth): BaseAccountRow[] {
  const ids = new Set<number>([
    ...t.feeds.filter((f) => f.status === 'succeeded').map((f) => f.baseId),
    ...t.purchases.filter((p) => p.voidedAt === null).map((p) => p.baseId),
  ]);
  return [...ids]
    .map((id) => {
      const a = expectedAccount(t, id).totals;
      return {
        base_id: id,
        name: t.baseNames.get(id) ?? '',
        raised: a.raised.feeds,
        feeds: a.feeds,
        grams_dispensed: a.grams_dispensed,
        operator_share: a.operator_share,
        food_grams: a.food.grams,
      };
    })
    .sort((a, b) => b.raised - a.raised || b.grams_dispensed - a.grams_dispensed || a.base_id - b.base_id);
}
