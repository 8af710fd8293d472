import { describe, expect, it } from 'vitest';
import { cashoutQuote, luhnValid, maskCardNumber, normalizeCardNumber } from './cashout-rules';
import {
  CASHOUT_STATES,
  CASHOUT_STATUS_OF,
  CardNumberSchema,
  CashoutApplyBodySchema,
  CashoutSettingsUpdateBodySchema,
  CashoutStatusSchema,
  cashoutStateOf,
  cashoutStatusMessage,
} from './operator';
import { MESSAGES } from './messages';

const rules = { min_amount: 10_000, fee_rate_bp: 60, fee_fixed: 0, coin_value: 10 };

describe('cashoutQuote', () => {
  it('computes the fee in whole coins (rate rounded up) and the net amount', () => {
    expect(cashoutQuote(10_000, rules)).toEqual({
      amount: 10_000,
      coins: 1_000,
      fee_coins: 6,
      fee: 60,
      net_amount: 9_940,
      problem: null,
    });
    // 1001 coins × 0.6 % = 6.006 coins → 7 coins.
    expect(cashoutQuote(10_010, rules)).toMatchObject({ coins: 1_001, fee_coins: 7, fee: 70, net_amount: 9_940 });
  });

  it('adds a fixed fee and allows no fee at all', () => {
    expect(cashoutQuote(10_000, { ...rules, fee_fixed: 200 })).toMatchObject({ fee_coins: 26, fee: 260 });
    expect(cashoutQuote(10_000, { ...rules, fee_rate_bp: 0 })).toMatchObject({ fee: 0, net_amount: 10_000 });
  });

  it('names what is wrong with an amount', () => {
    expect(cashoutQuote(9_990, rules).problem).toBe('below_minimum');
    expect(cashoutQuote(10_005, rules).problem).toBe('step');
    expect(cashoutQuote(0, rules).problem).toBe('invalid');
    expect(cashoutQuote(1.5, rules).problem).toBe('invalid');
    expect(cashoutQuote(100, { ...rules, min_amount: 10, fee_fixed: 100 }).problem).toBe('fee_exceeds_amount');
  });

  it('always adds up: fee + net = amount, coins × coin value = amount', () => {
    for (let amount = 10_000; amount < 20_000; amount += 130) {
      const q = cashoutQuote(amount, rules);
      expect(q.fee + q.net_amount).toBe(amount);
      expect(q.coins * rules.coin_value).toBe(amount);
      expect(q.fee_coins * rules.coin_value).toBe(q.fee);
      expect(q.fee * 10_000).toBeGreaterThanOrEqual(amount * rules.fee_rate_bp);
    }
  });
});

describe('card numbers', () => {
  it('accept 12–19 digits with a valid Luhn digit, typed with spaces or hyphens', () => {
    expect(luhnValid('4111111111111111')).toBe(true);
    expect(luhnValid('4111111111111112')).toBe(false);
    expect(CardNumberSchema.parse(' 4111 1111-1111 1111 ')).toBe('4111111111111111');
    expect(normalizeCardNumber('6212 2612 0200 0000 001')).toBe('6212261202000000001');
    expect(CardNumberSchema.parse('6212 2612 0200 0000 001')).toBe('6212261202000000001');
    expect(CardNumberSchema.parse('622202123456789012')).toBe('622202123456789012');
  });

  it('refuse letters, too short, too long and a wrong check digit', () => {
    for (const bad of ['4111x11111111111', '41111111117', '41111111111111111116', '4111111111111112', '', '   ']) {
      const result = CardNumberSchema.safeParse(bad);
      expect(result.success, bad).toBe(false);
    }
    expect(CardNumberSchema.safeParse('').error?.issues[0]?.message).toBe('v.cardNumber');
    expect(CardNumberSchema.safeParse('4111111111111112').error?.issues[0]?.message).toBe('v.cardNumberFormat');
  });

  it('are masked to the last four', () => {
    expect(maskCardNumber('1111')).toBe('****1111');
  });
});

describe('cash-out contracts', () => {
  it('number the statuses as the specification does, with a message for each', () => {
    expect(CASHOUT_STATES.map((s) => CASHOUT_STATUS_OF[s])).toEqual(['applying', 0, 1, 2, 3, 4, 5, 6]);
    for (const state of CASHOUT_STATES) {
      const status = CASHOUT_STATUS_OF[state];
      expect(cashoutStateOf(status)).toBe(state);
      expect(CashoutStatusSchema.parse(status)).toBe(status);
      expect(cashoutStatusMessage(status) in MESSAGES).toBe(true);
    }
    expect(CashoutStatusSchema.safeParse(7).success).toBe(false);
    expect(CashoutStatusSchema.safeParse('0').success).toBe(false);
  });

  it('validate an application', () => {
    const body = {
      amount: 10_000,
      bank: 'Bank of China',
      code: '4111 1111 1111 1111',
      name: 'Li Lei',
      mobile: '13800138000',
      idempotency_key: 'abcdefgh-1',
    };
    expect(CashoutApplyBodySchema.parse(body).code).toBe('4111111111111111');
    expect(CashoutApplyBodySchema.safeParse({ ...body, amount: 10.5 }).success).toBe(false);
    expect(CashoutApplyBodySchema.safeParse({ ...body, bank: ' ' }).error?.issues[0]?.message).toBe('v.bank');
  });

  it('refuse settings that are not whole coins or whose fee eats the minimum', () => {
    const ok = { min_amount: 10_000, fee_rate_bp: 60, fee_fixed: 0, coin_value: 10 };
    expect(CashoutSettingsUpdateBodySchema.safeParse(ok).success).toBe(true);
    expect(CashoutSettingsUpdateBodySchema.safeParse({ ...ok, min_amount: 10_005 }).success).toBe(false);
    expect(CashoutSettingsUpdateBodySchema.safeParse({ ...ok, fee_fixed: 5 }).success).toBe(false);
    expect(CashoutSettingsUpdateBodySchema.safeParse({ ...ok, coin_value: 0 }).success).toBe(false);
    expect(CashoutSettingsUpdateBodySchema.safeParse({ ...ok, min_amount: 100, fee_fixed: 100 }).success).toBe(false);
  });
});
