import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Cashout, CashoutConfig } from '@petheart/contracts';
import { cashoutEndpoints } from '@petheart/contracts';
import { apiCallOf, renderApp, stubApi, type ApiCall } from '../../test-support/app';

const CONFIG: CashoutConfig = {
  min_amount: 10_000,
  fee_rate_bp: 60,
  fee_fixed: 0,
  coin_value: 10,
  currency: 'CNY',
  available_coins: 1_535,
  available_amount: 15_350,
};
/** A Luhn-valid test card number. */
const CARD = '6225 8801 2345 6726';

const recorded = (body: Record<string, unknown>): Cashout => ({
  id: 9,
  status: 'applying',
  amount: Number(body.amount),
  fee: 80,
  net_amount: Number(body.amount) - 80,
  coins: Number(body.amount) / 10,
  fee_coins: 8,
  coin_value: 10,
  currency: 'CNY',
  bank: String(body.bank),
  card_number: '****6726',
  name: String(body.name),
  mobile: String(body.mobile),
  remark: '',
  created_at: 1_700_000_000,
  updated_at: 1_700_000_000,
});

/** The cash-out calls; `apply` decides each request's answer (undefined = a refusal). */
function stub(apply: (call: ApiCall, n: number) => unknown = (c) => recorded(c.body), config = CONFIG) {
  let n = 0;
  return stubApi((c) => {
    if (c.endpoint === cashoutEndpoints.config) return config;
    if (c.endpoint === cashoutEndpoints.apply) return apply(c, ++n);
    if (c.endpoint === cashoutEndpoints.log) return { list: [], total: 0, page: 1, limit: 10 };
    return undefined;
  });
}

const SLOW = { timeout: 10_000 };
const NOT_OPERATOR = 'Only base operators can use device management and cash-out';

/** Every cash-out call answers 403 not_operator (as cashoutEndpoints do for a user who runs no base). */
function refuseAsNotOperator() {
  stubApi();
  const fallback = fetch;
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>((input, init) => {
      const { endpoint } = apiCallOf(input, init);
      if (!Object.values(cashoutEndpoints).some((e) => e === endpoint)) return fallback(input, init);
      const body = { code: 0, msg: NOT_OPERATOR, time: 1, data: { error: 'not_operator' } };
      return Promise.resolve(new Response(JSON.stringify(body), { status: 403 }));
    }),
  );
}

const amountBox = () => screen.getByLabelText(/^(Amount|金額|提现金额)$/);

