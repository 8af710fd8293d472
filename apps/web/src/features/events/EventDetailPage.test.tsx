import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SupportGiveBody } from '@petheart/contracts';
import { supportEndpoints } from '@petheart/contracts';
import { renderApp } from '../../test-support/app';
import type * as ui from '../../shared/ui';
import { toast } from '../../shared/ui';
import { Fail, LOST, SLOW, allowPointerCapture, detail, item, station, stubSupport, supporter } from './test/fixtures';

vi.mock('../../shared/ui', async (importOriginal) => ({
  ...(await importOriginal<typeof ui>()),
  toast: vi.fn(),
}));

/** antd-mobile's popup animates in (pointer-events: none meanwhile, which jsdom never finishes). */
const sheetUser = () => userEvent.setup({ pointerEventsCheck: 0 });

const EVENT = detail(9, [
  item(1, { title: 'Dry cat food', price: 30, gift: 'One 1 kg bag of dry food', completed: 10, target: 120 }),
  item(2, { title: 'Vaccination', price: 80, gift: 'One vaccine shot', completed: 42, target: 42, supporters: 9 }),
]);

/** The answer of a gift of `points` to item 1 (10 points given before). */
const given = (b: SupportGiveBody, balance: number) => ({
  gift: {
    id: 77,
    item_id: b.item_id,
    event_id: 9,
    points: b.points,
    coins: 30 * b.points,
    source: 'coins',
    created_at: 1,
  },
  item: item(1, { title: 'Dry cat food', completed: 10 + b.points, target: 120, supporters: 4 }),
  balance,
  replayed: false,
});

async function openSupport(name = 'Dry cat food') {
  const card = (await screen.findAllByTestId('support-item', {}, SLOW)).find((el) => el.textContent.includes(name));
  await userEvent.click(within(card as HTMLElement).getByRole('button', { name: 'Support' }));
  return screen.findByTestId('support-sheet');
}

