import { describe, expect, it } from 'vitest';
import { OrderNoSchema } from '@petheart/contracts';
import { formatMinor, newOrderNo, rechargeDescription, withDeadline } from './policy';

describe('payment policy', () => {
  it('makes unique order numbers WeChat accepts as out_trade_no', () => {
    const now = new Date('2026-11-21T08:09:10.123Z');
    const a = newOrderNo(now);
    expect(a).toMatch(/^P20261121080910[0-9A-F]{12}$/);
    expect(OrderNoSchema.parse(a)).toBe(a);
    expect(newOrderNo(now)).not.toBe(a);
  });

  it('formats money in the smallest unit without floating point', () => {
    expect(formatMinor(600)).toBe('6.00');
    expect(formatMinor(12_805)).toBe('128.05');
    expect(formatMinor(7)).toBe('0.07');
    expect(formatMinor(-150)).toBe('-1.50');
  });

  it('describes a recharge within WeChat’s 127 bytes', () => {
    expect(rechargeDescription(1360, 'zh-CN')).toBe('PetHeart 爱心币 ×1360');
    expect(Buffer.byteLength(rechargeDescription(999_999_999, 'zh-TW'))).toBeLessThan(127);
  });

  it('answers the fallback when the work is late, the result when it is not', async () => {
    let finish: (v: string) => void = () => undefined;
    const slow = new Promise<string>((resolve) => {
      finish = resolve;
    });
    await expect(withDeadline(slow, 10, () => 'late')).resolves.toBe('late');
    finish('done');
    await expect(withDeadline(Promise.resolve('fast'), 1000, () => 'late')).resolves.toBe('fast');
    await expect(withDeadline(Promise.reject(new Error('boom')), 1000, () => 'late')).rejects.toThrow('boom');
  });
});
