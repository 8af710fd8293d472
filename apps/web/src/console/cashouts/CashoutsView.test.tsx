import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type {
  AdminCashout,
  AdminCashoutDetail,
  CashoutAdminAction,
  CashoutSettings,
  CashoutStatus,
} from '@petheart/contracts';
import { cashoutConsoleEndpoints } from '@petheart/contracts';
import { renderApp, type ApiCall } from '../../test-support/app';
import { SLOW, stubConsole, stubPointerCapture } from '../shared/console-test-support';

/** Drawers animate in (pointer-events: none meanwhile); a person would wait, the test need not. */
const user = userEvent.setup({ pointerEventsCheck: 0 });

/** What the server allows per status (its state machine): the console shows exactly these buttons. */
const ALLOWED: [CashoutStatus, CashoutAdminAction[], string[]][] = [
  ['applying', ['review', 'approve', 'reject'], ['Start review', 'Approve', 'Reject']],
  [0, ['approve', 'reject'], ['Approve', 'Reject']],
  [1, ['transferred', 'failed'], ['Mark transferred', 'Mark failed']],
  [2, ['succeeded', 'failed', 'expired'], ['Mark successful', 'Mark failed', 'Mark expired']],
  [3, [], []],
  [4, [], []],
  [5, [], []],
  [6, [], []],
];

const SETTINGS: CashoutSettings = {
  min_amount: 10_000,
  fee_rate_bp: 60,
  fee_fixed: 0,
  coin_value: 10,
  currency: 'CNY',
};

const cashout = (id: number, status: CashoutStatus, actions: CashoutAdminAction[]): AdminCashout => ({
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
  created_at: 1_763_700_000,
  updated_at: 1_763_700_000,
  user: { id: 2, nickname: 'Demo', email: 'demo@petheart.local' },
  actions,
});

const detailOf = (c: AdminCashout): AdminCashoutDetail => ({
  ...c,
  card_number_full: '6225880123456726',
  hold_id: '2f47e88d-ae37-4c75-b166-0a9b5187c78c',
  hold_status: 'pending',
  ledger_transaction_id: null,
  history: [
    { from: null, to: 'applying', actor: 'operator', note: '', at: 1_763_700_000, by: { id: 2, nickname: 'Demo' } },
    {
      from: 'applying',
      to: 0,
      actor: 'admin',
      note: 'Looks fine',
      at: 1_763_700_100,
      by: { id: 1, nickname: 'Admin' },
    },
  ],
});

beforeAll(stubPointerCapture);

function stub(rows: AdminCashout[], extra: (call: ApiCall) => unknown = () => undefined) {
  return stubConsole((call) => {
    if (call.endpoint === cashoutConsoleEndpoints.list) return { list: rows, total: rows.length, page: 1, limit: 10 };
    if (call.endpoint === cashoutConsoleEndpoints.detail) {
      const row = rows.find((r) => r.id === call.body.id);
      return row ? detailOf(row) : undefined;
    }
    if (call.endpoint === cashoutConsoleEndpoints.settings) return SETTINGS;
    return extra(call);
  });
}

async function openDetail(id: number) {
  const row = await screen.findByTestId(`cashout-row-${String(id)}`, {}, SLOW);
  await user.click(within(row).getByRole('button'));
  const detail = await screen.findByTestId('cashout-detail');
  await within(detail).findByTestId('cashout-history');
  return detail;
}

