import { describe, expect, it } from 'vitest';
import { CashoutSettingsUpdateBodySchema } from '@petheart/contracts';
import {
  actionButtons,
  isDangerAction,
  noteRequired,
  rulesFormToBody,
  rulesToForm,
  statusFromFilter,
} from './cashout-console';

describe('cash-out console helpers', () => {
  it('orders the allowed actions forward first and shows nothing else', () => {
    expect(actionButtons(['reject', 'approve', 'review'])).toEqual(['review', 'approve', 'reject']);
    expect(actionButtons(['expired', 'failed', 'succeeded'])).toEqual(['succeeded', 'failed', 'expired']);
    expect(actionButtons([])).toEqual([]);
    expect(isDangerAction('reject')).toBe(true);
    expect(isDangerAction('approve')).toBe(false);
    expect(noteRequired('reject')).toBe(true);
    expect(noteRequired('failed')).toBe(true);
    expect(noteRequired('transferred')).toBe(false);
  });

  it('reads the status filter', () => {
    expect(statusFromFilter('')).toBeUndefined();
    expect(statusFromFilter('applying')).toBe('applying');
    expect(statusFromFilter('2')).toBe(2);
    expect(statusFromFilter('9')).toBeUndefined();
  });

  it('shows the rules in yuan and percent and sends fen and basis points', () => {
    const form = rulesToForm({ min_amount: 10_000, fee_rate_bp: 60, fee_fixed: 200, coin_value: 10, currency: 'CNY' });
    expect(form).toEqual({ min_amount: '100', fee_rate_bp: '0.6', fee_fixed: '2', coin_value: '0.10' });
    expect(rulesFormToBody(form)).toEqual({ min_amount: 10_000, fee_rate_bp: 60, fee_fixed: 200, coin_value: 10 });
    expect(rulesFormToBody({ ...form, fee_fixed: ' ' }).fee_fixed).toBe(0);
    const bad = CashoutSettingsUpdateBodySchema.safeParse(rulesFormToBody({ ...form, min_amount: '100.05' }));
    expect(bad.success ? null : bad.error.issues[0]?.message).toBe('v.cashoutStep');
  });
});
