import { describe, expect, it } from 'vitest';
import type { CashoutConfig } from '@petheart/contracts';
import { RequestKeys, newRequestKey } from './api';
import { checkAmount, cleanAmountInput, maxAmountText, parseAmount } from './quote';

const CONFIG: CashoutConfig = {
  min_amount: 10_000,
  fee_rate_bp: 60,
  fee_fixed: 0,
  coin_value: 10,
  currency: 'CNY',
  available_coins: 1_535,
  available_amount: 15_350,
};

describe('the amount box', () => {
  it('keeps digits and one point with at most two decimals', () => {
    expect(cleanAmountInput('120', '12')).toBe('120');
    expect(cleanAmountInput('1,200.5', '1,200.')).toBe('1200.5');
    expect(cleanAmountInput('12.345', '12.34')).toBe('12.34');
    expect(cleanAmountInput('12a', '12')).toBe('12');
    expect(cleanAmountInput('1.2.3', '1.2')).toBe('1.2');
    expect(cleanAmountInput('', '5')).toBe('');
  });

  it('reads yuan as fen without floating point', () => {
    expect(parseAmount('120')).toBe(12_000);
    expect(parseAmount('0.29')).toBe(29);
    expect(parseAmount('153.5')).toBe(15_350);
    expect(parseAmount('.5')).toBe(50);
    expect(parseAmount('')).toBeNull();
    expect(parseAmount('.')).toBeNull();
  });

  it('offers everything available', () => {
    expect(maxAmountText(CONFIG)).toBe('153.50');
    expect(maxAmountText({ ...CONFIG, available_amount: 20_000 })).toBe('200');
  });
});

describe('the live check', () => {
  it('quotes the fee (rate rounded up to whole coins) and the net amount', () => {
    expect(checkAmount('120', CONFIG)).toMatchObject({
      fen: 12_000,
      problem: null,
      quote: { fee: 80, net_amount: 11_920, coins: 1_200, fee_coins: 8 },
    });
    expect(checkAmount('100', { ...CONFIG, fee_fixed: 200 }).quote).toMatchObject({ fee: 260, net_amount: 9_740 });
  });

  it('names what is wrong, in the server’s order', () => {
    expect(checkAmount('', CONFIG).problem).toEqual({ key: 'v.cashoutAmount', amounts: {} });
    expect(checkAmount('0', CONFIG).problem?.key).toBe('v.cashoutAmount');
    expect(checkAmount('100.05', CONFIG).problem).toEqual({ key: 'error.cashout_amount_step', amounts: { step: 10 } });
    expect(checkAmount('99.9', CONFIG).problem).toEqual({
      key: 'error.cashout_below_minimum',
      amounts: { min: 10_000 },
    });
    expect(checkAmount('200', CONFIG).problem).toEqual({
      key: 'error.cashout_insufficient_earnings',
      amounts: { available: 15_350 },
    });
    // Above the earnings the fee and net can still be shown.
    expect(checkAmount('200', CONFIG).quote).toMatchObject({ problem: null, fee: 120, net_amount: 19_880 });
    expect(checkAmount('153.5', CONFIG).problem).toBeNull();
    expect(checkAmount('1', { ...CONFIG, min_amount: 100, fee_fixed: 100 }).problem?.key).toBe(
      'error.cashout_fee_exceeds_amount',
    );
  });
});

describe('idempotency keys', () => {
  it('are 32 hex digits, fresh each time', () => {
    const a = newRequestKey();
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(newRequestKey()).not.toBe(a);
  });

  it('are reused for the same details (a retry) and renewed for other details or after success', () => {
    let n = 0;
    const keys = new RequestKeys(() => `key-${String(++n)}-xxxxxxxx`);
    const details = { amount: 12_000, code: '6225880123456726' };
    expect(keys.keyFor(details)).toBe('key-1-xxxxxxxx');
    expect(keys.keyFor({ ...details })).toBe('key-1-xxxxxxxx');
    expect(keys.keyFor({ ...details, amount: 13_000 })).toBe('key-2-xxxxxxxx');
    keys.done();
    expect(keys.keyFor({ ...details, amount: 13_000 })).toBe('key-3-xxxxxxxx');
  });
});
