import { describe, expect, it } from 'vitest';
import { LOCALES } from '@petheart/contracts';
import { formatCoins, formatMoney } from './money';

/** What Intl itself prints for an amount of yuan in a locale, with the currency's narrow sign. */
const intl = (locale: string, yuan: number, currency = 'CNY') =>
  new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    currencyDisplay: 'narrowSymbol',
    trailingZeroDisplay: 'stripIfInteger',
  }).format(yuan);

describe('money', () => {
  it('fen in the locale’s currency form: the narrow sign, thousand separators, no .00 on whole amounts', () => {
    expect(formatMoney(600, 'CNY', 'zh-CN')).toBe('¥6');
    expect(formatMoney(123_456, 'CNY', 'zh-CN')).toBe('¥1,234.56');
    expect(formatMoney(600, 'CNY', 'en')).toBe('¥6');
    expect(formatMoney(680, 'CNY', 'en')).toBe('¥6.80');
    expect(formatMoney(60, 'CNY', 'zh-TW')).toBe('¥0.60');
    expect(formatMoney(600, 'CNY', 'ja')).toBe('￥6');
    expect(formatMoney(1_000_000_05, 'USD', 'en')).toBe('$1,000,000.05');
    expect(formatMoney(-310, 'CNY', 'en')).toBe('-¥3.10');
    expect(formatMoney(-0, 'CNY', 'en')).toBe('¥0');
  });

  it.each(LOCALES)('is Intl’s currency format in %s', (locale) => {
    for (const fen of [0, 5, 600, 12_800, 123_456, 100_000_000])
      expect(formatMoney(fen, 'CNY', locale)).toBe(intl(locale, fen / 100));
    // The code as sent (any case) is the currency.
    expect(formatMoney(999, 'cny', locale)).toBe(intl(locale, 9.99));
  });

  it('writes a code Intl refuses before the amount', () => {
    expect(formatMoney(999, 'XYZ', 'en')).toBe(intl('en', 9.99, 'XYZ'));
    expect(formatMoney(123_456, 'RMB1', 'en')).toBe('RMB1 1,234.56');
  });

  it('coins exactly, grouped', () => {
    expect(formatCoins(1_914, 'en')).toBe('1,914');
    expect(formatCoins(60, 'zh-TW')).toBe('60');
  });
});
