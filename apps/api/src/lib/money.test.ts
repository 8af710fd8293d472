import { describe, expect, it } from 'vitest';
import { formatMoney } from './money';

describe('formatMoney (server-side messages)', () => {
  it('prints yuan with the sign and two decimals, other currencies with their code', () => {
    expect(formatMoney(10_000, 'CNY')).toBe('¥100.00');
    expect(formatMoney(5, 'CNY')).toBe('¥0.05');
    expect(formatMoney(123_456, 'USD')).toBe('1234.56 USD');
  });
});
