import { describe, expect, it } from 'vitest';
import type { FieldValues, Resolver } from 'react-hook-form';
import { bodyResolver, firstMessage } from './forms';
import {
  EMPTY_ACCOUNT_FILTERS,
  EMPTY_PAYMENT_FILTERS,
  EMPTY_TRANSACTION_FILTERS,
  PackagesFormSchema,
  PortionsFormSchema,
  accountListBody,
  dayEnd,
  dayStart,
  fenToYuan,
  newPackageRow,
  packagesFormToBody,
  packagesToForm,
  paymentListBody,
  portionsFormToBody,
  portionsToForm,
  transactionListBody,
  yuanToFen,
} from './money-forms';

function resolve<F extends FieldValues, O>(resolver: Resolver<F, unknown, O>, values: F) {
  return resolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });
}

describe('prices: yuan ↔ fen', () => {
  it('reads an amount with up to two decimals exactly', () => {
    expect(yuanToFen('30')).toBe(3000);
    expect(yuanToFen(' 12.5 ')).toBe(1250);
    expect(yuanToFen('0.29')).toBe(29); // not 28.999… as 0.29 × 100 would give
    expect(yuanToFen('0.05')).toBe(5);
    expect(yuanToFen('¥68')).toBe(6800);
    expect(yuanToFen('1,280.00')).toBe(128000);
    expect(yuanToFen('0')).toBe(0);
  });

  it('gives NaN for anything else (the schema then reports v.packagePrice)', () => {
    for (const bad of ['', ' ', 'abc', '-5', '+5', '12.345', '1e2', '.5', '5.', '30 yuan']) {
      expect(yuanToFen(bad), bad).toBeNaN();
    }
  });

  it('shows fen as yuan and round-trips', () => {
    expect(fenToYuan(3000)).toBe('30');
    expect(fenToYuan(1250)).toBe('12.50');
    expect(fenToYuan(1205)).toBe('12.05');
    expect(fenToYuan(5)).toBe('0.05');
    for (const fen of [1, 9, 10, 99, 100, 101, 600, 12800, 999999, 1000000])
      expect(yuanToFen(fenToYuan(fen))).toBe(fen);
  });
});

describe('recharge packages form', () => {
  const packages = [
    { id: 1, price: 600, coins: 60, bonus: 0 },
    { id: 2, price: 3050, coins: 300, bonus: 10 },
  ];

  it('round-trips the saved packages', async () => {
    const form = packagesToForm(packages);
    expect(form.recharge_packages[1]).toEqual({ id: '2', price: '30.50', coins: '300', bonus: '10' });
    const result = await resolve(bodyResolver(PackagesFormSchema, packagesFormToBody), form);
    expect(result.errors).toEqual({});
    expect(result.values).toEqual({ recharge_packages: packages });
  });

  it('takes a blank bonus as 0 and gives a new row the next id', async () => {
    const form = packagesToForm(packages);
    const row = newPackageRow(form.recharge_packages);
    expect(row).toEqual({ id: '3', price: '', coins: '', bonus: '0' });
    form.recharge_packages.push({ ...row, price: '128', coins: '1280', bonus: ' ' });
    const result = await resolve(bodyResolver(PackagesFormSchema, packagesFormToBody), form);
    expect(result.values.recharge_packages[2]).toEqual({ id: 3, price: 12800, coins: 1280, bonus: 0 });
    expect(newPackageRow([])).toMatchObject({ id: '1' });
  });

  it('puts each message on its field', async () => {
    const result = await resolve(bodyResolver(PackagesFormSchema, packagesFormToBody), {
      recharge_packages: [
        { id: '1', price: '0', coins: '', bonus: '-1' },
        { id: '1', price: '1.234', coins: '2.5', bonus: '0' },
      ],
    });
    expect(result.errors).toMatchObject({
      recharge_packages: [
        {
          price: { message: 'v.packagePrice' },
          coins: { message: 'v.packageCoins' },
          bonus: { message: 'v.packageBonus' },
        },
        { price: { message: 'v.packagePrice' }, coins: { message: 'v.packageCoins' } },
      ],
    });
    // Repeated ids show once the rows themselves are right.
    const twice = await resolve(bodyResolver(PackagesFormSchema, packagesFormToBody), {
      recharge_packages: [
        { id: '1', price: '6', coins: '60', bonus: '0' },
        { id: '1', price: '30', coins: '300', bonus: '0' },
      ],
    });
    expect(twice.errors).toMatchObject({ recharge_packages: [undefined, { id: { message: 'v.packageIdTaken' } }] });
    const empty = await resolve(bodyResolver(PackagesFormSchema, packagesFormToBody), { recharge_packages: [] });
    expect(firstMessage(empty.errors.recharge_packages)).toBe('v.packagesRequired');
  });
});

