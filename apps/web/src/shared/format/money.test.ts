import { describe, expect, it } from 'vitest';
import { formatCoins, formatMoney } from './money';

describe('wallet amounts', () => {
  it('prices (fen) with the currency sign, thousand separators and at most 2 decimals', () => {
    expect(formatMoney(600, 'CNY', 'en')).toBe('¥6');
    expect(formatMoney(12_800, 'CNY', 'zh-CN')).toBe('¥128');
    expect(formatMoney(680, 'CNY', 'en')).toBe('¥6.8');
    expect(formatMoney(123_456, 'CNY', 'ja')).toBe('¥1,234.56');
    expect(formatMoney(1_000_000_05, 'USD', 'en')).toBe('$1,000,000.05');
    expect(formatMoney(999, 'XYZ', 'en')).toBe('XYZ 9.99');
  });

  it('coins exactly, grouped', () => {
    expect(formatCoins(1_914, 'en')).toBe('1,914');
    expect(formatCoins(60, 'zh-TW')).toBe('60');
  });
});
