import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PaymentOrder, UserInfo } from '@petheart/contracts';
import { configurationEndpoints, endpointUrl, paymentEndpoints, userEndpoints } from '@petheart/contracts';
import { demoUser, CONFIG, holdApi, renderApp, stubApi, type ApiCall } from '../../test-support/app';
import type * as BridgeModule from '../../shared/pay/bridge';
import { openPayPage } from '../../shared/pay/bridge';

vi.mock('../../shared/pay/bridge', async (original) => ({
  ...(await original<typeof BridgeModule>()),
  openPayPage: vi.fn(),
}));

const config = {
  ...CONFIG,
  recharge_packages: [
    { id: 1, price: 600, coins: 60, bonus: 0 },
    { id: 2, price: 3000, coins: 300, bonus: 10 },
    { id: 3, price: 12_345_678, coins: 123_456, bonus: 0 },
  ],
};
/** The sandbox payment page of the order, as the recharge answers it. */
const PAY_URL = endpointUrl(
  paymentEndpoints.sandboxPage,
  { order_no: 'P20250101000000ABCDEF123456' },
  { sig: 's', lang: 'en' },
);
const user = (balance: number): UserInfo => demoUser({ id: 7, login_days: 1, balance, created_at: 1 });
const order = (status: PaymentOrder['status']): PaymentOrder => ({
  order_no: 'P20250101000000ABCDEF123456',
  purpose: 'recharge',
  package_id: 2,
  amount: 3000,
  coins: 310,
  currency: 'CNY',
  provider: 'sandbox',
  status,
  created_at: Math.floor(Date.now() / 1000) - 120,
  paid_at: status === 'paid' ? Math.floor(Date.now() / 1000) : null,
});

/** The API: user info with `balance()`, the order `status()` of order polls, and the history `rows()`. */
function stub(o: { balance?: () => number; status?: () => PaymentOrder['status']; rows?: () => PaymentOrder[] } = {}) {
  return stubApi((c: ApiCall) => {
    if (c.endpoint === userEndpoints.index) return { userinfo: user(o.balance?.() ?? 40) };
    if (c.endpoint === paymentEndpoints.orders) {
      const list = o.rows?.() ?? [];
      return { list, total: list.length, page: 1, limit: 10 };
    }
    if (c.endpoint === paymentEndpoints.order) return order(o.status?.() ?? 'created');
    if (c.endpoint === paymentEndpoints.recharge) {
      return {
        provider: 'sandbox',
        order_no: 'P20250101000000ABCDEF123456',
        amount: 3000,
        coins: 310,
        currency: 'CNY',
        response: { pay_url: PAY_URL },
      };
    }
    return undefined;
  }, config);
}

