import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  transparencyEndpoints,
  type AccountTotals,
  type BaseAccount,
  type FoodPurchase,
  type PlatformAccount,
} from '@petheart/contracts';
import { renderApp, stubApi } from '../../test-support/app';
import { baseIdOf } from './AccountPage';

/** A page's first render loads its lazy module (cold in a test run): wait longer for it. */
const SLOW = { timeout: 10_000 };

const purchase = (id: number, over: Partial<FoodPurchase> = {}): FoodPurchase => ({
  id,
  base_id: 1,
  base_name: 'Bund Riverside Cat Corner',
  amount: 12_345,
  currency: 'CNY',
  grams: 5_000,
  receipt_photo: `/uploads/2026/receipt-${String(id)}.jpg`,
  note: 'Two bags of dry food',
  purchased_on: '2026-02-14',
  created_at: 1_771_000_000,
  voided_at: null,
  ...over,
});

const totals = (over: Partial<AccountTotals> = {}): AccountTotals => ({
  raised: { feeds: 3_052, gifts: null, help_pay: null, total: 3_052 },
  feeds: 5,
  grams_dispensed: 1_547,
  operator_share: 1_516,
  platform_share: 1_536,
  food: {
    purchases: 2,
    grams: 7_000,
    spent: [
      { currency: 'CNY', amount: 12_345 },
      { currency: 'JPY', amount: 4_200 },
    ],
  },
  ...over,
});

const BASE: BaseAccount = {
  base: { id: 1, name: 'Bund Riverside Cat Corner', animal_count: 18 },
  coin_value: 10,
  currency: 'CNY',
  // A base counts the gifts and help-pay to its operator's rescue requests (as its statements list them).
  totals: totals({ raised: { feeds: 3_012, gifts: 30, help_pay: 10, total: 3_052 } }),
  operator: {
    bases: 2,
    share_all_bases: 1_521,
    cashed_out: { count: 1, coins: 1_000, fee_coins: 6, paid: [{ currency: 'CNY', amount: 9_940 }] },
  },
  months: [
    {
      month: '2026-03',
      raised: 18,
      operator_share: 5,
      feeds: 1,
      grams_dispensed: 20,
      food_grams: 2_000,
      food_spent: [{ currency: 'JPY', amount: 4_200 }],
    },
    {
      month: '2026-02',
      raised: 3_034,
      operator_share: 1_511,
      feeds: 4,
      grams_dispensed: 1_527,
      food_grams: 5_000,
      food_spent: [{ currency: 'CNY', amount: 12_345 }],
    },
  ],
  purchases: [purchase(2, { currency: 'JPY', amount: 4_200, grams: 2_000, note: '' }), purchase(1)],
  voided_purchases: 1,
  as_of: 1_772_000_000,
};

const PLATFORM: PlatformAccount = {
  coin_value: 10,
  currency: 'CNY',
  totals: totals({ raised: { feeds: 3_052, gifts: 60, help_pay: 30, total: 3_142 } }),
  cashed_out: { count: 1, coins: 1_000, fee_coins: 6, paid: [{ currency: 'CNY', amount: 9_940 }] },
  months: BASE.months,
  bases: [
    {
      base_id: 1,
      name: 'Bund Riverside Cat Corner',
      raised: 3_042,
      feeds: 4,
      grams_dispensed: 1_537,
      operator_share: 1_511,
      food_grams: 7_000,
    },
    {
      base_id: 3,
      name: 'Xujiahui Garden',
      raised: 10,
      feeds: 1,
      grams_dispensed: 10,
      operator_share: 3,
      food_grams: 0,
    },
  ],
  purchases: [purchase(1)],
  voided_purchases: 0,
  as_of: 1_772_000_000,
};

function stub() {
  return stubApi(({ endpoint, body }) => {
    if (endpoint === transparencyEndpoints.platform) return PLATFORM;
    if (endpoint === transparencyEndpoints.base) return body.base_id === 1 ? BASE : undefined;
    return undefined;
  });
}