describe('CashOutPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the minimum, and the fee and net amount as the amount is typed', async () => {
    stub();
    renderApp('/pages/cashOut/cashOut', { token: 'tok' });
    expect(await screen.findByTestId('cashout-available', {}, SLOW)).toHaveTextContent('¥153.50');
    const quote = screen.getByTestId('cashout-quote');
    expect(within(quote).getByTestId('quote-minimum')).toHaveTextContent('¥100');
    expect(quote).toHaveTextContent('0.6% of the amount');
    expect(within(quote).getByTestId('quote-fee')).toHaveTextContent('—');
    expect(within(quote).getByTestId('quote-net')).toHaveTextContent('—');

    await userEvent.type(amountBox(), '120');
    expect(within(quote).getByTestId('quote-fee')).toHaveTextContent('¥0.80');
    expect(within(quote).getByTestId('quote-net')).toHaveTextContent('¥119.20');
    await userEvent.type(amountBox(), '.5');
    // 120.50: 1,205 coins, fee ceil(7.23) = 8 coins.
    expect(within(quote).getByTestId('quote-fee')).toHaveTextContent('¥0.80');
    expect(within(quote).getByTestId('quote-net')).toHaveTextContent('¥119.70');
    // Letters never get in.
    await userEvent.type(amountBox(), 'x');
    expect(amountBox()).toHaveValue('120.5');

    await userEvent.click(screen.getByRole('button', { name: 'Cash out all' }));
    expect(amountBox()).toHaveValue('153.50');
    expect(within(quote).getByTestId('quote-net')).toHaveTextContent('¥152.50');
  });

  it('says when the amount is below the minimum or above the earnings, as it is typed', async () => {
    stub();
    renderApp('/pages/cashOut/cashOut', { token: 'tok' });
    await screen.findByTestId('cashout-quote', {}, SLOW);
    await userEvent.type(amountBox(), '50');
    expect(screen.getByRole('alert')).toHaveTextContent('The minimum cash-out amount is ¥100');
    expect(screen.getByTestId('quote-net')).toHaveTextContent('—');
    await userEvent.clear(amountBox());
    await userEvent.type(amountBox(), '200');
    expect(screen.getByRole('alert')).toHaveTextContent('The amount exceeds your available earnings (¥153.50)');
    await userEvent.clear(amountBox());
    await userEvent.type(amountBox(), '100.05');
    expect(screen.getByRole('alert')).toHaveTextContent('The amount must be a multiple of ¥0.10');
  });

  it('in Japanese: below the minimum, above the earnings and a malformed card number', async () => {
    stub();
    renderApp('/pages/cashOut/cashOut', { token: 'tok', locale: 'ja' });
    await screen.findByTestId('cashout-quote', {}, SLOW);
    await userEvent.type(amountBox(), '50');
    expect(screen.getByRole('alert')).toHaveTextContent('最低出金額は￥100です');
    await userEvent.clear(amountBox());
    await userEvent.type(amountBox(), '300');
    expect(screen.getByRole('alert')).toHaveTextContent('金額が出金可能な収益（￥153.50）を超えています');
    await userEvent.type(screen.getByLabelText('カード番号'), '1234 5678 9012 3456');
    await userEvent.tab();
    expect(await screen.findByText('カード番号が正しくありません。ご確認ください')).toBeInTheDocument();
  });

  it('in Chinese: below the minimum and a card number failing the check digit', async () => {
    stub();
    renderApp('/pages/cashOut/cashOut', { token: 'tok', locale: 'zh-CN' });
    await screen.findByTestId('cashout-quote', {}, SLOW);
    await userEvent.type(amountBox(), '99');
    expect(screen.getByRole('alert')).toHaveTextContent('最低提现金额为¥100');
    await userEvent.type(screen.getByLabelText('银行卡号'), '6225880123456727');
    expect(screen.getByLabelText('银行卡号')).toHaveValue('6225 8801 2345 6727');
    await userEvent.tab();
    expect(await screen.findByText('银行卡号有误，请检查')).toBeInTheDocument();
  });

  it('sends fen, the card digits and an idempotency key; a retry of the same request sends the same key', async () => {
    const calls = stub((c, n) => (n === 1 ? undefined : recorded(c.body)));
    const router = renderApp(['/pages/manage/manage', '/pages/cashOut/cashOut'], { token: 'tok' });
    await screen.findByTestId('cashout-quote', {}, SLOW);
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Please enter the amount')).toBeInTheDocument();
    expect(screen.getByText('Please enter the bank')).toBeInTheDocument();
    expect(screen.getByText('Please enter the card number')).toBeInTheDocument();
    expect(calls.some((c) => c.endpoint === cashoutEndpoints.apply)).toBe(false);

    await userEvent.type(amountBox(), '120');
    await userEvent.type(screen.getByLabelText('Bank'), 'China Merchants Bank');
    await userEvent.type(screen.getByLabelText('Card number'), CARD);
    await userEvent.type(screen.getByLabelText('Account holder'), 'Demo Operator');
    await userEvent.type(screen.getByLabelText('Mobile number'), '13800138000');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => {
      expect(calls.filter((c) => c.endpoint === cashoutEndpoints.apply)).toHaveLength(1);
    });
    // The first answer was lost (refused here): the same request again carries the same key.
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/pages/cashOut/log');
    });
    const applies = calls.filter((c) => c.endpoint === cashoutEndpoints.apply).map((c) => c.body);
    expect(applies).toHaveLength(2);
    expect(applies[0]).toMatchObject({
      amount: 12_000,
      bank: 'China Merchants Bank',
      code: '6225880123456726',
      name: 'Demo Operator',
      mobile: '13800138000',
    });
    expect(applies[0]?.idempotency_key).toMatch(/^[0-9a-f]{32}$/);
    expect(applies[1]?.idempotency_key).toBe(applies[0]?.idempotency_key);
    // The form replaced itself with the log: Back returns to where the operator came from.
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('tells an operator with too little earnings when they can cash out', async () => {
    stub(undefined, { ...CONFIG, available_coins: 635, available_amount: 6_350 });
    renderApp('/pages/cashOut/cashOut', { token: 'tok' });
    expect(
      await screen.findByText('You can cash out once your available earnings reach ¥100.', {}, SLOW),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
  });

  it('tells a user who runs no base why they cannot cash out', async () => {
    refuseAsNotOperator();
    renderApp('/pages/cashOut/cashOut', { token: 'tok' });
    expect(await screen.findByText(NOT_OPERATOR, {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
  });
});
