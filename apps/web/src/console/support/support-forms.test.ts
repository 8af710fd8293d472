import { describe, expect, it } from 'vitest';
import { ConsoleSupportEventCreateBodySchema } from '@petheart/contracts';
import { blankItem, createEventBody, newEventForm, progressPercent, updateEventBody } from './support-forms';

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
