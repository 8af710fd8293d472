import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PaymentOrder, PayRequestData } from '@petheart/contracts';
import { paymentEndpoints, supportEndpoints } from '@petheart/contracts';
import { renderApp } from '../../test-support/app';
import type * as BridgeModule from '../../shared/pay/bridge';
import { invokeWechatPay, openPayPage } from '../../shared/pay/bridge';
import { Fail, SLOW, confirmData, station, stubSupport } from './test/fixtures';

vi.mock('../../shared/pay/bridge', async (original) => ({
  ...(await original<typeof BridgeModule>()),
  openPayPage: vi.fn(),
  invokeWechatPay: vi.fn(),
}));

const ORDER_NO = 'P20250101000000HELPPAY00001';
/** The sandbox's payment page of that order (paymentEndpoints.sandboxPage), as HelpPay answers it. */
const PAY_URL = `${paymentEndpoints.sandboxPage.path.replace(':order_no', ORDER_NO)}?sig=s&lang=en`;
const PAGE = `/pages/public/orderConfirm?id=1&rescue_station_id=${String(station.id)}`;
const WECHAT_UA = 'Mozilla/5.0 (iPhone) AppleWebKit/605.1.15 Mobile/15E148 MicroMessenger/8.0.47 NetType/WIFI';

const order = (status: PaymentOrder['status']): PaymentOrder => ({
  order_no: ORDER_NO,
  purpose: 'help_pay',
  package_id: 1,
  amount: 600,
  coins: 60,
  currency: 'CNY',
  provider: 'sandbox',
  status,
  created_at: 1,
  paid_at: status === 'paid' ? 2 : null,
});

const placed = (provider: 'sandbox' | 'wechat', points: number): PayRequestData =>
  provider === 'sandbox'
    ? {
        provider,
        order_no: ORDER_NO,
        amount: 300 * points,
        coins: 30 * points,
        currency: 'CNY',
        response: { pay_url: PAY_URL },
      }
    : {
        provider,
        order_no: ORDER_NO,
        amount: 300 * points,
        coins: 30 * points,
        currency: 'CNY',
        response: { appId: 'wx', timeStamp: '1', nonceStr: 'n', package: 'prepay_id=x', signType: 'RSA', paySign: 's' },
      };

/** The API: orderConfirm for any points, HelpPay placing with `provider`, the order answering `status()`. */
function stub(provider: 'sandbox' | 'wechat' = 'sandbox', status: () => PaymentOrder['status'] = () => 'created') {
  return stubSupport({}, (c) => {
    if (c.endpoint === supportEndpoints.orderConfirm) return confirmData(Number(c.body.points ?? 1));
    if (c.endpoint === supportEndpoints.balanceHelpPay) return placed(provider, Number(c.body.points ?? 1));
    if (c.endpoint === paymentEndpoints.order) return order(status());
    return undefined;
  });
}