describe('MoneyPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.mocked(openPayPage).mockClear();
  });

  it('shows the balance, the packages with prices and bonus, and the empty history', async () => {
    stub({ balance: () => 1914 });
    renderApp('/pages/money/money', { token: 'tok' });
    expect(await screen.findByTestId('money-balance', {}, { timeout: 5000 })).toHaveTextContent('1,914');
    const grid = await screen.findByRole('radiogroup');
    const options = within(grid).getAllByRole('radio');
    expect(options.map((b) => b.textContent)).toEqual([
      '60 coins¥6',
      '300 coins+10 bonus¥30',
      '123,456 coins¥123,456.78',
    ]);
    expect(await screen.findByText('No recharge history')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Select a package' })).toBeDisabled();
  });

  it("keeps the packages' space while the config loads, then shows them in it", async () => {
    stub();
    const configuration = holdApi(configurationEndpoints.getConfiguration);
    renderApp('/pages/money/money', { token: 'tok' });
    const pending = await screen.findByTestId('packages-pending', {}, { timeout: 5000 });
    expect(pending.children).toHaveLength(4);
    expect(pending).toHaveAttribute('aria-hidden', 'true');
    expect(screen.queryByRole('radiogroup')).toBeNull();
    configuration.release();
    expect(within(await screen.findByRole('radiogroup')).getAllByRole('radio')).toHaveLength(3);
    expect(screen.queryByTestId('packages-pending')).toBeNull();
  });

  it('pays a chosen package on the sandbox payment page', async () => {
    const calls = stub();
    renderApp('/pages/money/money', { token: 'tok' });
    await userEvent.click(await screen.findByTestId('package-2'));
    expect(screen.getByTestId('package-2')).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Pay ¥30' }));
    await waitFor(() => {
      expect(openPayPage).toHaveBeenCalledWith(PAY_URL);
    });
    expect(calls.find((c) => c.endpoint === paymentEndpoints.recharge)?.body).toEqual({ id: 2 });
  });

  it('back with the order: waits until it is paid, then shows the new balance and the order', async () => {
    let paid = false;
    const calls = stub({
      balance: () => (paid ? 350 : 40),
      status: () => {
        // The first poll still finds the order open; the notification settles it before the next.
        const status = paid ? 'paid' : 'created';
        paid = true;
        return status;
      },
      rows: () => (paid ? [order('paid')] : []),
    });
    renderApp('/pages/money/money?order_no=P20250101000000ABCDEF123456', { token: 'tok' });
    const result = await screen.findByTestId('order-result');
    expect(result).toHaveAttribute('data-phase', 'pending');
    await waitFor(
      () => {
        expect(result).toHaveAttribute('data-phase', 'paid');
      },
      { timeout: 3000 },
    );
    expect(result).toHaveTextContent('310 coins have been added to your balance');
    expect(await screen.findByTestId('money-balance')).toHaveTextContent('350');
    const row = await screen.findByTestId('history-row');
    expect(row).toHaveTextContent('+310 coins');
    expect(row).toHaveTextContent('¥30');
    expect(row).toHaveTextContent('Paid');
    expect(row).toHaveTextContent('2 minutes ago');
    expect(calls.filter((c) => c.endpoint === paymentEndpoints.order).map((c) => c.body)).toEqual([
      { order_no: 'P20250101000000ABCDEF123456' },
      { order_no: 'P20250101000000ABCDEF123456' },
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.queryByTestId('order-result')).toBeNull();
  });

  it('a cancelled order says so in Chinese, with the empty state in Chinese', async () => {
    stub({ status: () => 'closed' });
    renderApp('/pages/money/money?order_no=P20250101000000ABCDEF123456', { token: 'tok', locale: 'zh-CN' });
    expect(await screen.findByText('已取消支付')).toBeInTheDocument();
    expect(await screen.findByText('暂无充值记录')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: '充值' })).toBeInTheDocument();
  });

  it('a closed order in the history: "Closed", and Pay again places a new order for its package', async () => {
    const calls = stub({
      rows: () => [order('closed'), { ...order('closed'), order_no: 'P20250101000000ABCDEF999999', package_id: 9 }],
    });
    renderApp('/pages/money/money', { token: 'tok' });
    const rows = await screen.findAllByTestId('history-row', {}, { timeout: 5000 });
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Closed');
    expect(rows[0]).toHaveTextContent('310 coins');
    // The second's package is no longer on sale: nothing to pay again.
    expect(within(rows[1] as HTMLElement).queryByRole('button')).toBeNull();
    await userEvent.click(within(rows[0] as HTMLElement).getByRole('button', { name: 'Pay again' }));
    await waitFor(() => {
      expect(openPayPage).toHaveBeenCalledWith(PAY_URL);
    });
    expect(calls.filter((c) => c.endpoint === paymentEndpoints.recharge).map((c) => c.body)).toEqual([{ id: 2 }]);
  });

  it('the closed row and Pay again in Traditional Chinese', async () => {
    stub({ rows: () => [order('closed')] });
    renderApp('/pages/money/money', { token: 'tok', locale: 'zh-TW' });
    const row = await screen.findByTestId('history-row', {}, { timeout: 5000 });
    expect(row).toHaveTextContent('已關閉');
    expect(within(row).getByRole('button', { name: '重新支付' })).toBeEnabled();
  });

  it('a help-pay order sent back here by the payment page: its outcome is the order confirmation’s', async () => {
    stubApi((c) => {
      if (c.endpoint === userEndpoints.index) return { userinfo: user(40) };
      if (c.endpoint === paymentEndpoints.orders) return { list: [], total: 0, page: 1, limit: 10 };
      if (c.endpoint === paymentEndpoints.order)
        return { ...order('paid'), purpose: 'help_pay', package_id: 11, coins: 60 };
      return undefined;
    }, config);
    const router = renderApp('/pages/money/money?order_no=P20250101000000ABCDEF123456', { token: 'tok' });
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/pages/public/orderConfirm');
    });
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      order_no: 'P20250101000000ABCDEF123456',
      id: '11',
    });
  });

  it('a WeChat order outside WeChat: 请在微信中打开', async () => {
    stubApi((c) => {
      if (c.endpoint === userEndpoints.index) return { userinfo: user(0) };
      if (c.endpoint === paymentEndpoints.orders) return { list: [], total: 0, page: 1, limit: 10 };
      if (c.endpoint === paymentEndpoints.recharge) {
        return {
          provider: 'wechat',
          order_no: 'P20250101000000ABCDEF123456',
          amount: 600,
          coins: 60,
          currency: 'CNY',
          response: {
            appId: 'wx',
            timeStamp: '1',
            nonceStr: 'n',
            package: 'prepay_id=x',
            signType: 'RSA',
            paySign: 's',
          },
        };
      }
      return undefined;
    }, config);
    renderApp('/pages/money/money', { token: 'tok', locale: 'zh-CN' });
    await userEvent.click(await screen.findByTestId('package-1'));
    await userEvent.click(screen.getByRole('button', { name: '支付 ¥6' }));
    expect(await screen.findByText('请在微信中打开')).toBeInTheDocument();
    expect(openPayPage).not.toHaveBeenCalled();
  });
});
