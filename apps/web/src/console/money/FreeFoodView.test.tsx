import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminFreeFoodListData, FreeFood } from '@petheart/contracts';
import { feedConsoleEndpoints } from '@petheart/contracts';
import { renderApp, type ApiCall } from '../../test-support/app';
import { SLOW, stubConsole } from '../shared/console-test-support';
import { formatTimestamp } from '../sections';

const user = userEvent.setup();

const FIRST: FreeFood = {
  feed_id: '6b0d1c5e-2f0a-4a55-9d7e-0d3c3a1f0001',
  device_id: 'PH-0001',
  device_name: 'Bund Feeder',
  base_name: 'Bund Station',
  user_id: 7,
  grams: 30,
  coins: 120,
  grams_dispensed: 28,
  reason: 'timeout',
  created_at: 1_763_700_000,
  settled_at: 1_763_700_040,
  answered_at: 1_763_700_300,
};
const SECOND: FreeFood = {
  feed_id: '6b0d1c5e-2f0a-4a55-9d7e-0d3c3a1f0002',
  device_id: 'PH-0002',
  device_name: 'Park Feeder',
  base_name: 'Park Base',
  user_id: 12,
  grams: 50,
  coins: 200,
  grams_dispensed: 50,
  reason: 'offline',
  created_at: 1_763_600_000,
  settled_at: 1_763_600_040,
  answered_at: null,
};
const FREE = [FIRST, SECOND];
const FIRST_ROW = `free-food-row-${FIRST.feed_id}`;
const SECOND_ROW = `free-food-row-${SECOND.feed_id}`;

/** The endpoint: the rows of the device asked for (all without a filter); `reply` may answer instead. */
function stub(rows: FreeFood[], reply?: (call: ApiCall) => unknown) {
  return stubConsole((call) => {
    if (call.endpoint !== feedConsoleEndpoints.free) return undefined;
    if (reply) return reply(call);
    const list = rows.filter((r) => call.body.device_id === undefined || r.device_id === call.body.device_id);
    return { list, total: list.length, page: 1, limit: 10 } satisfies AdminFreeFoodListData;
  });
}

const listCalls = (calls: ApiCall[]) => calls.filter((c) => c.endpoint === feedConsoleEndpoints.free);

describe('the console list of food given free', { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('lists the feeds with their device, base, user, grams, coins, reason and times', async () => {
    const calls = stub(FREE);
    renderApp('/admin/free-food', { token: 'admin-token' });
    const first = await screen.findByTestId(FIRST_ROW, {}, SLOW);
    expect(listCalls(calls)[0]?.body).toEqual({ page: 1, limit: 10 });
    expect(screen.getByRole('heading', { name: 'Food given free' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Food given free' })).toHaveAttribute('href', '/admin/free-food');
    expect(screen.getByText('2 feeds')).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Fed at',
      'Device',
      'Base',
      'User ID',
      'Grams asked / fell',
      'Coins not charged',
      'Reason',
      'Late answer at',
    ]);
    expect(
      within(first)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      formatTimestamp(1_763_700_000, 'en'),
      'Bund FeederPH-0001',
      'Bund Station',
      '7',
      '30 g / 28 g',
      '120',
      'No answer in time',
      formatTimestamp(1_763_700_300, 'en'),
    ]);
    const second = screen.getByTestId(SECOND_ROW);
    expect(second).toHaveTextContent('Feeder offline');
    expect(within(second).getAllByRole('cell').at(-1)).toHaveTextContent('—');
  });

  it('filters by device id, and says when nothing was given free', async () => {
    const calls = stub(FREE);
    renderApp('/admin/free-food', { token: 'admin-token' });
    await screen.findByTestId(FIRST_ROW, {}, SLOW);

    await user.type(screen.getByLabelText('Device ID'), ' PH-0002 ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => {
      expect(screen.queryByTestId(FIRST_ROW)).not.toBeInTheDocument();
    });
    expect(listCalls(calls).at(-1)?.body).toEqual({ page: 1, limit: 10, device_id: 'PH-0002' });
    expect(screen.getByTestId(SECOND_ROW)).toBeInTheDocument();
    expect(screen.getByText('1 feed')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Device ID'));
    await user.type(screen.getByLabelText('Device ID'), 'PH-9999');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No food given free')).toBeInTheDocument();
    expect(listCalls(calls).at(-1)?.body).toEqual({ page: 1, limit: 10, device_id: 'PH-9999' });
    expect(screen.queryAllByTestId(/^free-food-row-/)).toHaveLength(0);
  });

  it('shows a load failure with a retry', async () => {
    let fail = true;
    const calls = stub(FREE, () => (fail ? undefined : { list: FREE, total: 2, page: 1, limit: 10 }));
    renderApp('/admin/free-food', { token: 'admin-token' });
    const alert = await screen.findByRole('alert', {}, SLOW);
    fail = false;
    await user.click(within(alert).getByRole('button'));
    await screen.findByTestId(FIRST_ROW);
    expect(listCalls(calls)).toHaveLength(2);
  });

  it('speaks Japanese: the menu entry, the headers and the reasons', async () => {
    stub(FREE);
    renderApp('/admin/free-food', { token: 'admin-token', locale: 'ja' });
    const first = await screen.findByTestId(FIRST_ROW, {}, SLOW);
    expect(screen.getByRole('heading', { name: '無償提供' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '無償提供' })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      '給餌日時',
      'デバイス',
      '拠点',
      'ユーザーID',
      '依頼 / 実際のグラム数',
      '請求しなかったコイン',
      '理由',
      '遅れた応答の日時',
    ]);
    expect(first).toHaveTextContent('時間内に応答なし');
    expect(screen.getByText('2 件')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /検索/ })).toBeInTheDocument();
  });
});