describe('EventDetailPage', () => {
  beforeAll(allowPointerCapture);
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.mocked(toast).mockClear();
  });

  it('shows the station, the items with price per point, gift text and progress, and the supporters', async () => {
    stubSupport({
      details: [EVENT],
      supporters: [supporter(1, { item_title: 'Dry cat food', points: 2 }), supporter(2, { source: 'help_pay' })],
    });
    renderApp('/pages/beneficence/detail?id=9');
    const items = await screen.findAllByTestId('support-item', {}, SLOW);
    expect(screen.getByRole('heading', { level: 1, name: 'Support detail' })).toBeInTheDocument();
    expect(screen.getByText(station.name)).toBeInTheDocument();
    const [food, vaccine] = items as [HTMLElement, HTMLElement];
    expect(food).toHaveTextContent('30 coins / point');
    expect(food).toHaveTextContent('Each point: One 1 kg bag of dry food');
    expect(within(food).getByTestId('progress-text')).toHaveTextContent('10 / 120 points');
    expect(food).toHaveTextContent('3 supporters');
    expect(within(food).getByRole('button', { name: 'Help pay' })).toBeInTheDocument();
    expect(vaccine).toHaveTextContent('Target reached');
    expect(within(vaccine).queryByRole('button', { name: 'Support' })).toBeNull();
    const rows = await screen.findAllByTestId('supporter');
    expect(rows[0]).toHaveTextContent('Fan 1');
    expect(rows[0]).toHaveTextContent('2 × Dry cat food');
    expect(rows[1]).toHaveTextContent('Help pay');
  });

  it('supports an item with coins: points, total, one key per confirmation, progress and balance update', async () => {
    const state = { details: [EVENT], balance: 500 };
    const calls = stubSupport(state, (c) => {
      if (c.endpoint !== supportEndpoints.give) return undefined;
      const answer = given(c.body as SupportGiveBody, 410);
      // The server keeps the gift: the event read again shows it.
      state.details = [{ ...EVENT, items: EVENT.items.map((i) => (i.id === 1 ? answer.item : i)) }];
      return answer;
    });
    renderApp('/pages/beneficence/detail?id=9', { token: 'tok' });
    const sheet = await openSupport();
    expect(within(sheet).getByRole('heading', { name: 'Support: Dry cat food' })).toBeInTheDocument();
    expect(within(sheet).getByTestId('support-total')).toHaveTextContent('30 coins');
    await waitFor(() => {
      expect(within(sheet).getByTestId('support-balance')).toHaveTextContent('Your balance: 500');
    });
    await sheetUser().click(within(sheet).getByRole('button', { name: 'One point more' }));
    await sheetUser().click(within(sheet).getByRole('button', { name: 'One point more' }));
    expect(within(sheet).getByLabelText('Points')).toHaveValue(3);
    expect(within(sheet).getByTestId('support-total')).toHaveTextContent('90 coins');
    await sheetUser().click(within(sheet).getByRole('button', { name: 'Support with 90 coins' }));

    await waitFor(() => {
      expect(screen.queryByTestId('support-sheet')).toBeNull();
    });
    const gives = calls.filter((c) => c.endpoint === supportEndpoints.give).map((c) => c.body as SupportGiveBody);
    expect(gives).toHaveLength(1);
    expect(gives[0]).toMatchObject({ item_id: 1, points: 3 });
    expect(gives[0]?.idempotency_key).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
    expect(toast).toHaveBeenCalledWith('Thank you for your support!');
    const food = (await screen.findAllByTestId('support-item'))[0] as HTMLElement;
    expect(within(food).getByTestId('progress-text')).toHaveTextContent('13 / 120 points');

    // A second confirmation is a new gift: a new key.
    const again = await openSupport();
    await waitFor(() => {
      expect(within(again).getByTestId('support-balance')).toHaveTextContent('Your balance: 410');
    });
    await sheetUser().click(within(again).getByRole('button', { name: 'Support with 30 coins' }));
    await waitFor(() => {
      expect(calls.filter((c) => c.endpoint === supportEndpoints.give)).toHaveLength(2);
    });
    const keys = calls
      .filter((c) => c.endpoint === supportEndpoints.give)
      .map((c) => (c.body as SupportGiveBody).idempotency_key);
    expect(new Set(keys).size).toBe(2);
  });

  it('a lost answer: confirming the same points again sends the same key', async () => {
    let n = 0;
    const calls = stubSupport({ details: [EVENT] }, (c) =>
      c.endpoint === supportEndpoints.give ? (++n === 1 ? LOST : given(c.body as SupportGiveBody, 70)) : undefined,
    );
    renderApp('/pages/beneficence/detail?id=9', { token: 'tok' });
    const sheet = await openSupport();
    await sheetUser().click(within(sheet).getByRole('button', { name: 'Support with 30 coins' }));
    await waitFor(() => {
      expect(toast).toHaveBeenCalled();
    });
    // The sheet stays open for the retry.
    await sheetUser().click(
      within(screen.getByTestId('support-sheet')).getByRole('button', { name: 'Support with 30 coins' }),
    );
    await waitFor(() => {
      expect(screen.queryByTestId('support-sheet')).toBeNull();
    });
    const keys = calls
      .filter((c) => c.endpoint === supportEndpoints.give)
      .map((c) => (c.body as SupportGiveBody).idempotency_key);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it('insufficient balance asks to recharge, and Recharge goes to the wallet', async () => {
    const calls = stubSupport({ details: [EVENT], balance: 5 }, (c) =>
      c.endpoint === supportEndpoints.give ? new Fail(409, 'insufficient_balance', 'Insufficient balance') : undefined,
    );
    const router = renderApp('/pages/beneficence/detail?id=9', { token: 'tok' });
    const sheet = await openSupport();
    await waitFor(() => {
      expect(within(sheet).getByTestId('support-balance')).toHaveTextContent('Your balance: 5');
    });
    await sheetUser().click(within(sheet).getByRole('button', { name: 'Support with 30 coins' }));
    const prompt = await screen.findByTestId('recharge-prompt');
    expect(within(prompt).getByRole('heading')).toHaveTextContent('Insufficient balance');
    expect(screen.queryByTestId('support-sheet')).toBeNull();
    expect(toast).not.toHaveBeenCalled();
    const food = screen.getAllByTestId('support-item')[0] as HTMLElement;
    expect(within(food).getByTestId('progress-text')).toHaveTextContent('10 / 120 points');
    await sheetUser().click(within(prompt).getByRole('button', { name: 'Recharge' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/pages/money/money');
    });
    expect(calls.filter((c) => c.endpoint === supportEndpoints.give)).toHaveLength(1);
  });

  it('insufficient balance in Chinese', async () => {
    stubSupport({ details: [EVENT], balance: 5 }, (c) =>
      c.endpoint === supportEndpoints.give ? new Fail(409, 'insufficient_balance', '余额不足') : undefined,
    );
    renderApp('/pages/beneficence/detail?id=9', { token: 'tok', locale: 'zh-CN' });
    const card = (await screen.findAllByTestId('support-item', {}, SLOW))[0] as HTMLElement;
    expect(card).toHaveTextContent('30爱心币/份');
    await userEvent.click(within(card).getByRole('button', { name: '支持' }));
    const sheet = await screen.findByTestId('support-sheet');
    await sheetUser().click(within(sheet).getByRole('button', { name: '支付 30 爱心币' }));
    const prompt = await screen.findByTestId('recharge-prompt');
    expect(prompt).toHaveTextContent('余额不足');
    expect(within(prompt).getByRole('button', { name: '去充值' })).toBeInTheDocument();
  });

  it('Help pay opens the order confirmation for the item and its rescue station; a tourist logs in to support', async () => {
    stubSupport({ details: [EVENT] });
    const router = renderApp('/pages/beneficence/detail?id=9');
    const food = (await screen.findAllByTestId('support-item', {}, SLOW))[0] as HTMLElement;
    await userEvent.click(within(food).getByRole('button', { name: 'Support' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/pages/public/login');
    });
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/pages/beneficence/detail?id=9');
    await router.navigate(-1);
    const again = (await screen.findAllByTestId('support-item', {}, SLOW))[0] as HTMLElement;
    await userEvent.click(within(again).getByRole('button', { name: 'Help pay' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/pages/public/login');
    });
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe(
      `/pages/public/orderConfirm?id=1&rescue_station_id=${String(station.id)}`,
    );
  });

  it('marks the title and the description with their language for a reader of another (issue 29 §5)', async () => {
    stubSupport({ details: [EVENT], supporters: [] });
    renderApp('/pages/beneficence/detail?id=9', { locale: 'ja' });
    await screen.findAllByTestId('support-item', {}, SLOW);
    const tags = screen.getAllByTestId('lang-tag');
    expect(tags.map((tag) => tag.textContent)).toEqual(['英語で書かれています英語', '英語で書かれています英語']);
    expect(screen.getByText('Winter food and vaccines.')).toHaveAttribute('lang', 'en');
  });

  it('a closed event shows its progress but takes no support', async () => {
    stubSupport({ details: [detail(9, [item(1)], { status: 'closed' })] });
    renderApp('/pages/beneficence/detail?id=9');
    const card = (await screen.findAllByTestId('support-item', {}, SLOW))[0] as HTMLElement;
    expect(within(card).queryByRole('button')).toBeNull();
    expect(screen.getByText('This event has ended. Thank you to everyone who helped!')).toBeInTheDocument();
  });

  it('an unknown event', async () => {
    stubSupport({ details: [] });
    renderApp('/pages/beneficence/detail?id=404');
    expect(await screen.findByText('This event could not be found', {}, SLOW)).toBeInTheDocument();
  });
});
