import { describe, expect, it } from 'vitest';
import { addMonths, dateKey, monthGrid, monthKey, monthsOf, sameDay, weekOf } from './calendar';

describe('the feeding calendar’s dates', () => {
  it('keys days and months as the server does', () => {
    expect(dateKey(new Date(2025, 0, 5))).toBe('2025-01-05');
    expect(monthKey(new Date(2025, 11, 31))).toBe('2025-12');
    expect(monthKey(addMonths(new Date(2025, 11, 31), 1))).toBe('2026-01');
    expect(monthKey(addMonths(new Date(2025, 0, 31), -1))).toBe('2024-12');
  });

  it('starts the week on Monday and ends it on Sunday', () => {
    // Sunday 2025-06-01 belongs to the week that began on Monday 2025-05-26.
    expect(weekOf(new Date(2025, 5, 1)).map(dateKey)).toEqual([
      '2025-05-26',
      '2025-05-27',
      '2025-05-28',
      '2025-05-29',
      '2025-05-30',
      '2025-05-31',
      '2025-06-01',
    ]);
    expect(dateKey(weekOf(new Date(2025, 5, 2))[0] ?? new Date(0))).toBe('2025-06-02');
    expect(monthsOf(weekOf(new Date(2025, 5, 1)))).toEqual(['2025-05', '2025-06']);
    expect(sameDay(new Date(2025, 5, 1, 23, 59), new Date(2025, 5, 1, 0, 1))).toBe(true);
  });

  it('lays a month out as whole Monday-first weeks', () => {
    // June 2025: Sunday the 1st to Monday the 30th → six rows.
    const june = monthGrid(new Date(2025, 5, 15));
    expect(june).toHaveLength(6);
    expect(dateKey(june[0]?.[0] ?? new Date(0))).toBe('2025-05-26');
    expect(dateKey(june[5]?.[6] ?? new Date(0))).toBe('2025-07-06');
    // February 2027 begins on a Monday and has exactly four weeks.
    const feb = monthGrid(new Date(2027, 1, 1));
    expect(feb.map((w) => dateKey(w[0] ?? new Date(0)))).toEqual([
      '2027-02-01',
      '2027-02-08',
      '2027-02-15',
      '2027-02-22',
    ]);
    expect(feb.flat().every((d) => d.getMonth() === 1)).toBe(true);
  });
});