describe('OrderConfirmPage (help-pay)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    vi.mocked(openPayPage).mockClear();
    vi.mocked(invokeWechatPay).mockReset();
  });

  it('shows what is paid and to whom, then pays on the sandbox’s page', async () => {
    const calls = stub();
    renderApp(PAGE, { token: 'tok' });
    expect(await screen.findByTestId('pay-to', {}, SLOW)).toHaveTextContent(station.name);
    expect(screen.getByRole('heading', { level: 1, name: 'Order confirmation' })).toBeInTheDocument();
    expect(screen.getByText('Winter food')).toBeInTheDocument();
    expect(screen.getByText('Dry cat food')).toBeInTheDocument();
    expect(screen.getByText('30 coins / point')).toBeInTheDocument();
    expect(screen.getByTestId('order-coins')).toHaveTextContent('30 coins');
    expect(screen.getByTestId('order-amount')).toHaveTextContent('¥3');
    expect(calls.find((c) => c.endpoint === supportEndpoints.orderConfirm)?.body).toEqual({
      id: 1,
      rescue_station_id: station.id,
      points: 1,
    });

    await userEvent.click(screen.getByRole('button', { name: 'One point more' }));
    await waitFor(() => {
      expect(screen.getByTestId('order-amount')).toHaveTextContent('¥6');
    });
    expect(screen.getByTestId('order-coins')).toHaveTextContent('60 coins');
    await userEvent.click(await screen.findByRole('button', { name: 'Pay ¥6' }));
    await waitFor(() => {
      expect(openPayPage).toHaveBeenCalledWith(PAY_URL);
    });
    expect(calls.find((c) => c.endpoint === supportEndpoints.balanceHelpPay)?.body).toEqual({
      id: 1,
      rescue_station_id: station.id,
      points: 2,
    });
  });

  it('inside WeChat: the JSAPI sheet, then the outcome once the payment is confirmed', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(WECHAT_UA);
    vi.mocked(invokeWechatPay).mockResolvedValue('ok');
    let polls = 0;
    const calls = stub('wechat', () => (++polls > 1 ? 'paid' : 'created'));
    const router = renderApp(PAGE, { token: 'tok' });
    await userEvent.click(await screen.findByRole('button', { name: 'Pay ¥3' }, SLOW));
    const outcome = await screen.findByTestId('payment-outcome');
    expect(invokeWechatPay).toHaveBeenCalledWith(placed('wechat', 1).response);
    expect(new URLSearchParams(router.state.location.search).get('order_no')).toBe(ORDER_NO);
    await waitFor(
      () => {
        expect(outcome).toHaveAttribute('data-phase', 'paid');
      },
      { timeout: 3000 },
    );
    expect(outcome).toHaveTextContent('Thank you for your support!');
    expect(outcome).toHaveTextContent('¥6 paid to the rescue station.');
    expect(calls.filter((c) => c.endpoint === paymentEndpoints.order).map((c) => c.body)).toEqual([
      { order_no: ORDER_NO },
      { order_no: ORDER_NO },
    ]);
    await userEvent.click(within(outcome).getByRole('button', { name: 'Back to events' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/pages/beneficence/beneficence');
    });
  });

  it('a WeChat order outside WeChat: 请在微信中打开', async () => {
    stub('wechat');
    renderApp(PAGE, { token: 'tok', locale: 'zh-CN' });
    await userEvent.click(await screen.findByRole('button', { name: '支付 ¥3' }, SLOW));
    expect(await screen.findByText('请在微信中打开')).toBeInTheDocument();
    expect(openPayPage).not.toHaveBeenCalled();
    expect(invokeWechatPay).not.toHaveBeenCalled();
  });

  it('a failed payment says 支付异常 and offers the order again', async () => {
    stub('sandbox', () => 'failed');
    const router = renderApp(`${PAGE}&order_no=${ORDER_NO}`, { token: 'tok', locale: 'zh-CN' });
    const outcome = await screen.findByTestId('payment-outcome', {}, SLOW);
    await waitFor(() => {
      expect(outcome).toHaveAttribute('data-phase', 'failed');
    });
    expect(outcome).toHaveTextContent('支付异常');
    await userEvent.click(within(outcome).getByRole('button', { name: '确认订单' }));
    await waitFor(() => {
      expect(router.state.location.search).toBe(`?id=1&rescue_station_id=${String(station.id)}`);
    });
    expect(await screen.findByTestId('pay-to')).toHaveTextContent(station.name);
  });

  it('an event that has ended, and an order without its item', async () => {
    stubSupport({}, (c) =>
      c.endpoint === supportEndpoints.orderConfirm
        ? new Fail(409, 'support_event_closed', 'This support event has ended')
        : undefined,
    );
    renderApp(PAGE, { token: 'tok' });
    expect(await screen.findByText('This event has ended and takes no more support.', {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Pay/ })).toBeNull();
    vi.unstubAllGlobals();

    stubSupport({});
    renderApp('/pages/public/orderConfirm', { token: 'tok' });
    expect(await screen.findByText('This order could not be found', {}, SLOW)).toBeInTheDocument();
  });
});
