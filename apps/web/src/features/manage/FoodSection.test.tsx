import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  transparencyEndpoints as food,
  uploadEndpoints,
  type FoodPurchase,
  type FoodPurchaseListData,
} from '@petheart/contracts';
import type { ApiCall } from '../../test-support/app';
import { renderApp } from '../../test-support/app';
import { localToday } from './components/FoodForm';
import { Fail, SLOW, allowPointerCapture, device, stubManage } from './test/fixtures';

/** antd-mobile's popup animates in (pointer-events: none meanwhile, which jsdom never finishes). */
const sheetUser = () => userEvent.setup({ pointerEventsCheck: 0 });

const BASES = [
  { id: 1, name: 'Bund Riverside Cat Corner' },
  { id: 4, name: 'Century Park Corner' },
];

const purchase = (id: number, over: Partial<FoodPurchase> = {}): FoodPurchase => ({
  id,
  base_id: 1,
  base_name: BASES[0]?.name ?? '',
  amount: 12_345,
  currency: 'CNY',
  grams: 5_000,
  receipt_photo: `/uploads/2026/receipt-${String(id)}.jpg`,
  note: '',
  purchased_on: '2026-02-14',
  created_at: 1_771_000_000,
  voided_at: null,
  ...over,
});

/** The manage page with a fake of the food endpoints over `list` (a recorded purchase joins it first). */
function stubFood(list: FoodPurchase[], extra: (c: ApiCall) => unknown = () => undefined) {
  let next = 100;
  return stubManage({ devices: [device(1)] }, (c) => {
    const own = extra(c);
    if (own !== undefined) return own;
    if (c.endpoint === food.foodList)
      return {
        list,
        total: list.length,
        page: 1,
        limit: 10,
        bases: BASES,
        currency: 'CNY',
      } satisfies FoodPurchaseListData;
    if (c.endpoint === food.foodAdd) {
      const made = purchase(next++, {
        ...(c.body as Partial<FoodPurchase>),
        base_name: BASES.find((b) => b.id === c.body.base_id)?.name ?? '',
      });
      list.unshift(made);
      return made;
    }
    if (c.endpoint === food.foodVoid) {
      const p = list.find((x) => x.id === c.body.id);
      if (!p) return new Fail(404, 'not_found', 'Not found');
      p.voided_at = 1_772_000_000;
      return p;
    }
    if (c.endpoint === uploadEndpoints.upload) return { url: '/uploads/2026/receipt-new.jpg', fullurl: '' };
    return undefined;
  });
}

/** The manage page, its food section loaded and the form opened. */
async function openForm(list: FoodPurchase[] = [], extra?: (c: ApiCall) => unknown) {
  const calls = stubFood(list, extra);
  renderApp('/pages/manage/manage', { token: 'tok' });
  const section = await screen.findByTestId('food-section', {}, SLOW);
  await sheetUser().click(within(section).getByRole('button', { name: 'Record a purchase' }));
  const form = await screen.findByRole('form', { name: 'Record a purchase' });
  return { calls, section, form, adds: () => calls.filter((c) => c.endpoint === food.foodAdd) };
}

async function attachReceipt(form: HTMLElement, calls: ApiCall[]) {
  const input = form.querySelector<HTMLInputElement>('input[type="file"]');
  await sheetUser().upload(input as HTMLInputElement, new File(['png'], 'receipt.png', { type: 'image/png' }));
  await waitFor(() => {
    expect(calls.filter((c) => c.endpoint === uploadEndpoints.upload)).toHaveLength(1);
  });
  await waitFor(() => {
    expect(within(form).getByRole('button', { name: 'Record purchase' })).toBeEnabled();
  });
}