describe('default portions form', () => {
  it('round-trips and reports bad or repeated grams', async () => {
    const portions = [
      { grams: 10, coins: 10 },
      { grams: 20, coins: 18 },
    ];
    const ok = await resolve(bodyResolver(PortionsFormSchema, portionsFormToBody), portionsToForm(portions));
    expect(ok.values).toEqual({ feeding_portions: portions });
    const bad = await resolve(bodyResolver(PortionsFormSchema, portionsFormToBody), {
      feeding_portions: [
        { grams: '10', coins: '10' },
        { grams: '600', coins: '1' },
      ],
    });
    expect(bad.errors).toMatchObject({ feeding_portions: [undefined, { grams: { message: 'v.portion' } }] });
    const twice = await resolve(bodyResolver(PortionsFormSchema, portionsFormToBody), {
      feeding_portions: [
        { grams: '10', coins: '10' },
        { grams: '10', coins: '12' },
      ],
    });
    expect(twice.errors).toMatchObject({ feeding_portions: [undefined, { grams: { message: 'v.portionDuplicate' } }] });
    const none = await resolve(bodyResolver(PortionsFormSchema, portionsFormToBody), { feeding_portions: [] });
    expect(firstMessage(none.errors.feeding_portions)).toBe('v.portionsRequired');
  });
});

describe('search filters → list request', () => {
  it('turns local dates into the day’s start and the next day’s start', () => {
    const start = dayStart('2030-01-31');
    expect(start).toBe(new Date(2030, 0, 31).getTime() / 1000);
    expect(dayEnd('2030-01-31')).toBe(new Date(2030, 1, 1).getTime() / 1000);
    expect(dayStart('')).toBeUndefined();
    expect(dayStart('2030-02-30')).toBeUndefined();
    expect(dayStart('31/01/2030')).toBeUndefined();
  });

  it('sends only the filled-in filters, trimmed', () => {
    expect(paymentListBody(EMPTY_PAYMENT_FILTERS, 1, 10)).toEqual({ ok: true, body: { page: 1, limit: 10 } });
    const body = paymentListBody(
      {
        ...EMPTY_PAYMENT_FILTERS,
        order_no: ' P2030 ',
        user: '12',
        status: 'paid',
        from: '2030-01-01',
        to: '2030-01-01',
      },
      2,
      10,
    );
    expect(body).toEqual({
      ok: true,
      body: {
        page: 2,
        limit: 10,
        order_no: 'P2030',
        user: '12',
        status: 'paid',
        from: new Date(2030, 0, 1).getTime() / 1000,
        to: new Date(2030, 0, 2).getTime() / 1000,
      },
    });
    expect(
      transactionListBody({ ...EMPTY_TRANSACTION_FILTERS, kind: 'feed', key: 'payment:', account_id: '7' }, 1, 20),
    ).toEqual({ ok: true, body: { page: 1, limit: 20, kind: 'feed', key: 'payment:', account_id: 7 } });
    expect(accountListBody({ ...EMPTY_ACCOUNT_FILTERS, kind: 'user_wallet' }, 1, 10)).toEqual({
      ok: true,
      body: { page: 1, limit: 10, kind: 'user_wallet' },
    });
  });

  it('refuses an end date before the start date with the contract’s message', () => {
    expect(paymentListBody({ ...EMPTY_PAYMENT_FILTERS, from: '2030-01-02', to: '2030-01-01' }, 1, 10)).toEqual({
      ok: false,
      message: 'v.dateRange',
    });
    // The same day as both ends is that whole day.
    expect(transactionListBody({ ...EMPTY_TRANSACTION_FILTERS, from: '2030-01-02', to: '2030-01-02' }, 1, 10).ok).toBe(
      true,
    );
  });
});
