import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CASHOUT_STATUS_IDS, cashoutEndpoints, type Cashout, type CashoutStatus } from '@petheart/contracts';
import { renderApp, stubApi, type ApiCall } from '../../test-support/app';

const SLOW = { timeout: 10_000 };

const cashout = (id: number, status: CashoutStatus, over: Partial<Cashout> = {}): Cashout => ({
  id,
  status,
  amount: 12_000,
  fee: 80,
  net_amount: 11_920,
  coins: 1_200,
  fee_coins: 8,
  coin_value: 10,
  currency: 'CNY',
  bank: 'China Merchants Bank',
  card_number: '****6726',
  name: 'Demo Operator',
  mobile: '13800138000',
  remark: '',
  created_at: 1_763_700_000 - id,
  updated_at: 1_763_700_000,
  ...over,
});

function stub(rows: Cashout[], extra: (c: ApiCall) => unknown = () => undefined) {
  return stubApi((c) => {
    if (c.endpoint === cashoutEndpoints.log) {
      const page = Number(c.body.page ?? 1);
      const limit = Number(c.body.limit ?? 10);
      return { list: rows.slice((page - 1) * limit, page * limit), total: rows.length, page, limit };
    }
    return extra(c);
  });
}

describe('CashOutLogPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('lists amount, fee, net amount, the masked card and the status by the spec’s names', async () => {
    stub(CASHOUT_STATUS_IDS.map((s, i) => cashout(i + 1, s)));
    renderApp('/pages/cashOut/log', { token: 'tok' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Cash-out log' }, SLOW)).toBeInTheDocument();
    const rows = await screen.findAllByTestId('cashout-row', {}, SLOW);
    expect(rows.map((r) => within(r).getByTestId('cashout-status').textContent)).toEqual([
      'Pending',
      'Under Review',
      'Processing',
      'Ready to Claim',
      'Expired',
      'Transfer Failed',
      'Successful',
      'Rejected',
    ]);
    const first = rows[0] as HTMLElement;
    expect(within(first).getByTestId('cashout-amount')).toHaveTextContent('¥120');
    expect(within(first).getByTestId('cashout-fee')).toHaveTextContent('¥0.80');
    expect(within(first).getByTestId('cashout-net')).toHaveTextContent('¥119.20');
    expect(first).toHaveTextContent('China Merchants Bank ****6726');
    // Only a transfer waiting for the operator offers "I have received it".
    expect(screen.getAllByRole('button', { name: 'I have received it' })).toHaveLength(1);
    expect(within(rows[3] as HTMLElement).getByRole('button', { name: 'I have received it' })).toBeInTheDocument();
  });

  it('names the statuses in Japanese and shows why a transfer failed', async () => {
    stub([cashout(1, 'applying'), cashout(2, 4, { remark: 'The bank refused the card' }), cashout(3, 2)]);
    renderApp('/pages/cashOut/log', { token: 'tok', locale: 'ja' });
    const rows = await screen.findAllByTestId('cashout-row', {}, SLOW);
    expect(rows.map((r) => within(r).getByTestId('cashout-status').textContent)).toEqual([
      '申請中',
      '送金失敗',
      '受取待ち',
    ]);
    expect(rows[1]).toHaveTextContent('備考：The bank refused the card');
    expect(rows[1]).toHaveTextContent('手数料');
    expect(rows[1]).toHaveTextContent('受取額');
  });

  it('confirms a received transfer and reloads the log', async () => {
    let claimed = false;
    const calls = stubApi((c) => {
      if (c.endpoint === cashoutEndpoints.log) {
        const row = cashout(5, claimed ? 5 : 2);
        return { list: [row], total: 1, page: 1, limit: 10 };
      }
      if (c.endpoint === cashoutEndpoints.claim) {
        claimed = true;
        return cashout(5, 5);
      }
      return undefined;
    });
    renderApp('/pages/cashOut/log', { token: 'tok' });
    // The dialog animates in (pointer-events: none meanwhile); a person would wait, the test need not.
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await user.click(await screen.findByRole('button', { name: 'I have received it' }, SLOW));
    const text = await screen.findByText('Confirm that ¥119.20 has arrived in your account?');
    const dialog = text.closest('.adm-dialog-body') as HTMLElement;
    await user.click(within(dialog).getAllByRole('button').at(-1) as HTMLElement);
    await waitFor(() => {
      expect(calls.find((c) => c.endpoint === cashoutEndpoints.claim)?.body).toEqual({ id: 5 });
    });
    expect(await screen.findByText('Successful')).toBeInTheDocument();
  });

  it('shows the empty state with the way to the form', async () => {
    stub([]);
    const router = renderApp('/pages/cashOut/log', { token: 'tok' });
    expect(await screen.findByText('No cash-outs yet', {}, SLOW)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cash out' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/pages/cashOut/cashOut');
    });
  });

  it('loads the next page on “Load more”', async () => {
    const calls = stub(Array.from({ length: 12 }, (_, i) => cashout(i + 1, 5)));
    renderApp('/pages/cashOut/log', { token: 'tok' });
    expect(await screen.findAllByTestId('cashout-row', {}, SLOW)).toHaveLength(10);
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => {
      expect(screen.getAllByTestId('cashout-row')).toHaveLength(12);
    });
    expect(calls.filter((c) => c.endpoint === cashoutEndpoints.log).map((c) => c.body.page)).toEqual([1, 2]);
  });
});