describe('the console cash-outs', { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('lists cash-outs with masked card numbers and status names; processes the open ones', async () => {
    const rows = ALLOWED.map(([status, actions], i) => cashout(i + 1, status, actions));
    stub(rows);
    renderApp('/admin/cash-outs', { token: 'admin-token' });
    const first = await screen.findByTestId('cashout-row-1', {}, SLOW);
    expect(first).toHaveTextContent('****6726');
    expect(first).not.toHaveTextContent('6225880123456726');
    expect(
      rows.map(
        (r) => within(screen.getByTestId(`cashout-row-${String(r.id)}`)).getByTestId('cashout-status').textContent,
      ),
    ).toEqual([
      'Pending',
      'Under Review',
      'Processing',
      'Ready to Claim',
      'Expired',
      'Transfer Failed',
      'Successful',
      'Rejected',
    ]);
    expect(within(first).getByRole('button')).toHaveTextContent('Process');
    expect(within(screen.getByTestId('cashout-row-7')).getByRole('button')).toHaveTextContent('View');
  });

  it.each(ALLOWED)('status %s: the buttons are exactly the allowed actions', async (status, actions, labels) => {
    stub([cashout(1, status, actions)]);
    renderApp('/admin/cash-outs', { token: 'admin-token' });
    const detail = await openDetail(1);
    const bar = within(detail).getByTestId('cashout-actions');
    expect(
      within(bar)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Close', ...labels]);
    if (actions.length === 0) expect(bar).toHaveTextContent('Nothing more to do');
  });

  it('shows the whole card number and the history of who did what and when', async () => {
    stub([cashout(1, 0, ['approve', 'reject'])]);
    renderApp('/admin/cash-outs', { token: 'admin-token' });
    const detail = await openDetail(1);
    expect(detail).toHaveTextContent('6225880123456726');
    const history = within(detail).getByTestId('cashout-history');
    const steps = within(history).getAllByRole('row').slice(1);
    expect(steps[0]).toHaveTextContent(/Requested → Pending.*The operator: Demo/);
    expect(steps[1]).toHaveTextContent(/Pending → Under Review.*Console: Admin \(ID 1\).*Looks fine/);
  });

  it('refuses to reject without a reason, then rejects with the reason the operator sees', async () => {
    const calls = stub([cashout(4, 0, ['approve', 'reject'])], (call) =>
      call.endpoint === cashoutConsoleEndpoints.reject ? cashout(4, 6, []) : undefined,
    );
    renderApp('/admin/cash-outs', { token: 'admin-token' });
    const detail = await openDetail(4);
    await user.click(within(detail).getByRole('button', { name: 'Reject' }));
    const form = within(detail).getByTestId('cashout-action-form');
    expect(form).toHaveTextContent("Reject cash-out #4? The held coins return to the operator's earnings.");
    await user.click(within(form).getByRole('button', { name: 'Reject' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Please enter the reason');
    expect(calls.some((c) => c.endpoint === cashoutConsoleEndpoints.reject)).toBe(false);
    await user.type(within(form).getByLabelText('Reason (required, the operator sees it)'), 'Holder does not match');
    await user.click(within(form).getByRole('button', { name: 'Reject' }));
    await waitFor(() => {
      expect(calls.find((c) => c.endpoint === cashoutConsoleEndpoints.reject)?.body).toEqual({
        id: 4,
        note: 'Holder does not match',
      });
    });
    await waitFor(() => {
      expect(calls.filter((c) => c.endpoint === cashoutConsoleEndpoints.list).length).toBeGreaterThan(1);
    });
  });

  it('marks a transfer made with an optional note', async () => {
    const calls = stub([cashout(5, 1, ['transferred', 'failed'])], (call) =>
      call.endpoint === cashoutConsoleEndpoints.transferred
        ? cashout(5, 2, ['succeeded', 'failed', 'expired'])
        : undefined,
    );
    renderApp('/admin/cash-outs', { token: 'admin-token' });
    const detail = await openDetail(5);
    await user.click(within(detail).getByRole('button', { name: 'Mark transferred' }));
    const form = within(detail).getByTestId('cashout-action-form');
    await user.click(within(form).getByRole('button', { name: 'Mark transferred' }));
    await waitFor(() => {
      expect(calls.find((c) => c.endpoint === cashoutConsoleEndpoints.transferred)?.body).toEqual({ id: 5, note: '' });
    });
  });
});