describe('recording the food an operator bought', () => {
  beforeAll(allowPointerCapture);
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('lists the purchases, voided ones marked, with their receipts', async () => {
    stubFood([purchase(2, { note: 'Wet food', currency: 'JPY', amount: 4_200 }), purchase(1, { voided_at: 1 })]);
    renderApp('/pages/manage/manage', { token: 'tok' });
    const items = await screen.findAllByTestId('food-item', {}, SLOW);
    expect(items[0]).toHaveTextContent('5kg · ¥4,200');
    expect(items[0]).toHaveTextContent('Feb 14, 2026 · Bund Riverside Cat Corner · Wet food');
    expect(within(items[0] as HTMLElement).getByRole('button', { name: 'Void' })).toBeInTheDocument();
    expect(items[1]).toHaveTextContent('Voided');
    expect(within(items[1] as HTMLElement).queryByRole('button', { name: 'Void' })).toBeNull();
    expect(within(items[1] as HTMLElement).getByRole('img')).toHaveAttribute('src', '/uploads/2026/receipt-1.jpg');
  });

  it('checks every field with the contract’s rules and words before sending anything', async () => {
    const { calls, form, adds } = await openForm();
    const amount = within(form).getByLabelText('Amount paid');
    const grams = within(form).getByLabelText('Food bought (grams)');
    const date = within(form).getByLabelText('Date on the receipt');
    expect(date).toHaveValue(localToday());
    const submit = within(form).getByRole('button', { name: 'Record purchase' });
    await sheetUser().click(submit);
    await waitFor(() => {
      expect(amount).toHaveAttribute('aria-invalid', 'true');
    });
    expect(within(form).getByText('Enter the amount paid (more than 0, as on the receipt)')).toBeInTheDocument();
    expect(within(form).getByText('Enter the food bought in whole grams: 1 to 10,000,000')).toBeInTheDocument();
    // Yen have no decimals; a receipt dated after today is refused; the photo is required.
    await sheetUser().type(amount, '4200.5');
    await sheetUser().selectOptions(within(form).getByLabelText('Currency'), 'JPY');
    await sheetUser().type(grams, '2000');
    fireEvent.change(date, { target: { value: '2099-01-01' } });
    await sheetUser().click(submit);
    await waitFor(() => {
      expect(within(form).getByText('Enter the receipt’s date (not in the future)')).toBeInTheDocument();
    });
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(grams).not.toHaveAttribute('aria-invalid');
    await sheetUser().clear(amount);
    await sheetUser().type(amount, '4200');
    fireEvent.change(date, { target: { value: '2026-02-14' } });
    await sheetUser().click(submit);
    expect(await within(form).findByText('Add a photo of the receipt')).toBeInTheDocument();
    expect(adds()).toEqual([]);
    expect(calls.some((c) => c.endpoint === uploadEndpoints.upload)).toBe(false);
  });

  it('sends the amount in minor units with the receipt’s upload; the purchase appears', async () => {
    const { calls, form, adds, section } = await openForm([purchase(1)]);
    await sheetUser().selectOptions(within(form).getByLabelText('Base'), '4');
    await sheetUser().type(within(form).getByLabelText('Amount paid'), ' 88.5 ');
    await sheetUser().type(within(form).getByLabelText('Food bought (grams)'), '3000');
    fireEvent.change(within(form).getByLabelText('Date on the receipt'), { target: { value: '2026-02-20' } });
    await sheetUser().type(within(form).getByLabelText('Note (optional)'), 'Kibble, 3 kg');
    await attachReceipt(form, calls);
    await sheetUser().click(within(form).getByRole('button', { name: 'Record purchase' }));
    expect(await screen.findByText('Purchase recorded')).toBeInTheDocument();
    expect(adds().map((c) => c.body)).toEqual([
      {
        base_id: 4,
        amount: 8_850,
        currency: 'CNY',
        grams: 3_000,
        purchased_on: '2026-02-20',
        note: 'Kibble, 3 kg',
        receipt_photo: '/uploads/2026/receipt-new.jpg',
      },
    ]);
    await waitFor(() => {
      expect(within(section).getAllByTestId('food-item')).toHaveLength(2);
    });
    expect(within(section).getAllByTestId('food-item')[0]).toHaveTextContent('3kg · ¥88.50');
  });

  it('shows the server’s refusal at the field it names', async () => {
    const refusal = new Fail(400, 'validation_failed', 'Enter the receipt’s date (not in the future)', [
      { path: 'purchased_on', message: 'Enter the receipt’s date (not in the future)' },
    ]);
    const { calls, form, adds } = await openForm([], (c) => (c.endpoint === food.foodAdd ? refusal : undefined));
    await sheetUser().type(within(form).getByLabelText('Amount paid'), '10');
    await sheetUser().type(within(form).getByLabelText('Food bought (grams)'), '500');
    await attachReceipt(form, calls);
    await sheetUser().click(within(form).getByRole('button', { name: 'Record purchase' }));
    await waitFor(() => {
      expect(within(form).getByLabelText('Date on the receipt')).toHaveAttribute('aria-invalid', 'true');
    });
    expect(adds()).toHaveLength(1);
  });

  it('voids a purchase after asking; it stays listed, marked voided', async () => {
    const calls = stubFood([purchase(1)]);
    renderApp('/pages/manage/manage', { token: 'tok' });
    const [item] = await screen.findAllByTestId('food-item', {}, SLOW);
    await sheetUser().click(within(item as HTMLElement).getByRole('button', { name: 'Void' }));
    expect(await screen.findByText('Void this purchase?')).toBeInTheDocument();
    await sheetUser().click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Purchase voided')).toBeInTheDocument();
    expect(calls.filter((c) => c.endpoint === food.foodVoid).map((c) => c.body)).toEqual([{ id: 1 }]);
    await waitFor(() => {
      expect(screen.getByTestId('food-item')).toHaveTextContent('Voided');
    });
  });
});
