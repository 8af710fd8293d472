import { describe, expect, it } from 'vitest';
import {
  FoodPurchaseAddBodySchema,
  formatMinorUnits,
  isCalendarDate,
  latestPurchaseDate,
  minorUnits,
} from './transparency';

describe('food purchases', () => {
  it('reads an amount as typed into the currency’s minor units', () => {
    expect(minorUnits('123.45', 'CNY')).toBe(12_345);
    expect(minorUnits(' 1,234.5 ', 'USD')).toBe(123_450);
    expect(minorUnits('12.', 'CNY')).toBe(1_200);
    expect(minorUnits('4200', 'JPY')).toBe(4_200);
    for (const bad of ['', '0', '0.00', '-5', '1.234', 'abc', '1e5'])
      expect([bad, minorUnits(bad, 'CNY')]).toEqual([bad, null]);
    expect(minorUnits('4200.5', 'JPY')).toBeNull();
  });

  it('writes minor units as money of the currency', () => {
    expect(formatMinorUnits(12_345, 'CNY', 'en')).toBe('¥123.45');
    expect(formatMinorUnits(12_300, 'CNY', 'en')).toBe('¥123');
    expect(formatMinorUnits(12_340, 'CNY', 'en')).toBe('¥123.40');
    expect(formatMinorUnits(4_200, 'JPY', 'en')).toBe('¥4,200');
    expect(formatMinorUnits(999, 'USD', 'en')).toBe('$9.99');
  });

  it('takes a receipt dated today anywhere, never a later or impossible date', () => {
    const now = new Date('2026-03-10T11:00:00Z');
    expect(latestPurchaseDate(now)).toBe('2026-03-11');
    expect(isCalendarDate('2025-02-29')).toBe(false);
    expect(isCalendarDate('2024-02-29')).toBe(true);
    const body = {
      base_id: 1,
      amount: 100,
      currency: 'CNY',
      grams: 500,
      receipt_photo: '/uploads/r.jpg',
      purchased_on: latestPurchaseDate(),
    };
    expect(FoodPurchaseAddBodySchema.parse(body)).toMatchObject({ note: '' });
    const tooLate = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    expect(FoodPurchaseAddBodySchema.safeParse({ ...body, purchased_on: tooLate }).error?.issues[0]?.message).toBe(
      'v.foodDate',
    );
    expect(FoodPurchaseAddBodySchema.safeParse({ ...body, currency: 'XYZ' }).error?.issues[0]?.message).toBe(
      'v.foodCurrency',
    );
  });
});
