import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FeedReceipt } from '@petheart/contracts';
import { feedEndpoints, userEndpoints } from '@petheart/contracts';
import { renderApp, stubApi, type ApiCall } from '../../test-support/app';

const now = Math.floor(Date.now() / 1000);
const feed = (n: number, over: Partial<FeedReceipt> = {}): FeedReceipt => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  device_id: 'PH-0001',
  status: 'succeeded',
  grams: 20,
  coins: 18,
  grams_dispensed: 20,
  coins_charged: 18,
  reason: null,
  queue_position: 0,
  expected_wait_s: 0,
  created_at: now - 120 - n,
  settled_at: now - 115 - n,
  device_name: 'Bund Feeder A',
  base_id: 3,
  base_name: 'Bund Station',
  proof: (over.status ?? 'succeeded') === 'succeeded' ? { state: 'no_camera', url: '', duration_ms: 0 } : null,
  ...over,
});
const jammed = feed(2, {
  status: 'failed',
  reason: 'jammed',
  grams_dispensed: 0,
  coins_charged: 0,
  device_name: 'Bund Feeder B',
});

/** The log answers `rows` (paged by 10 when more are given); the receipt answers the row with that id. */
function stub(rows: FeedReceipt[]) {
  return stubApi((c: ApiCall) => {
    if (c.endpoint === userEndpoints.index) return undefined;
    if (c.endpoint === feedEndpoints.log) {
      const page = Number(c.body.page ?? 1);
      const limit = Number(c.body.limit ?? 10);
      return { list: rows.slice((page - 1) * limit, page * limit), total: rows.length, page, limit };
    }
    if (c.endpoint === feedEndpoints.detail) return rows.find((r) => r.id === c.body.id);
    return undefined;
  });
}

describe('HistoryPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('lists the feeds with device, base, grams, status and cost, and opens a receipt', async () => {
    stub([feed(1), jammed]);
    const router = renderApp('/pages/history/history', { token: 'tok' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Feeding log' })).toBeInTheDocument();
    const rows = await screen.findAllByTestId('feed-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent(/Bund Feeder A.*Bund Station.*2 minutes ago.*20g.*Fed.*-18 coins/);
    expect(rows[1]).toHaveTextContent(/Bund Feeder B.*20g.*Failed.*Not charged/);

    await userEvent.click(rows[1] as HTMLElement);
    expect(router.state.location.search).toBe(`?id=${jammed.id}`);
    const receipt = await screen.findByTestId('receipt');
    expect(screen.getByRole('heading', { level: 1, name: 'Feeding receipt' })).toBeInTheDocument();
    expect(within(receipt).getByRole('heading', { name: 'No food fell' })).toBeInTheDocument();
    expect(within(receipt).getByTestId('receipt-reason')).toHaveTextContent(
      'The feeder jammed and no food fell. You were not charged.',
    );
    expect(within(receipt).getByTestId('receipt-charged')).toHaveTextContent('Not charged');
    expect(within(receipt).getByTestId('receipt-id')).toHaveTextContent(jammed.id);
    expect(within(receipt).getByTestId('receipt-device')).toHaveTextContent('Bund Feeder BPH-0001');
    expect(within(receipt).getByTestId('receipt-dispensed')).toHaveTextContent('0g');
  });

  it('shows a succeeded receipt by its link, with what fell and what was charged', async () => {
    const crumb = feed(3, { grams_dispensed: 9, coins_charged: 8 });
    stub([crumb]);
    renderApp(`/pages/history/history?id=${crumb.id}`, { locale: 'ja', token: 'tok' });
    const receipt = await screen.findByTestId('receipt');
    expect(within(receipt).getByRole('heading', { name: '9g をあげました' })).toBeInTheDocument();
    expect(within(receipt).getByTestId('receipt-charged')).toHaveTextContent('-8 コイン');
    expect(within(receipt).getByTestId('receipt-base')).toHaveTextContent('Bund Station');
  });

  it('pages on with “Load more”, and shows the empty state with a way to feed', async () => {
    const many = Array.from({ length: 12 }, (_, i) => feed(i + 10));
    const calls = stub(many);
    renderApp('/pages/history/history', { token: 'tok' });
    expect(await screen.findAllByTestId('feed-row')).toHaveLength(10);
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => {
      expect(screen.getAllByTestId('feed-row')).toHaveLength(12);
    });
    expect(calls.filter((c) => c.endpoint === feedEndpoints.log).map((c) => c.body.page)).toEqual([1, 2]);
    expect(await screen.findByText('No more')).toBeInTheDocument();
  });

  it('says so when there is nothing yet', async () => {
    stub([]);
    renderApp('/pages/history/history', { token: 'tok' });
    expect(await screen.findByText('No feeding records yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Watch live and feed' })).toBeInTheDocument();
  });
});
