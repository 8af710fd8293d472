import { describe, expect, it } from 'vitest';
import { CashoutSettingsUpdateBodySchema, ConsoleSupportEventCreateBodySchema } from '@petheart/contracts';
import {
  actionButtons,
  isDangerAction,
  noteRequired,
  rulesFormToBody,
  rulesToForm,
  statusFromFilter,
} from './cashout-console';
import { blankItem, createEventBody, newEventForm, progressPercent, updateEventBody } from './support-forms';

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

describe('support event form', () => {
  it('starts a new event from the application, named after the shelter', () => {
    expect(newEventForm({ name: 'Huangpu Cat Haven' })).toMatchObject({
      title: 'Huangpu Cat Haven',
      items: [blankItem()],
    });
  });

  it('sends typed numbers as numbers and blank ones for the schema to name', () => {
    const v = { ...newEventForm({ name: 'H' }), items: [{ ...blankItem(), title: 'Food', price: '30', target: ' ' }] };
    expect(createEventBody(2, v).items).toEqual([{ title: 'Food', price: 30, gift: '', target: '' }]);
    const parsed = ConsoleSupportEventCreateBodySchema.safeParse(createEventBody(2, v));
    expect(parsed.success ? [] : parsed.error.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['items.0.target', 'v.supportTargetPoints'],
    ]);
  });

  it('keeps existing items’ ids on update', () => {
    const v = {
      ...newEventForm({ name: 'H' }),
      status: 'closed' as const,
      items: [
        { itemId: '31', title: 'Food', price: '30', gift: '', target: '150', completed: 12 },
        { ...blankItem(), title: 'Vaccines', price: '80', target: '42' },
      ],
    };
    expect(updateEventBody(7, v)).toMatchObject({
      id: 7,
      status: 'closed',
      items: [
        { id: 31, title: 'Food', price: 30, target: 150 },
        { title: 'Vaccines', price: 80, target: 42 },
      ],
    });
    expect(updateEventBody(7, v).items[1]).not.toHaveProperty('id');
  });

  it('computes progress as a capped whole percentage', () => {
    expect(progressPercent(12, 100)).toBe(12);
    expect(progressPercent(1, 3)).toBe(33);
    expect(progressPercent(200, 100)).toBe(100);
    expect(progressPercent(0, 0)).toBe(0);
  });
});