describe('the public account page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('reads the base from the query: none is the platform, anything but a positive id is no base', () => {
    expect(baseIdOf(null)).toBeNull();
    expect(baseIdOf('12')).toBe(12);
    for (const bad of ['', '0', '-1', 'abc', '1.5']) expect(baseIdOf(bad)).toBeNaN();
  });

  it('shows a base’s account to a tourist: raised, food, the operator’s cash-outs, months and receipts', async () => {
    const calls = stub();
    const router = renderApp('/pages/public/account?base_id=1');
    expect(await screen.findByRole('heading', { level: 2, name: BASE.base.name }, SLOW)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/pages/public/account');
    expect(calls.find((c) => c.endpoint === transparencyEndpoints.base)?.body).toEqual({ base_id: 1 });
    expect(screen.getByText(/added up from the coin ledger and the grams each feeder's scale measured/)).toBeVisible();
    expect(screen.getByTestId('account-raised')).toHaveTextContent('3,052 coins');
    expect(screen.getByText("≈ ¥305.20 at today's coin value")).toBeInTheDocument();
    expect(screen.getByText('For feeds').nextSibling).toHaveTextContent('3,012 coins');
    expect(screen.getByText("Gifts to its operator's rescue requests").nextSibling).toHaveTextContent('30 coins');
    expect(screen.getByText("Help-pay to its operator's rescue requests").nextSibling).toHaveTextContent('10 coins');
    expect(screen.getByText(/rescue requests this base's operator applied for, as in its monthly/)).toBeVisible();
    expect(screen.queryByText('Gifts to rescue stations')).toBeNull();
    expect(screen.queryByText(/not to a base/)).toBeNull();
    expect(screen.getByTestId('account-grams')).toHaveTextContent('1.55kg');
    expect(screen.getByTestId('account-grams')).toHaveTextContent('5 feeds');
    expect(screen.getByTestId('account-bought')).toHaveTextContent('7kg2 receipts · ¥123.45 + ¥4,200');
    expect(screen.getByText('1 entry the operator voided is left out.')).toBeInTheDocument();
    expect(screen.getByTestId('account-cashed-out')).toHaveTextContent(
      '1,000 coins1 cash-out: ¥99.40 paid, 6 coins of fees',
    );
    expect(screen.getByText('Runs 2 bases')).toBeInTheDocument();

    const months = screen.getAllByTestId('account-month');
    expect(months.map((m) => m.textContent)).toEqual(['Mar 20261820g2kg', 'Feb 20263,0341.53kg5kg']);

    const receipts = screen.getAllByTestId('account-purchase');
    expect(receipts).toHaveLength(2);
    expect(receipts[0]).toHaveTextContent('2kg · ¥4,200');
    expect(receipts[1]).toHaveTextContent('Feb 14, 2026 · Two bags of dry food');
    await userEvent.click(within(receipts[1] as HTMLElement).getByRole('button', { name: /Receipt for 5kg/ }));
    await waitFor(() => {
      expect(
        [...document.querySelectorAll('img')].filter(
          (img) => img.getAttribute('src') === '/uploads/2026/receipt-1.jpg',
        ),
      ).toHaveLength(2);
    });
  });

  it('shows the platform’s account with gifts and help-pay, and each base opens its own account', async () => {
    stub();
    const router = renderApp('/pages/public/account');
    expect(await screen.findByRole('heading', { level: 2, name: 'All of PetHeart' }, SLOW)).toBeInTheDocument();
    expect(screen.getByTestId('account-raised')).toHaveTextContent('3,142 coins');
    expect(screen.getByText('Gifts to rescue stations').nextSibling).toHaveTextContent('60 coins');
    expect(screen.getByText('Help-pay to rescue stations').nextSibling).toHaveTextContent('30 coins');
    expect(screen.getByRole('heading', { name: 'Cashed out by operators' })).toBeInTheDocument();
    const bases = screen.getAllByTestId('account-base');
    expect(screen.queryByText("Gifts to its operator's rescue requests")).toBeNull();
    expect(screen.queryByText(/this base's operator applied for/)).toBeNull();
    expect(bases[0]).toHaveTextContent('3,042 coins for feeds · 1.54kg fed · 7kg bought');
    await userEvent.click(bases[0] as HTMLElement);
    await waitFor(() => {
      expect(router.state.location.search).toBe('?base_id=1');
    });
    expect(await screen.findByRole('heading', { level: 2, name: BASE.base.name })).toBeInTheDocument();
  });

  it('says so when the base does not exist', async () => {
    stub();
    renderApp('/pages/public/account?base_id=77');
    expect(await screen.findByText('This base does not exist', {}, SLOW)).toBeInTheDocument();
  });

  it('says so when the address names no base, and asks nothing', async () => {
    const calls = stub();
    renderApp('/pages/public/account?base_id=abc');
    expect(await screen.findByText('This base does not exist', {}, SLOW)).toBeInTheDocument();
    expect(calls.filter((c) => c.endpoint === transparencyEndpoints.base)).toEqual([]);
  });

  it('speaks the reader’s language', async () => {
    stub();
    renderApp('/pages/public/account?base_id=1', { locale: 'zh-CN' });
    expect(await screen.findByRole('heading', { level: 1, name: '公开账目' }, SLOW)).toBeInTheDocument();
    expect(await screen.findByTestId('account-raised')).toHaveTextContent('3,052 金币');
    expect(screen.getByText('赠给其运营者的救助申请').nextSibling).toHaveTextContent('30 金币');
    expect(screen.getByRole('heading', { name: '每月筹得与执行' })).toBeInTheDocument();
  });
});
